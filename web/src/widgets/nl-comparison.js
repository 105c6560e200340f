// <nl-comparison>: 5 seeds x 5 arrangements x 5 folds trained over the page's pool of workers
// (comparison-over-pool.js) with a progress bar and a cancel button; a table per arrangement and
// a per-seed dot plot of held-out accuracy. The summary over seeds is the core's, as for every
// chance-driven instrument: the mean, least and largest, the 10–90 % band, and, seed by seed
// against the plain network, in how many seeds each arrangement held out fewer people right, in
// how many more, and in how many its final loss ended higher. On the essay's crowd, or on a
// reader's own (crowd-picker.js).
import { NlWidget, define } from '../widget/widget.js';
import { errorLine, showInert } from '../host/inert.js';
import { startRun } from '../widget/run-controls.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { isCancel } from '../work/protocol.js';
import { comparisonOverPool } from '../work/comparison-over-pool.js';
import { ARRANGEMENT_NAMES as NAMES } from '../widget/arrangements.js';
import { decimalsToTell, fixed, fmt } from '../widget/format.js';
import {
  attachCrowdPicker,
  crowdOption,
  crowdPickerHtml,
  crowdPickerStyles,
  restartWithCrowd,
  startingCrowd,
} from '../widget/crowd-picker.js';
import { CROWD_PEOPLE_ON_ARRIVAL } from '../host/limits.js';
import { setHtml } from '../host/trusted-types.js';
import { HostPolicyError } from '../host/host-policy.js';

export class NlComparison extends NlWidget {
  static title = 'The comparison';
  static styles = [readerStyles, crowdPickerStyles];
  static options = [
    {
      name: 'autostart',
      type: 'boolean',
      default: true,
      doc: 'start training (in a worker) as the reader comes near the widget, not only on "Train again"',
    },
    crowdOption,
  ];

  async start() {
    const start = startingCrowd(this, this.config.crowd);
    this.readerCrowd = start.crowd;
    this.trainings = this.nl.comparisonPlanSize(); // the core's plan: seeds x arrangements x folds
    this.crowdText = start.text;
    this.render(`${crowdPickerHtml()}
      <div class="controls">
        <button data-run>Train again</button>
        <button data-cancel disabled>Cancel</button>
        <span data-status role="status" aria-live="polite"></span>
      </div>
      <progress class="progress" max="${this.trainings}" value="0" aria-label="trainings done"></progress>
      <div class="scroll-x" role="region" aria-label="the comparison's means, scrolls sideways" tabindex="0"><table class="summary" data-table="means"><caption>Accuracy on the training rows and on the held-out people, and the final loss: each the mean over 5 seeds; last, the seeds in which the final loss (the mean over the seed's folds) ended above the plain network's</caption>
        <thead><tr><th scope="col" class="start">arrangement</th><th scope="col">train</th><th scope="col">held out</th><th scope="col">loss</th><th scope="col">loss above plain</th></tr></thead>
        <tbody></tbody></table></div>
      <div class="scroll-x" role="region" aria-label="held-out accuracy over the seeds, scrolls sideways" tabindex="0"><table class="summary" data-table="seeds"><caption>Held-out accuracy over the 5 seeds: its least and largest, its 10–90 % band (interpolated between the seeds' accuracies), and the seeds in which it was below and above the plain network's under the same seed</caption>
        <thead><tr><th scope="col" class="start">arrangement</th><th scope="col">least – largest</th><th scope="col">10–90 % band</th><th scope="col">below plain</th><th scope="col">above plain</th></tr></thead>
        <tbody></tbody></table></div>
      <div class="chart"><canvas role="img" aria-label="held-out accuracy per seed, one dot per seed and arrangement" aria-describedby="comparison-finding"></canvas></div>
      <div data-alternative><p class="note finding" id="comparison-finding">The dots appear when the trainings are done.</p></div>`);
    this.$('[data-run]').addEventListener('click', () => this.run());
    this.$('[data-cancel]').addEventListener('click', () => this.worker.cancel());
    attachCrowdPicker(this, start, (text) => {
      this.trainOnStart = true; // the reader asked for this crowd's trainings
      restartWithCrowd(this, text);
    });
    // A crowd too large to train on in about a second waits for the reader, however it came.
    const large = (this.readerCrowd?.labels.length ?? 0) > CROWD_PEOPLE_ON_ARRIVAL;
    const now = this.trainOnStart || (this.config.autostart && !large);
    this.trainOnStart = false;
    if (large && !now) {
      this.$('[data-run]').textContent = 'Train on this crowd';
      this.$('[data-status]').textContent =
        `This crowd has ${this.readerCrowd.labels.length} people: its ${this.trainings} trainings take more than a second, so they wait for you.`;
    }
    // Not awaited: the widget is drawn (nl-done) now, and again when the trainings finish.
    if (now) this.run();
  }

  /**
   * Trains the core's plan of networks (125) over the page's workers; Cancel stops them between two trainings.
   * ensures: nl-done with {state, summary, essayCrowd} when they finish (essayCrowd: trained on the
   * essay's crowd, not a reader's); none when cancelled or refused.
   */
  async run() {
    const run = startRun(this, { pending: 'The dots appear when the trainings are done.' });
    const { status, bar } = run;
    bar.value = 0;
    status.textContent = `Training ${this.trainings} networks on ${this.readerCrowd ? 'your' : "the essay's"} crowd in background workers…`;
    const t0 = performance.now();
    const onProgress = ({ done, total }) => {
      bar.max = total;
      bar.value = done;
      status.textContent = `${done} of ${total} trainings`;
    };
    try {
      const result = await comparisonOverPool(this.worker, {
        total: this.trainings,
        crowd: this.readerCrowd,
        onProgress,
        signal: this.signal,
      });
      this.worker.free(); // its memory back until the next run
      // The trainings' wall time on the page, for bench/crowd_page.mjs (User Timing).
      performance.measure(`nl-comparison: ${this.trainings} trainings`, { start: t0 });
      const workers = result.workers === 1 ? 'one worker' : `${result.workers} workers`;
      status.textContent = `${this.trainings} trainings of 400 epochs done in ${fmt((performance.now() - t0) / 1000, 2)} s over ${workers}.`;
      await this.show(result.summary);
      this.done({ summary: result.summary, essayCrowd: !this.readerCrowd });
    } catch (e) {
      if (isCancel(e)) run.cancelled(`Cancelled after ${bar.value} of ${bar.max} trainings`);
      // A worker the host's policy refused: the widget says what to allow, over its fallback.
      else if (e instanceof HostPolicyError) this.showFailure(e);
      else showInert(status, errorLine(e));
    } finally {
      run.finish();
    }
  }

  /** Shows the trainings' summary; ensures: the promise settles once the chart shows it. */
  show(summary) {
    // Held-out accuracies with the decimals that show every seed's difference from the plain
    // network the finding counts (a reader's large crowd can differ by 1 in 2,000: 0.9995 and 1).
    const places = accuracyPlaces(summary);
    const seedsOf = (tally) => (tally ? `${tally.holds} of ${tally.count}` : '–');
    const name = (s) =>
      `<th scope="row" class="start"><span class="swatch swatch-${s.arrangement}"></span>${NAMES[s.arrangement]}</th>`;
    setHtml(
      this.$('[data-table="means"] tbody'),
      summary
        .map(
          (s) => `<tr data-arrangement="${s.arrangement}">${name(s)}
      <td>${fixed(s.trainAccuracy, 3)}</td><td>${fixed(s.heldout.mean, Math.max(3, places))}</td><td>${fmt(s.finalLoss, 4)}</td>
      <td data-loss-above>${seedsOf(s.lossAbovePlain)}</td></tr>`,
        )
        .join(''),
    );
    setHtml(
      this.$('[data-table="seeds"] tbody'),
      summary
        .map(
          (s) => `<tr data-arrangement="${s.arrangement}">${name(s)}
      <td>${fixed(s.heldout.min, places)} – ${fixed(s.heldout.max, places)}</td><td>${fixed(s.heldout.low, places)} – ${fixed(s.heldout.high, places)}</td>
      <td data-below>${seedsOf(s.belowPlain)}</td><td data-above>${seedsOf(s.abovePlain)}</td></tr>`,
        )
        .join(''),
    );
    const series = summary.map((s, k) => ({
      label: NAMES[s.arrangement],
      // Seeds side by side within the arrangement's slot, apart enough that a phone's dots do not merge.
      data: s.heldoutBySeed.map((y, seed) => ({ x: k + 1 + (seed - (s.heldoutBySeed.length - 1) / 2) * 0.16, y })),
      colourVar: `--nl-${s.arrangement}`,
      points: 4,
      showLine: false,
      pointStyle: ['circle', 'rect', 'triangle', 'rectRot', 'star'][k],
      clip: false, // a dot at 1 (every held-out person right) is drawn whole, over the plot's edge
    }));
    const seeds = summary[0].heldout.count;
    const options = {
      xTitle: `arrangement (one dot per seed, seeds 1 to ${seeds} from left to right)`,
      yTitle: this.readerCrowd ? 'held-out accuracy' : 'held-out accuracy (from 0.5)',
      xMin: 0.5,
      xMax: summary.length + 0.5,
      yMin: this.readerCrowd ? 0 : 0.5, // a reader's crowd may be told apart worse than by a coin
      yMax: 1,
      categories: summary.map((s) => NAMES[s.arrangement]),
      legend: false,
    };
    const lossPlaces = placesAgainstPlain(summary, 'finalLossBySeed', 4);
    setHtml(
      this.$('[data-alternative]'),
      chartAlternative({
        findingId: 'comparison-finding',
        finding: findingOf(summary, seeds, places),
        caption: 'held-out accuracy by seed',
        columns: ['arrangement', ...Array.from({ length: seeds }, (_, k) => `seed ${k + 1}`)],
        rows: summary.map((s) => [NAMES[s.arrangement], ...s.heldoutBySeed.map((v) => fixed(v, places))]),
        // The seeds' final losses, which the means table's "loss above plain" counts.
        more: [
          {
            caption: "final loss by seed (the mean over the seed's folds)",
            columns: ['arrangement', ...Array.from({ length: seeds }, (_, k) => `seed ${k + 1}`)],
            rows: summary.map((s) => [NAMES[s.arrangement], ...s.finalLossBySeed.map((v) => fixed(v, lossPlaces))]),
          },
        ],
      }),
    );
    openAlternatives(this.root);
    return this.lines('chart', this.$('canvas'), series, options);
  }
}

/**
 * The finding in words: first what holds seed by seed, against the plain network, in the core's
 * tallies ("2 of 5 seeds, only at seeds 1 and 3"); then each arrangement's mean held-out accuracy
 * with its seeds' least and largest.
 */
function findingOf(summary, seeds, places) {
  const means = summary
    .map(
      (s) =>
        `${NAMES[s.arrangement]} ${fixed(s.heldout.mean, Math.max(3, places))} (${fixed(s.heldout.min, places)} to ${fixed(s.heldout.max, places)})`,
    )
    .join('; ');
  const against = summary
    .filter((s) => s.belowPlain)
    .map(
      (s) =>
        `${NAMES[s.arrangement]} below it in ${s.belowPlain.text}` +
        (s.abovePlain.holds > 0 ? ` (above it in ${s.abovePlain.text})` : ''),
    );
  const seedBySeed =
    against.length > 0
      ? `Seed by seed, against the plain network's held-out accuracy under the same seed: ${against.join('; ')}. `
      : '';
  return `${seedBySeed}Held-out accuracy, mean over ${seeds} seeds (least and largest seed): ${means}.`;
}

/** The decimals of the held-out accuracies: 2, or more where a seed's difference from plain needs them. */
function accuracyPlaces(summary) {
  return placesAgainstPlain(summary, 'heldoutBySeed', 2);
}

/**
 * The fewest decimals (from `fewest` to 6) that tell every seed's figure of `field` (a list per
 * seed) from the plain network's under the same seed.
 */
function placesAgainstPlain(summary, field, fewest) {
  const plain = summary.find((s) => s.arrangement === 'plain');
  if (!plain) return fewest;
  const pairs = summary.flatMap((s) => s[field].map((v, seed) => [v, plain[field][seed]]));
  return decimalsToTell(
    pairs.filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b)),
    fewest,
  );
}

define('nl-comparison', NlComparison);
