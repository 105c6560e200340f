// <nl-batch-size>: 10,000 seeded numbers from a bell curve cut into batches of a size you pick;
// the core's batch normaliser answers each batch's mean and deviation. Shows the first ten batch
// means, the smallest deviations (and how much standardising would blow a batch up), and the
// wobble of the batch mean against the square-root rule.
import { NlWidget, define } from '../widget/widget.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { fmt, grouped } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { watchWidgetSeed, seedOption } from '../widget/seed-field.js';
import { setHtml } from '../host/trusted-types.js';

const SIZES = [2, 4, 8, 16, 32, 64, 128, 256];

export class NlBatchSize extends NlWidget {
  static title = 'The batch-size problem';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    {
      name: 'batch-size',
      type: 'integer',
      default: 2,
      choices: SIZES,
      field: 'size',
      doc: 'the batch size (2 to 256)',
    },
    seedOption('seed of the 10,000 numbers'),
  ];

  async start() {
    const c = this.config;
    this.size = c['batch-size'];
    this.held.seed = c.seed;
    this.render(`
      <div class="controls">
        <label>batch size <select data-size aria-label="batch size">${SIZES.map(
          (n) => `<option value="${n}" ${n === this.size ? 'selected' : ''}>${n}</option>`,
        ).join('')}</select></label>
        <label>seed <input type="number" min="0" step="1" value="${this.held.seed}" data-seed aria-label="seed"></label>
      </div>
      <p class="note" data-about></p>
      <p aria-live="polite" data-first></p>
      ${readouts([
        { label: 'first ten means lie between', out: 'range' },
        { label: 'smallest deviation, first ten batches', out: 'smallest-first' },
        { label: 'standardising the narrowest of the first ten scales it by', out: 'blow-up' },
        { label: 'smallest deviation, every batch', out: 'smallest' },
        { label: 'standardising the narrowest batch of all scales it by', out: 'largest-blow-up' },
        { label: 'wobble of the batch mean', out: 'wobble' },
        { label: 'square-root rule: deviation / √size', out: 'rule' },
      ])}
      <div class="chart"><canvas role="img" aria-label="wobble of the batch mean against the square-root rule, per batch size" aria-describedby="wobble-finding"></canvas></div>
      <div data-alternative></div>`);
    this.$('[data-size]').addEventListener('change', (e) => {
      this.size = Number(e.target.value);
      this.update();
    });
    watchWidgetSeed(this);
    this.update();
  }

  update() {
    const v = this.nl.batchSizeView({ seed: this.held.seed, batchSize: this.size });
    this.$('[data-about]').textContent =
      `${grouped(v.count)} numbers of mean ${fmt(v.populationMean, 2)} and deviation ` +
      `${fmt(v.populationDeviation, 2)}, cut into ${grouped(v.batchCount)} batches of ${v.batchSize}.`;
    this.$('[data-first]').textContent = `The first ten batch means: ${v.firstMeans.map((m) => fmt(m, 2)).join(', ')}.`;
    this.out('range', `${fmt(v.firstMeansLow, 2)} and ${fmt(v.firstMeansHigh, 2)}`);
    this.out('smallest-first', fmt(v.smallestFirstDeviation, 3));
    // Both factors alike: one decimal, whole numbers from 100 (a batch of two can scale by thousands).
    const factor = (x) => `${x >= 100 ? grouped(Math.round(x)) : fmt(x, 1)} ×`;
    this.out('blow-up', factor(v.blowUp));
    this.out('smallest', fmt(v.smallestDeviation, 5));
    this.out('largest-blow-up', factor(v.largestBlowUp));
    this.out('wobble', `${fmt(v.wobble, 3)} (over ${v.wobbleCount} batches)`);
    this.out('rule', fmt(v.rule, 3));
    const series = [
      {
        label: 'wobble of the batch mean',
        data: v.sweep.map((s) => s.wobble),
        colourVar: '--nl-batch',
        points: 4,
      },
      {
        label: 'deviation / √size',
        data: v.sweep.map((s) => s.rule),
        colourVar: '--nl-muted',
        dash: [4, 4],
      },
    ];
    this.lines('chart', this.$('canvas'), series, {
      logY: true,
      xTitle: 'batch size',
      yTitle: 'wobble',
      categories: v.sweep.map((s) => String(s.batchSize)),
    });
    const [first, last] = [v.sweep[0], v.sweep[v.sweep.length - 1]];
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'wobble-finding',
        finding:
          `In batches of ${first.batchSize} the batch mean wobbles by ${fmt(first.wobble, 3)} against the rule's ${fmt(first.rule, 3)}; ` +
          `in batches of ${last.batchSize}, by ${fmt(last.wobble, 3)} against ${fmt(last.rule, 3)}.`,
        caption: 'wobble of the batch mean per batch size',
        columns: ['batch size', 'wobble of the batch mean', 'deviation / √size'],
        rows: v.sweep.map((s) => [String(s.batchSize), fmt(s.wobble, 3), fmt(s.rule, 3)]),
      }),
    );
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
  }
}

define('nl-batch-size', NlBatchSize);
