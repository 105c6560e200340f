// The figures the essay's prose cites, read from the core: each <span data-figure="name"> whose
// name is listed here is filled with that figure. The settings' figures come from the core as
// soon as it loads; the whole-crowd runs' figures when their section comes near the window (the
// runs are shared with the widgets that draw them, so they are computed once per page); the
// comparison's seed-by-seed tallies (final loss, held-out accuracy) when <nl-comparison> finishes
// its trainings on the essay's crowd (until then, or when the reader cancels them or trains a crowd
// of their own, the page shows the essay's crowd's tallies as written, which the tests check).
// A span whose name is not listed keeps its text; the browser tests check every span's text
// against the native figures either way.
import { core } from '../host/core.js';
import { wholeCrowd } from '../work/whole-crowd.js';
import { fixed, fmt, sci } from '../widget/format.js';

const list = (values, places) => values.map((v) => fmt(v, places)).join(', ');
const WHOLE_NUMBER_FOUR = [
  [1, 7],
  [1, 9],
  [7, 1],
  [23, 7],
];

/** Figures of the core's settings and small views: {name: text}. */
function settingsFigures(nl) {
  const batch = nl.normaliser({ kind: 'batch', features: 2 });
  const rate = nl.describe(batch);
  const four = nl.gradientCheckView('batch-four');
  const stats = nl.train(batch, WHOLE_NUMBER_FOUR);
  const crowd = nl.crowd().measurements;
  const weightNorm = nl.weightNormView();
  return {
    crowd: String(crowd.rows),
    trainings: String(nl.comparisonPlanSize()),
    epsilon: fmt(batch.eps, 5),
    'start-scale-shift': list([batch.scale[0], batch.shift[0]], 4),
    'start-running': list([batch.runningMean[0], batch.runningVariance[0]], 4),
    keep: fmt(rate.keep, 4),
    momentum: fmt(rate.momentum, 4),
    'four-deviation-2': fmt(stats.deviation[1], 7),
    'naive-gap': fmt(four.naiveGap, 4),
    'largest-true-slope': fmt(four.largestTrueSlope, 4),
    'weight-norm-people': String(weightNorm.x.length / 2),
    'weight-norm-direction-lengths': list(weightNorm.directionLengths, 4),
    'weight-norm-lengths': list(weightNorm.step.lengthsBefore, 4),
  };
}

/** Figures of the five whole-crowd runs: {name: text}. */
function crowdFigures({ curves, twoWays, covariateShift }) {
  const { plain, batch } = covariateShift;
  const epochs = twoWays.byRunning.length;
  const out = {
    units: String(plain.unitMean.length / curves.runs[0].losses.length),
    epochs: String(curves.runs[0].losses.length),
    threshold: fmt(curves.threshold, 4),
    'shift-plain': fmt(plain.largestShift, 4),
    'shift-batch': fmt(batch.largestShift, 4),
    'move-plain': fmt(plain.largestEpochMove, 4),
    'move-batch': fmt(batch.largestEpochMove, 4),
    'shift-gap': sci(batch.largestShiftGap),
    'two-ways-first-running': fixed(twoWays.byRunning[0], 2),
    'two-ways-first-batch': fixed(twoWays.byBatch[0], 2),
    'two-ways-last-running': fixed(twoWays.byRunning[epochs - 1], 2),
    'two-ways-last-batch': fixed(twoWays.byBatch[epochs - 1], 2),
    'two-ways-differing': String(twoWays.epochsDiffering),
  };
  for (const r of curves.runs) {
    out[`cross-${r.arrangement}`] = r.firstEpochUnder ? String(r.firstEpochUnder) : 'never';
    out[`final-loss-${r.arrangement}`] = fmt(r.finalLoss, 4);
  }
  return out;
}

/** Figures of the comparison's summary, seed by seed against the plain network: {name: text}. */
function comparisonFigures(summary) {
  const out = {};
  const seeds = (tally) => `${tally.holds} of ${tally.count}`;
  for (const s of summary) {
    if (s.lossAbovePlain) out[`loss-above-${s.arrangement}`] = seeds(s.lossAbovePlain);
    if (s.belowPlain) out[`below-plain-${s.arrangement}`] = seeds(s.belowPlain);
    if (s.abovePlain) out[`above-plain-${s.arrangement}`] = seeds(s.abovePlain);
  }
  return out;
}

function fill(figures, root) {
  for (const span of root.querySelectorAll('[data-figure]')) {
    const text = figures[span.dataset.figure];
    if (text !== undefined) {
      span.textContent = text;
      span.dataset.filled = '';
    }
  }
}

/**
 * Fills the prose figures of a document.
 * ensures: settings' figures at once; the runs' figures once a span that needs them is near.
 */
export async function fillProseFigures(doc = document) {
  if (!doc.querySelector('[data-figure]')) return; // a page without figures needs no core
  // The comparison's figures are its trainings' (on the essay's crowd), whenever they finish.
  doc.addEventListener('nl-done', (e) => {
    if (e.target.localName === 'nl-comparison' && e.detail?.essayCrowd && e.detail.summary)
      fill(comparisonFigures(e.detail.summary), doc);
  });
  const nl = await core();
  fill(settingsFigures(nl), doc);
  const waiting = [...doc.querySelectorAll('[data-figure]:not([data-filled])')];
  const sections = new Set(waiting.map((span) => span.closest('section') ?? doc.body));
  if (sections.size === 0) return;
  let asked = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (asked || !entries.some((e) => e.isIntersecting)) return;
      asked = true;
      observer.disconnect();
      wholeCrowd().then(
        (runs) => fill(crowdFigures(runs), doc),
        (e) => console.error(e),
      );
    },
    { rootMargin: '600px 0px' },
  );
  for (const s of sections) observer.observe(s);
}
