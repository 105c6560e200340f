// <nl-warm-up>: a post-norm and a pre-norm Transformer trained side by side on reversing strings
// of digits, with Adam at the reader's learning rate, each without and with a linear warm-up:
// the four loss curves as they come, progress and Cancel, then each stack's loss and accuracy on
// strings no step trained on. Trained by the core in workers of the widget's own.
import { NlWidget, define } from '../widget/widget.js';
import { TRANSFORMER_WIDTHS, WARM_UP_DEPTHS, WARM_UP_STEPS, WARM_UP_WARMUP } from '../widget/limits.js';
import { errorLine, showInert } from '../widget/inert.js';
import { startRun } from '../widget/run-controls.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../page/trusted-types.js';
import { fmt } from '../widget/format.js';
import { watchWidgetSeed } from '../widget/seed-field.js';
import { HostPolicyError } from '../page/host-policy.js';
import { isCancel } from '../work/protocol.js';
import { TRANSFORMER_JOBS, WARM_UP_RUNS } from '../work/transformer-jobs.js';
import { transformerWorker } from '../work/transformer-work.js';

const WIDTHS = TRANSFORMER_WIDTHS;
const RATES = [1e-3, 2e-3, 5e-3, 1e-2, 2e-2];
const STEPS = WARM_UP_STEPS;
const LOOKS = {
  post: { label: 'post-norm', colourVar: '--nl-batch', dash: [] },
  postWarm: { label: 'post-norm, warm-up', colourVar: '--nl-batch', dash: [6, 3] },
  pre: { label: 'pre-norm', colourVar: '--nl-layer', dash: [] },
  preWarm: { label: 'pre-norm, warm-up', colourVar: '--nl-layer', dash: [6, 3] },
};

const choice = (values, current, text = String) =>
  values.map((v) => `<option value="${v}" ${v === current ? 'selected' : ''}>${text(v)}</option>`).join('');

export class NlWarmUp extends NlWidget {
  static title = 'Warm-up, post-norm and pre-norm';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    { name: 'depth', type: 'integer', default: 6, ...WARM_UP_DEPTHS, doc: 'how many blocks (1 to 8)' },
    { name: 'width', type: 'integer', default: 32, choices: WIDTHS, doc: 'features of a token (16, 32 or 64)' },
    { name: 'learning-rate', type: 'number', default: 1e-2, choices: RATES, doc: "Adam's learning rate" },
    { name: 'steps', type: 'integer', default: 200, choices: STEPS, doc: 'training steps of each stack' },
    { name: 'warmup', type: 'integer', default: 50, ...WARM_UP_WARMUP, doc: 'steps of the linear warm-up (1 to 300)' },
    { name: 'seed', type: 'integer', default: 1, min: 0, max: 4294967295, doc: 'seed of the weights and strings' },
  ];

  constructor() {
    super();
    // Post-norm's two stacks in one worker, pre-norm's in another where the machine has two
    // cores, so the four train in about half the time. The base class frees the first with each
    // start; stop() frees the second.
    this.trainingWorker = transformerWorker();
    this.otherWorker = (globalThis.navigator?.hardwareConcurrency ?? 1) > 1 ? transformerWorker() : null;
  }

  stop() {
    super.stop();
    this.otherWorker?.free();
  }

  cancel() {
    this.worker.cancel();
    this.otherWorker?.cancel();
  }

  async start() {
    const c = this.config;
    Object.assign(this, {
      depth: c.depth,
      width: c.width,
      learningRate: c['learning-rate'],
      steps: c.steps,
      warmup: c.warmup,
      seed: c.seed,
    });
    this.render(`
      <div class="controls">
        <label>blocks <input type="range" min="1" max="8" value="${this.depth}" data-depth aria-label="number of blocks"></label>
        <b data-out="depth">${this.depth}</b>
        <label>width <select data-width aria-label="width">${choice(WIDTHS, this.width)}</select></label>
        <label>learning rate <select data-rate aria-label="learning rate">${choice(RATES, this.learningRate)}</select></label>
        <label>steps <select data-steps aria-label="steps">${choice(STEPS, this.steps)}</select></label>
        <label>warm-up steps <input type="number" min="1" max="300" step="1" value="${this.warmup}" data-warmup aria-label="warm-up steps"></label>
        <label>seed <input type="number" min="0" step="1" value="${this.seed}" data-seed aria-label="seed"></label>
      </div>
      <div class="controls">
        <button data-run>Train</button>
        <button data-cancel disabled>Cancel</button>
        <span data-status role="status" aria-live="polite">The four stacks train in workers when you press Train.</span>
      </div>
      <progress class="progress" max="1" value="0" aria-label="training steps done"></progress>
      <p class="note" data-about></p>
      <div class="chart tall" hidden><canvas role="img" aria-label="training loss per step of the four stacks" aria-describedby="warm-up-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="warm-up-finding">The curves appear as the stacks train.</p></div>`);
    // A control sets the widget's field and the option of the same name (learningRate: learning-rate).
    const set = (selector, event, field, option = field) =>
      this.$(selector).addEventListener(event, (e) => {
        this[field] = Number(e.target.value);
        this.changed({ [option]: this[field] });
        this.describeRun();
      });
    set('[data-depth]', 'input', 'depth');
    this.$('[data-depth]').addEventListener('input', () => this.out('depth', String(this.depth)));
    set('[data-width]', 'change', 'width');
    set('[data-rate]', 'change', 'learningRate', 'learning-rate');
    set('[data-steps]', 'change', 'steps');
    this.$('[data-warmup]').addEventListener('change', (e) => {
      const v = Number(e.target.value);
      if (Number.isInteger(v) && v >= 1 && v <= 300) {
        this.warmup = v;
        this.changed({ warmup: v });
      } else e.target.value = String(this.warmup);
      this.describeRun();
    });
    watchWidgetSeed(this);
    this.$('[data-run]').addEventListener('click', () => this.run());
    this.$('[data-cancel]').addEventListener('click', () => this.cancel());
    this.describeRun();
  }

  /** The seed field's redraw: the settings line (a run starts only on Train). */
  update() {
    this.describeRun();
    this.noticeChange();
  }

  describeRun() {
    this.$('[data-about]').textContent =
      `Each stack: ${this.depth} blocks of width ${this.width} (4 heads, feed-forward ${this.width} → ${4 * this.width} → ${this.width}), ` +
      `layer norm, reading 4 digits and a separator and asked for the digits reversed; batches of 16 fresh strings; ` +
      `Adam at ${this.learningRate} for ${this.steps} steps, with warm-up rising linearly over the first ${this.warmup}.`;
  }

  /**
   * Trains the four stacks in this widget's worker; Cancel stops them between two pieces.
   * ensures: nl-done with {state, runs} when they finish; none when cancelled or refused.
   */
  async run() {
    const run = startRun(this, { pending: 'The curves appear as the stacks train.' });
    const { status, bar } = run;
    bar.value = 0;
    const input = {
      depth: this.depth,
      width: this.width,
      learningRate: this.learningRate,
      steps: this.steps,
      warmupSteps: this.warmup,
      seed: this.seed,
    };
    const losses = Object.fromEntries(WARM_UP_RUNS.map((r) => [r.name, []]));
    const draw = () =>
      this.lines(
        'chart',
        this.$('canvas'),
        WARM_UP_RUNS.map((r) => ({ ...LOOKS[r.name], data: losses[r.name] })),
        { xTitle: 'step', yTitle: 'training loss (log scale)', logY: true, xMin: 1, xMax: input.steps },
      );
    // The chart's panel appears with the run: before Train it was an empty box half a phone's height.
    this.$('.chart').hidden = false;
    draw();
    const t0 = performance.now();
    const shares = this.otherWorker
      ? [
          [this.worker, ['post']],
          [this.otherWorker, ['pre']],
        ]
      : [[this.worker, ['post', 'pre']]];
    status.textContent = `Training four stacks in ${shares.length === 2 ? 'two workers' : 'a worker'}…`;
    const done = shares.map(() => 0);
    const total = WARM_UP_RUNS.length * input.steps;
    bar.max = total;
    // The status is a live region, so it speaks at each quarter of the run only; the bar
    // follows every step.
    let quarter = 0;
    const onProgressOf = (k) => (reply) => {
      done[k] = reply.done;
      bar.value = done.reduce((a, b) => a + b, 0);
      const reached = Math.floor((4 * bar.value) / total);
      if (reached > quarter && reached < 4) {
        quarter = reached;
        status.textContent = `${bar.value} of ${total} steps`;
      }
      const { detail } = reply;
      if (!detail) return;
      losses[detail.run].push(...detail.losses.map((y, j) => ({ x: detail.first + j + 1, y })));
      draw();
    };
    try {
      const answers = await Promise.all(
        shares.map(([worker, placements], k) =>
          worker.run(TRANSFORMER_JOBS.warmUp, {
            input: { ...input, placements },
            onProgress: onProgressOf(k),
            signal: this.signal,
          }),
        ),
      );
      const order = WARM_UP_RUNS.map((r) => r.name);
      const runs = answers.flatMap((a) => a.runs).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
      const seconds = (performance.now() - t0) / 1000;
      status.textContent = `${runs.length} stacks of ${input.steps} steps trained in ${fmt(seconds, 2)} s.`;
      this.show(runs, input);
      this.done({ runs });
    } catch (e) {
      this.cancel(); // the other worker's share too, when one failed
      if (isCancel(e)) {
        const whole = WARM_UP_RUNS.filter((r) => losses[r.name].length === input.steps).length;
        run.cancelled(
          `Cancelled after ${bar.value} of ${bar.max} steps`,
          bar.value > 0
            ? `the curves stop where each stack was, ${whole} of ${WARM_UP_RUNS.length} stacks trained to the end`
            : '',
        );
      }
      // A worker the host's policy refused: the widget says what to allow, over its fallback.
      else if (e instanceof HostPolicyError) this.showFailure(e);
      else showInert(status, errorLine(e));
    } finally {
      run.finish();
    }
  }

  /** The four stacks on strings no step trained on, and each step's time. */
  show(runs, input) {
    const loss = (r) => fmt(r.check.loss, 3);
    const share = (r) => fmt(r.check.accuracy, 2);
    const by = Object.fromEntries(runs.map((r) => [r.name, r]));
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'warm-up-finding',
        finding:
          `After ${input.steps} steps at ${input.learningRate}, on strings no step trained on: ` +
          `post-norm reaches a loss of ${loss(by.post)} (digits right: ${share(by.post)}) without warm-up and ${loss(by.postWarm)} (${share(by.postWarm)}) with it; ` +
          `pre-norm ${loss(by.pre)} (${share(by.pre)}) without and ${loss(by.preWarm)} (${share(by.preWarm)}) with it.`,
        caption: 'each stack on unseen strings, and its time per step here',
        columns: ['stack', 'loss on unseen strings', 'share of digits right', 'time per step'],
        rows: runs.map((r) => [LOOKS[r.name].label, loss(r), share(r), `${fmt(r.msPerStep, 3)} ms`]),
      }),
    );
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
  }
}

define('nl-warm-up', NlWarmUp);
