// <nl-warm-up>: a post-norm and a pre-norm Transformer trained side by side on reversing strings
// of digits, with Adam at the reader's learning rate, each without and with a linear warm-up, over
// several seeds: each stack's median loss curve with its 10-90 % band (the core's bandOf) as the
// seeds come in, progress and Cancel, then how many seeds each stack learned the task in (the
// core's verdict on 1,024 strings no step trained on, tallied by the core). A reader can look at
// one seed's curves. Trained by the core in workers of the widget's own, one per core.
import { NlWidget, define } from '../widget/widget.js';
import { TRANSFORMER_WIDTHS, WARM_UP_DEPTHS, WARM_UP_SEEDS, WARM_UP_STEPS, WARM_UP_WARMUP } from '../host/limits.js';
import { errorLine, showInert } from '../host/inert.js';
import { quarterly, startRun } from '../widget/run-controls.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';
import { fmt, grouped } from '../widget/format.js';
import { watchWholeField, watchWidgetSeed, seedOption } from '../widget/seed-field.js';
import { HostPolicyError } from '../host/host-policy.js';
import { isCancel } from '../work/protocol.js';
import { TRANSFORMER_JOBS, WARM_UP_RUNS } from '../work/transformer-jobs.js';
import { shareOut, transformerWorkers } from '../work/transformer-work.js';
import { consecutiveSeeds, seedsText } from './mnist-lab/ensemble.js';

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

/** The words for one run's settings: {depth, width, learningRate, steps, warmupSteps, seeds}. */
function settingsText({ depth, width, learningRate, steps, warmupSteps, seeds }) {
  return (
    `Each stack: ${depth} blocks of width ${width} (4 heads, feed-forward ${width} → ${4 * width} → ${width}), ` +
    `layer norm, reading 4 digits and a separator and asked for the digits reversed; batches of 16 fresh strings; ` +
    `Adam at ${learningRate} for ${steps} steps, with warm-up rising linearly over the first ${warmupSteps}; ` +
    `each stack trained once for each of ${seedsText(seeds)}.`
  );
}

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
    seedOption('first seed of the weights and strings; the seeds run on from it'),
    {
      name: 'seeds',
      type: 'integer',
      default: 5,
      ...WARM_UP_SEEDS,
      doc: 'seeds each stack trains over (1 to 10)',
    },
  ];

  constructor() {
    super();
    this.workers = transformerWorkers();
  }

  stop() {
    super.stop();
    this.training?.abort();
    for (const worker of this.workers) worker.free();
  }

  cancel() {
    this.training?.abort();
  }

  async start() {
    const c = this.config;
    Object.assign(this.held, {
      depth: c.depth,
      width: c.width,
      learningRate: c['learning-rate'],
      steps: c.steps,
      warmup: c.warmup,
      seed: c.seed,
      seeds: c.seeds,
    });
    this.shown = 'all'; // 'all' (median and band) or one seed's index in the last run's seeds
    this.ensemble = null; // a start begins with no run shown: the settings line is the controls'
    this.render(`
      <div class="controls">
        <label>blocks <input type="range" min="1" max="8" value="${this.held.depth}" data-depth aria-label="number of blocks"></label>
        <b data-out="depth">${this.held.depth}</b>
        <label>width <select data-width aria-label="width">${choice(WIDTHS, this.held.width)}</select></label>
        <label>learning rate <select data-rate aria-label="learning rate">${choice(RATES, this.held.learningRate)}</select></label>
        <label>steps <select data-steps aria-label="steps">${choice(STEPS, this.held.steps)}</select></label>
        <label>warm-up steps <input type="number" min="1" max="300" step="1" value="${this.held.warmup}" data-warmup aria-label="warm-up steps"></label>
        <label>first seed <input type="number" min="0" step="1" value="${this.held.seed}" data-seed aria-label="first seed"></label>
        <label>seeds <input type="number" min="${WARM_UP_SEEDS.min}" max="${WARM_UP_SEEDS.max}" step="1" value="${this.held.seeds}" data-seeds aria-label="seeds"></label>
        <label>show <select data-shown aria-label="curves shown"><option value="all">median and band</option></select></label>
      </div>
      <div class="controls">
        <button data-run>Train</button>
        <button data-cancel disabled>Cancel</button>
        <span data-status role="status" aria-live="polite">The four stacks train over the seeds in workers when you press Train.</span>
      </div>
      <progress class="progress" max="1" value="0" aria-label="training steps done"></progress>
      <p class="note" data-about></p>
      <div class="chart tall" hidden><canvas role="img" aria-label="training loss per step of the four stacks" aria-describedby="warm-up-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="warm-up-finding">The curves appear as the stacks train.</p></div>`);
    // A control sets the held value and the option of the same name (learningRate: learning-rate).
    const set = (selector, event, field, option = field) =>
      this.$(selector).addEventListener(event, (e) => {
        this.held[field] = Number(e.target.value);
        this.changed({ [option]: this.held[field] });
        this.describeRun();
      });
    set('[data-depth]', 'input', 'depth');
    this.$('[data-depth]').addEventListener('input', () => this.out('depth', String(this.held.depth)));
    set('[data-width]', 'change', 'width');
    set('[data-rate]', 'change', 'learningRate', 'learning-rate');
    set('[data-steps]', 'change', 'steps');
    // A count out of its range is put back, with a sentence beside the field saying why.
    const count = (name, range, what) =>
      watchWholeField(this.$(`[data-${name}]`), {
        ...range,
        what,
        current: () => this.held[name],
        apply: (value) => {
          this.held[name] = value;
          this.changed({ [name]: value });
          this.describeRun();
        },
      });
    count('warmup', WARM_UP_WARMUP, 'The number of warm-up steps');
    count('seeds', WARM_UP_SEEDS, 'The number of seeds');
    this.$('[data-shown]').addEventListener('change', (e) => {
      this.shown = e.target.value;
      this.drawCurves();
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

  /**
   * The settings line: those of the run the chart shows (once there is one), and, when the
   * controls have changed since, that Train runs theirs; before any run, the controls'.
   */
  describeRun() {
    const held = {
      depth: this.held.depth,
      width: this.held.width,
      learningRate: this.held.learningRate,
      steps: this.held.steps,
      warmupSteps: this.held.warmup,
      seeds: consecutiveSeeds(this.held.seed, this.held.seeds),
    };
    const shown = this.ensemble ? { ...this.ensemble.input, seeds: this.ensemble.seeds } : held;
    const text = settingsText(shown);
    const cut = this.ensemble?.cancelled
      ? ' Cancelled before every training ended: a band holds the seeds its stack finished.'
      : '';
    const changed = text === settingsText(held) ? '' : ' The controls have changed since: Train runs their settings.';
    this.$('[data-about]').textContent = `${text}${cut}${changed}`;
  }

  /**
   * Trains the four stacks once per seed, the trainings shared out over the workers; Cancel ends
   * them at once.
   * ensures: nl-done with {state, stacks} when they finish; none when cancelled or refused.
   */
  async run() {
    this.training?.abort();
    const training = new AbortController();
    this.training = training;
    this.signal.addEventListener('abort', () => training.abort(), { once: true });
    const run = startRun(this, { pending: 'The finding appears when every seed has trained.' });
    const { status, bar } = run;
    const input = {
      depth: this.held.depth,
      width: this.held.width,
      learningRate: this.held.learningRate,
      steps: this.held.steps,
      warmupSteps: this.held.warmup,
    };
    const seeds = consecutiveSeeds(this.held.seed, this.held.seeds);
    // Per stack, per seed: the losses so far and, once trained, the run's figures.
    this.ensemble = {
      input,
      seeds,
      stacks: Object.fromEntries(
        WARM_UP_RUNS.map((r) => [r.name, { losses: seeds.map(() => []), runs: seeds.map(() => null) }]),
      ),
    };
    this.shown = 'all';
    this.fillShown();
    this.describeRun();
    // The chart's panel appears with the run: before Train it was an empty box half a phone's height.
    this.$('.chart').hidden = false;
    this.drawCurves();
    const tasks = seeds.flatMap((seed, k) => WARM_UP_RUNS.map((r) => ({ seed, k, name: r.name })));
    const total = tasks.length * input.steps;
    bar.max = total;
    bar.value = 0;
    let trained = 0;
    status.textContent = `Training four stacks over ${seedsText(seeds)} in ${this.workers.length} worker${this.workers.length === 1 ? '' : 's'}…`;
    const say = quarterly(status);
    const t0 = performance.now();
    try {
      await shareOut(this.workers, tasks, async (worker, task) => {
        const stack = this.ensemble.stacks[task.name];
        const answer = await worker.run(TRANSFORMER_JOBS.warmUp, {
          input: { ...input, seed: task.seed, names: [task.name] },
          signal: training.signal,
          onProgress: ({ detail }) => {
            if (!detail) return;
            stack.losses[task.k].push(...detail.losses);
            bar.value += detail.losses.length;
            say(bar.value / total, `${bar.value} of ${total} steps`);
            if (this.shown !== 'all') this.drawCurves();
          },
        });
        stack.runs[task.k] = answer.runs[0];
        stack.losses[task.k] = answer.runs[0].losses;
        trained += 1;
        this.drawCurves();
      });
      const seconds = (performance.now() - t0) / 1000;
      status.textContent = `${tasks.length} trainings of ${input.steps} steps in ${fmt(seconds, 2)} s.`;
      this.show();
      this.done({ stacks: this.tallies() });
    } catch (e) {
      training.abort(); // the other workers' trainings too, when one failed
      if (isCancel(e)) {
        if (this.training === training && !this.signal.aborted) {
          // Each stack's band holds the seeds it finished, which differ from stack to stack.
          const finished = WARM_UP_RUNS.map(
            (r) => `${LOOKS[r.name].label} ${this.ensemble.stacks[r.name].runs.filter(Boolean).length}`,
          ).join(', ');
          run.cancelled(
            // The bar counts steps: the status names both, so the two agree.
            `Cancelled after ${trained} of ${tasks.length} trainings, ${grouped(bar.value)} of ${grouped(total)} steps`,
            trained > 0 ? `the bands hold the seeds each stack finished, of ${seeds.length}: ${finished}` : '',
          );
          this.ensemble.cancelled = true;
          this.describeRun();
        }
      }
      // A worker the host's policy refused: the widget says what to allow, over its fallback.
      else if (e instanceof HostPolicyError) this.showFailure(e);
      else showInert(status, errorLine(e));
    } finally {
      run.finish();
    }
  }

  /** The "show" menu: the band, or one seed of the last run. */
  fillShown() {
    const seeds = this.ensemble?.seeds ?? [];
    setHtml(
      this.$('[data-shown]'),
      `<option value="all">median and band</option>` +
        seeds.map((s, k) => `<option value="${k}">seed ${s}</option>`).join(''),
    );
  }

  /**
   * The curves: for each stack the median over the seeds trained so far with its 10-90 % band
   * (a stack with one whole seed so far: that seed's curve, named), or one seed's curve as it
   * trains. The axis names the band only when some stack has one.
   */
  drawCurves() {
    const e = this.ensemble;
    if (!e) return;
    const at = (list) => Array.from(list, (y, j) => ({ x: j + 1, y }));
    let banded = false;
    const series = WARM_UP_RUNS.flatMap((r) => {
      const look = LOOKS[r.name];
      const stack = e.stacks[r.name];
      if (this.shown !== 'all') return [{ ...look, data: at(stack.losses[Number(this.shown)]) }];
      const whole = stack.runs.flatMap((run) => (run ? [run.losses] : []));
      if (whole.length === 0) return [{ ...look, data: [] }];
      if (whole.length === 1) {
        const seed = e.seeds[stack.runs.findIndex((run) => run)];
        return [{ ...look, label: `${look.label} (seed ${seed})`, data: at(whole[0]) }];
      }
      banded = true;
      const band = this.nl.bandOf(whole);
      const edge = (name, extra) => ({
        ...look,
        label: `${look.label}, ${name}`,
        data: at(band[name === '10 %' ? 'low' : 'high']),
        width: 0,
        legend: false,
        ...extra,
      });
      return [
        edge('10 %'),
        edge('90 %', { fill: '-1', fillAlpha: 0.15 }),
        { ...look, label: `${look.label} (median of ${whole.length})`, data: at(band.median) },
      ];
    });
    this.lines('chart', this.$('canvas'), series, {
      xTitle: 'step',
      yTitle: banded ? 'training loss, median and 10-90 % band (log scale)' : 'training loss (log scale)',
      logY: true,
      xMin: 1,
      xMax: e.input.steps,
    });
  }

  /** Per stack, the core's tally of the seeds it learned the task in, and its unseen accuracy's spread. */
  tallies() {
    const e = this.ensemble;
    return Object.fromEntries(
      WARM_UP_RUNS.map((r) => {
        const runs = e.stacks[r.name].runs;
        return [
          r.name,
          {
            learned: this.nl.tallyOf(
              e.seeds,
              runs.map((run) => run.learned),
            ),
            unseen: this.nl.spreadOf(runs.map((run) => run.unseen.accuracy)),
            msPerStep: this.nl.spreadOf(runs.map((run) => run.msPerStep)),
          },
        ];
      }),
    );
  }

  /** Each stack over the seeds: how many it learned the task in, its unseen accuracy, its step time. */
  show() {
    const { input } = this.ensemble;
    const t = this.tallies();
    const learned = (name) => t[name].learned.text;
    const range = (s) => `${fmt(s.median, 2)} (${fmt(s.low, 2)} to ${fmt(s.high, 2)})`;
    const wasOpen = this.$('details.numbers')?.open;
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'warm-up-finding',
        finding:
          `After ${input.steps} steps at ${input.learningRate}, judged on strings no step trained on, ` +
          `post-norm learned the task without warm-up in ${learned('post')}; with warm-up in ${learned('postWarm')}. ` +
          `Pre-norm learned it without warm-up in ${learned('pre')}; with warm-up in ${learned('preWarm')}.`,
        caption: 'each stack over the seeds: learned the task, digits right on unseen strings, time per step here',
        columns: ['stack', 'learned the task', 'share of digits right, median (10–90 %)', 'time per step, median'],
        rows: WARM_UP_RUNS.map((r) => [
          LOOKS[r.name].label,
          learned(r.name),
          range(t[r.name].unseen),
          `${fmt(t[r.name].msPerStep.median, 3)} ms`,
        ]),
      }),
    );
    if (wasOpen) this.$('details.numbers').open = true;
    openAlternatives(this.root);
  }
}

define('nl-warm-up', NlWarmUp);
