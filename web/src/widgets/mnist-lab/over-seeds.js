// The lab over seeds: the four networks trained at the lab's settings from each of several seeds
// (the lab's seed and the ones after it), in workers of their own (work/mnist-sweep.js, the
// seedTrial job), and a table the seeds fill as they finish: each network's held-out accuracy
// after the first epoch and after the last, seed by seed, with the core's median, least and
// largest over the seeds; once every seed is done, whether each normalised network is ahead of
// the plain one after the first epoch and after the last, tallied over the seeds by the core.
import { MNIST_SEEDS } from '../../host/limits.js';
import { errorLine, showInert } from '../../host/inert.js';
import { watchWholeField } from '../../widget/seed-field.js';
import { fixed, fmt } from '../../widget/format.js';
import { setHtml } from '../../host/trusted-types.js';
import { isCancel } from '../../work/protocol.js';
import { MnistSweep } from '../../work/mnist-sweep.js';
import { ARRANGEMENTS, LABELS, SHORT_LABELS } from './names.js';
import { consecutiveSeeds, seedsText, spreadOf, tallyOf, wholeText } from './ensemble.js';
import { sayReloadForOutdatedDigits } from './outdated-digits.js';

const NORMALISED = ARRANGEMENTS.filter((a) => a !== 'plain');
const PENDING = 'The finding appears when every seed is done.';

export const overSeedsHtml = (count) => `<h3>Over seeds</h3>
      <p class="note">One seed's gaps may be its luck. <em>Train over seeds</em> trains the four networks afresh
        at the settings above from the seed above and the ones after it, in workers of their own, and fills a row
        per seed as it finishes: held-out accuracy after the first epoch → after the last.</p>
      <div class="controls" role="group" aria-label="training over seeds">
        <label>seeds <input type="number" min="${MNIST_SEEDS.min}" max="${MNIST_SEEDS.max}" step="1" value="${count}" data-seeds-count class="width-4em"></label>
        <button data-seeds-run>Train over seeds</button>
        <button data-seeds-cancel disabled>Cancel</button>
        <span class="note" role="status" aria-live="polite" data-seeds-status></span>
      </div>
      <progress class="progress" max="1" value="0" data-seeds-progress aria-label="training over seeds done"></progress>
      <div class="scroll-x" role="region" aria-label="held-out accuracy over seeds, scrolls sideways" tabindex="0"><table data-seeds-table>
        <caption data-seeds-caption>Held-out accuracy over seeds</caption>
        <thead><tr><th scope="col">seed</th>${ARRANGEMENTS.map((a) => `<th scope="col">${SHORT_LABELS[a]}</th>`).join('')}</tr></thead>
        <tbody></tbody></table></div>
      <p class="note finding" data-seeds-finding>${PENDING}</p>`;

export class OverSeeds {
  /** widget: the lab (its settings, its core, its signal); count: the seeds to train over. */
  constructor(widget, count) {
    this.widget = widget;
    this.count = count;
    this.results = []; // {arrangement, seed, heldOut: [after each epoch]}
    this.seeds = [];
    const $ = (s) => widget.$(s);
    this.el = {
      run: $('[data-seeds-run]'),
      cancel: $('[data-seeds-cancel]'),
      status: $('[data-seeds-status]'),
      bar: $('[data-seeds-progress]'),
      caption: $('[data-seeds-caption]'),
      body: $('[data-seeds-table] tbody'),
      finding: $('[data-seeds-finding]'),
    };
    watchWholeField($('[data-seeds-count]'), {
      ...MNIST_SEEDS,
      what: 'The number of seeds',
      current: () => this.count,
      apply: (n) => (this.count = n),
    });
    this.el.run.addEventListener('click', () => this.run());
    this.el.cancel.addEventListener('click', () => this.training?.abort());
  }

  free() {
    this.training?.abort();
    this.sweep?.free();
    this.sweep = null;
  }

  running(on) {
    const from = on ? this.el.run : this.el.cancel;
    const hadFocus = this.widget.root.activeElement === from;
    this.el.run.disabled = on;
    this.el.cancel.disabled = !on;
    if (hadFocus) (on ? this.el.cancel : this.el.run).focus();
  }

  /** Trains every network from every seed; the rows fill as the seeds finish. */
  async run() {
    const { learningRate, batchSize, seed, epochs } = this.widget.settings;
    this.settings = { learningRate, batchSize, epochs };
    this.seeds = consecutiveSeeds(seed, this.count);
    this.results = [];
    this.el.finding.textContent = PENDING;
    this.draw();
    this.running(true);
    const trials = this.seeds.flatMap((s) => ARRANGEMENTS.map((arrangement) => ({ arrangement, seed: s })));
    const parts = new Map();
    const key = (t) => `${t.arrangement}-${t.seed}`;
    this.training = new AbortController();
    const signal = AbortSignal.any([this.training.signal, this.widget.signal]);
    const { status, bar } = this.el;
    const t0 = performance.now();
    try {
      this.sweep ??= new MnistSweep(ARRANGEMENTS);
      status.textContent = 'Fetching the digits…';
      await this.sweep.load((got, total) => {
        if (total) status.textContent = `Fetching the digits: ${fmt(got / 1e6, 1)} of ${fmt(total / 1e6, 1)} MB`;
      }, signal);
      status.textContent = `Training ${trials.length} networks, ${seedsText(this.seeds)}…`;
      bar.max = trials.length;
      bar.value = 0;
      await this.sweep.run(trials, this.settings, {
        job: 'seedTrial',
        signal,
        onProgress: (trial, done, total) => {
          parts.set(key(trial), done / total);
          bar.value = [...parts.values()].reduce((a, b) => a + b, 0);
        },
        onResult: (result) => {
          parts.set(key(result), 1);
          this.results.push(result);
          status.textContent = `${this.results.length} of ${trials.length} networks trained (${wholeText(this.wholeSeeds().length, this.seeds.length)})`;
          this.draw();
        },
      });
      const seconds = fmt((performance.now() - t0) / 1000, 1);
      status.textContent = `${trials.length} networks trained over ${seedsText(this.seeds)} in ${seconds} s.`;
      this.el.finding.textContent = this.findingText();
    } catch (e) {
      const n = this.results.length;
      if (isCancel(e) || signal.aborted) {
        const after = `Cancelled after ${n} of ${trials.length} networks, ${wholeText(this.wholeSeeds().length, this.seeds.length)}`;
        status.textContent = `${after}.`;
        const holds = n > 0 ? `: the table holds ${n === 1 ? 'that one' : `those ${n}`}` : '';
        this.el.finding.textContent = `${after}${holds}; no finding.`;
      } else {
        showInert(status, errorLine(e));
        this.el.finding.textContent = 'No finding: the run stopped before its end.';
        // Not awaited: the controls come back now; the sentence follows if the site moved on.
        void sayReloadForOutdatedDigits(e, {
          read: () => status.textContent,
          write: (text) => (status.textContent = text),
        });
      }
    } finally {
      this.training = null;
      this.running(false);
    }
  }

  /** The seeds whose four networks are all measured. */
  wholeSeeds() {
    return this.seeds.filter((s) => this.results.filter((r) => r.seed === s).length === ARRANGEMENTS.length);
  }

  /** One network's held-out accuracy after the first epoch (0) or the last (-1), at a seed; undefined until measured. */
  accuracy(arrangement, seed, epoch) {
    return this.results.find((r) => r.arrangement === arrangement && r.seed === seed)?.heldOut.at(epoch).accuracy;
  }

  /** The epochs the table shows: the first and the last, or the one. */
  epochsShown() {
    return this.settings.epochs > 1 ? [0, -1] : [0];
  }

  /** The rows: one per seed, then the core's median, least and largest over the seeds measured. */
  draw() {
    const shown = this.epochsShown();
    const last = this.settings?.epochs;
    const pair = (values) => values.map((v) => (v === undefined ? '–' : fixed(v, 3))).join(' → ');
    // Before every seed is whole (while training, or after Cancel) the median, least and largest
    // are taken over the whole seeds only, so every arrangement's are over the same seeds.
    const whole = this.wholeSeeds();
    const summarised = whole.length < this.seeds.length ? whole : this.seeds;
    const over =
      summarised === this.seeds
        ? ''
        : `; median, least and largest over the seeds whole so far (${whole.length === 0 ? 'none yet' : seedsText(whole)}: ${wholeText(whole.length, this.seeds.length)})`;
    this.el.caption.textContent =
      `Held-out accuracy after epoch 1${shown.length > 1 ? ` → after epoch ${last}` : ''}, ` +
      `${seedsText(this.seeds)} (learning rate ${this.settings.learningRate}, batch size ${this.settings.batchSize})${over}`;
    const rows = this.seeds.map(
      (s) =>
        `<tr data-seed="${s}"><th scope="row">${s}</th>${ARRANGEMENTS.map(
          (a) => `<td data-arrangement="${a}">${pair(shown.map((e) => this.accuracy(a, s, e)))}</td>`,
        ).join('')}</tr>`,
    );
    const spreads = Object.fromEntries(
      ARRANGEMENTS.map((a) => [
        a,
        shown.map((e) => {
          const values = summarised.map((s) => this.accuracy(a, s, e)).filter((v) => v !== undefined);
          return values.length ? spreadOf(this.widget.nl, values) : null;
        }),
      ]),
    );
    for (const [name, field] of [
      ['median', 'median'],
      ['least', 'min'],
      ['largest', 'max'],
    ])
      rows.push(
        `<tr data-summary="${name}"><th scope="row">${name}</th>${ARRANGEMENTS.map(
          (a) => `<td data-arrangement="${a}">${pair(spreads[a].map((s) => s?.[field]))}</td>`,
        ).join('')}</tr>`,
      );
    setHtml(this.el.body, rows.join(''));
  }

  /** Each tally over the seeds, and the medians. requires: every seed measured. */
  findingText() {
    const nl = this.widget.nl;
    const { epochs } = this.settings;
    const ahead = (epoch) =>
      tallyOf(
        nl,
        this.seeds,
        this.seeds.map((s) => NORMALISED.every((a) => this.accuracy(a, s, epoch) > this.accuracy('plain', s, epoch))),
      ).text;
    // The notebook's third finding, group norm against layer norm, counted the same way.
    const groupAhead = (epoch) =>
      tallyOf(
        nl,
        this.seeds,
        this.seeds.map((s) => this.accuracy('group', s, epoch) > this.accuracy('layer', s, epoch)),
      ).text;
    const median = (epoch) =>
      ARRANGEMENTS.map(
        (a) =>
          `${LABELS[a]} ${fixed(
            spreadOf(
              nl,
              this.seeds.map((s) => this.accuracy(a, s, epoch)),
            ).median,
            3,
          )}`,
      ).join(', ');
    const after = this.epochsShown().map((e) => (e === 0 ? 1 : epochs));
    const tallied = (tally) =>
      this.epochsShown()
        .map((e, k) => `after epoch ${after[k]} in ${tally(e)}`)
        .join(', and ');
    const medians = this.epochsShown()
      .map((e, k) => `after epoch ${after[k]}: ${median(e)}`)
      .join('; ');
    return (
      `Over ${seedsText(this.seeds)}: every normalised network is ahead of the plain one on held-out accuracy ${tallied(ahead)}. ` +
      `Group norm is ahead of layer norm ${tallied(groupAhead)}. ` +
      `${this.seeds.length > 1 ? 'Medians' : 'Accuracies'} ${medians}.`
    );
  }
}
