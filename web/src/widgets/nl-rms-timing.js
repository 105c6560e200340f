// <nl-rms-timing>: what RMSNorm saves in the reader's own browser. A worker of its own asks the
// core to time its layer norm and its RMSNorm, one forward and one backward pass over a block of
// 16 rows, at widths 64 to 4,096, in paired rounds (the two back to back in each round; the timing
// loop runs inside the core). Per width the widget shows the median saving, the 10–90 % band of
// the rounds' savings and the rounds RMSNorm won; its finding is the core's summary: where
// RMSNorm won every round, where the band spans zero, and the medians beside Zhang and
// Sennrich's 7% to 64%. Progress per width, Cancel, Time again.
import { NlWidget, define } from '../widget/widget.js';
import { TIMING_ROUNDS, TIMING_WIDTHS } from '../host/limits.js';
import { errorLine, showInert } from '../host/inert.js';
import { startRun, those } from '../widget/run-controls.js';
import { chartAlternative } from '../widget/charts.js';
import { fixed, fmt, grouped } from '../widget/format.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';
import { HostPolicyError } from '../host/host-policy.js';
import { isCancel } from '../work/protocol.js';
import { timingWorker } from '../work/timing-work.js';
import { watchWholeField } from '../widget/seed-field.js';

const WIDTHS = TIMING_WIDTHS;
// The most rounds timed without the reader's press: the default's.
const AUTOSTART_ROUNDS = 9;

/** Seconds as microseconds for a table cell. */
const micro = (seconds) => fmt(seconds * 1e6, 2);
const percent = (p) => `${fixed(p, 1)}%`;
/** A band as text: "−3.1% to 12.4%". */
const band = (s) => `${percent(s.low)} to ${percent(s.high)}`;
/** Items in words: "a", "a and b", "a, b and c". */
const inWords = (items) =>
  items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
/**
 * Widths the core listed, in words: "width 64", "widths 64 and 256", and three or more neighbours
 * among the widths timed as a run ("widths 512 to 4,096").
 */
function widthsText(widths) {
  const parts = [];
  for (let k = 0; k < widths.length;) {
    let end = k;
    while (end + 1 < widths.length && WIDTHS.indexOf(widths[end + 1]) === WIDTHS.indexOf(widths[end]) + 1) end += 1;
    if (end - k >= 2) parts.push(`${grouped(widths[k])} to ${grouped(widths[end])}`);
    else for (let j = k; j <= end; j++) parts.push(grouped(widths[j]));
    k = end + 1;
  }
  return `${widths.length === 1 ? 'width' : 'widths'} ${inWords(parts)}`;
}

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
        <label>rounds per width <input type="number" min="${TIMING_ROUNDS.min}" max="${TIMING_ROUNDS.max}" step="2" value="${this.held.rounds}" data-rounds aria-label="timing rounds per width"></label>
        <button data-run>Time again</button>
        <button data-cancel disabled>Cancel</button>
        <span data-status role="status" aria-live="polite"></span>
      </div>
      <progress class="progress" max="${WIDTHS.length}" value="0" aria-label="widths timed"></progress>
      <div class="scroll-x" role="region" aria-label="times per width, scrolls sideways" tabindex="0"><table class="summary" data-table="times">
        <caption>One forward and one backward pass over 16 rows: each normaliser's median time over the rounds, in microseconds, and the passes a round repeats</caption>
        <thead><tr><th scope="col">width</th><th scope="col">layer norm</th><th scope="col">RMSNorm</th><th scope="col">repeats a round</th></tr></thead>
        <tbody></tbody></table></div>
      <div class="scroll-x" role="region" aria-label="savings per width, scrolls sideways" tabindex="0"><table class="summary" data-table="saved">
        <caption>The percentage of layer norm's time RMSNorm saved, the two timed back to back in each round: the median over the rounds, the 10–90 % band of the rounds' savings (the middle 80 % of them), and the rounds in which RMSNorm was faster</caption>
        <thead><tr><th scope="col">width</th><th scope="col">saved</th><th scope="col">10–90 % band</th><th scope="col">RMSNorm faster</th></tr></thead>
        <tbody></tbody></table></div>
      <div class="chart"><canvas role="img" aria-label="percentage of layer norm's time RMSNorm saves per width: the rounds' median and their 10–90 % band" aria-describedby="rms-timing-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="rms-timing-finding">The percentages appear as each width is timed.</p></div>`);
    this.$('[data-run]').addEventListener('click', () => this.run());
    this.$('[data-cancel]').addEventListener('click', () => this.worker.cancel());
    // A count out of its range is put back, with a sentence beside the field saying why; a good
    // one is the state's (and the link's), for the next Time again.
    watchWholeField(this.$('[data-rounds]'), {
      ...TIMING_ROUNDS,
      what: 'The number of rounds',
      current: () => this.held.rounds,
      apply: (rounds) => {
        this.held.rounds = rounds;
        this.changed({ rounds });
      },
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
      this.$('[data-table="times"] tbody'),
      timings
        .map(
          (t) =>
            `<tr data-width="${t.width}"><th scope="row">${grouped(t.width)}</th><td>${micro(t.layerMedian)}</td><td>${micro(t.rmsMedian)}</td><td>${grouped(t.repeats)}</td></tr>`,
        )
        .join(''),
    );
    setHtml(
      this.$('[data-table="saved"] tbody'),
      timings
        .map(
          (t) =>
            `<tr data-width="${t.width}"><th scope="row">${grouped(t.width)}</th><td data-saved>${percent(t.saved.median)}</td><td data-band>${band(t.saved)}</td><td data-faster>${t.rmsFaster} of ${t.rounds}</td></tr>`,
        )
        .join(''),
    );
    if (summary) {
      setHtml(
        this.$('[data-alternative]'),
        // The chart's numbers are the savings table's above it: the finding alone goes with the
        // chart (a "Show the numbers" repeated that table, twice on a phone's screen).
        chartAlternative({ findingId: 'rms-timing-finding', finding: findingOf(timings, summary) }),
      );
    }
    /** Each width's figure `of` its timing, null where not yet timed. */
    const perWidth = (of) =>
      WIDTHS.map((w, k) => {
        const t = timings.find((x) => x.width === w);
        return { x: k + 1, y: t ? of(t) : null };
      });
    // The 10–90 % band of the rounds' savings, beneath the median's line (the edges stay out of
    // the legend; the caption and the finding name the band).
    const edge = (of, extra) => ({
      label: 'the rounds’ 10–90 % band',
      data: perWidth(of),
      colourVar: '--nl-rms',
      width: 0,
      legend: false,
      ...extra,
    });
    const series = [
      edge((t) => t.saved.low),
      edge((t) => t.saved.high, { fill: '-1', fillAlpha: 0.2 }),
      {
        label: 'saved: median and 10–90 % band of the rounds',
        data: perWidth((t) => t.saved.median),
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

/**
 * The finding in words, from the core's summary (which widths won every round, most rounds, half
 * or fewer; where each band lies against zero; the medians against the paper's range) and each
 * width's count of rounds won.
 */
function findingOf(timings, summary) {
  const { rounds, paperLow, paperHigh, least, most } = summary;
  const won = (widths) =>
    `${widths.length === 1 ? 'width' : 'widths'} ${inWords(
      widths.map((w) => `${grouped(w)} (${timings.find((t) => t.width === w).rmsFaster} of ${rounds})`),
    )}`;
  const wins = [];
  if (summary.everyRound.length > 0)
    wins.push(`in every one of the ${rounds} rounds at ${widthsText(summary.everyRound)}`);
  if (summary.mostRounds.length > 0) wins.push(`in most rounds at ${won(summary.mostRounds)}`);
  if (summary.halfOrFewer.length > 0) wins.push(`in half the rounds or fewer at ${won(summary.halfOrFewer)}`);
  const bands = [];
  if (summary.bandAboveZero.length > 0) bands.push(`lies above zero at ${widthsText(summary.bandAboveZero)}`);
  if (summary.bandAcrossZero.length > 0)
    bands.push(`spans zero at ${widthsText(summary.bandAcrossZero)}, where the rounds disagree on which is faster`);
  if (summary.bandBelowZero.length > 0)
    bands.push(`lies below zero at ${widthsText(summary.bandBelowZero)}, where layer norm was the faster`);
  const counts = [
    [summary.belowPaper, 'below it'],
    [summary.withinPaper, 'within it'],
    [summary.abovePaper, 'above it'],
  ]
    .filter(([n]) => n > 0)
    .map(([n, where]) => `${n} ${where}`)
    .join(', ');
  return (
    `In this browser RMSNorm was faster than layer norm ${wins.join('; ')}. ` +
    `The 10–90 % band of the rounds' savings ${bands.join('; it ')}. ` +
    `The median saving ran from ${percent(least.savedPercent)} (width ${grouped(least.width)}) to ` +
    `${percent(most.savedPercent)} (width ${grouped(most.width)}); Zhang and Sennrich report ${fmt(paperLow)}% to ` +
    `${fmt(paperHigh)}% on whole models, not on the normaliser alone; of the ${summary.widths} medians here, ${counts}.`
  );
}

define('nl-rms-timing', NlRmsTiming);
