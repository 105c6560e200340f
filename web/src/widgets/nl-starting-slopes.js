// <nl-starting-slopes>: the slopes a small Transformer starts with. For each block, the size of
// its feed-forward weight slopes at initialisation, post-norm beside pre-norm, averaged over the
// core's draws; and the last block's slope as the stack deepens, beside what Xiong and
// colleagues' analysis expects of it. Computed by the core in a worker of the widget's own.
import { NlWidget, define } from '../widget/widget.js';
import { SLOPES_DEPTHS, TRANSFORMER_WIDTHS } from '../widget/limits.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../page/trusted-types.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { watchWidgetSeed } from '../widget/seed-field.js';
import { CancelError, isCancel } from '../work/protocol.js';
import { TRANSFORMER_JOBS } from '../work/transformer-jobs.js';
import { transformerWorker } from '../work/transformer-work.js';

const WIDTHS = TRANSFORMER_WIDTHS;
const SETTLE_MS = 150;
const NORMS = [
  ['layer', 'layer norm'],
  ['rms', 'RMS norm'],
];
const PLACEMENTS = [
  ['post', 'post-norm', '--nl-batch'],
  ['pre', 'pre-norm', '--nl-layer'],
];

export class NlStartingSlopes extends NlWidget {
  static title = 'The slopes a Transformer starts with';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    { name: 'depth', type: 'integer', default: 6, ...SLOPES_DEPTHS, doc: 'how many blocks (1 to 12)' },
    { name: 'width', type: 'integer', default: 64, choices: WIDTHS, doc: 'features of a token (16, 32 or 64)' },
    { name: 'norm', type: 'string', default: 'layer', choices: ['layer', 'rms'], doc: 'the normaliser' },
    { name: 'seed', type: 'integer', default: 1, min: 0, max: 4294967295, doc: 'seed of the weights and tokens' },
  ];

  constructor() {
    super();
    this.trainingWorker = transformerWorker(); // the base class frees it with each start
  }

  async start() {
    const c = this.config;
    Object.assign(this, { depth: c.depth, width: c.width, norm: c.norm, seed: c.seed });
    this.render(`
      <div class="controls">
        <label>blocks <input type="range" min="1" max="12" value="${this.depth}" data-depth aria-label="number of blocks"></label>
        <b data-out="depth">${this.depth}</b>
        <label>width <select data-width aria-label="width">${WIDTHS.map(
          (w) => `<option value="${w}" ${w === this.width ? 'selected' : ''}>${w}</option>`,
        ).join('')}</select></label>
        <label>normaliser <select data-norm aria-label="normaliser">${NORMS.map(
          ([k, label]) => `<option value="${k}" ${k === this.norm ? 'selected' : ''}>${label}</option>`,
        ).join('')}</select></label>
        <label>seed <input type="number" min="0" step="1" value="${this.seed}" data-seed aria-label="seed"></label>
      </div>
      <p class="note" data-about></p>
      <div class="chart"><canvas data-blocks role="img" aria-label="size of each block's feed-forward weight slopes, post-norm and pre-norm" aria-describedby="slopes-finding"></canvas></div>
      <p class="note" data-status role="status" aria-live="polite"></p>
      <div class="chart"><canvas data-depths role="img" aria-label="the last block's slope size at depths 1 to 12, measured and expected" aria-describedby="slopes-finding"></canvas></div>
      <div data-alternative></div>
      ${readouts([
        { label: 'last block over first, post-norm', out: 'postRatio' },
        { label: 'last block over first, pre-norm', out: 'preRatio' },
        { label: 'last block at depth 12 over depth 1, post / pre', out: 'deep' },
      ])}`);
    this.$('[data-depth]').addEventListener('input', (e) => {
      this.depth = Number(e.target.value);
      this.out('depth', String(this.depth));
      this.reader({ depth: this.depth });
    });
    this.$('[data-width]').addEventListener('change', (e) => this.reader({ width: Number(e.target.value) }));
    this.$('[data-norm]').addEventListener('change', (e) => this.reader({ norm: e.target.value }));
    watchWidgetSeed(this);
    this.acrossFor = null; // this start's body has no second chart yet
    await this.compute();
  }

  /** A control changed: the state follows, and the figures that depend on it are computed again. */
  reader(values) {
    Object.assign(this, values);
    this.changed(values);
    this.update();
  }

  /** Computes and draws again (the seed field calls it); a figure overtaken by a newer one is dropped. */
  update() {
    this.compute().catch((e) => {
      if (!isCancel(e) && !this.signal.aborted) this.showFailure(e);
    });
  }

  async compute() {
    this.asking?.abort();
    const asking = new AbortController();
    this.asking = asking;
    this.signal.addEventListener('abort', () => asking.abort(), { once: true });
    const signal = asking.signal;
    const { depth, width, norm, seed } = this;
    this.$('[data-status]').textContent = 'The core is drawing the stacks…';
    // A slider dragged sends many values: only the one it rests on for a moment is computed (a
    // job the worker has begun runs to its end, so each would hold up the next).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (signal.aborted) throw new CancelError();
    const ask = (job, input) => this.worker.run(job, { input, signal });
    this.blocks = await ask(TRANSFORMER_JOBS.startingSlopes, { depth, width, norm, seed });
    this.drawBlocks();
    const acrossFor = `${width} ${norm} ${seed}`; // the depth does not change the second chart
    if (this.acrossFor !== acrossFor) {
      this.$('[data-status]').textContent = 'The core is drawing stacks of 1 to 12 blocks for the second chart…';
      this.across = await ask(TRANSFORMER_JOBS.slopesAcrossDepths, { width, norm, seed });
      this.acrossFor = acrossFor;
      this.drawAcross();
    }
    this.$('[data-status]').textContent = '';
    this.describe();
    this.noticeChange();
  }

  drawBlocks() {
    const v = this.blocks;
    this.$('[data-about]').textContent =
      `${v.depth} blocks of causal self-attention (${v.heads} heads) and a feed-forward block (${v.width} → ${v.hidden} → ${v.width}), ` +
      `${v.norm === 'rms' ? 'RMS' : 'layer'} norm, Xavier-initialised; ${v.sequences} sequences of ${v.context} random tokens, ` +
      `next-token loss; the mean of ${v.draws} draws.`;
    const last = v.depth - 1;
    this.out('postRatio', fmt(v.post[last] / v.post[0], 2));
    this.out('preRatio', fmt(v.pre[last] / v.pre[0], 2));
    const series = PLACEMENTS.map(([k, label, colourVar]) => ({
      label,
      data: Array.from(v[k]),
      colourVar,
      points: 3,
    }));
    this.lines('blocksChart', this.$('[data-blocks]'), series, {
      xTitle: 'block',
      yTitle: 'size of the feed-forward weight slopes',
      yMin: 0,
    });
  }

  drawAcross() {
    const a = this.across;
    const at = (list) => Array.from(list, (y, k) => ({ x: a.depths[k], y }));
    const series = [
      ...PLACEMENTS.map(([k, label, colourVar]) => ({
        label: `${label}, measured`,
        data: at(a[k]),
        colourVar,
        points: 3,
      })),
      {
        label: 'post-norm, expected: the same at every depth',
        data: at(a.postExpected),
        colourVar: '--nl-batch',
        dash: [6, 4],
      },
      { label: 'pre-norm, expected: 1/√depth', data: at(a.preExpected), colourVar: '--nl-layer', dash: [6, 4] },
    ];
    const n = a.depths.length - 1;
    this.out('deep', `${fmt(a.post[n] / a.post[0], 2)} / ${fmt(a.pre[n] / a.pre[0], 2)}`);
    this.lines('depthsChart', this.$('[data-depths]'), series, {
      xTitle: 'blocks in the stack',
      yTitle: "the last block's slope size",
      yMin: 0,
    });
  }

  describe() {
    const v = this.blocks;
    const a = this.across;
    const two = (x) => fmt(x, 2);
    const last = v.depth - 1;
    const n = a.depths.length - 1;
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'slopes-finding',
        finding:
          `With ${v.depth} blocks, the feed-forward slopes of block 1 are ${two(v.post[0])} post-norm and ${two(v.pre[0])} pre-norm; ` +
          `of block ${v.depth}, ${two(v.post[last])} and ${two(v.pre[last])}. ` +
          `From 1 to ${a.depths[n]} blocks the last block's slope goes from ${two(a.post[0])} to ${two(a.post[n])} post-norm ` +
          `(expected: unchanged) and from ${two(a.pre[0])} to ${two(a.pre[n])} pre-norm (expected: ${two(a.preExpected[n])}).`,
        caption: 'slope size per block, and the last block across depths',
        columns: [
          'block or depth',
          'post-norm, per block',
          'pre-norm, per block',
          'post-norm, last block',
          'pre-norm, last block',
          'pre-norm, expected',
        ],
        rows: Array.from({ length: Math.max(v.depth, a.depths.length) }, (_, k) => [
          `${k < v.depth ? `block ${k + 1}` : '–'} / ${k < a.depths.length ? `depth ${a.depths[k]}` : '–'}`,
          k < v.depth ? two(v.post[k]) : '',
          k < v.depth ? two(v.pre[k]) : '',
          k < a.depths.length ? two(a.post[k]) : '',
          k < a.depths.length ? two(a.pre[k]) : '',
          k < a.depths.length ? two(a.preExpected[k]) : '',
        ]),
      }),
    );
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
  }
}

define('nl-starting-slopes', NlStartingSlopes);
