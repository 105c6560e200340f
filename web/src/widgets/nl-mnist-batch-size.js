// <nl-mnist-batch-size>: the four MNIST networks (plain, batch, layer, group norm) trained on the
// same training digits at batch sizes 2, 4, 8, 16, 32 and 64, with the learning rate scaled with
// the batch, and measured on the 2,000 held-out digits: a table and a chart of held-out accuracy
// per batch size. The lab's workers do the training (one network and batch size a trial); the
// digits are fetched when the reader presses Train. Every figure comes from the core.
import { NlWidget, define } from '../widget/widget.js';
import { SWEEP_BATCH_SIZES, SWEEP_DIGITS } from '../widget/limits.js';
import { errorLine, showInert } from '../widget/inert.js';
import { startRun, those } from '../widget/run-controls.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { fixed, fmt, grouped } from '../widget/format.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../page/trusted-types.js';
import { watchSeedField } from '../widget/seed-field.js';
import { HostPolicyError } from '../page/host-policy.js';
import { isCancel } from '../work/protocol.js';
import { MnistSweep } from '../work/mnist-sweep.js';
import { ARRANGEMENTS, COLOURS, LABELS, SHORT_LABELS } from './mnist-lab/names.js';

const BATCH_SIZES = SWEEP_BATCH_SIZES;
const DIGIT_COUNTS = SWEEP_DIGITS;
const LEARNING_RATES = [0.05, 0.1, 0.2, 0.4];

const choices = (values, chosen) =>
  values.map((v) => `<option value="${v}"${v === chosen ? ' selected' : ''}>${grouped(v)}</option>`).join('');

export class NlMnistBatchSize extends NlWidget {
  static title = 'Batch size and the four networks';
  static styles = [readerStyles];
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
    { name: 'seed', type: 'integer', default: 1, min: 0, max: 4294967295, doc: "the networks' and the order's seed" },
  ];

  async start() {
    const c = this.config;
    this.digits = c.digits;
    this.learningRate = c['learning-rate'];
    this.seed = c.seed;
    this.results = [];
    this.render(`
      <div class="controls">
        <label>digits <select data-setting="digits" aria-label="training digits">${choices(DIGIT_COUNTS, this.digits)}</select></label>
        <label>learning rate at batch 64 <select data-setting="learningRate" aria-label="learning rate at batch 64">${choices(LEARNING_RATES, this.learningRate)}</select></label>
        <label>seed <input type="number" min="0" max="4294967295" step="1" value="${this.seed}" data-seed aria-label="seed" class="width-7em"></label>
      </div>
      <div class="controls">
        <button data-run>Train</button>
        <button data-cancel disabled>Cancel</button>
        <span class="note" data-status role="status" aria-live="polite">The digits (7.9 MB) are fetched when you press Train.</span>
      </div>
      <progress class="progress" max="1" value="0" aria-label="training done"></progress>
      <div class="scroll-x" role="region" aria-label="held-out accuracy per batch size, scrolls sideways" tabindex="0"><table class="summary">
        <caption>Held-out accuracy (2,000 digits) after the same training digits at each batch size</caption>
        <thead><tr><th scope="col">batch size</th><th scope="col">learning rate</th>${ARRANGEMENTS.map((a) => `<th scope="col">${SHORT_LABELS[a]}</th>`).join('')}</tr></thead>
        <tbody></tbody></table></div>
      <div class="chart"><canvas role="img" aria-label="held-out accuracy per batch size, one line per network" aria-describedby="mnist-batch-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="mnist-batch-finding">The lines appear as the networks finish.</p></div>`);
    this.body.addEventListener('change', (e) => {
      const name = e.target.dataset.setting;
      if (name) this[name] = Number(e.target.value);
    });
    watchSeedField(
      this.$('[data-seed]'),
      () => this.seed,
      (seed) => (this.seed = seed),
    );
    this.$('[data-run]').addEventListener('click', () => this.run());
    this.$('[data-cancel]').addEventListener('click', () => this.training?.abort());
    this.show();
  }

  /** Frees the workers with the widget. */
  stop() {
    this.training?.abort();
    this.sweep?.free();
    this.sweep = null;
    super.stop();
  }

  /**
   * Trains the 24 networks (4 arrangements x 6 batch sizes) in the lab's workers.
   * ensures: nl-done with {state, results} when all are measured; none when cancelled.
   */
  async run() {
    const run = startRun(this, { pending: 'The lines appear as the networks finish.' });
    const { status, bar } = run;
    this.training = new AbortController();
    const signal = AbortSignal.any([this.training.signal, this.signal]);
    const settings = { digits: this.digits, learningRate: this.learningRate, seed: this.seed };
    const trials = BATCH_SIZES.flatMap((batchSize) => ARRANGEMENTS.map((arrangement) => ({ arrangement, batchSize })));
    this.results = [];
    this.show();
    const parts = new Map(); // trial key -> fraction of its batches done
    const key = (t) => `${t.arrangement}-${t.batchSize}`;
    const t0 = performance.now();
    try {
      this.sweep ??= new MnistSweep(ARRANGEMENTS);
      status.textContent = 'Fetching the digits…';
      await this.sweep.load((received, total) => {
        if (total) status.textContent = `Fetching the digits: ${fmt(received / 1e6, 1)} of ${fmt(total / 1e6, 1)} MB`;
      }, signal);
      status.textContent = `Training ${trials.length} networks on ${grouped(this.digits)} digits each…`;
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
          status.textContent = `${this.results.length} of ${trials.length} networks trained and measured`;
          this.show();
        },
      });
      status.textContent = `${trials.length} networks trained on ${grouped(this.digits)} digits each in ${fmt((performance.now() - t0) / 1000, 1)} s.`;
      await this.show(true);
      this.done({ results: this.results.map((r) => ({ ...r, heldOut: { ...r.heldOut } })) });
    } catch (e) {
      const n = this.results.length;
      if (isCancel(e) || signal.aborted)
        run.cancelled(
          `Cancelled after ${n} of ${trials.length} networks`,
          n > 0 ? `the table and chart hold ${those(n)}` : '',
        );
      // A worker the host's policy refused: the widget says what to allow, over its fallback.
      else if (e instanceof HostPolicyError) this.showFailure(e);
      else showInert(status, errorLine(e));
    } finally {
      this.training = null;
      run.finish();
    }
  }

  /** The result of one arrangement at one batch size, if measured. */
  resultOf(arrangement, batchSize) {
    return this.results.find((r) => r.arrangement === arrangement && r.batchSize === batchSize);
  }

  /** The table and the chart of the results so far; with all of them, the finding. */
  show(complete = false) {
    const accuracy = (a, b) => {
      const r = this.resultOf(a, b);
      return r ? fixed(r.heldOut.accuracy, 3) : '–';
    };
    setHtml(
      this.$('tbody'),
      BATCH_SIZES.map((b) => {
        const rate = this.results.find((r) => r.batchSize === b)?.learningRate;
        return `<tr data-batch="${b}"><th scope="row">${b}</th><td>${rate === undefined ? '–' : fmt(rate, 5)}</td>${ARRANGEMENTS.map(
          (a) => `<td data-arrangement="${a}">${accuracy(a, b)}</td>`,
        ).join('')}</tr>`;
      }).join(''),
    );
    if (complete) {
      const [small, large] = [BATCH_SIZES[0], BATCH_SIZES[BATCH_SIZES.length - 1]];
      setHtml(
        this.$('[data-alternative]'),
        chartAlternative({
          findingId: 'mnist-batch-finding',
          finding:
            `Held-out accuracy at batch ${small} against batch ${large}, on the same ${grouped(this.digits)} digits: ` +
            ARRANGEMENTS.map((a) => `${LABELS[a]} ${accuracy(a, small)} against ${accuracy(a, large)}`).join('; ') +
            '.',
          caption: 'held-out accuracy per batch size',
          columns: ['batch size', ...ARRANGEMENTS.map((a) => SHORT_LABELS[a])],
          rows: BATCH_SIZES.map((b) => [String(b), ...ARRANGEMENTS.map((a) => accuracy(a, b))]),
        }),
      );
      openAlternatives(this.root);
    }
    const series = ARRANGEMENTS.map((a) => ({
      label: LABELS[a],
      data: BATCH_SIZES.map((b, k) => ({ x: k + 1, y: this.resultOf(a, b)?.heldOut.accuracy ?? null })),
      colourVar: COLOURS[a],
      points: 4,
    }));
    return this.lines('chart', this.$('canvas'), series, {
      xTitle: 'batch size (same digits, learning rate scaled with the batch)',
      yTitle: 'held-out accuracy',
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
