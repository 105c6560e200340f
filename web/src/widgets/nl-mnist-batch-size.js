// <nl-mnist-batch-size>: the four MNIST networks (plain, batch, layer, group norm) trained on the
// same training digits at batch sizes 2, 4, 8, 16, 32 and 64, with the learning rate scaled with
// the batch, and measured on the 2,000 held-out digits, over several seeds: a table and a chart of
// each batch size's median held-out accuracy and its range over the seeds (or one seed's, as the
// reader picks), and the findings with the number of seeds each holds in. The lab's workers do
// the training (one network, batch size and seed a trial, the seeds side by side); the digits are
// fetched when the reader presses Train. Every figure, the summaries over seeds included, comes
// from the core.
import { NlWidget, define } from '../widget/widget.js';
import { MNIST_SEEDS, SWEEP_BATCH_SIZES, SWEEP_DIGITS } from '../host/limits.js';
import { errorLine, showInert } from '../host/inert.js';
import { quarterly, startRun, those } from '../widget/run-controls.js';
import { chartAlternative } from '../widget/charts.js';
import { fixed, fmt, grouped } from '../widget/format.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';
import { watchSeedField, watchWholeField, seedOption } from '../widget/seed-field.js';
import { HostPolicyError } from '../host/host-policy.js';
import { isCancel } from '../work/protocol.js';
import { MnistSweep } from '../work/mnist-sweep.js';
import { ARRANGEMENTS, COLOURS, LABELS, SHORT_LABELS } from './mnist-lab/names.js';
import { consecutiveSeeds, seedsText, spreadOf, tallyOf, wholeText } from './mnist-lab/ensemble.js';

const BATCH_SIZES = SWEEP_BATCH_SIZES;
const DIGIT_COUNTS = SWEEP_DIGITS;
const LEARNING_RATES = [0.05, 0.1, 0.2, 0.4];
const [SMALLEST, LARGEST] = [BATCH_SIZES[0], BATCH_SIZES[BATCH_SIZES.length - 1]];
const NORMALISED = ARRANGEMENTS.filter((a) => a !== 'plain');

/**
 * The sweep's yes/no findings, each asked of one seed's accuracies (acc(arrangement, batch size))
 * and tallied over the seeds by the core. web/mnist.html states them as the ensemble shows them
 * at the defaults; tests/mnist/test_over_seeds.cpp asserts them over the same seeds.
 */
const FINDINGS = [
  {
    text: 'batch norm falls at every halving of the batch below 16',
    holds: (acc) =>
      acc('batch', 8) < acc('batch', 16) && acc('batch', 4) < acc('batch', 8) && acc('batch', 2) < acc('batch', 4),
  },
  {
    text: `at batch ${SMALLEST} batch norm is below layer and group norm`,
    holds: (acc) => acc('batch', SMALLEST) < acc('layer', SMALLEST) && acc('batch', SMALLEST) < acc('group', SMALLEST),
  },
  {
    text: `layer norm is higher at batch ${SMALLEST} than at batch ${LARGEST}`,
    holds: (acc) => acc('layer', SMALLEST) > acc('layer', LARGEST),
  },
  {
    text: `group norm is higher at batch ${SMALLEST} than at batch ${LARGEST}`,
    holds: (acc) => acc('group', SMALLEST) > acc('group', LARGEST),
  },
  {
    text: 'the plain network is below all three at every batch size',
    holds: (acc) => BATCH_SIZES.every((b) => NORMALISED.every((a) => acc('plain', b) < acc(a, b))),
  },
];

const choices = (values, chosen) =>
  values.map((v) => `<option value="${v}"${v === chosen ? ' selected' : ''}>${grouped(v)}</option>`).join('');

export class NlMnistBatchSize extends NlWidget {
  static title = 'Batch size and the four networks';
  static styles = [
    readerStyles,
    // A cell's range, and a batch size's learning rate, on a line of their own beneath (a range
    // breaks after its dash where it must): a phone's table fits.
    `td small, th small { display: block; color: var(--nl-muted); font-size: .8em; font-weight: normal; }`,
  ];
  static coreModule = 'mnist';
  static options = [
    {
      name: 'digits',
      type: 'integer',
      default: 2048,
      choices: DIGIT_COUNTS,
      doc: 'training digits every network learns, at every batch size',
    },
    {
      name: 'learning-rate',
      type: 'number',
      default: 0.1,
      choices: LEARNING_RATES,
      doc: 'SGD learning rate at batch 64; batch b trains at this × b / 64',
    },
    seedOption("the first seed of the networks' and the order's (the next seeds follow it)"),
    {
      name: 'seeds',
      type: 'integer',
      default: 3,
      min: MNIST_SEEDS.min,
      max: MNIST_SEEDS.max,
      doc: `seeds the sweep runs, from the first on, each a sweep of 24 networks (${MNIST_SEEDS.min} to ${MNIST_SEEDS.max})`,
    },
  ];

  async start() {
    const c = this.config;
    this.held.digits = c.digits;
    this.held.learningRate = c['learning-rate'];
    this.held.seed = c.seed;
    this.held.seeds = c.seeds;
    this.results = [];
    this.runSeeds = consecutiveSeeds(this.held.seed, this.held.seeds);
    this.shown = 'all'; // 'all' (the median and range over the seeds), or one seed of the run
    this.render(`
      <div class="controls">
        <label>digits <select data-setting="digits" aria-label="training digits">${choices(DIGIT_COUNTS, this.held.digits)}</select></label>
        <label>learning rate at batch 64 <select data-setting="learningRate" aria-label="learning rate at batch 64">${choices(LEARNING_RATES, this.held.learningRate)}</select></label>
        <label>first seed <input type="number" min="0" max="4294967295" step="1" value="${this.held.seed}" data-seed aria-label="first seed" class="width-7em"></label>
        <label>seeds <input type="number" min="${MNIST_SEEDS.min}" max="${MNIST_SEEDS.max}" step="1" value="${this.held.seeds}" data-seeds aria-label="seeds" class="width-4em"></label>
      </div>
      <div class="controls">
        <button data-run>Train</button>
        <button data-cancel disabled>Cancel</button>
        <span class="note" data-status role="status" aria-live="polite">The digits (7.9 MB) are fetched when you press Train.</span>
      </div>
      <progress class="progress" max="1" value="0" aria-label="training done"></progress>
      <div class="controls">
        <label>show <select data-show aria-label="seeds shown"></select></label>
      </div>
      <div class="scroll-x" role="region" aria-label="held-out accuracy per batch size, scrolls sideways" tabindex="0"><table class="summary">
        <caption data-caption></caption>
        <thead><tr><th scope="col">batch size <small>learning rate</small></th>${ARRANGEMENTS.map((a) => `<th scope="col">${SHORT_LABELS[a]}</th>`).join('')}</tr></thead>
        <tbody></tbody></table></div>
      <div class="chart"><canvas role="img" aria-label="held-out accuracy per batch size, one line per network" aria-describedby="mnist-batch-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="mnist-batch-finding">The lines appear as the networks finish.</p></div>`);
    this.body.addEventListener('change', (e) => {
      const name = e.target.dataset.setting;
      if (name) this.held[name] = Number(e.target.value);
    });
    watchSeedField(
      this.$('[data-seed]'),
      () => this.held.seed,
      (seed) => (this.held.seed = seed),
    );
    watchWholeField(this.$('[data-seeds]'), {
      ...MNIST_SEEDS,
      what: 'The number of seeds',
      current: () => this.held.seeds,
      apply: (seeds) => (this.held.seeds = seeds),
    });
    this.$('[data-show]').addEventListener('change', (e) => {
      this.shown = e.target.value === 'all' ? 'all' : Number(e.target.value);
      this.show(this.complete);
    });
    this.$('[data-run]').addEventListener('click', () => this.run());
    this.$('[data-cancel]').addEventListener('click', () => this.training?.abort());
    this.showChoices();
    this.show();
  }

  /** Frees the workers with the widget. */
  stop() {
    this.training?.abort();
    this.sweep?.free();
    this.sweep = null;
    super.stop();
  }

  /** The "show" choices: every seed together, or one seed of the run. */
  showChoices() {
    const seeds = this.runSeeds;
    if (this.shown !== 'all' && !seeds.includes(this.shown)) this.shown = 'all';
    const option = (value, text) =>
      `<option value="${value}"${String(this.shown) === String(value) ? ' selected' : ''}>${text}</option>`;
    setHtml(
      this.$('[data-show]'),
      option(
        'all',
        seeds.length > 1
          ? `${seeds.length === 2 ? 'both' : `all ${seeds.length}`} seeds: median and range`
          : `seed ${seeds[0]}`,
      ) + (seeds.length > 1 ? seeds.map((s) => option(s, `seed ${s} alone`)).join('') : ''),
    );
  }

  /**
   * Trains the 24 networks (4 arrangements x 6 batch sizes) of every seed in the lab's workers,
   * seed by seed in the queue, so the first seeds finish first.
   * ensures: nl-done with {state, results} when all are measured; none when cancelled.
   */
  async run() {
    const run = startRun(this, { pending: 'The lines appear as the networks finish.' });
    const { status, bar } = run;
    this.training = new AbortController();
    const signal = AbortSignal.any([this.training.signal, this.signal]);
    const settings = { digits: this.held.digits, learningRate: this.held.learningRate };
    this.runSeeds = consecutiveSeeds(this.held.seed, this.held.seeds);
    this.runDigits = this.held.digits;
    const trials = this.runSeeds.flatMap((seed) =>
      BATCH_SIZES.flatMap((batchSize) => ARRANGEMENTS.map((arrangement) => ({ arrangement, batchSize, seed }))),
    );
    this.results = [];
    this.complete = false;
    this.showChoices();
    this.show();
    const parts = new Map(); // trial key -> fraction of its batches done
    const key = (t) => `${t.arrangement}-${t.batchSize}-${t.seed}`;
    const t0 = performance.now();
    try {
      this.sweep ??= new MnistSweep(ARRANGEMENTS);
      status.textContent = 'Fetching the digits…';
      const sayFetched = quarterly(status);
      await this.sweep.load((received, total) => {
        if (total)
          sayFetched(received / total, `Fetching the digits: ${fmt(received / 1e6, 1)} of ${fmt(total / 1e6, 1)} MB`);
      }, signal);
      const sayTrained = quarterly(status);
      status.textContent = `Training ${trials.length} networks on ${grouped(this.runDigits)} digits each, ${seedsText(this.runSeeds)}…`;
      bar.max = trials.length;
      await this.sweep.run(trials, settings, {
        signal,
        onProgress: (trial, done, total) => {
          parts.set(key(trial), done / total);
          bar.value = [...parts.values()].reduce((a, b) => a + b, 0);
        },
        onResult: (result) => {
          parts.set(key(result), 1);
          this.results.push(result);
          const whole = this.wholeSeeds().length;
          sayTrained(
            this.results.length / trials.length,
            `${this.results.length} of ${trials.length} networks trained and measured (${wholeText(whole, this.runSeeds.length)})`,
          );
          this.show();
        },
      });
      const seconds = fmt((performance.now() - t0) / 1000, 1);
      status.textContent = `${trials.length} networks trained on ${grouped(this.runDigits)} digits each (${seedsText(this.runSeeds)}) in ${seconds} s.`;
      this.complete = true;
      await this.show(true);
      this.done({ results: this.results.map((r) => ({ ...r, heldOut: { ...r.heldOut } })) });
    } catch (e) {
      const n = this.results.length;
      const whole = this.wholeSeeds().length;
      if (isCancel(e) || signal.aborted)
        run.cancelled(
          `Cancelled after ${n} of ${trials.length} networks`,
          n > 0 ? `the table and chart hold ${those(n)}, ${wholeText(whole, this.runSeeds.length)}` : '',
        );
      // A worker the host's policy refused: the widget says what to allow, over its fallback.
      else if (e instanceof HostPolicyError) this.showFailure(e);
      else showInert(status, errorLine(e));
    } finally {
      this.training = null;
      run.finish();
    }
  }

  /** The held-out accuracy of one arrangement at one batch size and seed, if measured. */
  accuracyOf(arrangement, batchSize, seed) {
    return this.results.find((r) => r.arrangement === arrangement && r.batchSize === batchSize && r.seed === seed)
      ?.heldOut.accuracy;
  }

  /** The run's seeds whose 24 networks are all measured. */
  wholeSeeds() {
    const per = BATCH_SIZES.length * ARRANGEMENTS.length;
    return this.runSeeds.filter((s) => this.results.filter((r) => r.seed === s).length === per);
  }

  /** The core's spread of one arrangement's accuracies at one batch size over the seeds measured; null if none. */
  spreadAt(arrangement, batchSize) {
    const values = this.runSeeds.map((s) => this.accuracyOf(arrangement, batchSize, s)).filter((v) => v !== undefined);
    return values.length ? spreadOf(this.nl, values) : null;
  }

  /** The finding over the run's seeds (all measured): each finding's tally, and the medians at both ends. */
  findingText() {
    const seeds = this.runSeeds;
    const tallies = FINDINGS.map(({ text, holds }) => {
      const answers = seeds.map((s) => holds((a, b) => this.accuracyOf(a, b, s)));
      return `${text} in ${tallyOf(this.nl, seeds, answers).text}`;
    });
    const median = (a, b) => fixed(this.spreadAt(a, b).median, 3);
    const ends = ARRANGEMENTS.map((a) => `${LABELS[a]} ${median(a, SMALLEST)} against ${median(a, LARGEST)}`).join(
      '; ',
    );
    return (
      `Over ${seedsText(seeds)}, on the same ${grouped(this.runDigits)} digits: ${tallies.join('; ')}. ` +
      `${seeds.length > 1 ? 'Median held-out' : 'Held-out'} accuracy at batch ${SMALLEST} against batch ${LARGEST}: ${ends}.`
    );
  }

  /** The table and the chart of the results so far (all seeds or the one shown); with all of them, the finding. */
  show(complete = false) {
    // The one seed shown, or null for the median and range over them all.
    const one = this.shown !== 'all' ? this.shown : this.runSeeds.length === 1 ? this.runSeeds[0] : null;
    // A cell's figures: one seed's accuracy, or the median over the seeds and their range.
    const cell = (a, b) => {
      if (one !== null) {
        const v = this.accuracyOf(a, b, one);
        return { text: v === undefined ? '–' : fixed(v, 3), y: v ?? null };
      }
      const s = this.spreadAt(a, b);
      if (!s) return { text: '–', y: null, low: null, high: null };
      const range = `${fixed(s.min, 3)}–${fixed(s.max, 3)}`;
      return { text: fixed(s.median, 3), range, y: s.median, low: s.min, high: s.max };
    };
    const cells = Object.fromEntries(ARRANGEMENTS.map((a) => [a, BATCH_SIZES.map((b) => cell(a, b))]));
    // Before every seed is in (while training, or after Cancel), the caption says so: a cell's
    // figures are then over the seeds it holds, not over all of the run's.
    const whole = this.wholeSeeds();
    const partial = !this.complete && whole.length < this.runSeeds.length;
    this.$('[data-caption]').textContent =
      one === null
        ? partial
          ? `Held-out accuracy (2,000 digits) so far, of ${seedsText(this.runSeeds)} (${wholeText(whole.length, this.runSeeds.length)}): the median over the seeds a cell holds, and beneath it their least and largest`
          : `Held-out accuracy (2,000 digits) over ${seedsText(this.runSeeds)}: the median, and beneath it the least and largest`
        : `Held-out accuracy (2,000 digits) at seed ${one}${partial && !whole.includes(one) ? ' (not all of its networks trained)' : ''}`;
    setHtml(
      this.$('tbody'),
      BATCH_SIZES.map((b, k) => {
        const rate = this.results.find((r) => r.batchSize === b)?.learningRate;
        return `<tr data-batch="${b}"><th scope="row"><span data-size>${b}</span> <small data-rate>${rate === undefined ? '–' : fmt(rate, 5)}</small></th>${ARRANGEMENTS.map(
          (a) =>
            `<td data-arrangement="${a}"><span data-median>${cells[a][k].text}</span>${cells[a][k].range ? ` <small data-range>${cells[a][k].range}</small>` : ''}</td>`,
        ).join('')}</tr>`;
      }).join(''),
    );
    if (complete) {
      setHtml(
        this.$('[data-alternative]'),
        // The chart's numbers are the table's above it: the finding alone goes with the chart.
        chartAlternative({ findingId: 'mnist-batch-finding', finding: this.findingText() }),
      );
    }
    const at = (values) => values.map((y, k) => ({ x: k + 1, y }));
    const series = ARRANGEMENTS.flatMap((a) => {
      const line = {
        label: LABELS[a],
        data: at(cells[a].map((c) => c.y)),
        colourVar: COLOURS[a],
        points: 4,
      };
      if (one !== null) return [line];
      // The band from the least to the largest over the seeds, beneath the median's line.
      const edge = (name, extra) => ({
        label: `${LABELS[a]}, ${name} over the seeds`,
        data: at(cells[a].map((c) => c[name === 'least' ? 'low' : 'high'])),
        colourVar: COLOURS[a],
        width: 0,
        legend: false,
        ...extra,
      });
      return [edge('least'), edge('largest', { fill: '-1', fillAlpha: 0.18 }), line];
    });
    return this.lines('chart', this.$('canvas'), series, {
      xTitle: 'batch size (same digits, learning rate scaled with the batch)',
      yTitle: one === null ? 'held-out accuracy (median, range over seeds)' : 'held-out accuracy',
      categories: BATCH_SIZES.map(String),
      xMin: 1,
      xMax: BATCH_SIZES.length,
      // From 0: with no result yet the axis would span 0.95 to 1, and later jump with each line.
      yMin: 0,
      yMax: 1,
    });
  }
}

define('nl-mnist-batch-size', NlMnistBatchSize);
