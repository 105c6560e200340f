// <nl-bowl>: gradient descent on the stretched bowl L = w1² + 25 w2² and on its standardised,
// round twin, side by side: contours, the path step by step (Step, Run, Reset), the loss, the
// per-step factors and the stable limit, all from the core. Drawing maps numbers to pixels only.
import { NlWidget, define } from '../widget/widget.js';
import { errorLine, showInert } from '../host/inert.js';
import { colour } from '../widget/charts.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';

const BOWLS = [
  ['stretched', 'Stretched: L = w₁² + 25 w₂²', 'w₂'],
  ['round', 'Standardised: L = w₁² + u₂²', 'u₂'],
];
const EXTENT = 7; // both panels show [-7, 7] on both axes, one scale, so the stretch is honest
const RUN_STEPS = { stretched: 20, round: 5 };

/** Three significant digits for display; the overflowed (null) as ∞. */
const sig = (v) => (v === null ? '∞' : fmt(Number(v.toPrecision(3)), 12));

export class NlBowl extends NlWidget {
  static title = 'Stretched and round bowls';
  static styles = [
    `.bowls { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
        figure { margin: 0; }
        canvas { width: 100%; max-width: 320px; aspect-ratio: 1; display: block; }`,
  ];
  static coreModule = 'tutorial';
  static options = [
    {
      name: 'stretched-rate',
      type: 'number',
      default: 0.035,
      min: 0,
      max: 0.5,
      doc: 'learning rate on the stretched bowl',
      live: (w) => w.bowls?.stretched.rate,
    },
    {
      name: 'round-rate',
      type: 'number',
      default: 0.3,
      min: 0,
      max: 0.5,
      doc: 'learning rate on the round bowl',
      live: (w) => w.bowls?.round.rate,
    },
  ];

  async start() {
    const c = this.config;
    this.bowls = {
      stretched: { rate: c['stretched-rate'], steps: 0 },
      round: { rate: c['round-rate'], steps: 0 },
    };
    const nudge = this.nl.nudgeView();
    this.render(`
      <p class="note">A nudge of ${fmt(nudge.nudge)} to each weight of a price model moves its prediction by
        ${fmt(nudge.bedroomsChange)} through ${fmt(nudge.bedrooms)} bedrooms and by ${fmt(nudge.areaChange)} through
        ${fmt(nudge.area)} m², ${fmt(nudge.ratio)} times more. In the toy bowl the second input is ${fmt(nudge.inputRatio)}
        times larger, so its curvature is ${fmt(nudge.curvatureRatio)} times larger.</p>
      <div class="bowls">${BOWLS.map(
        ([which, title, axis]) => `
        <figure data-bowl="${which}">
          <figcaption>${title}</figcaption>
          <canvas width="320" height="320" role="img" aria-label="${which} bowl: contours and descent path"></canvas>
          <div class="controls">
            <label>learning rate <input type="number" min="0" max="0.5" step="0.005" value="${this.bowls[which].rate}"
              data-rate aria-label="${which} bowl learning rate"></label>
            <button data-step>Step</button>
            <button data-run>Run ${RUN_STEPS[which]}</button>
            <button data-reset>Reset</button>
          </div>
          ${readouts([
            { label: 'steps', out: `${which}-steps` },
            { label: `position (w₁, ${axis})`, out: `${which}-at` },
            { label: 'loss', out: `${which}-loss` },
            { label: `each step multiplies w₁, ${axis} by`, out: `${which}-factors` },
            { label: 'stable below learning rate', out: `${which}-limit` },
          ])}
          <p class="note" data-verdict aria-live="polite"></p>
        </figure>`,
      ).join('')}</div>`);
    for (const [which] of BOWLS) {
      const fig = this.$(`[data-bowl="${which}"]`);
      fig.querySelector('[data-rate]').addEventListener('change', (e) => {
        this.bowls[which].rate = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
        this.draw(which);
      });
      fig.querySelector('[data-step]').addEventListener('click', () => this.advance(which, 1));
      fig.querySelector('[data-run]').addEventListener('click', () => this.run(which));
      fig.querySelector('[data-reset]').addEventListener('click', () => {
        this.bowls[which].steps = 0;
        this.draw(which);
      });
      this.draw(which);
    }
  }

  advance(which, by) {
    this.bowls[which].steps = Math.min(200, this.bowls[which].steps + by);
    this.draw(which);
  }

  /** Steps a few times a second until the Run count is reached, so the path can be watched. */
  run(which) {
    const target = this.bowls[which].steps + RUN_STEPS[which];
    const signal = this.signal;
    const tick = () => {
      if (signal.aborted || this.bowls[which].steps >= target) return;
      this.advance(which, 1);
      setTimeout(tick, 120);
    };
    tick();
  }

  draw(which) {
    const s = this.bowls[which];
    const fig = this.$(`[data-bowl="${which}"]`);
    const verdict = fig.querySelector('[data-verdict]');
    let v;
    try {
      v = this.nl.bowlView(which, s.rate, s.steps);
    } catch (e) {
      verdict.dataset.errorName = e.name;
      showInert(verdict, Number.isNaN(s.rate) ? 'learning rate: empty; type a number' : errorLine(e));
      for (const name of ['steps', 'at', 'loss', 'factors', 'limit']) this.out(`${which}-${name}`, '–');
      return;
    }
    delete verdict.dataset.errorName;
    const k = v.path.loss.length - 1;
    this.out(`${which}-steps`, String(s.steps));
    this.out(`${which}-at`, `(${sig(v.path.w1[k])}, ${sig(v.path.w2[k])})`);
    this.out(`${which}-loss`, sig(v.path.loss[k]));
    this.out(`${which}-factors`, `${fmt(v.factors[0], 4)}, ${fmt(v.factors[1], 4)}`);
    this.out(`${which}-limit`, fmt(v.stableLimit, 4));
    const settles = v.factors.every((f) => Math.abs(f) < 1);
    verdict.textContent = v.diverges
      ? `A factor is larger than 1 in size: that coordinate grows at every step and the loss diverges.`
      : settles
        ? `Both factors are smaller than 1 in size: descent settles, fastest along the factor nearest 0.`
        : `A factor is exactly 1 in size: that coordinate never shrinks (it stands still, or swings between two values), so descent does not settle.`;
    this.plot(fig.querySelector('canvas'), v);
  }

  plot(canvas, v) {
    const ctx = canvas.getContext('2d');
    const size = canvas.width;
    const px = (x) => ((x + EXTENT) / (2 * EXTENT)) * size;
    const py = (y) => size - ((y + EXTENT) / (2 * EXTENT)) * size;
    ctx.clearRect(0, 0, size, size);
    ctx.strokeStyle = colour(this, '--nl-line');
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(px(-EXTENT), py(0));
    ctx.lineTo(px(EXTENT), py(0));
    ctx.moveTo(px(0), py(-EXTENT));
    ctx.lineTo(px(0), py(EXTENT));
    ctx.stroke();
    ctx.strokeStyle = colour(this, '--nl-muted');
    for (const ring of v.contours) {
      ctx.beginPath();
      ring.w1.forEach((x, i) => (i ? ctx.lineTo(px(x), py(ring.w2[i])) : ctx.moveTo(px(x), py(ring.w2[i]))));
      ctx.stroke();
    }
    ctx.strokeStyle = colour(this, '--nl-accent');
    ctx.fillStyle = colour(this, '--nl-accent');
    ctx.lineWidth = 2;
    ctx.beginPath();
    const finite = v.path.w1.map((x, i) => [x, v.path.w2[i]]).filter(([x, y]) => x !== null && y !== null);
    finite.forEach(([x, y], i) => (i ? ctx.lineTo(px(x), py(y)) : ctx.moveTo(px(x), py(y))));
    ctx.stroke();
    for (const [x, y] of finite) {
      ctx.beginPath();
      ctx.arc(px(x), py(y), 2.5, 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  recolour() {
    super.recolour();
    for (const [which] of BOWLS) if (this.bowls) this.draw(which);
  }
}

define('nl-bowl', NlBowl);
