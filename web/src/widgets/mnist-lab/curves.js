// The MNIST lab's curves: training loss and held-out accuracy of the four networks as they learn,
// two line charts whose points are kept as the workers post them (at most MAX_POINTS a curve,
// evenly spaced), and "Show the numbers" with the same points as tables.
import { ARRANGEMENTS, COLOURS, SHORT_LABELS } from './names.js';
import { setHtml } from '../../host/trusted-types.js';

export const CHARTS = ['loss', 'accuracy'];
const MAX_POINTS = 400; // per curve

const chartFigure = (kind, label, caption) =>
  `<figure class="curve"><div class="curve-box"><canvas data-chart="${kind}" role="img" aria-label="${label}"></canvas></div>
          <figcaption class="note">${caption}</figcaption></figure>`;

export const curvesHtml = `<div class="charts">
        ${chartFigure('loss', 'training loss per tenth of an epoch', 'Training loss (mean cross-entropy of the batches), by epoch')}
        ${chartFigure('accuracy', 'held-out accuracy per fifth of an epoch', 'Held-out accuracy on the 2,000 test digits, by epoch')}
      </div>
      <details class="numbers" data-lab-numbers><summary>Show the numbers</summary><div data-lab-numbers-body></div></details>`;

export class Curves {
  /** widget: the lab, whose charts these are (widget.lossChart, widget.accuracyChart). */
  constructor(widget, epochs) {
    this.widget = widget;
    this.series = Object.fromEntries(ARRANGEMENTS.map((a) => [a, { loss: [], accuracy: [] }]));
    // Held here: a recoloured chart is rebuilt from these, so the axes set later stay.
    this.axes = {
      loss: { xTitle: 'epoch', yTitle: 'loss', xMin: 0, xMax: epochs, yMin: 0 },
      accuracy: { xTitle: 'epoch', yTitle: 'accuracy', xMin: 0, xMax: epochs, yMin: 0, yMax: 1 },
    };
    this.clear();
    widget.$('[data-lab-numbers]').addEventListener('toggle', () => this.drawNumbers());
  }

  /** The chart of kind ('loss' or 'accuracy'), once made. */
  chart(kind) {
    return this.widget[`${kind}Chart`];
  }

  /** Makes the two charts, each in a task of its own (so starting the lab is never one long task). */
  make() {
    const series = (kind) =>
      ARRANGEMENTS.map((a) => ({
        label: a,
        data: this.series[a][kind],
        colourVar: COLOURS[a],
        points: kind === 'accuracy' ? 2 : 0,
      }));
    return Promise.all(
      CHARTS.map((kind) =>
        this.widget.lines(`${kind}Chart`, this.widget.$(`[data-chart="${kind}"]`), series(kind), this.axes[kind]),
      ),
    );
  }

  /**
   * Sets an axis bound of a chart (kept for a recolour too). ensures: true when it changed (the
   * chart is then due to be drawn again).
   */
  setAxis(kind, name, value) {
    if (this.axes[kind][name] === value) return false;
    this.axes[kind][name] = value;
    const scale = this.chart(kind)?.options.scales[name[0]];
    if (scale) scale[name.endsWith('Min') ? 'min' : 'max'] = value;
    return true;
  }

  /** A worker's figures kept; returns the kinds of chart they changed. */
  add(d) {
    const s = this.series[d.arrangement];
    const changed = [];
    if (!s) return changed;
    if (Number.isFinite(d.loss)) {
      keep(s.loss, { x: d.position, y: d.loss }, this.thinning[d.arrangement].loss);
      changed.push('loss');
    }
    if (d.heldOut) {
      keep(s.accuracy, { x: d.position, y: d.heldOut.accuracy }, this.thinning[d.arrangement].accuracy);
      if (d.heldOut.accuracy < this.lowestAccuracy) {
        this.lowestAccuracy = d.heldOut.accuracy;
        // The axis starts at the multiple of 0.2 below the lowest accuracy yet: 0 before any figure.
        this.setAxis('accuracy', 'yMin', Math.max(0, Math.floor(this.lowestAccuracy * 5) / 5));
      }
      changed.push('accuracy');
    }
    return changed;
  }

  /** Empties the curves in place (the charts keep their arrays). */
  clear() {
    for (const s of Object.values(this.series)) {
      s.loss.length = 0;
      s.accuracy.length = 0;
    }
    const fresh = () => ({ seen: 0, stride: 1 });
    this.thinning = Object.fromEntries(ARRANGEMENTS.map((a) => [a, { loss: fresh(), accuracy: fresh() }]));
    this.lowestAccuracy = Infinity;
    this.setAxis('accuracy', 'yMin', 0);
  }

  /**
   * The charts' points as two tables (loss, held-out accuracy: one row per point, one column per
   * network) while "Show the numbers" is open, at most once a second during a training.
   */
  drawNumbers(force = true) {
    const details = this.widget.$('[data-lab-numbers]');
    if (!details?.open) return;
    const now = performance.now();
    if (!force && now - (this.numbersDrawnAt ?? -Infinity) < 1000) return;
    this.numbersDrawnAt = now;
    setHtml(
      this.widget.$('[data-lab-numbers-body]'),
      this.numbersTable('loss', 'Training loss per tenth of an epoch') +
        this.numbersTable('accuracy', 'Held-out accuracy per fifth of an epoch'),
    );
  }

  numbersTable(kind, caption) {
    const rows = new Map();
    for (const a of ARRANGEMENTS)
      for (const { x, y } of this.series[a][kind]) {
        const key = x.toFixed(2);
        if (!rows.has(key)) rows.set(key, {});
        rows.get(key)[a] = y.toFixed(4);
      }
    const body = [...rows.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(
        ([x, ys]) =>
          `<tr><th scope="row">${Number(x)}</th>${ARRANGEMENTS.map((a) => `<td>${ys[a] ?? '–'}</td>`).join('')}</tr>`,
      )
      .join('');
    return `<div class="scroll-x" role="region" aria-label="${caption}" tabindex="0"><table><caption>${caption}</caption>
        <thead><tr><th scope="col">epoch</th>${ARRANGEMENTS.map((a) => `<th scope="col">${SHORT_LABELS[a]}</th>`).join('')}</tr></thead>
        <tbody>${body || `<tr><td colspan="${ARRANGEMENTS.length + 1}">No points yet: press Train.</td></tr>`}</tbody></table></div>`;
  }
}

/**
 * Adds the next of evenly spaced points to a curve of at most MAX_POINTS: a full curve drops
 * every other point and from then on takes every other point that comes (thinning.stride), so
 * it stays evenly spaced and a long training is drawn as fast as a short one.
 */
function keep(points, point, thinning) {
  const index = thinning.seen++;
  if (index % thinning.stride !== 0) return;
  if (points.length >= MAX_POINTS) {
    let kept = 0;
    for (let k = 0; k < points.length; k += 2) points[kept++] = points[k];
    points.length = kept;
    thinning.stride *= 2;
  }
  points.push(point);
}
