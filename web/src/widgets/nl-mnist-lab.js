// <nl-mnist-lab>: four 784-128-128-128-10 networks (plain, batch, layer, group norm) learning the
// lab's 8,000 training digits in Web Workers. This element holds the settings and the training
// controls; its instruments are modules of their own (mnist-lab/): the curves, the results
// table, the lab over seeds, the hidden-unit maps and the drawing pad. The digits are fetched when the reader presses
// Train. Every figure comes from the core in the workers.
//
// The page stays responsive while the workers train: their figures are kept as they arrive and
// drawn in animation frames (mnist-lab/frames.js), and nothing is drawn while the lab is off
// screen or the tab hidden.
import { NlWidget, define } from '../widget/widget.js';
import { MNIST_EPOCHS, MNIST_SEEDS } from '../host/limits.js';
import { errorLine, inertLine } from '../host/inert.js';
import { MnistLab } from '../work/mnist-lab.js';
import { readerStyles } from '../widget/reader-styles.js';
import { labStyles } from './mnist-lab/lab-styles.js';
import { watchSeedField, watchWholeField, seedOption } from '../widget/seed-field.js';
import { isCancel } from '../work/protocol.js';
import { ARRANGEMENTS } from './mnist-lab/names.js';
import { CHARTS, Curves, curvesHtml } from './mnist-lab/curves.js';
import { Frames } from './mnist-lab/frames.js';
import { Results, resultsHtml } from './mnist-lab/results.js';
import { clearHiddenUnits, hiddenUnitsHtml, showHiddenUnits } from './mnist-lab/hidden-units.js';
import { Pad, padHtml } from './mnist-lab/pad.js';
import { OverSeeds, overSeedsHtml } from './mnist-lab/over-seeds.js';
import { sayReloadForOutdatedDigits } from './mnist-lab/outdated-digits.js';

const LEARNING_RATES = [0.01, 0.03, 0.1, 0.3];
const BATCH_SIZES = [16, 32, 64, 128, 256];
const MAX_EPOCHS = MNIST_EPOCHS.max;
// What needs the networks: looking inside them and asking them about a digit.
const NEEDS_NETWORKS = '[data-act="activations"], [data-act="clear"], [data-act="digit"], [data-digit]';

const option = (values, chosen) =>
  values.map((v) => `<option value="${v}"${v === chosen ? ' selected' : ''}>${v}</option>`).join('');

/** The settings and the training controls. */
const controlsHtml = (settings) => `<div class="controls">
        <label>learning rate <select data-setting="learningRate">${option(LEARNING_RATES, settings.learningRate)}</select></label>
        <label>batch size <select data-setting="batchSize">${option(BATCH_SIZES, settings.batchSize)}</select></label>
        <label>seed <input type="number" min="0" max="4294967295" step="1" value="${settings.seed}" data-setting="seed" class="width-7em"></label>
        <label>epochs <input type="number" min="1" max="${MAX_EPOCHS}" step="1" value="${settings.epochs}" data-setting="epochs" class="width-4em"></label>
      </div>
      <div class="controls" role="group" aria-label="training">
        <button data-act="train" aria-pressed="false">Train</button>
        <button data-act="pause" disabled>Pause</button>
        <button data-act="cancel" disabled>Cancel</button>
        <button data-act="reset" disabled>Reset the networks</button>
        <span class="note" role="status" aria-live="polite" data-out="status">The digits (7.9 MB) are fetched when you press Train.</span>
      </div>`;

export class NlMnistLab extends NlWidget {
  static title = 'The MNIST lab';
  static styles = [readerStyles, labStyles];
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
    seedOption('seed of the weights and the shuffles (the first of the lab over seeds)', {
      live: (w) => w.settings?.seed,
    }),
    {
      name: 'seeds',
      type: 'integer',
      default: 5,
      min: MNIST_SEEDS.min,
      max: MNIST_SEEDS.max,
      doc: `seeds the lab over seeds trains the four networks from (${MNIST_SEEDS.min} to ${MNIST_SEEDS.max})`,
      live: (w) => w.overSeeds?.count,
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
    this.render(`
      ${controlsHtml(this.settings)}
      ${curvesHtml}
      ${resultsHtml}
      ${overSeedsHtml(c.seeds)}
      <h3>Inside the networks</h3>
      ${hiddenUnitsHtml}
      <h3>Draw a digit</h3>
      ${padHtml}`);
    this.results = new Results(this, this.nl);
    this.curves = new Curves(this, this.settings.epochs);
    this.pad = new Pad(this);
    this.overSeeds = new OverSeeds(this, c.seeds);
    this.frames = new Frames({
      host: this,
      quick: { table: () => this.drawTable(), status: () => this.out('status', this.statusText) },
      charts: Object.fromEntries(CHARTS.map((kind) => [kind, () => this.curves.chart(kind)])),
    });
    this.wireControls();
    this.frames.watch([this.$('.charts'), this.$('[data-results]')]);
    await this.curves.make();
  }

  wireControls() {
    this.$$('select[data-setting]').forEach((el) =>
      el.addEventListener('change', () => (this.settings[el.dataset.setting] = Number(el.value))),
    );
    watchSeedField(
      this.$('[data-setting="seed"]'),
      () => this.settings.seed,
      (seed) => (this.settings.seed = seed),
    );
    watchWholeField(this.$('[data-setting="epochs"]'), {
      min: 1,
      max: MAX_EPOCHS,
      what: 'The number of epochs',
      current: () => this.settings.epochs,
      apply: (epochs) => (this.settings.epochs = epochs),
    });
    this.body.addEventListener('click', (e) => {
      const act = e.target.closest('[data-act]')?.dataset.act;
      if (act) this.act(act);
    });
  }

  stop() {
    this.frames?.stop();
    this.overSeeds?.free();
    this.lab?.free();
    this.lab = null;
    this.running = false;
    this.preparing = false;
    super.stop();
  }

  // The tests and the page benchmark read these.
  get series() {
    return this.curves?.series;
  }

  get lastProbabilities() {
    return this.pad?.lastProbabilities;
  }

  /** Sets an axis bound of a chart; drawn with the chart's next frame. */
  setAxis(kind, name, value) {
    if (this.curves.setAxis(kind, name, value)) this.frames.schedule(kind);
  }

  drawTable() {
    this.curves.drawNumbers(false);
    this.results.draw();
  }

  /** A status line that changes many times a second (download progress): written once a frame. */
  statusSoon(text) {
    this.statusText = text;
    this.frames.schedule('status');
  }

  status(text) {
    this.frames?.drop('status');
    this.out('status', text);
  }

  /** Empties the curves in place (the charts keep their arrays) and the table's figures. */
  clearFigures() {
    this.curves.clear();
    this.results.clear();
    for (const kind of CHARTS) this.frames.schedule(kind);
    this.frames.schedule('table');
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
      else if (act === 'activations') await showHiddenUnits(this);
      else if (act === 'clear') this.pad.clear();
      else if (act === 'digit') await this.pad.showDigit();
    } catch (e) {
      if (isCancel(e)) return;
      this.status(inertLine(errorLine(e)));
      await sayReloadForOutdatedDigits(e, {
        read: () => this.$('[data-out="status"]').textContent,
        write: (text) => this.status(text),
      });
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
    for (const b of this.$$(NEEDS_NETWORKS)) b.disabled = false;
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
        for (const [a, e] of Object.entries(done)) this.results.rows[a].epochs = e;
        this.frames.schedule('table');
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
      // Fresh networks: nothing the last ones showed stays (their maps, their answers on the pad).
      this.clearFigures();
      clearHiddenUnits(this);
      this.pad.forget();
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
    this.status(this.paused ? this.pausedText() : 'Training…');
  }

  /** The status while paused: the epochs trained of the run's. */
  pausedText() {
    return `Paused after epoch ${this.trained.epochs} of ${this.target}. Resume continues.`;
  }

  /** Frees the workers and the networks; Train then starts four fresh ones. */
  resetLab() {
    this.lab?.free();
    this.lab = null;
    this.trained = null;
    this.clearFigures();
    this.out('trained-with', 'Results in your browser');
    clearHiddenUnits(this);
    // With no networks there is nothing to look inside or to ask about a digit.
    for (const b of this.$$(NEEDS_NETWORKS)) b.disabled = true;
    this.status('Reset: Train starts four fresh networks.');
  }

  /** A worker's figures: kept at once, drawn in a later frame. */
  onDetail(d) {
    for (const kind of this.curves.add(d)) this.frames.schedule(kind);
    if (d.epoch) this.onEpoch(d.arrangement, d.epoch);
  }

  onEpoch(arrangement, r) {
    this.epochsDone[arrangement] = r.epoch;
    this.trained.epochs = Math.min(...Object.values(this.epochsDone));
    Object.assign(this.results.rows[arrangement], {
      epochs: r.epoch,
      loss: r.trainingLoss,
      ...(r.heldOut ? { accuracy: r.heldOut.accuracy } : {}),
      seconds: r.seconds,
    });
    this.frames.schedule('table');
    if (!this.firstEpochAt && Object.values(this.epochsDone).every((e) => e >= 1))
      this.firstEpochAt = performance.now() - this.trainStart;
    if (this.trained.epochs > this.announcedEpochs) {
      this.announcedEpochs = this.trained.epochs;
      // An epoch under way when Pause was pressed still ends: the status stays the paused one, with
      // the epoch it ended (a late "Epoch 2 of 20 done" overwrote "Paused after epoch 1" before).
      this.statusSoon(
        this.paused ? this.pausedText() : `Epoch ${this.trained.epochs} of ${this.target} done by all four networks.`,
      );
    }
  }

  onFinished() {
    this.setRunning(false);
    this.drawTable(); // the last epoch's figures at once, with the sentence that announces them
    this.curves.drawNumbers();
    this.frames.drop('table');
    this.status(`Trained ${this.target} epoch${this.target > 1 ? 's' : ''}. Train again for more, or Reset.`);
    this.dispatchEvent(new CustomEvent('nl-trained', { detail: { epochs: this.target } }));
    if (!this.pad.blank) this.pad.classifySoon();
  }
}

define('nl-mnist-lab', NlMnistLab);
