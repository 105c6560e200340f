// <nl-drift>: random examples through layers of ReLU neurons with random weights, plain and with
// layer norm before each ReLU: the spread per layer, and any layer's histogram, from the core.
import { NlWidget, define } from '../widget/widget.js';
import { chartAlternative, colour, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { SEEDS_COUNTED, firstCountedSeed, watchWidgetSeed, seedOption } from '../widget/seed-field.js';
import { setHtml } from '../host/trusted-types.js';

const RUNS = [
  ['plain', 'without normalisation', '--nl-plain'],
  ['normalised', 'layer norm before each ReLU', '--nl-layer'],
];

/** The finding over the seeds counted (the core's driftOverSeedsView), as the tutorial states it. */
function overSeeds(o) {
  if (o.layers === 1)
    return (
      `Seeds ${o.firstSeed} to ${o.lastSeed}, 1 layer: with layer norm before its ReLU the spread stays between ` +
      `${o.levelLow} and ${o.levelHigh} in ${o.level.text}.`
    );
  return (
    `Seeds ${o.firstSeed} to ${o.lastSeed}, ${o.layers} layers: without normalisation the spread climbs at every layer ` +
    `in ${o.climbs.text}; with layer norm before each ReLU it stays between ${o.levelLow} and ${o.levelHigh} at every ` +
    `layer in ${o.level.text}.`
  );
}

export class NlDrift extends NlWidget {
  static title = 'Drift through depth';
  static styles = [
    readerStyles,
    'canvas.hist { width: 100%; height: 9rem; display: block; } .blocks > figure { flex: 1 1 18rem; margin: 0; }',
  ];
  static coreModule = 'tutorial';
  static options = [
    seedOption('seed of the random examples and weights'),
    { name: 'layers', type: 'integer', default: 5, min: 1, max: 12, doc: 'how many layers (1 to 12)' },
  ];

  async start() {
    const c = this.config;
    this.held.seed = c.seed;
    this.held.layers = c.layers;
    this.shown = 0;
    this.render(`
      <div class="controls">
        <label>seed <input type="number" min="0" step="1" value="${this.held.seed}" data-seed aria-label="seed"></label>
        <button data-redraw>Draw again</button>
        <span class="note" data-about></span>
      </div>
      <div class="chart"><canvas role="img" aria-label="spread of each layer's outputs, plain and with layer norm" aria-describedby="drift-finding"></canvas></div>
      <div data-alternative></div>
      ${readouts([
        { label: 'spread at the last layer, plain', out: 'last-plain' },
        { label: 'spread at the last layer, with layer norm', out: 'last-normalised' },
      ])}
      <p class="note" data-over-seeds></p>
      <div class="controls"><span class="group" role="group" aria-label="histogram of layer" data-layer-buttons></span></div>
      <div class="blocks">${RUNS.map(
        ([run, label]) => `<figure><figcaption>${label}: outputs of the chosen layer</figcaption>
          <canvas class="hist" width="360" height="140" data-hist="${run}" role="img" aria-label="histogram, ${label}"></canvas></figure>`,
      ).join('')}</div>
      <p class="note" aria-live="polite" data-hist-note></p>`);
    watchWidgetSeed(this);
    this.$('[data-redraw]').addEventListener('click', () => {
      this.held.seed += 1;
      this.$('[data-seed]').value = String(this.held.seed);
      this.update();
    });
    this.$('[data-layer-buttons]').addEventListener('click', (e) => {
      const b = e.target.closest('[data-layer]');
      if (!b) return;
      this.shown = Number(b.dataset.layer);
      this.drawHistograms();
    });
    arrowKeys(this.body);
    this.update({ histogramsLater: true });
  }

  /** histogramsLater: whether the histograms are drawn in a task of their own (a first draw's slice). */
  update({ histogramsLater = false } = {}) {
    const v = this.nl.driftView({ seed: this.held.seed, layers: this.held.layers, bins: 24 });
    this.view = v;
    this.shown = Math.min(this.shown, v.layers - 1);
    this.$('[data-about]').textContent =
      `${v.examples} examples, ${v.layers} layers of ${v.width} neurons; inputs of spread ${fmt(v.inputDeviation, 2)}`;
    this.out('last-plain', fmt(v.plain.deviation[v.layers - 1], 2));
    this.out('last-normalised', fmt(v.normalised.deviation[v.layers - 1], 2));
    const counted = {
      firstSeed: firstCountedSeed(this.held.seed),
      seeds: SEEDS_COUNTED,
      layers: this.held.layers,
    };
    this.$('[data-over-seeds]').textContent = overSeeds(this.nl.driftOverSeedsView(counted));
    const series = RUNS.map(([run, label, colourVar]) => ({
      label,
      data: Array.from(v[run].deviation),
      colourVar,
      points: 4,
    }));
    this.lines('chart', this.$('canvas'), series, { xTitle: 'layer', yTitle: 'spread (standard deviation)', yMin: 0 });
    const last = v.layers - 1;
    const at = (run, l) => fmt(v[run].deviation[l], 2);
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'drift-finding',
        finding: `Without normalisation the spread goes from ${at('plain', 0)} at layer 1 to ${at('plain', last)} at layer ${last + 1}; with layer norm before each ReLU, from ${at('normalised', 0)} to ${at('normalised', last)}.`,
        caption: "spread of each layer's outputs",
        columns: ['layer', 'without normalisation', 'layer norm before each ReLU'],
        rows: Array.from({ length: v.layers }, (_, l) => [String(l + 1), at('plain', l), at('normalised', l)]),
      }),
    );
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
    setHtml(
      this.$('[data-layer-buttons]'),
      Array.from(
        { length: v.layers },
        (_, l) => `<button data-layer="${l}" aria-pressed="${l === this.shown}">layer ${l + 1}</button>`,
      ).join(''),
    );
    if (histogramsLater) this.inOwnTask(() => this.drawHistograms());
    else this.drawHistograms();
  }

  drawHistograms() {
    const v = this.view;
    this.$$('[data-layer]').forEach((b) =>
      b.setAttribute('aria-pressed', String(Number(b.dataset.layer) === this.shown)),
    );
    rovingTabindex(this.root);
    // Both histograms share one scale (the wider run's range, the taller bar), so the plain
    // outputs' wider spread shows as a wider histogram.
    const hs = RUNS.map(([run]) => v[run].histograms[this.shown]);
    const low = Math.min(...hs.map((h) => h.low));
    const high = Math.max(...hs.map((h) => h.high));
    const tallest = Math.max(...hs.flatMap((h) => h.counts));
    const lowLabel = fmt(low, 2);
    const highLabel = fmt(high, 2);
    RUNS.forEach(([run, , colourVar], r) => {
      const h = hs[r];
      const canvas = this.$(`[data-hist="${run}"]`);
      const ctx = canvas.getContext('2d');
      const axis = 16;
      const plotHeight = canvas.height - axis - 4;
      const x = (value) => ((value - low) / (high - low || 1)) * (canvas.width - 2) + 1;
      const binWidth = (x(h.high) - x(h.low)) / h.counts.length;
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = colour(this, colourVar);
      h.counts.forEach((n, k) => {
        const height = (n / tallest) * plotHeight;
        ctx.fillRect(x(h.low) + k * binWidth + 0.5, canvas.height - axis - height, Math.max(binWidth - 1, 1), height);
      });
      ctx.fillStyle = colour(this, '--nl-fg');
      ctx.fillRect(0, canvas.height - axis, canvas.width, 1);
      ctx.font = '11px system-ui, sans-serif';
      ctx.textBaseline = 'bottom';
      ctx.textAlign = 'left';
      ctx.fillText(lowLabel, 1, canvas.height);
      ctx.textAlign = 'right';
      ctx.fillText(highLabel, canvas.width - 1, canvas.height);
      canvas.setAttribute(
        'aria-label',
        `histogram, ${RUNS[r][1]}: outputs from ${fmt(h.low, 2)} to ${fmt(h.high, 2)} on a scale from ${lowLabel} to ${highLabel}`,
      );
    });
    const p = v.plain.histograms[this.shown];
    const n = v.normalised.histograms[this.shown];
    this.$('[data-hist-note]').textContent =
      `Layer ${this.shown + 1}: plain outputs run from ${fmt(p.low, 2)} to ${fmt(p.high, 2)}, ` +
      `with layer norm from ${fmt(n.low, 2)} to ${fmt(n.high, 2)}. The tall first bar is the ReLU's zeros.`;
  }

  recolour() {
    super.recolour();
    if (this.view) this.drawHistograms();
  }
}

define('nl-drift', NlDrift);
