// <nl-mnist-lab>: four 784-128-128-128-10 networks (plain, batch, layer, group norm) learning the
// lab's 8,000 training digits in Web Workers, with live loss and held-out accuracy curves, a
// results table, the hidden units' on/off maps and a drawing pad. The digits are fetched when the
// reader presses Train. Every figure comes from the core in the workers.
//
// The page stays responsive while the workers train: their figures are kept as they arrive and
// drawn in animation frames (one chart a frame, each chart at most every CHART_INTERVAL_MS, with
// no animation), and nothing is drawn while the lab is off screen or the tab hidden.
import { NlWidget, define } from '../widget/widget.js';
import { MnistLab } from '../work/mnist-lab.js';
import { readerStyleTag } from '../widget/reader-styles.js';
import { watchSeedField, watchWholeField } from '../widget/seed-field.js';
import { isCancel } from '../work/protocol.js';
import { grouped } from '../widget/format.js';

const ARRANGEMENTS = ['plain', 'batch', 'layer', 'group'];
const LABELS = { plain: 'no normalisation', batch: 'batch norm', layer: 'layer norm', group: 'group norm (8 groups)' };
const COLOURS = { plain: '--nl-plain', batch: '--nl-batch', layer: '--nl-layer', group: '--nl-group' };
const LEARNING_RATES = [0.01, 0.03, 0.1, 0.3];
const BATCH_SIZES = [16, 32, 64, 128, 256];
const MAX_EPOCHS = 20;
const SIDE = 28;
const SHOWN = 64;
const CHART_INTERVAL_MS = 250;
const CHARTS = ['loss', 'accuracy'];
const MAX_POINTS = 400; // per curve

export class NlMnistLab extends NlWidget {
  static title = 'The MNIST lab';
  static coreModule = 'mnist';
  static options = [
    {
      name: 'epochs',
      type: 'integer',
      default: 3,
      min: 1,
      max: MAX_EPOCHS,
      doc: `epochs to train when Train is pressed (1 to ${MAX_EPOCHS})`,
      live: (w) => w.settings?.epochs,
    },
    {
      name: 'learning-rate',
      type: 'number',
      default: 0.1,
      choices: LEARNING_RATES,
      doc: 'SGD learning rate',
      live: (w) => w.settings?.learningRate,
    },
    {
      name: 'batch-size',
      type: 'integer',
      default: 64,
      choices: BATCH_SIZES,
      doc: 'digits per batch',
      live: (w) => w.settings?.batchSize,
    },
    {
      name: 'seed',
      type: 'integer',
      default: 1,
      min: 0,
      max: 4294967295,
      doc: 'seed of the weights and the shuffles',
      live: (w) => w.settings?.seed,
    },
  ];

  async start() {
    const c = this.config;
    this.settings = {
      epochs: c.epochs,
      learningRate: c['learning-rate'],
      batchSize: c['batch-size'],
      seed: c.seed,
    };
    const option = (values, chosen) =>
      values.map((v) => `<option value="${v}"${v === chosen ? ' selected' : ''}>${v}</option>`).join('');
    this.render(`${readerStyleTag}
      <div class="controls">
        <label>learning rate <select data-setting="learningRate">${option(LEARNING_RATES, this.settings.learningRate)}</select></label>
        <label>batch size <select data-setting="batchSize">${option(BATCH_SIZES, this.settings.batchSize)}</select></label>
        <label>seed <input type="number" min="0" max="4294967295" step="1" value="${this.settings.seed}" data-setting="seed" style="width:7em"></label>
        <label>epochs <input type="number" min="1" max="${MAX_EPOCHS}" step="1" value="${this.settings.epochs}" data-setting="epochs" style="width:4em"></label>
      </div>
      <div class="controls" role="group" aria-label="training">
        <button data-act="train" aria-pressed="false">Train</button>
        <button data-act="pause" disabled>Pause</button>
        <button data-act="cancel" disabled>Cancel</button>
        <button data-act="reset" disabled>Reset the networks</button>
        <span class="note" role="status" aria-live="polite" data-out="status">The digits (7.9 MB) are fetched when you press Train.</span>
      </div>
      <div class="charts" style="display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:1rem">
        <figure style="margin:0"><div style="height:220px;contain:strict;will-change:transform"><canvas data-chart="loss" role="img" aria-label="training loss per tenth of an epoch"></canvas></div>
          <figcaption class="note">Training loss (mean cross-entropy of the batches), by epoch</figcaption></figure>
        <figure style="margin:0"><div style="height:220px;contain:strict;will-change:transform"><canvas data-chart="accuracy" role="img" aria-label="held-out accuracy per fifth of an epoch"></canvas></div>
          <figcaption class="note">Held-out accuracy on the 2,000 test digits, by epoch</figcaption></figure>
      </div>
      <details class="numbers" data-lab-numbers><summary>Show the numbers</summary><div data-lab-numbers-body></div></details>
      <div class="scroll-x" role="region" aria-label="results, scrolls sideways" tabindex="0"><table data-results>
        <caption data-out="trained-with">Results in your browser</caption>
        <thead><tr><th scope="col">arrangement</th><th scope="col">held-out accuracy</th><th scope="col">training loss</th>
          <th scope="col">time per epoch</th><th scope="col">epochs</th><th scope="col">parameters</th></tr></thead>
        <tbody>${ARRANGEMENTS.map(
          (
            a,
          ) => `<tr data-row="${a}"><th scope="row">${LABELS[a]}</th><td data-cell="accuracy">–</td><td data-cell="loss">–</td>
            <td data-cell="seconds">–</td><td data-cell="epochs">0</td><td data-cell="parameters">…</td></tr>`,
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
          <p class="note" id="pad-note" role="status" aria-live="polite" data-out="drawn">Press Train, then draw with the mouse or a finger (or pick a held-out digit): the networks answer while they learn.</p>
        </div>
        <div class="scroll-x" role="region" aria-label="class probabilities, scrolls sideways" tabindex="0"><table data-probabilities><caption>Class probabilities</caption>
          <thead><tr><th scope="col">digit</th>${ARRANGEMENTS.map((a) => `<th scope="col">${a}</th>`).join('')}</tr></thead>
          <tbody>${Array.from({ length: 10 }, (_, k) => `<tr><th scope="row">${k}</th>${ARRANGEMENTS.map((a) => `<td data-p="${a}-${k}">–</td>`).join('')}</tr>`).join('')}</tbody>
        </table></div>
      </div>`);
    for (const a of ARRANGEMENTS) this.cell(a, 'parameters', grouped(this.nl.mnistDescribe(a).parameterCount));
    this.pad = new Float32Array(SIDE * SIDE);
    this.$('[data-lab-numbers]').addEventListener('toggle', () => this.drawNumbers());
    this.$$('select[data-setting]').forEach((el) =>
      el.addEventListener('change', () => (this.settings[el.dataset.setting] = Number(el.value))),
    );
    watchSeedField(
      this.$('[data-setting="seed"]'),
      () => this.settings.seed,
      (seed) => (this.settings.seed = seed),
    );
    this.watchEpochsField(this.$('[data-setting="epochs"]'));
    this.body.addEventListener('click', (e) => {
      const act = e.target.closest('[data-act]')?.dataset.act;
      if (act) this.act(act);
    });
    this.wirePad();
    this.$('[data-digit]').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.act('digit');
    });
    this.watchSight();
    await this.makeCharts();
  }

  stop() {
    cancelAnimationFrame(this.frameRequest);
    clearTimeout(this.frameTimer);
    this.frameRequest = 0;
    this.frameTimer = 0;
    this.sight?.disconnect();
    if (this.onVisibility) document.removeEventListener('visibilitychange', this.onVisibility);
    this.lab?.free();
    this.lab = null;
    this.running = false;
    this.preparing = false;
    super.stop();
  }

  /** An epochs field: a whole number from 1 to MAX_EPOCHS; anything else goes back to the number in use. */
  watchEpochsField(input) {
    watchWholeField(input, {
      min: 1,
      max: MAX_EPOCHS,
      what: 'The number of epochs',
      current: () => this.settings.epochs,
      apply: (epochs) => (this.settings.epochs = epochs),
    });
  }

  /** Draws only while the charts or the table are on screen and the tab shown; draws once on return. */
  watchSight() {
    const seen = new Map();
    this.onScreen = false;
    this.sight = new IntersectionObserver((entries) => {
      for (const e of entries) seen.set(e.target, e.isIntersecting);
      this.onScreen = [...seen.values()].some(Boolean);
      this.scheduleDraw();
    });
    this.sight.observe(this.$('.charts'));
    this.sight.observe(this.$('[data-results]'));
    this.onVisibility = () => this.scheduleDraw();
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  get showing() {
    return this.onScreen && !document.hidden;
  }

  cell(arrangement, name, text) {
    const el = this.$(`[data-row="${arrangement}"] [data-cell="${name}"]`);
    if (el && el.textContent !== text) el.textContent = text;
  }

  /** The two charts, each made in a task of its own so starting the lab is never one long task. */
  async makeCharts() {
    this.series = Object.fromEntries(ARRANGEMENTS.map((a) => [a, { loss: [], accuracy: [] }]));
    this.rows = Object.fromEntries(ARRANGEMENTS.map((a) => [a, {}]));
    this.dirty = new Set();
    this.drawnAt = { loss: -Infinity, accuracy: -Infinity };
    const series = (kind) =>
      ARRANGEMENTS.map((a) => ({
        label: a,
        data: this.series[a][kind],
        colourVar: COLOURS[a],
        points: kind === 'accuracy' ? 2 : 0,
      }));
    // Held by the widget: a recoloured chart is rebuilt from these, so the axes set later stay.
    this.axes = {
      loss: { xTitle: 'epoch', yTitle: 'loss', xMin: 0, xMax: this.settings.epochs, yMin: 0 },
      accuracy: { xTitle: 'epoch', yTitle: 'accuracy', xMin: 0, xMax: this.settings.epochs, yMin: 0, yMax: 1 },
    };
    // Kept as this.lossChart and this.accuracyChart (the tests and the page benchmark read them).
    await Promise.all(
      CHARTS.map((kind) => this.lines(`${kind}Chart`, this.$(`[data-chart="${kind}"]`), series(kind), this.axes[kind])),
    );
  }

  chartOf(kind) {
    return this[`${kind}Chart`];
  }

  /** Sets an axis bound of a chart (kept for a recolour too); drawn with the chart's next frame. */
  setAxis(kind, name, value) {
    if (this.axes[kind][name] === value) return;
    this.axes[kind][name] = value;
    const scale = this.chartOf(kind)?.options.scales[name[0]];
    if (scale) scale[name.endsWith('Min') ? 'min' : 'max'] = value;
    this.scheduleDraw(kind);
  }

  /** Notes what changed and asks for a frame to draw it in (none while the lab is not shown). */
  scheduleDraw(what) {
    if (what) this.dirty?.add(what);
    if (!this.dirty?.size || !this.showing || this.frameRequest || this.frameTimer) return;
    this.frameRequest = requestAnimationFrame(() => this.drawFrame());
  }

  /** One frame: the table and the status if changed, and at most one chart that is due. */
  drawFrame() {
    this.frameRequest = 0;
    if (!this.showing || !this.isConnected) return;
    if (this.dirty.delete('table')) this.drawTable();
    if (this.dirty.delete('status')) this.out('status', this.statusText);
    const now = performance.now();
    const due = CHARTS.filter((k) => this.dirty.has(k) && this.chartOf(k));
    const ready = due.filter((k) => now - this.drawnAt[k] >= CHART_INTERVAL_MS);
    if (ready.length) {
      const kind = ready.sort((a, b) => this.drawnAt[a] - this.drawnAt[b])[0];
      this.dirty.delete(kind);
      this.drawnAt[kind] = now;
      this.chartOf(kind).update('none');
    }
    if (!this.dirty.size) return;
    const waits = CHARTS.filter((k) => this.dirty.has(k)).map((k) => this.drawnAt[k] + CHART_INTERVAL_MS - now);
    const wait = Math.max(0, Math.min(...waits));
    if (wait > 0 && !this.dirty.has('table') && !this.dirty.has('status'))
      this.frameTimer = setTimeout(() => {
        this.frameTimer = 0;
        this.scheduleDraw();
      }, wait);
    else this.scheduleDraw();
  }

  /**
   * The charts' points as two tables (loss, held-out accuracy: one row per point, one column per
   * network) while "Show the numbers" is open, at most once a second during a training.
   */
  drawNumbers(force = true) {
    const details = this.$('[data-lab-numbers]');
    if (!details?.open || !this.series) return;
    const now = performance.now();
    if (!force && now - (this.numbersDrawnAt ?? -Infinity) < 1000) return;
    this.numbersDrawnAt = now;
    const table = (kind, caption) => {
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
        <thead><tr><th scope="col">epoch</th>${ARRANGEMENTS.map((a) => `<th scope="col">${LABELS[a]}</th>`).join('')}</tr></thead>
        <tbody>${body || `<tr><td colspan="${ARRANGEMENTS.length + 1}">No points yet: press Train.</td></tr>`}</tbody></table></div>`;
    };
    this.$('[data-lab-numbers-body]').innerHTML =
      table('loss', 'Training loss per tenth of an epoch') +
      table('accuracy', 'Held-out accuracy per fifth of an epoch');
  }

  drawTable() {
    this.drawNumbers(false);
    for (const a of ARRANGEMENTS) {
      const r = this.rows[a];
      this.cell(a, 'epochs', String(r.epochs ?? 0));
      this.cell(a, 'loss', r.loss === undefined ? '–' : r.loss.toFixed(4));
      this.cell(a, 'accuracy', r.accuracy === undefined ? '–' : r.accuracy.toFixed(4));
      this.cell(a, 'seconds', r.seconds === undefined ? '–' : `${r.seconds.toFixed(2)} s`);
    }
  }

  /** A status line that changes many times a second (download progress): written once a frame. */
  statusSoon(text) {
    this.statusText = text;
    this.scheduleDraw('status');
  }

  status(text) {
    this.dirty?.delete('status');
    this.out('status', text);
  }

  /** Empties the curves in place (the charts keep their arrays) and the table's figures. */
  clearFigures() {
    for (const s of Object.values(this.series)) {
      s.loss.length = 0;
      s.accuracy.length = 0;
    }
    for (const a of ARRANGEMENTS) this.rows[a] = {};
    const fresh = () => ({ seen: 0, stride: 1 });
    this.thinning = Object.fromEntries(ARRANGEMENTS.map((a) => [a, { loss: fresh(), accuracy: fresh() }]));
    this.lowestAccuracy = Infinity;
    this.setAxis('accuracy', 'yMin', 0);
    for (const kind of CHARTS) this.scheduleDraw(kind);
    this.scheduleDraw('table');
  }

  setRunning(running) {
    const focused = this.root.activeElement;
    this.running = running;
    // The settings hold still while the networks train with them.
    for (const el of this.$$('[data-setting]')) el.disabled = running;
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
        this.lab?.cancel();
        this.setRunning(false);
        this.status('Cancelled; the networks keep what they learned. Train continues them.');
      } else if (act === 'reset') this.resetLab();
      else if (act === 'activations') await this.showActivations();
      else if (act === 'clear') this.clearPad();
      else if (act === 'digit') await this.showDigit();
    } catch (e) {
      if (!isCancel(e)) this.status(`${e.name}: ${e.message}`);
    }
  }

  /** Makes the workers, which fetch the digits, on the first Train. */
  async prepare() {
    this.lab = new MnistLab(ARRANGEMENTS);
    this.status('Fetching the digits…');
    await this.whileCurrent(
      this.lab.load(
        (got, total) =>
          this.statusSoon(
            `Fetching the digits… ${(got / 1e6).toFixed(1)}${total ? ` of ${(total / 1e6).toFixed(1)}` : ''} MB`,
          ),
        this.signal,
      ),
    );
    this.trained = { epochs: 0, settings: null };
    this.out(
      'drawn',
      'Draw with the mouse or a finger, or pick a held-out digit: the four networks answer as they learn.',
    );
    for (const b of this.$$('[data-act="activations"], [data-act="clear"], [data-act="digit"], [data-digit]'))
      b.disabled = false;
  }

  async train() {
    if (this.running || this.preparing) return;
    const settings = this.withoutEpochs();
    const epochs = this.settings.epochs;
    // Until the training starts, a second press waits for nothing.
    this.preparing = true;
    for (const el of this.$$('[data-setting]')) el.disabled = true;
    let same;
    try {
      if (!this.lab) await this.prepare();
      same = JSON.stringify(this.trained.settings) === JSON.stringify(settings);
      if (same) {
        // The workers' own count: the last figures of a cancelled training may never have come.
        const done = await this.whileCurrent(this.lab.askAll('epochs'));
        Object.assign(this.epochsDone, done);
        for (const [a, e] of Object.entries(done)) this.rows[a].epochs = e;
        this.scheduleDraw('table');
        this.trained.epochs = Math.min(...Object.values(this.epochsDone));
      }
    } catch (e) {
      if (!this.trained) {
        this.lab?.free();
        this.lab = null;
      }
      throw e;
    } finally {
      this.preparing = false;
      for (const el of this.$$('[data-setting]')) el.disabled = false;
    }
    this.setRunning(true);
    this.trainStart = performance.now();
    this.firstEpochAt = 0;
    this.target = (same ? this.trained.epochs : 0) + epochs;
    this.announcedEpochs = same ? this.trained.epochs : 0;
    if (!same) {
      this.clearFigures();
      this.epochsDone = Object.fromEntries(ARRANGEMENTS.map((a) => [a, 0]));
      this.trained = { epochs: 0, settings };
      const { learningRate, batchSize, seed } = settings;
      this.out(
        'trained-with',
        `Results in your browser (learning rate ${learningRate}, batch size ${batchSize}, seed ${seed})`,
      );
    }
    for (const kind of CHARTS) this.setAxis(kind, 'xMax', this.target);
    const workers = this.lab.workers.length;
    this.status(`Training in ${workers} worker${workers > 1 ? 's' : ''}…`);
    try {
      await this.whileCurrent(this.lab.train(settings, this.target, (d) => this.onDetail(d)));
    } catch (e) {
      if (!isCancel(e)) {
        this.lab?.cancel();
        this.setRunning(false);
      }
      throw e;
    }
    this.onFinished();
  }

  withoutEpochs() {
    const { learningRate, batchSize, seed } = this.settings;
    return { learningRate, batchSize, seed };
  }

  togglePause() {
    this.paused = !this.paused;
    if (this.paused) this.lab.pause();
    else this.lab.resume();
    this.$('[data-act="pause"]').textContent = this.paused ? 'Resume' : 'Pause';
    this.status(
      this.paused ? `Paused after epoch ${this.trained.epochs} of ${this.target}. Resume continues.` : 'Training…',
    );
  }

  /** Frees the workers and the networks; Train then starts four fresh ones. */
  resetLab() {
    this.lab?.free();
    this.lab = null;
    this.trained = null;
    this.clearFigures();
    this.out('trained-with', 'Results in your browser');
    this.$('[data-maps]').replaceChildren();
    this.out('silent', '');
    // With no networks there is nothing to look inside or to ask about a digit.
    for (const b of this.$$('[data-act="activations"], [data-act="clear"], [data-act="digit"], [data-digit]'))
      b.disabled = true;
    this.status('Reset: Train starts four fresh networks.');
  }

  /** A worker's figures: kept at once, drawn in a later frame. */
  onDetail(d) {
    const s = this.series[d.arrangement];
    if (!s) return;
    if (Number.isFinite(d.loss)) {
      keep(s.loss, { x: d.position, y: d.loss }, this.thinning[d.arrangement].loss);
      this.scheduleDraw('loss');
    }
    if (d.heldOut) {
      keep(s.accuracy, { x: d.position, y: d.heldOut.accuracy }, this.thinning[d.arrangement].accuracy);
      if (d.heldOut.accuracy < this.lowestAccuracy) {
        this.lowestAccuracy = d.heldOut.accuracy;
        // The axis starts at the multiple of 0.2 below the lowest accuracy yet: 0 before any figure.
        this.setAxis('accuracy', 'yMin', Math.max(0, Math.floor(this.lowestAccuracy * 5) / 5));
      }
      this.scheduleDraw('accuracy');
    }
    if (d.epoch) this.onEpoch(d.arrangement, d.epoch);
  }

  onEpoch(arrangement, r) {
    this.epochsDone[arrangement] = r.epoch;
    this.trained.epochs = Math.min(...Object.values(this.epochsDone));
    Object.assign(this.rows[arrangement], {
      epochs: r.epoch,
      loss: r.trainingLoss,
      ...(r.heldOut ? { accuracy: r.heldOut.accuracy } : {}),
      seconds: r.seconds,
    });
    this.scheduleDraw('table');
    if (!this.firstEpochAt && Object.values(this.epochsDone).every((e) => e >= 1))
      this.firstEpochAt = performance.now() - this.trainStart;
    if (this.trained.epochs > this.announcedEpochs) {
      this.announcedEpochs = this.trained.epochs;
      this.statusSoon(`Epoch ${this.trained.epochs} of ${this.target} done by all four networks.`);
    }
  }

  onFinished() {
    this.setRunning(false);
    this.drawTable(); // the last epoch's figures at once, with the sentence that announces them
    this.drawNumbers();
    this.dirty.delete('table');
    this.status(`Trained ${this.target} epoch${this.target > 1 ? 's' : ''}. Train again for more, or Reset.`);
    this.dispatchEvent(new CustomEvent('nl-trained', { detail: { epochs: this.target } }));
    if (this.pad.some((v) => v > 0)) this.classifySoon();
  }

  async showActivations() {
    const reports = await this.whileCurrent(this.lab.askAll('activations', { shown: SHOWN }));
    const maps = this.$('[data-maps]');
    maps.replaceChildren();
    const silent = ARRANGEMENTS.filter((a) => reports[a]).map((a) => `${a} ${reports[a].silent.join(' / ')}`);
    this.out(
      'silent',
      `Units that never fire, layers 1 / 2 / 3: ${silent.join(' · ')}. Rows: the first ${SHOWN} held-out digits; columns: the 128 units; black: the unit fires.`,
    );
    // One arrangement's maps a frame.
    for (const a of ARRANGEMENTS) {
      if (!reports[a]) continue;
      await this.whileCurrent(new Promise((resolve) => requestAnimationFrame(resolve)));
      maps.append(this.activationFigure(a, reports[a]));
    }
  }

  activationFigure(a, r) {
    const figure = document.createElement('figure');
    figure.style.margin = '0';
    const caption = document.createElement('figcaption');
    caption.className = 'note';
    caption.textContent = `${LABELS[a]}: never fire on the 2,000 held-out digits: ${r.silent.join(', ')} units (layers 1, 2, 3)`;
    const black = 0xff000000; // RGBA bytes 0, 0, 0, 255 read as one little-endian word
    const white = 0xffffffff;
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
      const words = new Uint32Array(image.data.buffer);
      const map = r.maps[l];
      for (let k = 0; k < map.length; k++) words[k] = map[k] ? black : white;
      ctx.putImageData(image, 0, 0);
      figure.append(canvas);
    }
    figure.append(caption);
    return figure;
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
      this.padShows = 'Your drawing';
      this.drawPad();
      this.classifySoon();
    };
    const lift = () => {
      drawing = false;
      this.drawingNow = false;
      this.announceAnswer();
    };
    canvas.addEventListener('pointerdown', (e) => {
      if (!this.trained) return;
      drawing = true;
      this.drawingNow = true;
      canvas.setPointerCapture(e.pointerId);
      paint(e);
    });
    canvas.addEventListener('pointermove', (e) => drawing && paint(e));
    canvas.addEventListener('pointerup', lift);
    canvas.addEventListener('pointercancel', lift);
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
    this.padShows = null;
    this.out('drawn', 'Cleared.');
  }

  async showDigit() {
    const text = this.$('[data-digit]').value.trim();
    const index = Number(text);
    if (text === '' || !Number.isInteger(index) || index < 0 || index > 1999) {
      this.out(
        'drawn',
        `There is no held-out digit number ${text === '' ? '(empty)' : text}: type a whole number from 0 to 1999.`,
      );
      return;
    }
    const [digit] = await this.whileCurrent(this.lab.ask('digit', { index }, { first: true }));
    this.pad.set(digit.pixels);
    this.drawPad();
    this.padShows = `Held-out digit number ${index}, labelled ${digit.label}`;
    this.out('drawn', `${this.padShows}.`);
    this.classifySoon();
  }

  /**
   * Says in the pad's note (a live region) what the pad shows and each network's most probable
   * digit, once the answer is for the pad as it is and the reader has lifted the pen.
   */
  announceAnswer() {
    const p = this.lastProbabilities;
    if (!p || !this.padShows || this.drawingNow || this.classifying || this.again) return;
    const answers = ARRANGEMENTS.filter((a) => p[a]).map((a) => {
      const best = p[a].indexOf(Math.max(...p[a]));
      return `${a} ${best} (${p[a][best].toFixed(3)})`;
    });
    if (answers.length) this.out('drawn', `${this.padShows}: ${answers.join(', ')}.`);
  }

  classifySoon() {
    if (this.classifying) {
      this.again = true;
      return;
    }
    this.classifyPad().catch((e) => {
      if (!isCancel(e)) this.status(`${e.name}: ${e.message}`);
    });
  }

  async classifyPad() {
    if (!this.trained) return;
    this.classifying = true;
    try {
      const results = await this.whileCurrent(this.lab.askAll('classify', { image: this.pad.slice() }));
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
        this.classifySoon();
      } else this.announceAnswer();
    }
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

define('nl-mnist-lab', NlMnistLab);
