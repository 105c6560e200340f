// <nl-mnist-circle>: random 3-D points and their layer-norm outputs, computed by the core, drawn
// in 3-D: the outputs lie on the circle of radius sqrt(3) in the plane x + y + z = 0. Rotate by
// dragging or with the arrow keys; the turn is part of the widget's state (a link shows it so).
import { seedOption } from '../widget/seed-field.js';
import { NlWidget, define, esc } from '../widget/widget.js';
import { colour } from '../widget/charts.js';

export class NlMnistCircle extends NlWidget {
  static title = 'Layer norm puts 3-D points on a circle';
  static styles = [
    'canvas.circle { width: 100%; max-width: 440px; height: auto; display: block; touch-action: pan-y; cursor: grab; }',
  ];
  static coreModule = 'mnist';
  static options = [
    { name: 'points', type: 'integer', default: 200, min: 1, max: 2000, doc: 'random points (1 to 2000)' },
    seedOption('seed of the points'),
    {
      name: 'yaw',
      type: 'number',
      default: 0.6,
      min: -3.15,
      max: 3.15,
      doc: 'turn about the vertical axis, in radians',
      live: (w) => (w.held.yaw === undefined ? undefined : Number(wrapped(w.held.yaw).toFixed(2))),
    },
    {
      name: 'pitch',
      type: 'number',
      default: 0.5,
      min: -1.5,
      max: 1.5,
      doc: 'tilt towards the viewer, in radians',
      live: (w) => (w.held.pitch === undefined ? undefined : Number(w.held.pitch.toFixed(2))),
    },
    {
      name: 'inputs',
      type: 'boolean',
      default: true,
      doc: 'show the input points beside their outputs',
      live: (w) => w.$('[data-inputs]')?.checked,
    },
  ];

  async start() {
    const { points, seed, yaw, pitch, inputs } = this.config;
    this.circle = this.nl.mnistCircle(points, seed);
    this.held.yaw = yaw;
    this.held.pitch = pitch;
    const c = this.circle;
    this.render(`
      <canvas data-view width="440" height="360" tabindex="0" role="img"
        aria-label="${c.points.length / 3} random points (grey) and their layer-norm outputs (coloured) in 3-D; rotate with the arrow keys" class="circle"></canvas>
      <div class="controls">
        <label><input type="checkbox" data-inputs${inputs ? ' checked' : ''}> show the inputs</label>
        <span class="note">Drag, or focus the picture and use the arrow keys, to turn it.</span>
      </div>
      <p class="note" aria-live="polite">Largest distance of an output from the circle: <strong>${esc(c.largestDistance.toExponential(2))}</strong>
        (from the plane ${esc(c.largestPlaneOffset.toExponential(2))}, from radius √3 ${esc(c.largestRadiusOffset.toExponential(2))}),
        rounding only: the core standardises with eps = ${esc(String(c.eps))}, far below any of these variances.</p>`);
    const canvas = this.$('[data-view]');
    let drag = null;
    canvas.addEventListener('pointerdown', (e) => {
      // A finger turns it sideways only: an upward or downward swipe scrolls the page (pan-y).
      drag = {
        x: e.clientX,
        y: e.clientY,
        yaw: this.held.yaw,
        pitch: this.held.pitch,
        tilts: e.pointerType !== 'touch',
      };
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!drag) return;
      this.held.yaw = drag.yaw + (e.clientX - drag.x) / 120;
      if (drag.tilts) this.held.pitch = Math.max(-1.5, Math.min(1.5, drag.pitch + (e.clientY - drag.y) / 120));
      this.draw();
    });
    canvas.addEventListener('pointerup', () => {
      drag = null;
      this.noticeChange();
    });
    canvas.addEventListener('pointercancel', () => (drag = null)); // the page took the swipe
    canvas.addEventListener('keydown', (e) => {
      const turns = { ArrowLeft: [-0.1, 0], ArrowRight: [0.1, 0], ArrowUp: [0, -0.1], ArrowDown: [0, 0.1] }[e.key];
      if (!turns) return;
      e.preventDefault();
      this.held.yaw += turns[0];
      this.held.pitch = Math.max(-1.5, Math.min(1.5, this.held.pitch + turns[1]));
      this.draw();
    });
    this.$('[data-inputs]').addEventListener('change', () => this.draw());
    this.draw();
  }

  recolour() {
    super.recolour();
    if (this.circle) this.draw();
  }

  /** Screen position of a 3-D point under the current turn (orthographic, then a little depth). */
  project([x, y, z], size) {
    const cy = Math.cos(this.held.yaw);
    const sy = Math.sin(this.held.yaw);
    const cp = Math.cos(this.held.pitch);
    const sp = Math.sin(this.held.pitch);
    const x1 = cy * x - sy * y;
    const y1 = sy * x + cy * y;
    const y2 = cp * y1 - sp * z;
    const z2 = sp * y1 + cp * z;
    return { u: size.cx + size.scale * x1, v: size.cy - size.scale * z2, depth: y2 };
  }

  draw() {
    const canvas = this.$('[data-view]');
    if (!canvas) return;
    const ctx = canvas.getContext('2d');
    const size = { cx: canvas.width / 2, cy: canvas.height / 2, scale: canvas.height / 7 };
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const fg = colour(this, '--nl-muted');
    const line = colour(this, '--nl-line');
    const accent = colour(this, '--nl-layer');
    // Axes.
    ctx.strokeStyle = line;
    ctx.lineWidth = 1;
    for (const axis of [
      [3, 0, 0],
      [0, 3, 0],
      [0, 0, 3],
    ]) {
      const a = this.project(
        axis.map((v) => -v),
        size,
      );
      const b = this.project(axis, size);
      ctx.beginPath();
      ctx.moveTo(a.u, a.v);
      ctx.lineTo(b.u, b.v);
      ctx.stroke();
    }
    const { points, outputs } = this.circle;
    const show = this.$('[data-inputs]').checked;
    if (show) {
      ctx.fillStyle = fg;
      ctx.globalAlpha = 0.45;
      for (let k = 0; k < points.length; k += 3) {
        const p = this.project([points[k], points[k + 1], points[k + 2]], size);
        ctx.fillRect(p.u - 1.5, p.v - 1.5, 3, 3);
      }
      ctx.globalAlpha = 1;
    }
    ctx.fillStyle = accent;
    for (let k = 0; k < outputs.length; k += 3) {
      const p = this.project([outputs[k], outputs[k + 1], outputs[k + 2]], size);
      ctx.beginPath();
      ctx.arc(p.u, p.v, 2.6, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}

/** An angle in (-π, π]. */
function wrapped(angle) {
  const turn = 2 * Math.PI;
  const a = angle - turn * Math.floor(angle / turn);
  return a > Math.PI ? a - turn : a;
}

define('nl-mnist-circle', NlMnistCircle);
