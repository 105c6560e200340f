// <nl-starting-slopes>: the slopes a small Transformer starts with. For each block, the size of
// its feed-forward weight slopes at initialisation, post-norm beside pre-norm, over the core's
// draws (the median and the 10-90 % band, the core's bandOf); and the last block's slope as the
// stack deepens, over the same draws, beside what Xiong and colleagues' analysis expects of it.
// The draws are shared out over Transformer workers of the widget's own, one per core, and drawn
// as they arrive; Cancel ends them at once.
import { NlWidget, define } from '../widget/widget.js';
import { SLOPES_DEPTHS, SLOPES_DRAWS, TRANSFORMER_WIDTHS } from '../host/limits.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { clearResults, startRun, those } from '../widget/run-controls.js';
import { watchWholeField, watchWidgetSeed, seedOption } from '../widget/seed-field.js';
import { CancelError, isCancel } from '../work/protocol.js';
import { TRANSFORMER_JOBS } from '../work/transformer-jobs.js';
import { shareOut, transformerWorkers } from '../work/transformer-work.js';
import { NORMALISER_NAMES } from '../widget/normaliser-names.js';

const WIDTHS = TRANSFORMER_WIDTHS;
const SETTLE_MS = 150;
// The depths of the second chart: the core's compared_depths() (report/transformer_views.hpp).
const DEPTHS = Object.freeze([1, 2, 3, 4, 6, 8, 12]);
// Draws a worker computes in one call: at the opening setting about a tenth of a second.
const CHUNK = 2;
const NORMS = ['layer', 'rms'].map((kind) => [kind, NORMALISER_NAMES[kind]]);
const PLACEMENTS = [
  ['post', 'post-norm', '--nl-batch'],
  ['pre', 'pre-norm', '--nl-layer'],
];
const drawsText = (n) => `${n} draw${n === 1 ? '' : 's'}`;

export class NlStartingSlopes extends NlWidget {
  static title = 'The slopes a Transformer starts with';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    { name: 'depth', type: 'integer', default: 6, ...SLOPES_DEPTHS, doc: 'how many blocks (1 to 12)' },
    { name: 'width', type: 'integer', default: 64, choices: WIDTHS, doc: 'features of a token (16, 32 or 64)' },
    { name: 'norm', type: 'string', default: 'layer', choices: ['layer', 'rms'], doc: 'the normaliser' },
    seedOption('seed of the weights and tokens'),
    {
      name: 'draws',
      type: 'integer',
      default: 32,
      ...SLOPES_DRAWS,
      doc: 'draws of weights and tokens the figures are taken over (1 to 64)',
    },
  ];

  constructor() {
    super();
    this.workers = transformerWorkers();
  }

  stop() {
    super.stop();
    this.asking?.abort();
    for (const worker of this.workers) worker.free();
  }

  async start() {
    const c = this.config;
    Object.assign(this.held, { depth: c.depth, width: c.width, norm: c.norm, seed: c.seed, draws: c.draws });
    this.render(`
      <div class="controls">
        <label>blocks <input type="range" min="1" max="12" value="${this.held.depth}" data-depth aria-label="number of blocks"></label>
        <b data-out="depth">${this.held.depth}</b>
        <label>width <select data-width aria-label="width">${WIDTHS.map(
          (w) => `<option value="${w}" ${w === this.held.width ? 'selected' : ''}>${w}</option>`,
        ).join('')}</select></label>
        <label>normaliser <select data-norm aria-label="normaliser">${NORMS.map(
          ([k, label]) => `<option value="${k}" ${k === this.held.norm ? 'selected' : ''}>${label}</option>`,
        ).join('')}</select></label>
        <label>draws <input type="number" min="${SLOPES_DRAWS.min}" max="${SLOPES_DRAWS.max}" step="1" value="${this.held.draws}" data-draws aria-label="draws"></label>
        <label>seed <input type="number" min="0" step="1" value="${this.held.seed}" data-seed aria-label="seed"></label>
      </div>
      <div class="controls">
        <button data-run>Draw again</button>
        <button data-cancel disabled>Cancel</button>
        <span data-status role="status" aria-live="polite"></span>
      </div>
      <progress class="progress" max="1" value="0" aria-label="draws done"></progress>
      <p class="note" data-about></p>
      <div class="chart"><canvas data-blocks role="img" aria-label="size of each block's feed-forward weight slopes, post-norm and pre-norm, median and 10 to 90 % band over the draws" aria-describedby="slopes-finding"></canvas></div>
      <div class="chart tall"><canvas data-depths role="img" aria-label="the last block's slope size at depths 1 to 12, median and band over the draws, and expected" aria-describedby="slopes-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="slopes-finding"></p></div>
      ${readouts([
        { label: 'last block over first, post-norm (medians)', out: 'postRatio' },
        { label: 'last block over first, pre-norm (medians)', out: 'preRatio' },
        { label: 'last block at depth 12 over depth 1, post / pre (medians)', out: 'deep' },
      ])}`);
    this.$('[data-depth]').addEventListener('input', (e) => {
      this.held.depth = Number(e.target.value);
      this.out('depth', String(this.held.depth));
      this.reader({ depth: this.held.depth });
    });
    this.$('[data-width]').addEventListener('change', (e) => this.reader({ width: Number(e.target.value) }));
    this.$('[data-norm]').addEventListener('change', (e) => this.reader({ norm: e.target.value }));
    watchWholeField(this.$('[data-draws]'), {
      ...SLOPES_DRAWS,
      what: 'The number of draws',
      current: () => this.held.draws,
      apply: (draws) => this.reader({ draws }),
    });
    this.$('[data-run]').addEventListener('click', () => this.update());
    this.$('[data-cancel]').addEventListener('click', () => this.asking?.abort());
    watchWidgetSeed(this);
    // The widget's start is not a slider moving: its draws begin at once.
    await this.compute({ settle: false });
  }

  /** A control changed: the state follows, and the figures that depend on it are computed again. */
  reader(values) {
    Object.assign(this.held, values);
    this.changed(values);
    this.update();
  }

  /** Computes and draws again (the seed field calls it); a figure overtaken by a newer one is dropped. */
  update() {
    this.compute().catch((e) => {
      if (!isCancel(e) && !this.signal.aborted) this.showFailure(e);
    });
  }

  /**
   * Every draw at the reader's depth, then at each depth of the second chart, shared out over the
   * workers; each chart is drawn again as its draws arrive.
   * ensures: nl-done with {state} once every draw is in; on Cancel the charts keep the draws in
   * and the status and finding say how many. settle: wait SETTLE_MS first (a control moved), or not
   * (the widget's start).
   */
  async compute({ settle = true } = {}) {
    this.asking?.abort();
    const asking = new AbortController();
    this.asking = asking;
    this.signal.addEventListener('abort', () => asking.abort(), { once: true });
    const signal = asking.signal;
    const { depth, width, norm, seed, draws } = this.held;
    // The last figures go at once, not after the settling moment: they are of other settings.
    const pending = 'The finding appears when every draw is in.';
    clearResults(this, pending);
    // A slider dragged sends many values: only the one it rests on for a moment is computed.
    if (settle) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (signal.aborted) throw new CancelError();
    const run = startRun(this, { pending });
    const { status, bar } = run;
    const depths = [depth, ...DEPTHS.filter((d) => d !== depth)];
    const at = new Map(depths.map((d) => [d, { post: [], pre: [], count: 0 }]));
    this.ensemble = { depth, width, norm, seed, draws, at };
    const tasks = depths.flatMap((d) =>
      Array.from({ length: Math.ceil(draws / CHUNK) }, (_, k) => ({
        depth: d,
        first: k * CHUNK,
        count: Math.min(CHUNK, draws - k * CHUNK),
      })),
    );
    bar.max = depths.length * draws;
    bar.value = 0;
    status.textContent = `Drawing ${drawsText(draws)} of stacks in ${this.workers.length} worker${this.workers.length === 1 ? '' : 's'}…`;
    this.drawAbout();
    this.emptyCharts();
    const t0 = performance.now();
    try {
      await shareOut(this.workers, tasks, async (worker, task) => {
        const input = { depth: task.depth, width, norm, seed, first: task.first, count: task.count };
        const answer = await worker.run(TRANSFORMER_JOBS.slopesDraws, { input, signal });
        const entry = at.get(task.depth);
        answer.post.forEach((row, k) => (entry.post[task.first + k] = row));
        answer.pre.forEach((row, k) => (entry.pre[task.first + k] = row));
        entry.count += task.count;
        bar.value += task.count;
        if (task.depth === depth && entry.count === draws) this.blocksSeconds = (performance.now() - t0) / 1000;
        if (task.depth === depth) this.drawBlocks();
        if (DEPTHS.includes(task.depth)) this.drawAcross();
      });
    } catch (e) {
      if (isCancel(e) && this.asking === asking && !this.signal.aborted) {
        const inBlocks = at.get(depth).count;
        run.cancelled(
          `Cancelled with ${inBlocks} of ${drawsText(draws)} in at ${depth} blocks`,
          inBlocks > 0 ? `the first chart holds ${those(inBlocks)}, the second the draws in at each depth` : '',
        );
      }
      throw e;
    } finally {
      run.finish();
    }
    const seconds = (performance.now() - t0) / 1000;
    status.textContent =
      `${drawsText(draws)} drawn at ${depth} blocks in ${fmt(this.blocksSeconds, 2)} s, ` +
      `at all ${depths.length} depths in ${fmt(seconds, 2)} s.`;
    this.describe();
    this.noticeChange();
    this.done({});
  }

  /** The core's spread of each block over the draws in: {count, median, low, high, ...}, or null. */
  bandAt(d, placement) {
    const rows = this.ensemble.at.get(d)[placement].filter(Boolean);
    return rows.length ? this.nl.bandOf(rows) : null;
  }

  /**
   * The core's tally of the draws (numbers, one per row) whose row ends above where it starts
   * (`rises`) or below (not: the ends handed over swapped): {holds, count, text: "28 of 32
   * draws, not at draws 4 and 9"}; null with no draw in or rows of one value.
   */
  endsTally(numbers, rows, rises) {
    if (!numbers.length || rows[0].length < 2) return null;
    return this.nl.risingTally(
      numbers,
      rows.map((r) => (rises ? [r[0], r.at(-1)] : [r.at(-1), r[0]])),
    );
  }

  /** The tally over the draws in of the last block's slopes against the first's, at depth d. */
  blockTally(d, placement, rises) {
    const numbers = [];
    const rows = [];
    this.ensemble.at.get(d)[placement].forEach((slopes, k) => {
      if (!slopes) return;
      numbers.push(k + 1);
      rows.push(slopes.slice(0, d));
    });
    return this.endsTally(numbers, rows, rises);
  }

  drawAbout() {
    const e = this.ensemble;
    this.$('[data-about]').textContent =
      `${e.depth} blocks of causal self-attention (4 heads) and a feed-forward block (${e.width} → ${4 * e.width} → ${e.width}), ` +
      `${e.norm === 'rms' ? 'RMS' : 'layer'} norm, Xavier-initialised; 8 sequences of 16 random tokens, next-token loss. ` +
      `Lines: the median over ${drawsText(e.draws)} of weights and tokens (seed ${e.seed}); shading: 10 to 90 % of the draws.`;
  }

  /** A median line over its 10-90 % band, as chart series. */
  banded(label, colourVar, band, xs) {
    const at = (list) => Array.from(list, (y, k) => ({ x: xs[k], y }));
    const edge = (name, extra) => ({
      label: `${label}, ${name}`,
      data: at(band[name === '10 %' ? 'low' : 'high']),
      colourVar,
      width: 0,
      legend: false,
      ...extra,
    });
    return [
      edge('10 %'),
      edge('90 %', { fill: '-1', fillAlpha: 0.18 }),
      { label, data: at(band.median), colourVar, points: 3 },
    ];
  }

  drawBlocks() {
    const { depth } = this.ensemble;
    const blocks = Array.from({ length: depth }, (_, k) => k + 1);
    const bands = Object.fromEntries(PLACEMENTS.map(([k]) => [k, this.bandAt(depth, k)]));
    if (!bands.post) return;
    // Until every draw is in (while drawing, or after Cancel), the readouts say over how many.
    const { count } = bands.post;
    const over = count < this.ensemble.draws ? ` (over ${count} of ${drawsText(this.ensemble.draws)})` : '';
    this.out('postRatio', `${fmt(this.nl.lastOverFirst(bands.post.median), 2)}${over}`);
    this.out('preRatio', `${fmt(this.nl.lastOverFirst(bands.pre.median), 2)}${over}`);
    const series = PLACEMENTS.flatMap(([k, label, colourVar]) => this.banded(label, colourVar, bands[k], blocks));
    this.lines('blocksChart', this.$('[data-blocks]'), series, this.blocksAxes());
  }

  /** The first chart's axes: its x title counts the draws in at the run's depth. */
  blocksAxes() {
    return {
      xTitle: `block (${this.heldText(this.ensemble.depth)})`,
      yTitle: 'size of the feed-forward weight slopes',
      yMin: 0,
    };
  }

  /** The second chart's axes: its x title counts the draws in at every depth shown. */
  acrossAxes(drawsIn) {
    return {
      xTitle: `blocks in the stack (the draws in at every depth shown: ${drawsIn} of ${this.ensemble.draws})`,
      yTitle: "the last block's slope size",
      yMin: 0,
    };
  }

  /** The charts a new run starts from: empty, their titles counting its draws (none in yet). */
  emptyCharts() {
    if (this.charts.made.has('blocksChart')) this.lines('blocksChart', this.$('[data-blocks]'), [], this.blocksAxes());
    if (this.charts.made.has('depthsChart')) this.lines('depthsChart', this.$('[data-depths]'), [], this.acrossAxes(0));
  }

  /** "32 of 32 draws", or fewer while they arrive. */
  heldText(d) {
    return `${this.ensemble.at.get(d).count} of ${drawsText(this.ensemble.draws)}`;
  }

  /**
   * The last block's slope at each depth with draws in: {depths, post, pre, expected, draws}, post
   * and pre each depth's spread of the last block, expected the core's lines through the first
   * depth's medians; or null before any.
   */
  acrossBands() {
    const depths = DEPTHS.filter((d) => this.ensemble.at.get(d).count > 0);
    if (!depths.length) return null;
    const lastOf = (placement) => {
      const rows = [];
      const numbers = [];
      for (let k = 0; k < this.ensemble.draws; k++) {
        if (depths.every((d) => this.ensemble.at.get(d)[placement][k])) {
          rows.push(depths.map((d) => this.ensemble.at.get(d)[placement][k][d - 1]));
          numbers.push(k + 1);
        }
      }
      return rows.length ? { band: this.nl.bandOf(rows), rows, numbers } : null;
    };
    const post = lastOf('post');
    const pre = lastOf('pre');
    if (!post || !pre) return null;
    const expected = this.nl.slopesExpectations(depths, post.band.median[0], pre.band.median[0]);
    // Draw for draw, the deepest stack's last block against the shallowest's: post-norm's larger, pre-norm's smaller.
    const tallies =
      depths.length > 1
        ? {
            postRises: this.endsTally(post.numbers, post.rows, true),
            preFalls: this.endsTally(pre.numbers, pre.rows, false),
          }
        : null;
    return { depths, post: post.band, pre: pre.band, expected, draws: post.band.count, tallies };
  }

  drawAcross() {
    const a = this.acrossBands();
    if (!a) return;
    this.across = a;
    const series = PLACEMENTS.flatMap(([k, label, colourVar]) =>
      this.banded(`${label}, measured`, colourVar, a[k], a.depths),
    );
    if (a.depths[0] === 1) {
      // Xiong and colleagues' expectations, drawn through the one-block stack's median (the core's).
      const expected = a.expected;
      const at = (list) => a.depths.map((x, k) => ({ x, y: list[k] }));
      series.push(
        {
          label: 'post-norm, expected: the same at every depth',
          data: at(expected.post),
          colourVar: '--nl-batch',
          dash: [6, 4],
        },
        {
          label: 'pre-norm, expected: 1/√depth',
          data: at(expected.pre),
          colourVar: '--nl-layer',
          dash: [6, 4],
        },
      );
    }
    const n = a.depths.length - 1;
    // The readout names depths 1 and 12: until both are in (a run cancelled early), it has no figure.
    const whole = a.depths[0] === DEPTHS[0] && a.depths[n] === DEPTHS.at(-1);
    this.out(
      'deep',
      whole ? `${fmt(this.nl.lastOverFirst(a.post.median), 2)} / ${fmt(this.nl.lastOverFirst(a.pre.median), 2)}` : '–',
    );
    this.lines('depthsChart', this.$('[data-depths]'), series, this.acrossAxes(a.draws));
  }

  /**
   * The finding's plain words, each counted over the draws by the core: in how many post-norm's
   * last block starts steeper than its first and pre-norm's less steep, and, draw for draw, in how
   * many the deepest stack's last block is steeper than the shallowest's post-norm and less steep
   * pre-norm. Empty where a count has no figures yet (one block, or one depth, in).
   */
  tallySentences(depth, a) {
    const postRises = this.blockTally(depth, 'post', true);
    const preFalls = this.blockTally(depth, 'pre', false);
    let text = '';
    if (postRises && preFalls)
      text +=
        `With ${depth} blocks, post-norm's last block starts with larger slopes than its first in ${postRises.text}; ` +
        `pre-norm's with smaller ones in ${preFalls.text}. `;
    if (a.tallies) {
      const [first, last] = [a.depths[0], a.depths.at(-1)];
      text +=
        `Draw for draw, the last block's slopes are larger at ${last} blocks than at ${first} in ${a.tallies.postRises.text} ` +
        `post-norm, and smaller in ${a.tallies.preFalls.text} pre-norm. `;
    }
    return text;
  }

  /**
   * The chapter's sentence beside the instrument (T53 to T55), judged by the core part by part on
   * this seed's draws, each clause followed by whether it holds here: the reader steps the seed to
   * see the sentence's "at every seed from 1 to 5". The parts about blocks need two blocks or more.
   */
  sentenceCheck(depth, post, pre, a) {
    const { seed, draws } = this.ensemble;
    const s = this.nl.slopesSentence({
      blocks: { post: post.median, pre: pre.median },
      depths: a.depths,
      across: { post: a.post, pre: a.pre },
    });
    const says = (holds) => (holds ? 'holds' : 'does not hold');
    const [first, last] = [a.depths[0], a.depths.at(-1)];
    const parts = [];
    if (depth > 1)
      parts.push(
        `post-norm's median rises from block 1 to block ${depth} (${says(s.postRises)}) and ends above pre-norm's ` +
          `(${says(s.postAbovePre)}); pre-norm's median is largest at block 1 (${says(s.preLargestFirst)})`,
      );
    parts.push(
      `post-norm's last-block band at ${last} blocks lies wholly above its band at ${first} (${says(s.deepBandAboveShallow)}); ` +
        `pre-norm's last-block median falls from ${first} block${first === 1 ? '' : 's'} to ${last} (${says(s.preFalls)}) and ` +
        `stays above the 1/√depth curve at every depth past ${first} (${says(s.preAboveCurve)})`,
    );
    return `The chapter's sentence at seed ${seed}, over ${drawsText(draws)}: ${parts.join('; ')}.`;
  }

  /**
   * Each draw's figures behind the finding's counts: its first and last block at the run's depth,
   * and its last block at the first and the last depth in, each pair as "first → last" (a dash
   * for a draw not in yet).
   */
  eachDraw(depth, a) {
    const [first, last] = [a.depths[0], a.depths.at(-1)];
    const pair = (x, y) => (x === undefined || y === undefined ? '–' : `${fmt(x, 3)} → ${fmt(y, 3)}`);
    const at = (d, placement, k) => this.ensemble.at.get(d)[placement][k];
    return {
      caption: `each draw: block 1 → block ${depth} with ${depth} blocks; the last block with ${first} → ${last} blocks`,
      columns: [
        'draw',
        `post-norm, block 1 → ${depth}`,
        `pre-norm, block 1 → ${depth}`,
        `post-norm, last block, ${first} → ${last} blocks`,
        `pre-norm, last block, ${first} → ${last} blocks`,
      ],
      rows: Array.from({ length: this.ensemble.draws }, (_, k) => [
        String(k + 1),
        ...['post', 'pre'].map((p) => pair(at(depth, p, k)?.[0], at(depth, p, k)?.[depth - 1])),
        ...['post', 'pre'].map((p) => pair(at(first, p, k)?.[first - 1], at(last, p, k)?.[last - 1])),
      ]),
    };
  }

  describe() {
    const { depth, draws } = this.ensemble;
    const post = this.bandAt(depth, 'post');
    const pre = this.bandAt(depth, 'pre');
    const a = this.across;
    const two = (x) => fmt(x, 2);
    const range = (band, k) => `${two(band.median[k])} (${two(band.low[k])} to ${two(band.high[k])})`;
    const last = depth - 1;
    const n = a.depths.length - 1;
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'slopes-finding',
        finding:
          this.tallySentences(depth, a) +
          `Over ${drawsText(draws)}, median and 10 to 90 % band: with ${depth} blocks, the feed-forward slopes of block 1 are ` +
          `${range(post, 0)} post-norm and ${range(pre, 0)} pre-norm; of block ${depth}, ${range(post, last)} and ${range(pre, last)}. ` +
          `From 1 to ${a.depths[n]} blocks the last block's slope goes from ${range(a.post, 0)} to ${range(a.post, n)} post-norm ` +
          `(expected: unchanged) and from ${range(a.pre, 0)} to ${range(a.pre, n)} pre-norm ` +
          `(expected: ${two(a.expected.pre[n])}).`,
        caption: `slope size per block, and the last block across depths: median (10 % to 90 %) over ${drawsText(draws)}`,
        columns: [
          'block or depth',
          'post-norm, per block',
          'pre-norm, per block',
          'post-norm, last block',
          'pre-norm, last block',
        ],
        rows: Array.from({ length: Math.max(depth, a.depths.length) }, (_, k) => [
          `${k < depth ? `block ${k + 1}` : '–'} / ${k < a.depths.length ? `depth ${a.depths[k]}` : '–'}`,
          k < depth ? range(post, k) : '',
          k < depth ? range(pre, k) : '',
          k < a.depths.length ? range(a.post, k) : '',
          k < a.depths.length ? range(a.pre, k) : '',
        ]),
        more: [this.eachDraw(depth, a)],
      }),
    );
    const check = document.createElement('p');
    check.className = 'note';
    check.dataset.sentence = '';
    check.textContent = this.sentenceCheck(depth, post, pre, a);
    this.$('[data-alternative] .finding').after(check);
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
  }
}

define('nl-starting-slopes', NlStartingSlopes);
