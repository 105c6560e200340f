// <nl-running-average>: a batch layer stepped on the same batch; after each step, the widest gap
// between its predicting answer (running figures) and its training answer, on a log scale.
import { NlWidget, define } from '../widget/widget.js';
import { fmt, sci } from '../widget/format.js';
import { blockRows } from '../widget/block-table.js';
import { readouts } from '../widget/readouts.js';
import { NonFiniteError } from '../errors.js';
import { setHtml } from '../host/trusted-types.js';

const THRESHOLDS = [0.01, 0.001];

/** The rows of a block's text. */
const rowsOf = (text) => text.split(';').map((r) => r.split(',').map(Number));

export class NlRunningAverage extends NlWidget {
  static title = 'Running averages';
  static options = [
    { name: 'rows', type: 'block', default: '1,7;1,9;7,1;23,7', doc: 'the batch: rows separated by ";"' },
    {
      name: 'keep',
      type: 'number',
      default: 0.9,
      min: 0,
      max: 1,
      doc: 'share of the running figures kept at each step',
    },
    { name: 'steps', type: 'integer', default: 100, min: 10, max: 1000, doc: 'how many steps to take' },
  ];

  async start() {
    const c = this.config;
    this.x = rowsOf(c.rows);
    this.held.keep = c.keep;
    this.held.steps = Math.max(1, Math.min(c.steps, 1000));
    this.marks = [...new Set([1, 10, 44, this.held.steps])].filter((k) => k <= this.held.steps);
    this.render(`
      <div class="controls">
        <label>keep <input type="range" min="0.5" max="0.99" step="0.01" value="${this.held.keep}" data-keep aria-label="keep factor"></label>
        <b data-keep-out></b>
        <span class="note" data-convention></span>
      </div>
      <div class="chart"><canvas role="img" aria-label="widest gap between predicting and training answers per step, log scale"></canvas></div>
      ${readouts([
        ...this.marks.map((k) => ({ label: `widest gap after ${k} step${k === 1 ? '' : 's'}`, out: `at-${k}` })),
        ...THRESHOLDS.map((h) => ({ label: `first step under ${h}`, out: `first-under-${h}` })),
      ])}
      <div class="controls">
        <label>after step <input type="range" min="1" max="${this.held.steps}" value="1" data-at-step aria-label="step to show"></label>
        <b data-at-step-out>1</b>
      </div>
      <div class="blocks">
        <table><caption>predicting (running figures)</caption><tbody data-predicted></tbody></table>
        <table><caption>training (the batch's own figures)</caption><tbody data-trained></tbody></table>
      </div>
      <p class="note" data-final></p>`);
    this.$('[data-keep]').addEventListener('input', (e) => {
      this.held.keep = Number(e.target.value);
      this.update();
    });
    this.$('[data-at-step]').addEventListener('input', () => this.showStep());
    this.update();
  }

  /**
   * The options, with a batch the core refuses to trace because its spread is beyond a double
   * named in a notice (the core's refusal names the reader's rows) and replaced by the default.
   * Checked once the core is loaded, once per batch text.
   */
  readOptions() {
    const read = super.readOptions();
    const refusal = this.nl ? this.refusalOf(read.values.rows) : '';
    if (refusal) {
      read.problems.push(`${refusal[0].toUpperCase()}${refusal.slice(1)}. Using the default batch.`);
      read.values.rows = NlRunningAverage.options[0].default;
    }
    return read;
  }

  /** The core's refusal of a batch's spread ('' when it traces it), remembered for the last text. */
  refusalOf(rows) {
    if (this.checked?.rows !== rows) {
      const x = rowsOf(rows);
      let refusal = '';
      try {
        this.nl.traceRunning(this.nl.normaliser({ kind: 'batch', features: x[0].length }), x, { steps: 1 });
      } catch (e) {
        if (!(e instanceof NonFiniteError)) throw e;
        refusal = e.message;
      }
      this.checked = { rows, refusal };
    }
    return this.checked.refusal;
  }

  /** The two answers after the chosen step, side by side. */
  showStep() {
    const k = Number(this.$('[data-at-step]').value);
    this.$('[data-at-step-out]').textContent = String(k);
    setHtml(this.$('[data-predicted]'), blockRows(this.trace.predicted[k - 1]));
    setHtml(this.$('[data-trained]'), blockRows(this.trace.trained));
  }

  update() {
    const nl = this.nl;
    const layer = nl.normaliser({ kind: 'batch', features: this.x[0].length, keep: this.held.keep });
    const t = nl.traceRunning(layer, this.x, { steps: this.held.steps, thresholds: THRESHOLDS });
    this.trace = t;
    const rate = nl.describe(layer); // {keep, momentum}, both from the core
    this.$('[data-keep-out]').textContent = fmt(rate.keep, 2);
    this.$('[data-convention]').textContent = `(PyTorch names the same rule momentum ${fmt(rate.momentum, 2)})`;
    for (const k of this.marks) this.out(`at-${k}`, k <= t.widestGap.length ? gapText(t.widestGap[k - 1]) : '–');
    THRESHOLDS.forEach((threshold, k) =>
      this.out(
        `first-under-${threshold}`,
        t.firstStepUnder[k] ? `step ${t.firstStepUnder[k]}` : `not within ${this.held.steps}`,
      ),
    );
    const last = t.predicted[t.predicted.length - 1];
    this.$('[data-final]').textContent =
      `After ${this.held.steps} steps the first row predicts ${fmt(last.data[0], 4)} and ${fmt(last.data[1], 4)}; training answers ${fmt(t.trained.data[0], 4)} and ${fmt(t.trained.data[1], 4)}.`;
    const series = [
      { label: 'widest gap, predicting vs training', data: Array.from(t.widestGap), colourVar: '--nl-batch' },
    ];
    this.lines('chart', this.$('canvas'), series, { logY: true, xTitle: 'step', yTitle: 'widest gap', legend: false });
    this.showStep();
  }
}

function gapText(v) {
  return v >= 0.001 ? fmt(v, 4) : sci(v);
}

define('nl-running-average', NlRunningAverage);
