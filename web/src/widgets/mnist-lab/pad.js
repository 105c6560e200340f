// The MNIST lab's drawing pad: a 28 × 28 digit drawn with the mouse or a finger (or a held-out
// digit picked by number), and each network's ten class probabilities for it, asked of the workers
// as the pad changes and said in the pad's note once the reader lifts the pen.
import { isCancel } from '../../work/protocol.js';
import { errorLine, inertLine } from '../../host/inert.js';
import { ARRANGEMENTS } from './names.js';

const SIDE = 28;

const probabilityRow = (k) =>
  `<tr><th scope="row">${k}</th>${ARRANGEMENTS.map((a) => `<td data-p="${a}-${k}">–</td>`).join('')}</tr>`;

export const padHtml = `<div class="pad-panel">
        <div>
          <canvas data-pad width="280" height="280" tabindex="0" role="img" aria-label="drawing pad, 28 by 28 pixels" aria-describedby="pad-note" class="pad"></canvas>
          <div class="controls">
            <button data-act="clear" disabled>Clear</button>
            <label>or held-out digit number <input type="number" min="0" max="1999" step="1" value="0" data-digit class="width-5em" disabled></label>
            <button data-act="digit" disabled>Show it</button>
          </div>
          <p class="note" id="pad-note" role="status" aria-live="polite" data-out="drawn">Press Train, then draw with the mouse or a finger (or pick a held-out digit): the networks answer while they learn.</p>
        </div>
        <div class="scroll-x" role="region" aria-label="class probabilities, scrolls sideways" tabindex="0"><table data-probabilities><caption>Class probabilities</caption>
          <thead><tr><th scope="col">digit</th>${ARRANGEMENTS.map((a) => `<th scope="col">${a}</th>`).join('')}</tr></thead>
          <tbody>${Array.from({ length: 10 }, (_, k) => probabilityRow(k)).join('')}</tbody>
        </table></div>
      </div>`;

export class Pad {
  /** widget: the lab (its workers answer once it has trained: widget.lab, widget.trained). */
  constructor(widget) {
    this.widget = widget;
    this.pixels = new Float32Array(SIDE * SIDE);
    this.canvas = widget.$('[data-pad]');
    this.wire();
    this.draw();
  }

  wire() {
    const canvas = this.canvas;
    let drawing = false;
    const lift = () => {
      drawing = false;
      this.drawingNow = false;
      this.announceAnswer();
    };
    canvas.addEventListener('pointerdown', (e) => {
      if (!this.widget.trained) return;
      drawing = true;
      this.drawingNow = true;
      canvas.setPointerCapture(e.pointerId);
      this.paint(e);
    });
    canvas.addEventListener('pointermove', (e) => drawing && this.paint(e));
    canvas.addEventListener('pointerup', lift);
    canvas.addEventListener('pointercancel', lift);
    canvas.addEventListener('keydown', (e) => {
      if (e.key === 'Delete' || e.key === 'Backspace') this.clear();
    });
    this.widget.$('[data-digit]').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.widget.act('digit');
    });
  }

  /** Inks the pixels under the pointer: a soft round brush about two pixels across, as a pen stroke in the scans. */
  paint(e) {
    const box = this.canvas.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * SIDE;
    const y = ((e.clientY - box.top) / box.height) * SIDE;
    for (let i = Math.floor(y) - 2; i <= Math.floor(y) + 2; i++)
      for (let j = Math.floor(x) - 2; j <= Math.floor(x) + 2; j++) {
        if (i < 0 || j < 0 || i >= SIDE || j >= SIDE) continue;
        const d = Math.hypot(i + 0.5 - y, j + 0.5 - x);
        const ink = Math.max(0, Math.min(1, 1.6 - d));
        this.pixels[i * SIDE + j] = Math.max(this.pixels[i * SIDE + j], ink);
      }
    this.shows = 'Your drawing';
    this.draw();
    this.classifySoon();
  }

  draw() {
    const ctx = this.canvas.getContext('2d');
    const image = ctx.createImageData(SIDE, SIDE);
    for (let k = 0; k < SIDE * SIDE; k++) {
      const v = Math.round(this.pixels[k] * 255);
      image.data.set([v, v, v, 255], 4 * k);
    }
    const small = new OffscreenCanvas(SIDE, SIDE);
    small.getContext('2d').putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small, 0, 0, this.canvas.width, this.canvas.height);
  }

  get blank() {
    return !this.pixels.some((v) => v > 0);
  }

  clear() {
    this.pixels.fill(0);
    this.draw();
    for (const el of this.widget.$$('[data-p]')) el.textContent = '–';
    this.shows = null;
    this.widget.out('drawn', 'Cleared.');
  }

  /** The networks that answered are gone: their answers go too; the pad keeps what it shows. */
  forget() {
    for (const el of this.widget.$$('[data-p]')) {
      el.textContent = '–';
      el.style.fontWeight = '';
    }
    this.lastProbabilities = null;
    if (this.shows)
      this.widget.out('drawn', `${this.shows}. The networks are new: draw, or show a digit, to ask them.`);
  }

  /** Shows the held-out digit whose number the field holds (a sentence instead when there is none). */
  async showDigit() {
    const text = this.widget.$('[data-digit]').value.trim();
    const index = Number(text);
    if (text === '' || !Number.isInteger(index) || index < 0 || index > 1999) {
      this.widget.out(
        'drawn',
        `There is no held-out digit number ${text === '' ? '(empty)' : text}: type a whole number from 0 to 1999.`,
      );
      return;
    }
    const [digit] = await this.widget.whileCurrent(this.widget.lab.ask('digit', { index }, { first: true }));
    this.pixels.set(digit.pixels);
    this.draw();
    this.shows = `Held-out digit number ${index}, labelled ${digit.label}`;
    this.widget.out('drawn', `${this.shows}.`);
    this.classifySoon();
  }

  /**
   * Says in the pad's note (a live region) what the pad shows and each network's most probable
   * digit, once the answer is for the pad as it is and the reader has lifted the pen.
   */
  announceAnswer() {
    const p = this.lastProbabilities;
    if (!p || !this.shows || this.drawingNow || this.classifying || this.again) return;
    const answers = ARRANGEMENTS.filter((a) => p[a]).map((a) => {
      const best = p[a].indexOf(Math.max(...p[a]));
      return `${a} ${best} (${p[a][best].toFixed(3)})`;
    });
    if (answers.length) this.widget.out('drawn', `${this.shows}: ${answers.join(', ')}.`);
  }

  classifySoon() {
    if (this.classifying) {
      this.again = true;
      return;
    }
    this.classify().catch((e) => {
      if (!isCancel(e)) this.widget.status(inertLine(errorLine(e)));
    });
  }

  async classify() {
    if (!this.widget.trained) return;
    this.classifying = true;
    try {
      const results = await this.widget.whileCurrent(
        this.widget.lab.askAll('classify', { image: this.pixels.slice() }),
      );
      for (const a of ARRANGEMENTS) if (results[a]) this.showProbabilities(a, results[a]);
      this.lastProbabilities = results;
    } finally {
      this.classifying = false;
      if (this.again) {
        this.again = false;
        this.classifySoon();
      } else this.announceAnswer();
    }
  }

  /** One network's ten probabilities in its column, the most probable digit's in bold. */
  showProbabilities(a, p) {
    const best = p.indexOf(Math.max(...p));
    p.forEach((v, k) => {
      const el = this.widget.$(`[data-p="${a}-${k}"]`);
      el.textContent = v.toFixed(3);
      el.style.fontWeight = k === best ? '700' : '';
    });
  }
}
