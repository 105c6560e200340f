// <nl-covariate-shift>: the sixteen hidden units' means (or deviations) over the whole crowd at
// every epoch, plain network against batch layer, with the readouts. Trained in a worker, once
// per page for every widget that shows these runs.
import { NlWidget, define } from '../widget/widget.js';
import { wholeCrowd } from '../work/whole-crowd.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { fmt, sci } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';

export class NlCovariateShift extends NlWidget {
  static title = 'Covariate shift';
  static styles = [readerStyles];
  static options = [
    { name: 'network', type: 'string', default: 'plain', choices: ['plain', 'batch'], doc: 'which network' },
    {
      name: 'statistic',
      type: 'string',
      default: 'mean',
      choices: ['mean', 'deviation'],
      doc: 'what to plot per unit',
    },
  ];

  async start() {
    const c = this.config;
    this.held.network = c.network;
    this.held.statistic = c.statistic;
    this.render(`
      <div class="controls">
        <span class="group" role="group" aria-label="network">
          <button data-net="plain" aria-pressed="${this.held.network === 'plain'}">Plain network</button>
          <button data-net="batch" aria-pressed="${this.held.network === 'batch'}">Batch layer</button>
        </span>
        <span class="group" role="group" aria-label="statistic">
          <button data-stat="mean" aria-pressed="${this.held.statistic === 'mean'}">Means</button>
          <button data-stat="deviation" aria-pressed="${this.held.statistic === 'deviation'}">Deviations</button>
        </span>
        <label>highlight <select data-unit aria-label="unit to highlight">
          <option value="">no unit</option>${Array.from({ length: 16 }, (_, u) => `<option value="${u}">unit ${u + 1}</option>`).join('')}
        </select></label>
      </div>
      <p class="note" data-unit-said aria-live="polite"></p>
      <div class="chart tall"><canvas role="img" aria-label="the sixteen hidden units over the epochs" aria-describedby="shift-finding"></canvas></div>
      <div data-alternative></div>
      <p class="note" data-status role="status">Training the plain and batch networks on the crowd…</p>
      ${readouts([
        { label: 'largest mean shift, first epoch to last', out: 'shift', value: '…' },
        { label: "largest single-epoch move of a unit's mean", out: 'move', value: '…' },
        { label: "largest gap between the block's mean and the layer's shift", out: 'gap', value: '…' },
      ])}`);
    // The chart is made (and its drawing code first run, on a placeholder line) while the worker
    // trains, so drawing the data later is a smaller task.
    const placeholder = [{ label: 'waiting', data: [0, 1], colourVar: '--nl-line', width: 1 }];
    this.lines('chart', this.$('canvas'), placeholder, this.chartOptions());
    this.data = (await this.whileCurrent(wholeCrowd({ signal: this.signal }))).covariateShift;
    this.$('[data-status]').remove();
    this.body.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b || !this.data) return;
      if (b.dataset.net) this.held.network = b.dataset.net;
      if (b.dataset.stat) this.held.statistic = b.dataset.stat;
      this.$$('[data-net]').forEach((x) => x.setAttribute('aria-pressed', String(x.dataset.net === this.held.network)));
      this.$$('[data-stat]').forEach((x) =>
        x.setAttribute('aria-pressed', String(x.dataset.stat === this.held.statistic)),
      );
      this.draw();
    });
    // One unit picked out, from the menu or by pointing at its line.
    this.unit = null;
    this.body.addEventListener('change', (e) => {
      if (e.target.matches('[data-unit]')) this.highlight(e.target.value === '' ? null : Number(e.target.value));
    });
    arrowKeys(this.body);
    this.draw();
  }

  chartOptions() {
    return {
      xTitle: 'epoch',
      yTitle: `each unit's ${this.held.statistic} over the crowd`,
      legend: false,
      tooltips: false,
      onHover: (k) => {
        const named = /^unit (\d+)$/.exec(k === null ? '' : (this.chart.data.datasets[k]?.label ?? ''));
        const unit = named ? Number(named[1]) - 1 : null;
        if (unit !== null && unit !== this.unit) {
          this.$('[data-unit]').value = String(unit);
          this.highlight(unit);
        }
      },
    };
  }

  /** Draws one unit strong and the others faint (null: all alike), and says where it went. */
  highlight(unit) {
    this.unit = unit;
    if (!this.series) return;
    const lines = this.series.map((s, u) =>
      unit === null ? s : { ...s, alpha: u === unit ? 1 : 0.18, width: u === unit ? 3 : 1 },
    );
    // The highlighted line is drawn last, over the others.
    if (unit !== null) lines.push(lines.splice(unit, 1)[0]);
    this.lines('chart', this.$('canvas'), lines, this.chartOptions());
    const said = this.$('[data-unit-said]');
    if (unit === null) {
      said.textContent = '';
      return;
    }
    const run = this.data[this.held.network];
    const flat = this.held.statistic === 'mean' ? run.unitMean : run.unitDeviation;
    said.textContent = `Unit ${unit + 1}: ${this.held.statistic} ${fmt(flat[unit], 4)} after the first epoch, ${fmt(flat[(run.epochs - 1) * run.units + unit], 4)} after the last.`;
  }

  draw() {
    const run = this.data[this.held.network];
    const flat = this.held.statistic === 'mean' ? run.unitMean : run.unitDeviation;
    const { units, epochs } = run;
    const series = Array.from({ length: units }, (_, u) => ({
      label: `unit ${u + 1}`,
      data: Array.from({ length: epochs }, (_, e) => flat[e * units + u]),
      colourVar: this.held.network === 'plain' ? '--nl-plain' : '--nl-batch',
      alpha: 0.75,
      width: 1.5,
    }));
    this.series = series;
    // All sixteen lines in one chart update: an update's cost is mostly its layout, not its lines.
    this.highlight(this.unit);
    rovingTabindex(this.root);
    const other = this.data[this.held.network === 'plain' ? 'batch' : 'plain'];
    const name = { plain: 'the plain network', batch: 'the batch layer' };
    const marks = [1, 10, 50, 100, 200, 300, epochs].filter((e, k, all) => e <= epochs && all.indexOf(e) === k);
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'shift-finding',
        finding: `Under ${name[this.held.network]} a unit's mean drifts by up to ${fmt(run.largestShift, 4)} from first epoch to last (${fmt(other.largestShift, 4)} under ${name[this.held.network === 'plain' ? 'batch' : 'plain']}); the largest move in one epoch is ${fmt(run.largestEpochMove, 4)}.`,
        caption: `each unit's ${this.held.statistic} at a few epochs, ${name[this.held.network]}`,
        columns: ['unit', ...marks.map((e) => `epoch ${e}`)],
        rows: Array.from({ length: units }, (_, u) => [
          String(u + 1),
          ...marks.map((e) => fmt(flat[(e - 1) * units + u], 4)),
        ]),
      }),
    );
    this.out('shift', fmt(run.largestShift, 4));
    this.out('move', fmt(run.largestEpochMove, 4));
    this.out('gap', this.held.network === 'batch' ? sci(run.largestShiftGap) : 'no shift (no normaliser)');
    openAlternatives(this.root);
  }
}

define('nl-covariate-shift', NlCovariateShift);
