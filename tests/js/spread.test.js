// The spread over seeds through the wrapper: the summary, the band and the tally are the core's
// (the hand-worked figures of tests/core/test_spread.cpp; the native ensembles' bands, bit for
// bit), refusals arrive as the core's typed errors or as TypeErrors for wrong JavaScript types,
// and calls leave the heap as they found it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emvalHandles, heapInUse, nativeOutput, nl } from './core.js';

const near = (got, want, tolerance = 1e-15) =>
  assert.ok(Math.abs(got - want) <= tolerance, `${got} is not within ${tolerance} of ${want}`);

test('spreadOf: count, mean, least, largest, median and the 10 % and 90 % quantiles', () => {
  // Sorted 1 1 3 4 5: the median is the middle value; 90 %: h = 3.6, from 4 towards 5.
  const s = nl.spreadOf([3, 1, 4, 1, 5]);
  assert.deepEqual(Object.keys(s).sort(), ['count', 'high', 'low', 'max', 'mean', 'median', 'min']);
  assert.equal(s.count, 5);
  near(s.mean, 2.8);
  assert.equal(s.min, 1);
  assert.equal(s.max, 5);
  assert.equal(s.median, 3);
  assert.equal(s.low, 1);
  near(s.high, 4.6);
  // An even count: the median midway, 10 % at h = 0.3 and 90 % at h = 2.7; a typed array is taken too.
  const even = nl.spreadOf(new Float64Array([40, 10, 30, 20]));
  assert.equal(even.median, 25);
  near(even.low, 13, 1e-14);
  near(even.high, 37, 1e-14);
});

test('spreadOf refuses an empty list, a value not finite (by its entry) and what is not a list of numbers', () => {
  assert.throws(() => nl.spreadOf([]), { name: 'SizeError', message: /empty/ });
  assert.throws(() => nl.spreadOf([1, NaN, 3]), { name: 'NonFiniteError', message: /entry 2 of the values is NaN/ });
  assert.throws(() => nl.spreadOf([1, -Infinity]), { name: 'NonFiniteError', message: /entry 2 .* -Infinity/ });
  assert.throws(() => nl.spreadOf([1, '2']), { name: 'TypeError', message: /entry 2 of the list of values/ });
  assert.throws(() => nl.spreadOf(7), { name: 'TypeError' });
});

test("bandOf: each step's spread over the curves, as Float64Arrays", () => {
  const b = nl.bandOf([
    [1, 2, 3],
    [3, 2, 1],
    [2, 2, 8],
  ]);
  assert.equal(b.count, 3);
  assert.ok(b.median instanceof Float64Array);
  assert.deepEqual([...b.median], [2, 2, 3]);
  assert.deepEqual([...b.min], [1, 2, 1]);
  assert.deepEqual([...b.max], [3, 2, 8]);
  near(b.low[0], 1.2);
  near(b.high[2], 7);
  // Each step is spreadOf of that step's values.
  const third = nl.spreadOf([3, 1, 8]);
  assert.equal(b.mean[2], third.mean);
  assert.equal(b.low[2], third.low);
  assert.throws(() => nl.bandOf([[1, 2], [3]]), { name: 'ShapeError', message: /row 2/ });
  assert.throws(() => nl.bandOf([]), { name: 'SizeError', message: /0 curves/ });
  assert.throws(
    () =>
      nl.bandOf([
        [1, 2],
        [3, NaN],
      ]),
    { name: 'NonFiniteError', message: /step 2 of curve 2/ },
  );
});

test('tallyOf: k of n seeds, the seeds it fails at, in words', () => {
  const t = nl.tallyOf([1, 2, 3, 4, 5], [true, true, false, true, true]);
  assert.equal(t.holds, 4);
  assert.equal(t.count, 5);
  assert.deepEqual([...t.holding], [1, 2, 4, 5]);
  assert.deepEqual([...t.failing], [3]);
  assert.equal(t.text, '4 of 5 seeds, not at seed 3');
  assert.equal(nl.tallyOf([9, 2, 5], [false, true, false]).text, '1 of 3 seeds, only at seed 2');
  const largest = nl.tallyOf([4294967295], [true]);
  assert.equal(largest.text, '1 of 1 seed');
  assert.deepEqual([...largest.holding], [4294967295]);
  assert.throws(() => nl.tallyOf([1, 2, 3], [true, false]), { name: 'ShapeError', message: /number of answers is 2/ });
  assert.throws(() => nl.tallyOf([1, 4, 4], [true, true, false]), {
    name: 'OptionError',
    message: /seed 4 is listed twice/,
  });
  assert.throws(() => nl.tallyOf([], []), { name: 'SizeError', message: /empty/ });
  assert.throws(() => nl.tallyOf([1.5], [true]), { name: 'TypeError', message: /seed 1/ });
  assert.throws(() => nl.tallyOf([1], [1]), { name: 'TypeError', message: /answer 1/ });
  assert.throws(() => nl.tallyOf([2 ** 32], [true]), { name: 'SizeError', message: /seed 1/ });
});

test('risingTally: k of n draws whose curve ends above where it starts, in words', () => {
  const t = nl.risingTally(
    [1, 2, 3, 4],
    [
      [1, 0.5, 2],
      [3, 4, 3],
      [2, 1, 1.5],
      [0.1, 0.2, 0.3],
    ],
  );
  assert.equal(t.holds, 2);
  assert.deepEqual([...t.failing], [2, 3]);
  assert.equal(t.text, '2 of 4 draws, not at draws 2 and 3');
  assert.equal(nl.risingTally([7], [[1, 2]]).text, '1 of 1 draw');
  assert.throws(() => nl.risingTally([1], [[1]]), { name: 'SizeError', message: /1 curves of 1/ });
  assert.throws(() => nl.risingTally([1, 2], [[1, 2]]), { name: 'ShapeError', message: /number of numbers is 2/ });
  assert.throws(() => nl.risingTally([5], [[1, NaN]]), { name: 'NonFiniteError', message: /step 2 of curve 5/ });
  assert.throws(() => nl.risingTally([0.5], [[1, 2]]), { name: 'TypeError', message: /draw number 1/ });
  assert.throws(() => nl.risingTally('1', [[1, 2]]), { name: 'TypeError', message: /draw numbers must be an array/ });
});

test("the tutorial's findings over seeds: each seed's own instrument counted, refusals typed and by name", () => {
  const drift = nl.driftOverSeedsView({ firstSeed: 3, seeds: 4, layers: 6 });
  const climbs = [3, 4, 5, 6].filter((seed) => {
    const d = nl.driftView({ seed, layers: 6 }).plain.deviation;
    return d.every((v, l) => l === 0 || v > d[l - 1]);
  });
  assert.deepEqual(drift.climbs.holding, climbs, 'the seeds whose plain spread climbs, each from its own view');
  assert.equal(drift.lastSeed, 6);
  const stacks = nl.residualOverSeedsView({ firstSeed: 1, seeds: 5, depth: 8 });
  const rises = [1, 2, 3, 4, 5].map((seed) => nl.residualStacksView({ seed, depth: 8 }).post.slopeRises);
  assert.equal(stacks.postFewestRises, Math.min(...rises));
  assert.equal(stacks.postMostRises, Math.max(...rises));
  assert.deepEqual(
    stacks.postBumpy.failing,
    [1, 2, 3, 4, 5].filter((_, k) => rises[k] === 0),
  );
  assert.throws(() => nl.driftOverSeedsView({ seeds: 33 }), { name: 'OptionError', message: /number of seeds is 33/ });
  assert.throws(() => nl.residualOverSeedsView({ depth: 65 }), { name: 'OptionError', message: /65/ });
  assert.throws(() => nl.driftOverSeedsView({ firstSeed: -1 }), { name: 'TypeError', message: /the seed/ });
  assert.throws(() => nl.residualOverSeedsView({ firstSeed: 2 ** 32 }), { name: 'SizeError', message: /4294967296/ });
  assert.throws(() => nl.driftOverSeedsView('five'), { name: 'TypeError' });
});

test('a thousand summaries, bands and tallies leave the heap and the handles as they were', () => {
  const round = () => {
    nl.spreadOf([3, 1, 4, 1, 5]);
    nl.bandOf([
      [1, 2],
      [3, 4],
    ]);
    nl.tallyOf([1, 2], [true, false]);
    nl.risingTally(
      [1, 2],
      [
        [1, 2],
        [2, 1],
      ],
    );
    assert.throws(() => nl.spreadOf([NaN]));
    assert.throws(() => nl.risingTally([1], [[1, NaN]]));
  };
  round();
  const heap = heapInUse();
  const handles = emvalHandles();
  for (let k = 0; k < 1000; k++) round();
  assert.equal(heapInUse(), heap);
  assert.equal(emvalHandles(), handles);
});

test("the native starting-slopes ensemble's bands are bandOf of its draws, and its means the single view's", () => {
  const e = JSON.parse(nativeOutput('starting-slopes-ensemble', '--draws', '4'));
  for (const placement of ['post', 'pre']) {
    for (const part of [e.perBlock, e.acrossDepths]) {
      const { perDraw, band } = part[placement];
      assert.equal(perDraw.length, 4);
      const wasm = nl.bandOf(perDraw);
      for (const key of ['mean', 'min', 'max', 'median', 'low', 'high'])
        assert.deepEqual([...wasm[key]], band[key], key);
    }
  }
  // Four draws at the stated setting: the per-block view's figures are the bands' means, bit for bit.
  const single = nl.startingSlopesView();
  assert.deepEqual(e.perBlock.post.band.mean, single.post);
  assert.deepEqual(e.perBlock.pre.band.mean, single.pre);
  assert.deepEqual(e.acrossDepths.depths, [1, 2, 3, 4, 6, 8, 12]);
});
