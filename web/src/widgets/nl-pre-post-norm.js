// <nl-pre-post-norm>: a stack of residual blocks with layer norm after the addition (post-norm)
// or on the branch's input (pre-norm): at initialisation, the size of the slope reaching each
// block and the spread of the main path per depth, from the core's forward and backward passes.
import { NlWidget, define } from '../widget/widget.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { SEEDS_COUNTED, firstCountedSeed, watchWidgetSeed, seedOption } from '../widget/seed-field.js';
import { setHtml } from '../host/trusted-types.js';

const PLACEMENTS = [
  ['post', 'post-norm: x ← LN(x + F(x))', '--nl-batch'],
  ['pre', 'pre-norm: x ← x + F(LN(x))', '--nl-layer'],
];

/** The finding over the seeds counted (the core's residualOverSeedsView), as the tutorial states it. */
function overSeeds(o) {
  const jumps =
    o.postFewestRises === o.postMostRises ? `${o.postMostRises}` : `${o.postFewestRises} to ${o.postMostRises}`;
  const post = `post-norm's does in ${o.postBumpy.text}${o.postMostRises > 0 ? `, at ${jumps} blocks a seed` : ''}`;
  return (
    `Seeds ${o.firstSeed} to ${o.lastSeed}, ${o.depth} blocks: pre-norm's slope never jumps up again toward the ` +
    `output in ${o.preSmooth.text}; ${post}.`
  );
}

export class NlPrePostNorm extends NlWidget {
  static title = 'Pre-norm and post-norm';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    { name: 'depth', type: 'integer', default: 24, min: 2, max: 48, doc: 'how many residual blocks (2 to 48)' },
    seedOption('seed of the weights, inputs and targets'),
  ];

  async start() {
    const c = this.config;
    this.held.depth = Math.max(2, Math.min(c.depth, 48));
    this.held.seed = c.seed;
    this.render(`
      <div class="controls">
        <label>blocks <input type="range" min="2" max="48" value="${this.held.depth}" data-depth aria-label="number of residual blocks"></label>
        <b data-depth-out></b>
        <label>seed <input type="number" min="0" step="1" value="${this.held.seed}" data-seed aria-label="seed"></label>
      </div>
      <p class="note" data-about></p>
      <div class="chart"><canvas data-slope role="img" aria-label="size of the slope reaching each block, post-norm and pre-norm" aria-describedby="stacks-finding"></canvas></div>
      <div class="chart"><canvas data-spread role="img" aria-label="spread of the main path after each block" aria-describedby="stacks-finding"></canvas></div>
      <div data-alternative></div>
      ${readouts([
        { label: 'blocks where the slope jumps up again (over 5 %), post / pre', out: 'rises' },
        { label: 'slope at the last block, post / pre', out: 'last' },
        { label: 'spread after the last block, post / pre', out: 'spread' },
      ])}
      <p class="note" data-over-seeds></p>`);
    this.$('[data-depth]').addEventListener('input', (e) => {
      this.held.depth = Number(e.target.value);
      this.update();
    });
    watchWidgetSeed(this);
    this.update();
  }

  update() {
    const v = this.nl.residualStacksView({ seed: this.held.seed, depth: this.held.depth });
    this.$('[data-depth-out]').textContent = String(v.depth);
    this.$('[data-about]').textContent =
      `${v.depth} blocks, each F(x) = W₂ relu(W₁x) on ${v.width} features, ${v.examples} examples; ` +
      `the loss is half the mean squared distance from random targets.`;
    this.out('rises', `${v.post.slopeRises} / ${v.pre.slopeRises}`);
    const counted = {
      firstSeed: firstCountedSeed(this.held.seed),
      seeds: SEEDS_COUNTED,
      depth: this.held.depth,
    };
    this.$('[data-over-seeds]').textContent = overSeeds(this.nl.residualOverSeedsView(counted));
    this.out('last', `${fmt(v.post.inputSlope[v.depth - 1], 2)} / ${fmt(v.pre.inputSlope[v.depth - 1], 2)}`);
    this.out('spread', `${fmt(v.post.spread[v.depth - 1], 2)} / ${fmt(v.pre.spread[v.depth - 1], 2)}`);
    const series = (field) =>
      PLACEMENTS.map(([k, label, colourVar]) => ({ label, data: Array.from(v[k][field]), colourVar, points: 2 }));
    const draw = (name, field, yTitle) =>
      this.lines(name, this.$(`[data-${name}]`), series(field), { xTitle: 'block', yTitle, yMin: 0 });
    draw('slope', 'inputSlope', 'slope reaching the block');
    draw('spread', 'spread', 'spread of the main path');
    const last = v.depth - 1;
    const two = (k, field, b) => fmt(v[k][field][b], 2);
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'stacks-finding',
        finding:
          `The slope reaching block 1 is ${two('post', 'inputSlope', 0)} post-norm and ${two('pre', 'inputSlope', 0)} pre-norm; ` +
          `at block ${v.depth}, ${two('post', 'inputSlope', last)} and ${two('pre', 'inputSlope', last)}. ` +
          `The main path's spread after the last block is ${two('post', 'spread', last)} post-norm and ${two('pre', 'spread', last)} pre-norm.`,
        caption: 'slope and spread per block',
        columns: ['block', 'slope, post-norm', 'slope, pre-norm', 'spread, post-norm', 'spread, pre-norm'],
        rows: Array.from({ length: v.depth }, (_, b) => [
          String(b + 1),
          two('post', 'inputSlope', b),
          two('pre', 'inputSlope', b),
          two('post', 'spread', b),
          two('pre', 'spread', b),
        ]),
      }),
    );
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
  }
}

define('nl-pre-post-norm', NlPrePostNorm);
