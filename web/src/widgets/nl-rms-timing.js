// <nl-rms-timing>: what RMSNorm saves in the reader's own browser. A worker of its own asks the
// core to time its layer norm and its RMSNorm, one forward and one backward pass over a block of
// 16 rows, at widths 64 to 4,096 (the timing loop runs inside the core); the widget shows each
// width's medians and the percentage saved, and the core's summary beside Zhang and Sennrich's
// 7% to 64%. Progress per width, Cancel, Time again.
import { NlWidget, define } from '../widget/widget.js';
import { TIMING_ROUNDS, TIMING_WIDTHS } from '../widget/limits.js';
import { errorLine, showInert } from '../widget/inert.js';
import { startRun, those } from '../widget/run-controls.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { fixed, fmt, grouped } from '../widget/format.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../page/trusted-types.js';
import { HostPolicyError } from '../page/host-policy.js';
import { isCancel } from '../work/protocol.js';
import { timingWorker } from '../work/timing-work.js';

const WIDTHS = TIMING_WIDTHS;
// The most rounds timed without the reader's press: the default's.
const AUTOSTART_ROUNDS = 9;

/** Seconds as microseconds for a table cell. */
const micro = (seconds) => fmt(seconds * 1e6, 2);
const percent = (p) => `${fixed(p, 1)}%`;

export class NlRmsTiming extends NlWidget {
  static title = 'What RMSNorm saves';
  static styles = [readerStyles];
  // Its figures are times measured in the reader's browser: no two runs show the same numbers.
  static measuresTime = true;
  static coreModule = 'tutorial';
  static options = [
    {
      name: 'rounds',
      type: 'integer',
      default: 9,
      ...TIMING_ROUNDS,
      doc: 'timing rounds per width; the medians are taken over them (3 to 51)',
    },
    {
      name: 'autostart',
      type: 'boolean',
      default: true,
      doc: 'start timing (in a worker) as the reader comes near the widget, not only on "Time again" (at most 9 rounds)',
    },
  ];

  /** This widget's own worker: a shared one would time other widgets' work too. */
  get worker() {
    this.trainingWorker ??= timingWorker();
    return this.trainingWorker;
  }

  async start() {
    const c = this.config;
    this.held.rounds = c.rounds;
    this.render(`
      <div class="controls">
        <label>rounds per width <input type="number" min="3" max="51" step="2" value="${this.held.rounds}" data-rounds aria-label="timing rounds per width"></label>
        <button data-run>Time again</button>
        <button data-cancel disabled>Cancel</button>
        <span data-status role="status" aria-live="polite"></span>
      </div>
      <progress class="progress" max="${WIDTHS.length}" value="0" aria-label="widths timed"></progress>
      <div class="scroll-x" role="region" aria-label="timings per width, scrolls sideways" tabindex="0"><table class="summary">
        <caption>One forward and one backward pass over 16 rows: each normaliser's median time over the rounds, in microseconds, and the median over the rounds of the time saved, each round timing the two back to back</caption>
        <thead><tr><th scope="col">width</th><th scope="col">layer norm</th><th scope="col">RMSNorm</th><th scope="col">saved</th><th scope="col">repeats a round</th></tr></thead>
        <tbody></tbody></table></div>
      <div class="chart"><canvas role="img" aria-label="percentage of layer norm's time RMSNorm saves, per width" aria-describedby="rms-timing-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="rms-timing-finding">The percentages appear as each width is timed.</p></div>`);
    this.$('[data-run]').addEventListener('click', () => this.run());
    this.$('[data-cancel]').addEventListener('click', () => this.worker.cancel());
    this.$('[data-rounds]').addEventListener('change', (e) => {
      const n = Number(e.target.value);
      if (Number.isInteger(n) && n >= 3 && n <= 51) this.held.rounds = n;
      else e.target.value = String(this.held.rounds);
    });
    // Not awaited: the widget is drawn now, and done when the timings are. More rounds than the
    // default (a few seconds of timing, up to 51 from a link) wait for the reader's press.
    if (c.autostart && this.held.rounds <= AUTOSTART_ROUNDS) this.run();
    else this.$('[data-status]').textContent = `Press Time again to time ${this.held.rounds} rounds a width.`;
  }

  /**
   * Times every width in the worker; Cancel stops between two widths.
   * ensures: nl-done with {state, summary} when every width is timed; none when cancelled.
   */
  async run() {
    const run = startRun(this, { pending: 'The percentages appear as each width is timed.' });
    const { status, bar } = run;
    bar.value = 0;
    const timings = [];
    this.show(timings);
    status.textContent = `Timing ${WIDTHS.length} widths in a worker…`;
    const onProgress = ({ done, total, detail }) => {
      bar.max = total;
      bar.value = done;
      if (!detail?.timing) return;
      timings.push(detail.timing);
      status.textContent = `${done} of ${total} widths timed`;
      this.show(timings);
    };
    try {
      const input = { widths: WIDTHS, rounds: this.held.rounds, seed: 1 };
      const result = await this.worker.run('rmsTiming', { input, onProgress, signal: this.signal });
      status.textContent = `${result.timings.length} widths timed, ${this.held.rounds} rounds each.`;
      await this.show(result.timings, result.summary);
      this.done({ summary: result.summary });
    } catch (e) {
      const n = timings.length;
      if (isCancel(e))
        run.cancelled(
          `Cancelled after ${n} of ${WIDTHS.length} widths`,
          n > 0 ? `the table and chart hold ${those(n)}` : '',
        );
      // A worker the host's policy refused: the widget says what to allow, over its fallback.
      else if (e instanceof HostPolicyError) this.showFailure(e);
      else showInert(status, errorLine(e));
    } finally {
      run.finish();
    }
  }

  /** The timings so far in the table and the chart; with the core's summary, its finding. */
  show(timings, summary) {
    setHtml(
      this.$('tbody'),
      timings
        .map(
          (t) =>
            `<tr data-width="${t.width}"><th scope="row">${grouped(t.width)}</th><td>${micro(t.layerMedian)}</td><td>${micro(t.rmsMedian)}</td><td data-saved>${percent(t.savedPercent)}</td><td>${grouped(t.repeats)}</td></tr>`,
        )
        .join(''),
    );
    if (summary) {
      const { least, most, paperLow, paperHigh } = summary;
      const counts = [
        [summary.belowPaper, 'below it'],
        [summary.withinPaper, 'within it'],
        [summary.abovePaper, 'above it'],
      ]
        .filter(([n]) => n > 0)
        .map(([n, where]) => `${n} ${where}`)
        .join(', ');
      setHtml(
        this.$('[data-alternative]'),
        chartAlternative({
          findingId: 'rms-timing-finding',
          finding:
            `In this browser RMSNorm saved between ${percent(least.savedPercent)} (width ${grouped(least.width)}) and ` +
            `${percent(most.savedPercent)} (width ${grouped(most.width)}) of layer norm's time. Zhang and Sennrich report ` +
            `${fmt(paperLow)}% to ${fmt(paperHigh)}% on whole models, not on the normaliser alone; of the ${summary.widths} ` +
            `widths timed here, ${counts}.`,
          caption: 'percentage saved per width',
          columns: ['width', 'saved'],
          rows: timings.map((t) => [grouped(t.width), percent(t.savedPercent)]),
        }),
      );
      openAlternatives(this.root);
    }
    const series = [
      {
        label: 'RMSNorm saves, % of layer norm’s time',
        data: WIDTHS.map((w, k) => ({ x: k + 1, y: timings.find((t) => t.width === w)?.savedPercent ?? null })),
        colourVar: '--nl-rms',
        points: 4,
      },
    ];
    // With the summary, the paper's range as two dashed lines (the core's figures for it).
    if (summary)
      for (const [bound, dash] of [
        [summary.paperLow, [4, 4]],
        [summary.paperHigh, [8, 4]],
      ])
        series.push({
          label: `Zhang and Sennrich: ${fmt(bound)}%`,
          data: WIDTHS.map((_, k) => ({ x: k + 1, y: bound })),
          colourVar: '--nl-muted',
          dash,
        });
    return this.lines('chart', this.$('canvas'), series, {
      xTitle: 'width (features per row)',
      yTitle: 'saved (%)',
      categories: WIDTHS.map(grouped),
      xMin: 1,
      xMax: WIDTHS.length,
      legend: true,
    });
  }
}

define('nl-rms-timing', NlRmsTiming);
