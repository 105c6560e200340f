// The essay's prose against its instruments: every number the prose cites sits in a
// <span data-figure> and equals the core's figure (the native `normlab measurements --json` and
// the core's views, through the test module) at the places it is printed, no number stands
// outside such a span, and the claims the prose makes about those figures hold.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bringIntoView, useSiteAndBrowser } from './site.js';
import { nl } from '../js/core.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const native = (...args) =>
  JSON.parse(execFileSync(`${root}build/native/normlab`, args, { encoding: 'utf8', maxBuffer: 1 << 28 }));

/** The figures the prose may cite, by span name: a number or a list of numbers. */
function oracle() {
  const m = native('measurements', '--json');
  const { curves, twoWays, covariateShift: shift, comparison } = m;
  const results = comparison.results;
  const distinct = (key) => new Set(results.map((r) => r[key])).size;
  const folds = distinct('fold');
  const heldOut = results[0].heldoutCount;
  const crowd = results.filter((r) => r.seed === results[0].seed && r.arrangement === results[0].arrangement);
  const crowdSize = crowd.reduce((sum, r) => sum + r.heldoutCount, 0);
  const epochs = curves.runs[0].losses.length;
  const batch = nl.normaliser({ kind: 'batch', features: 2 });
  const rate = nl.describe(batch);
  const four = nl.gradientCheckView('batch-four');
  const stats = nl.train(batch, { rows: four.rows, cols: four.cols, data: four.x });
  const weightNorm = nl.weightNormView();
  const figures = {
    units: shift.plain.unitMean[0].length,
    crowd: crowdSize,
    epochs,
    folds,
    'fold-heldout': heldOut,
    'fold-train': crowdSize - heldOut,
    seeds: distinct('seed'),
    arrangements: distinct('arrangement'),
    trainings: results.length,
    threshold: curves.threshold,
    'shift-plain': shift.plain.largestShift,
    'shift-batch': shift.batch.largestShift,
    'move-plain': shift.plain.largestEpochMove,
    'move-batch': shift.batch.largestEpochMove,
    'shift-gap': shift.batch.largestShiftGap,
    'two-ways-first-running': twoWays.byRunning[0],
    'two-ways-first-batch': twoWays.byBatch[0],
    'two-ways-last-running': twoWays.byRunning[epochs - 1],
    'two-ways-last-batch': twoWays.byBatch[epochs - 1],
    'two-ways-differing': twoWays.epochsDiffering,
    'four-rows': Array.from(four.x),
    'four-column-2': Array.from(four.x).filter((_, k) => k % four.cols === 1),
    epsilon: batch.eps,
    'start-scale-shift': [batch.scale[0], batch.shift[0]],
    'start-running': [batch.runningMean[0], batch.runningVariance[0]],
    keep: rate.keep,
    momentum: rate.momentum,
    'four-deviation-2': stats.deviation[1],
    'naive-gap': four.naiveGap,
    'largest-true-slope': four.largestTrueSlope,
    'running-steps': native('figures').whole_number_four.widest_gap.length,
    'weight-norm-people': weightNorm.x.length / 2,
    'weight-norm-direction-lengths': weightNorm.directionLengths,
    'weight-norm-lengths': weightNorm.step.lengthsBefore,
  };
  for (const r of curves.runs) {
    figures[`cross-${r.arrangement}`] = r.firstEpochUnder;
    figures[`final-loss-${r.arrangement}`] = r.finalLoss;
  }
  const tally = (t) => [t.holds, t.count];
  for (const s of comparison.summary) {
    if (s.lossAbovePlain) figures[`loss-above-${s.arrangement}`] = tally(s.lossAbovePlain);
    if (s.belowPlain) figures[`below-plain-${s.arrangement}`] = tally(s.belowPlain);
    if (s.abovePlain) figures[`above-plain-${s.arrangement}`] = tally(s.abovePlain);
  }
  return { figures, m };
}

/** The numbers in a text, as printed: "−0.52" → {value: -0.52, places: 2}; "4.2e−16" keeps its exponent. */
function numbersIn(text) {
  const out = [];
  for (const match of text.replace(/−/g, '-').matchAll(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g)) {
    const t = match[0];
    const places = /e/.test(t) ? null : (t.split('.')[1] ?? '').length;
    out.push({ text: t, value: Number(t), places });
  }
  return out;
}

function agrees(printed, value) {
  if (printed.places === null) return Math.abs(printed.value - value) <= Math.abs(value) * 0.051;
  return Math.abs(printed.value - value) <= 0.5 * 10 ** -printed.places + 1e-12;
}

let page, spans, stray;
const { figures, m } = oracle();

const site = useSiteAndBrowser(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}/index.html`);
  // Bring every section near the window, so the figures of the runs are asked for.
  for (const id of ['moving-target', 'measurements']) await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-figure]')].every((s) => !s.textContent.includes('…')),
    null,
    { timeout: 60000 },
  );
  // The comparison's tallies are in the page before its trainings end (the essay's crowd's, so a
  // reader who cancels or brings a crowd of their own still reads them); they are checked once
  // the page has filled them from its own trainings (which start once the comparison is in view).
  await bringIntoView(page, 'nl-comparison');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-figure*="-plain-"], [data-figure^="loss-above-"]')].every(
        (s) => 'filled' in s.dataset,
      ),
    null,
    { timeout: 120000 },
  );
  ({ spans, stray } = await page.evaluate(() => {
    const prose = [...document.querySelectorAll('main p:not(.formula), main li, .lede')];
    const spans = [...document.querySelectorAll('main [data-figure]')].map((s) => ({
      name: s.dataset.figure,
      text: s.textContent,
    }));
    const stray = [];
    for (const p of prose) {
      const copy = p.cloneNode(true);
      copy.querySelectorAll('[data-figure], [data-tex], .katex').forEach((x) => x.remove());
      const text = copy.textContent;
      if (/\d/.test(text)) stray.push(text.replace(/\s+/g, ' ').trim());
      const words = text.match(
        /\b(five|six|seven|eight|nine|ten|eleven|twelve|sixteen|twenty|twenty-five|hundred|thousand)\b/gi,
      );
      if (words) stray.push(`${words.join(', ')} in: ${text.replace(/\s+/g, ' ').trim().slice(0, 120)}`);
    }
    return { spans, stray };
  }));
});

test('no number in the prose stands outside a figure span', () => {
  assert.deepEqual(stray, []);
});

test("every figure span names a figure of the core's and prints it at the places it shows", () => {
  assert.ok(spans.length >= 30, `only ${spans.length} figure spans`);
  for (const { name, text } of spans) {
    assert.ok(name in figures, `span "${name}" names no figure of the oracle`);
    const expected = [figures[name]].flat();
    const printed = numbersIn(text);
    assert.equal(printed.length, expected.length, `${name}: prints "${text}", the core has ${expected.join(', ')}`);
    printed.forEach((p, k) =>
      assert.ok(agrees(p, expected[k]), `${name}: prints ${p.text}, the core says ${expected[k]}`),
    );
  }
});

test('E4, E5, E24, E50, E53, T22: the claims the prose makes about those figures hold', () => {
  const { plain, batch } = m.covariateShift;
  // Section 1: the batch layer's drift is smaller, its largest single-epoch move no smaller.
  assert.ok(batch.largestShift < plain.largestShift);
  assert.ok(batch.largestEpochMove >= plain.largestEpochMove);
  // The batch network's unit means start at zero, to rounding.
  assert.ok(batch.unitMean[0].every((v) => Math.abs(v) < 1e-12));
  // Section 4: the naive block misses by more than the largest true slope.
  assert.ok(figures['naive-gap'] > figures['largest-true-slope']);
  // Section 2: the second column's deviation is a hair above three.
  assert.ok(figures['four-deviation-2'] > 3 && figures['four-deviation-2'] < 3.0001);
  // Section 7: every arrangement crosses the threshold, within a few epochs of each other.
  const crossings = m.curves.runs.map((r) => r.firstEpochUnder);
  assert.ok(crossings.every((e) => e > 0));
  assert.ok(Math.max(...crossings) - Math.min(...crossings) <= 5, `crossings ${crossings}`);
  // In this one run the batch layer crosses first and the row layers last, after the plain network.
  const cross = Object.fromEntries(m.curves.runs.map((r) => [r.arrangement, r.firstEpochUnder]));
  for (const a of ['plain', 'layer', 'rms', 'weightNorm']) assert.ok(cross.batch < cross[a], `batch before ${a}`);
  for (const a of ['layer', 'rms']) {
    assert.ok(cross[a] > cross.plain, `${a} after the plain network`);
    assert.ok(cross[a] > cross.weightNorm, `${a} after weight normalisation`);
  }
  // Section 6: the stored directions' lengths are not the effective weights'; those are the magnitudes.
  const wn = nl.weightNormView();
  assert.notDeepEqual(wn.directionLengths, wn.step.lengthsBefore);
  wn.step.lengthsBefore.forEach((l, k) =>
    assert.ok(Math.abs(l - Math.abs(wn.magnitude[k])) < 1e-12, `neuron ${k + 1}`),
  );
  // The two ways disagree widely after the first epoch.
  assert.ok(Math.abs(m.twoWays.byRunning[0] - m.twoWays.byBatch[0]) >= 0.2);
});

test('E47, E48, E51, E68: section 7: losses and held-out accuracy go the ways the prose says', () => {
  const summary = Object.fromEntries(m.comparison.summary.map((s) => [s.arrangement, s]));
  const run = Object.fromEntries(m.curves.runs.map((r) => [r.arrangement, r]));
  // Every activation normaliser ends below the plain network's training accuracy.
  for (const a of ['batch', 'layer', 'rms']) assert.ok(summary[a].trainAccuracy < summary.plain.trainAccuracy, a);
  // Seed by seed: RMS above the plain network's loss in every seed, layer norm in most but not all,
  // the batch layer in fewer than half.
  const { rms, layer, batch } = summary;
  assert.equal(rms.lossAbovePlain.holds, rms.lossAbovePlain.count, 'rms');
  assert.ok(layer.lossAbovePlain.holds > layer.lossAbovePlain.count / 2, 'layer: most');
  assert.ok(layer.lossAbovePlain.holds < layer.lossAbovePlain.count, 'layer: not all');
  assert.ok(batch.lossAbovePlain.holds < batch.lossAbovePlain.count / 2, 'batch');
  // The whole-crowd curves: both row layers finish below the plain network.
  for (const a of ['layer', 'rms']) assert.ok(run[a].finalLoss < run.plain.finalLoss, a);
  // Their shapes: a jump is an epoch whose loss is more than half again the epoch before's. None
  // in the plain and weight-normalised curves; the row layers' early (first hundred epochs) and
  // late (last two hundred); the batch layer's once, in the last hundred.
  const jumps = (a) => run[a].losses.flatMap((l, e, all) => (e > 0 && l > 1.5 * all[e - 1] ? [e + 1] : []));
  const epochs = run.plain.losses.length;
  for (const a of ['plain', 'weightNorm']) assert.deepEqual(jumps(a), [], a);
  for (const a of ['layer', 'rms']) {
    assert.ok(jumps(a).length >= 3, `${a}: ${jumps(a)}`);
    assert.ok(jumps(a)[0] <= 100 && jumps(a).at(-1) > epochs - 200, `${a}: ${jumps(a)}`);
  }
  assert.equal(jumps('batch').length, 1);
  assert.ok(jumps('batch')[0] > epochs - 100, `batch: ${jumps('batch')}`);
  // Held out: the batch layer below the plain network in every seed, its best seed below the plain
  // network's mean, the two ranges overlapping; layer norm a hair below on the mean and RMS level,
  // both inside the plain network's range, each below it in some seeds and above in others; weight
  // normalisation's mean inside the range too.
  const { plain } = summary;
  assert.equal(batch.belowPlain.holds, batch.belowPlain.count);
  assert.ok(batch.heldoutMax < plain.heldoutAccuracy);
  assert.ok(batch.heldoutMax >= plain.heldoutMin, 'the ranges overlap');
  assert.ok(layer.heldoutAccuracy < plain.heldoutAccuracy && layer.heldoutAccuracy > plain.heldoutAccuracy - 0.02);
  assert.ok(Math.abs(rms.heldoutAccuracy - plain.heldoutAccuracy) < 1e-12, 'RMS level');
  for (const s of [layer, rms, summary.weightNorm])
    assert.ok(s.heldoutAccuracy >= plain.heldoutMin && s.heldoutAccuracy <= plain.heldoutMax, s.arrangement);
  for (const s of [layer, rms]) assert.ok(s.belowPlain.holds > 0 && s.abovePlain.holds > 0, s.arrangement);
  // And the page printed the tallies as the comparison's tables have them.
  const printed = (name, t) => spans.some((x) => x.name === name && x.text === `${t.holds} of ${t.count}`);
  for (const a of ['layer', 'rms', 'batch']) {
    assert.ok(printed(`loss-above-${a}`, summary[a].lossAbovePlain), a);
    assert.ok(printed(`below-plain-${a}`, summary[a].belowPlain), a);
  }
  for (const a of ['layer', 'rms']) assert.ok(printed(`above-plain-${a}`, summary[a].abovePlain), a);
});
