// <nl-mnist-lab>: four 784-128-128-128-10 networks (none, batch, layer, group norm) learning the
// lab's 8,000 training digits in Web Workers, with live loss and held-out accuracy curves, a
// results table, the hidden units' on/off maps and a drawing pad. The digits are fetched when the
// reader presses Train. Every figure comes from the core in the workers.
import { NlWidget, define } from '../widget.js';
import { lineChart } from '../charts.js';
import { MnistLab, fetchDigits } from '../mnist-lab.js';
import { readerStyleTag } from '../reader-styles.js';

const ARRANGEMENTS = ['none', 'batch', 'layer', 'group'];
const LABELS = { none: 'no normalisation', batch: 'batch norm', layer: 'layer norm', group: 'group norm (8 groups)' };
const COLOURS = { none: '--nl-plain', batch: '--nl-batch', layer: '--nl-layer', group: '--nl-group' };
const SIDE = 28;
const SHOWN = 64;

export class NlMnistLab extends NlWidget {
  static title = 'The MNIST lab';
  static options = [
    {
      name: 'epochs',
      type: 'integer',
      default: 3,
      min: 1,
      max: 20,
      doc: 'epochs to train when Train is pressed (1 to 20)',
    },
    { name: 'learning-rate', type: 'number', default: 0.1, choices: [0.01, 0.03, 0.1, 0.3], doc: 'SGD learning rate' },
    { name: 'batch-size', type: 'integer', default: 64, choices: [16, 32, 64, 128, 256], doc: 'digits per batch' },
    { name: 'seed', type: 'integer', default: 1, min: 0, max: 4294967295, doc: 'seed of the weights and the shuffles' },
  ];

  async start() {
    const c = this.config;
    this.settings = {
      epochs: Math.min(20, Math.max(1, c.epochs)),
      learningRate: c['learning-rate'],
      batchSize: c['batch-size'],
      seed: c.seed,
    };
    const option = (values, chosen) =>
      values.map((v) => `<option value="${v}"${v === chosen ? ' selected' : ''}>${v}</option>`).join('');
    this.render(`${readerStyleTag}
      <div class="controls">
        <label>learning rate <select data-setting="learningRate">${option([0.01, 0.03, 0.1, 0.3], this.settings.learningRate)}</select></label>
        <label>batch size <select data-setting="batchSize">${option([16, 32, 64, 128, 256], this.settings.batchSize)}</select></label>
        <label>seed <input type="number" min="0" max="1000000" step="1" value="${this.settings.seed}" data-setting="seed" style="width:6em"></label>
        <label>epochs <input type="number" min="1" max="20" step="1" value="${this.settings.epochs}" data-setting="epochs" style="width:4em"></label>
      </div>
      <div class="controls" role="group" aria-label="training">
        <button data-act="train" aria-pressed="false">Train</button>
        <button data-act="pause" disabled>Pause</button>
        <button data-act="cancel" disabled>Cancel</button>
        <button data-act="reset" disabled>Reset</button>
        <span class="note" role="status" aria-live="polite" data-out="status">The digits (7.9 MB) are fetched when you press Train.</span>
      </div>
      <div class="charts" style="display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:1rem">
        <figure style="margin:0"><div style="height:220px"><canvas data-chart="loss" role="img" aria-label="training loss per fraction of an epoch"></canvas></div>
          <figcaption class="note">Training loss (mean cross-entropy of the batches), by epoch</figcaption></figure>
        <figure style="margin:0"><div style="height:220px"><canvas data-chart="accuracy" role="img" aria-label="held-out accuracy per fraction of an epoch"></canvas></div>
          <figcaption class="note">Held-out accuracy on the 2,000 test digits, by epoch</figcaption></figure>
      </div>
      <div class="scroll-x" role="region" aria-label="results, scrolls sideways" tabindex="0"><table data-results>
        <caption>Results in your browser</caption>
        <thead><tr><th scope="col">arrangement</th><th scope="col">parameters</th><th scope="col">epochs</th>
          <th scope="col">training loss</th><th scope="col">held-out accuracy</th><th scope="col">time per epoch</th></tr></thead>
        <tbody>${ARRANGEMENTS.map(
          (
            a,
          ) => `<tr data-row="${a}"><th scope="row">${LABELS[a]}</th><td data-cell="parameters">…</td><td data-cell="epochs">0</td>
            <td data-cell="loss">–</td><td data-cell="accuracy">–</td><td data-cell="seconds">–</td></tr>`,
        ).join('')}</tbody>
      </table></div>
      <h3>Inside the networks</h3>
      <div class="controls">
        <button data-act="activations" disabled>Show the hidden units</button>
        <span class="note" data-out="silent"></span>
      </div>
      <div data-maps style="display:grid;grid-template-columns:repeat(auto-fit,minmax(230px,1fr));gap:.75rem"></div>
      <h3>Draw a digit</h3>
      <div style="display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start">
        <div>
          <canvas data-pad width="280" height="280" tabindex="0" role="img" aria-label="drawing pad, 28 by 28 pixels" aria-describedby="pad-note"
            style="width:196px;height:196px;background:#000;touch-action:none;border-radius:6px;cursor:crosshair"></canvas>
          <div class="controls">
            <button data-act="clear" disabled>Clear</button>
            <label>or held-out digit number <input type="number" min="0" max="1999" step="1" value="0" data-digit style="width:5em" disabled></label>
            <button data-act="digit" disabled>Show it</button>
          </div>
          <p class="note" id="pad-note" data-out="drawn">Train first, then draw with the mouse or a finger (or pick a held-out digit).</p>
        </div>
        <div class="scroll-x" role="region" aria-label="class probabilities, scrolls sideways" tabindex="0"><table data-probabilities><caption>Class probabilities</caption>
          <thead><tr><th scope="col">digit</th>${ARRANGEMENTS.map((a) => `<th scope="col">${a}</th>`).join('')}</tr></thead>
          <tbody>${Array.from({ length: 10 }, (_, k) => `<tr><th scope="row">${k}</th>${ARRANGEMENTS.map((a) => `<td data-p="${a}-${k}">–</td>`).join('')}</tr>`).join('')}</tbody>
        </table></div>
      </div>`);
    for (const a of ARRANGEMENTS)
      this.cell(a, 'parameters', this.nl.mnistDescribe(a).parameterCount.toLocaleString('en'));
    this.pad = new Float32Array(SIDE * SIDE);
    this.$$('[data-setting]').forEach((el) => el.addEventListener('change', () => this.readSettings()));
    this.body.addEventListener('click', (e) => {
      const act = e.target.closest('[data-act]')?.dataset.act;
      if (act) this.act(act);
    });
    this.wirePad();
    await this.makeCharts();
  }

  stop() {
    clearTimeout(this.redrawing);
    this.redrawing = 0;
    this.lab?.free();
    this.lab = null;
    this.bytes = null;
    super.stop();
  }

  cell(arrangement, name, text) {
    const el = this.$(`[data-row="${arrangement}"] [data-cell="${name}"]`);
    if (el) el.textContent = text;
  }

  readSettings() {
    const get = (name) => Number(this.$(`[data-setting="${name}"]`).value);
    this.settings = {
      learningRate: get('learningRate'),
      batchSize: get('batchSize'),
      seed: Math.max(0, Math.floor(get('seed')) || 0),
      epochs: Math.min(20, Math.max(1, Math.floor(get('epochs')) || 1)),
    };
  }

  /** The two charts, each made in a task of its own so starting the lab is never one long task. */
  async makeCharts() {
    this.series = Object.fromEntries(ARRANGEMENTS.map((a) => [a, { loss: [], accuracy: [] }]));
    const series = (kind) =>
      ARRANGEMENTS.map((a) => ({
        label: a,
        data: this.series[a][kind],
        colourVar: COLOURS[a],
        points: kind === 'accuracy' ? 2 : 0,
      }));
    const nextTask = () => this.whileCurrent(new Promise((resolve) => setTimeout(resolve, 0)));
    await nextTask();
    this.lossChart = this.own(
      lineChart(this, this.$('[data-chart="loss"]'), series('loss'), {
        xTitle: 'epoch',
        yTitle: 'loss',
        xMin: 0,
        yMin: 0,
      }),
    );
    await nextTask();
    this.accuracyChart = this.own(
      lineChart(this, this.$('[data-chart="accuracy"]'), series('accuracy'), {
        xTitle: 'epoch',
        yTitle: 'accuracy',
        xMin: 0,
        yMax: 1,
      }),
    );
  }

  /** Empties the curves in place (the charts keep their arrays). */
  clearCurves() {
    for (const s of Object.values(this.series)) {
      s.loss.length = 0;
      s.accuracy.length = 0;
    }
    this.redraw();
  }

  /** Redraws the charts at most five times a second while progress streams in. */
  redraw() {
    if (this.redrawing) return;
    this.redrawing = setTimeout(() => {
      this.redrawing = 0;
      // One chart a frame, so no frame holds both redraws.
      requestAnimationFrame(() => {
        this.lossChart?.update('none');
        requestAnimationFrame(() => this.accuracyChart?.update('none'));
      });
    }, 200);
  }

  setRunning(running) {
    const focused = this.root.activeElement;
    this.running = running;
    this.$('[data-act="train"]').setAttribute('aria-pressed', String(running));
    this.$('[data-act="pause"]').disabled = !running;
    this.$('[data-act="cancel"]').disabled = !running;
    this.$('[data-act="reset"]').disabled = running;
    this.$('[data-act="pause"]').textContent = 'Pause';
    this.paused = false;
    // A button disabled under the reader's focus hands it to Train, not to the page.
    if (focused?.disabled) this.$('[data-act="train"]').focus();
  }

  async act(act) {
    try {
      if (act === 'train') await this.train();
      else if (act === 'pause') this.togglePause();
      else if (act === 'cancel') {
        this.lab?.send('cancel');
        this.setRunning(false);
        this.out('status', 'Cancelled; the networks keep what they learned. Train continues them.');
      } else if (act === 'reset') this.resetLab();
      else if (act === 'activations') await this.showActivations();
      else if (act === 'clear') this.clearPad();
      else if (act === 'digit') await this.showDigit();
    } catch (e) {
      if (e.name !== 'CancelError') this.out('status', `${e.name}: ${e.message}`);
    }
  }

  async train() {
    if (this.running) return;
    this.readSettings();
    if (!this.lab) {
      this.lab = new MnistLab(ARRANGEMENTS, {
        progress: (r) => this.onProgress(r),
        epoch: (r) => this.onEpoch(r),
        finished: () => this.onFinished(),
        error: (r) => this.out('status', `${r.name}: ${r.message}`),
      });
      this.out('status', 'Fetching the digits…');
      this.bytes ??= await this.whileCurrent(
        fetchDigits((got, total) =>
          this.out(
            'status',
            `Fetching the digits… ${(got / 1e6).toFixed(1)}${total ? ` of ${(total / 1e6).toFixed(1)}` : ''} MB`,
          ),
        ),
      );
      this.out('status', 'Handing the digits to the workers…');
      await this.lab.load(this.bytes);
      this.trained = { epochs: 0, settings: null };
    }
    const same =
      this.trained.settings && JSON.stringify(this.trained.settings) === JSON.stringify(this.withoutEpochs());
    this.setRunning(true);
    this.trainStart = performance.now();
    this.target = (same ? this.trained.epochs : 0) + this.settings.epochs;
    if (same) this.lab.more(this.target);
    else {
      this.clearCurves();
      this.epochsDone = Object.fromEntries(ARRANGEMENTS.map((a) => [a, 0]));
      this.trained.settings = this.withoutEpochs();
      this.lab.train(this.trained.settings, this.target);
    }
    this.out('status', `Training in ${this.lab.workers.length} worker${this.lab.workers.length > 1 ? 's' : ''}…`);
    for (const b of this.$$('[data-act="activations"], [data-act="clear"], [data-act="digit"], [data-digit]'))
      b.disabled = false;
  }

  withoutEpochs() {
    const { learningRate, batchSize, seed } = this.settings;
    return { learningRate, batchSize, seed };
  }

  togglePause() {
    this.paused = !this.paused;
    this.lab.send(this.paused ? 'pause' : 'resume');
    this.$('[data-act="pause"]').textContent = this.paused ? 'Resume' : 'Pause';
    this.out('status', this.paused ? 'Paused.' : 'Training…');
  }

  /** Frees the workers and the networks; Train then starts four fresh ones. */
  resetLab() {
    this.lab?.free();
    this.lab = null;
    this.trained = null;
    this.clearCurves();
    for (const a of ARRANGEMENTS) for (const c of ['loss', 'accuracy', 'seconds']) this.cell(a, c, '–');
    for (const a of ARRANGEMENTS) this.cell(a, 'epochs', '0');
    this.$('[data-maps]').replaceChildren();
    this.out('silent', '');
    // With no networks there is nothing to look inside or to ask about a digit.
    for (const b of this.$$('[data-act="activations"], [data-act="clear"], [data-act="digit"], [data-digit]'))
      b.disabled = true;
    this.out('status', 'Reset: Train starts four fresh networks.');
  }

  onProgress(r) {
    const s = this.series[r.arrangement];
    if (!s) return;
    if (Number.isFinite(r.loss)) s.loss.push({ x: r.position, y: r.loss });
    if (r.heldOut) s.accuracy.push({ x: r.position, y: r.heldOut.accuracy });
    this.redraw();
  }

  onEpoch(r) {
    this.epochsDone[r.arrangement] = r.epoch;
    this.trained.epochs = Math.min(...Object.values(this.epochsDone));
    this.cell(r.arrangement, 'epochs', String(r.epoch));
    this.cell(r.arrangement, 'loss', r.trainingLoss.toFixed(4));
    if (r.heldOut) this.cell(r.arrangement, 'accuracy', r.heldOut.accuracy.toFixed(4));
    this.cell(r.arrangement, 'seconds', `${r.seconds.toFixed(2)} s`);
    const first = Object.values(this.epochsDone).every((e) => e >= 1) && !this.firstEpochAt;
    if (first) this.firstEpochAt = performance.now() - this.trainStart;
    this.out('status', `Epoch ${this.trained.epochs} of ${this.target} done by all four networks.`);
  }

  onFinished() {
    this.setRunning(false);
    this.out('status', `Trained ${this.target} epoch${this.target > 1 ? 's' : ''}. Train again for more, or Reset.`);
    this.dispatchEvent(new CustomEvent('nl-trained', { detail: { epochs: this.target } }));
    if (this.pad.some((v) => v > 0)) this.classifyPad();
  }

  async showActivations() {
    const reports = await this.whileCurrent(this.lab.askAll({ type: 'activations', shown: SHOWN }));
    const maps = this.$('[data-maps]');
    maps.replaceChildren();
    const silent = [];
    for (const a of ARRANGEMENTS) {
      const r = reports[a];
      const figure = document.createElement('figure');
      figure.style.margin = '0';
      const caption = document.createElement('figcaption');
      caption.className = 'note';
      caption.textContent = `${LABELS[a]}: never fire on the 2,000 held-out digits: ${r.silent.join(', ')} units (layers 1, 2, 3)`;
      silent.push(`${a} ${r.silent.join(' / ')}`);
      for (let l = 0; l < r.maps.length; l++) {
        const canvas = document.createElement('canvas');
        canvas.width = r.units;
        canvas.height = r.shown;
        canvas.style.cssText =
          'width:100%;height:auto;image-rendering:pixelated;border:1px solid var(--nl-line);display:block;margin-bottom:2px';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute(
          'aria-label',
          `${LABELS[a]}, hidden layer ${l + 1}: ${r.shown} digits by ${r.units} units, black where a unit fires`,
        );
        const ctx = canvas.getContext('2d');
        const image = ctx.createImageData(r.units, r.shown);
        for (let k = 0; k < r.maps[l].length; k++) {
          const v = r.maps[l][k] ? 0 : 255;
          image.data.set([v, v, v, 255], 4 * k);
        }
        ctx.putImageData(image, 0, 0);
        figure.append(canvas);
      }
      figure.append(caption);
      maps.append(figure);
    }
    this.out(
      'silent',
      `Units that never fire, layers 1 / 2 / 3: ${silent.join(' · ')}. Rows: the first ${SHOWN} held-out digits; columns: the 128 units; black: the unit fires.`,
    );
  }

  wirePad() {
    const canvas = this.$('[data-pad]');
    let drawing = false;
    const paint = (e) => {
      const box = canvas.getBoundingClientRect();
      const x = ((e.clientX - box.left) / box.width) * SIDE;
      const y = ((e.clientY - box.top) / box.height) * SIDE;
      // A soft round brush about two pixels across, as a pen stroke in the scanned digits.
      for (let i = Math.floor(y) - 2; i <= Math.floor(y) + 2; i++)
        for (let j = Math.floor(x) - 2; j <= Math.floor(x) + 2; j++) {
          if (i < 0 || j < 0 || i >= SIDE || j >= SIDE) continue;
          const d = Math.hypot(i + 0.5 - y, j + 0.5 - x);
          const ink = Math.max(0, Math.min(1, 1.6 - d));
          this.pad[i * SIDE + j] = Math.max(this.pad[i * SIDE + j], ink);
        }
      this.drawPad();
      this.classifySoon();
    };
    canvas.addEventListener('pointerdown', (e) => {
      if (!this.lab) return;
      drawing = true;
      canvas.setPointerCapture(e.pointerId);
      paint(e);
    });
    canvas.addEventListener('pointermove', (e) => drawing && paint(e));
    canvas.addEventListener('pointerup', () => (drawing = false));
    canvas.addEventListener('pointercancel', () => (drawing = false));
    canvas.addEventListener('keydown', (e) => {
      if (e.key === 'Delete' || e.key === 'Backspace') this.clearPad();
    });
    this.drawPad();
  }

  drawPad() {
    const canvas = this.$('[data-pad]');
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(SIDE, SIDE);
    for (let k = 0; k < SIDE * SIDE; k++) {
      const v = Math.round(this.pad[k] * 255);
      image.data.set([v, v, v, 255], 4 * k);
    }
    const small = new OffscreenCanvas(SIDE, SIDE);
    small.getContext('2d').putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small, 0, 0, canvas.width, canvas.height);
  }

  clearPad() {
    this.pad.fill(0);
    this.drawPad();
    for (const el of this.$$('[data-p]')) el.textContent = '–';
    this.out('drawn', 'Cleared.');
  }

  async showDigit() {
    const index = Math.min(1999, Math.max(0, Math.floor(Number(this.$('[data-digit]').value)) || 0));
    const [digit] = await this.whileCurrent(this.lab.ask({ type: 'digit', index }, { first: true }));
    this.pad.set(digit.pixels);
    this.drawPad();
    this.out('drawn', `Held-out digit number ${index}, labelled ${digit.label}.`);
    await this.classifyPad();
  }

  classifySoon() {
    if (this.classifying) {
      this.again = true;
      return;
    }
    this.classifyPad();
  }

  async classifyPad() {
    if (!this.lab) return;
    this.classifying = true;
    try {
      const results = await this.whileCurrent(this.lab.askAll({ type: 'classify', image: this.pad.slice() }));
      for (const a of ARRANGEMENTS) {
        const p = results[a];
        if (!p) continue;
        const best = p.indexOf(Math.max(...p));
        p.forEach((v, k) => {
          const el = this.$(`[data-p="${a}-${k}"]`);
          el.textContent = v.toFixed(3);
          el.style.fontWeight = k === best ? '700' : '';
        });
      }
      this.lastProbabilities = results;
    } finally {
      this.classifying = false;
      if (this.again) {
        this.again = false;
        this.classifyPad();
      }
    }
  }
}

define('nl-mnist-lab', NlMnistLab);
