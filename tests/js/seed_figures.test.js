// The essay's and the tutorial's figures, computed through the JavaScript API of the wasm core.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nl, wholeNumberFour, tutorialTable, countingSlope, assertPrints } from './core.js';

const batch = () => nl.normaliser({ kind: 'batch', features: 2 });

test('the second column: mean 6, variance 9, deviation 3.0000017, standardised 0.9999994', () => {
  const r = nl.train(batch(), wholeNumberFour);
  assert.equal(r.mean[1], 6);
  assert.equal(r.variance[1], 9);
  assertPrints(assert, r.deviation[1], '3.0000017', 7);
  assertPrints(assert, r.standardised.data[3], '0.9999994', 7);
  assertPrints(assert, r.output.data[0], '-0.7778', 4);
  assertPrints(assert, r.output.data[1], '0.3333', 4);
});

test('E12, T12: undo exactly gives the raw block back with a largest gap of 8.9e-16', () => {
  const layer = batch();
  const r = nl.train(layer, wholeNumberFour);
  const undo = nl.withScaleShift(layer, r.deviation, r.mean);
  const back = nl.train(undo, wholeNumberFour).output;
  assert.equal(back.data[0], 0.9999999999999991);
  const flat = wholeNumberFour.flat();
  const gaps = Array.from(back.data, (v, k) => Math.abs(v - flat[k]));
  assert.ok(Math.max(...gaps) < 1e-14);
});

test('two rows answer 0 and -1; one row answers zeros; a fresh layer predicts 0.999995 and 6.999965', () => {
  const two = nl.train(batch(), [
    [1, 7],
    [1, 9],
  ]).output;
  assertPrints(assert, two.data[0], '0.0000', 4);
  assertPrints(assert, two.data[1], '-1.0000', 4);
  assert.deepEqual(Array.from(nl.train(batch(), [[1, 7]]).output.data), [0, 0]);
  const fresh = nl.infer(batch(), [[1, 7]]);
  assertPrints(assert, fresh.data[0], '0.999995', 6);
  assertPrints(assert, fresh.data[1], '6.999965', 6);
  assert.deepEqual(nl.forward(batch(), [[1, 7]], { purpose: 'predict' }).data, fresh.data);
});

test('running figures: 0.6 and 1.8 after one step, 4.7702651; gaps 5.7333, 1.0433, 0.0238, 53, 75, 6.5e-05', () => {
  const t = nl.traceRunning(batch(), wholeNumberFour, { steps: 100, thresholds: [0.01, 0.001] });
  assertPrints(assert, t.runningMean[0][1], '0.6', 12);
  assertPrints(assert, t.runningVariance[0][1], '1.8', 12);
  assertPrints(assert, t.predicted[0].data[1], '4.7702651', 7);
  assertPrints(assert, t.widestGap[0], '5.7333', 4);
  assertPrints(assert, t.widestGap[9], '1.0433', 4);
  assertPrints(assert, t.widestGap[43], '0.0238', 4);
  assertPrints(assert, t.widestGap[99], '6.5e-05', 6);
  assert.deepEqual(t.firstStepUnder, [53, 75]);
  const after = nl.infer(t.finalLayer, [[1, 7]]);
  assertPrints(assert, after.data[0], '-0.7778', 4);
  assertPrints(assert, after.data[1], '0.3334', 4);
});

test('E21: a step with a zero slope folds a tenth of the batch in and leaves scale and shift', () => {
  const layer = batch();
  const r = nl.train(layer, wholeNumberFour);
  const g = nl.backward(layer, r, [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ]);
  const next = nl.step(layer, g, 1);
  assert.deepEqual(Array.from(next.scale), [1, 1]);
  assertPrints(assert, next.runningMean[1], '0.6', 12);
  assert.deepEqual(Array.from(layer.runningMean), [0, 0]); // the old layer is unchanged
  const pytorch = nl.normaliser({ kind: 'batch', features: 2, momentum: 0.1 });
  assert.equal(nl.describe(pytorch).keep, 0.9);
});

test('E26: backward under the slope counting 1..8: -0.9259, -0.1111, -0.0370, 1.0741; slopes 8.0, -2.6667, 16, 20', () => {
  const layer = batch();
  const r = nl.train(layer, wholeNumberFour);
  const dy = countingSlope(4, 2);
  const g = nl.backward(layer, r, dy);
  ['-0.9259', '-0.1111', '-0.0370', '1.0741'].forEach((p, i) => assertPrints(assert, g.dx.data[i * 2 + 1], p, 4));
  assertPrints(assert, g.dscale[0], '8.0', 1);
  assertPrints(assert, g.dscale[1], '-2.6667', 4);
  assert.deepEqual(Array.from(g.dshift), [16, 20]);
  const naive = nl.naiveBackward(layer, r, dy);
  assertPrints(assert, naive.data[1] + naive.data[3] + naive.data[5] + naive.data[7], '6.6667', 4);
  const check = nl.checkGradient(layer, wholeNumberFour, dy);
  const input = check.slopes.find((s) => s.name === 'input');
  assert.ok(input.largestGap < 1e-8);
  assertPrints(assert, input.largestSlope, '1.0741', 4);
});

test('layer norm on (1, 7): -0.9999994 and 0.9999994; RMS: 5.000001, 0.2000, 1.4000', () => {
  const y = nl.train(nl.normaliser({ kind: 'layer', features: 2 }), wholeNumberFour).output;
  assertPrints(assert, y.data[0], '-0.9999994', 7);
  assertPrints(assert, y.data[1], '0.9999994', 7);
  const r = nl.train(nl.normaliser({ axis: 'rms', features: 2 }), [[1, 7]]);
  assertPrints(assert, r.deviation[0], '5.000001', 6);
  assertPrints(assert, r.output.data[0], '0.2000', 4);
  assertPrints(assert, r.output.data[1], '1.4000', 4);
});

test('tutorial: example 1 under each toggle; parameter counts 6, 6, 3', () => {
  const first = (kind) =>
    Array.from(nl.train(nl.normaliser({ kind, features: 3 }), tutorialTable).output.data.slice(0, 3));
  first('batch').forEach((v, j) => assertPrints(assert, v, ['-1', '-1', '-1'][j], 2));
  first('layer').forEach((v, j) => assertPrints(assert, v, ['-0.65', '-0.76', '1.41'][j], 2));
  first('rms').forEach((v, j) => assertPrints(assert, v, ['0.17', '0.09', '1.72'][j], 2));
  assert.deepEqual(
    ['batch', 'layer', 'rms'].map((kind) => nl.describe(nl.normaliser({ kind, features: 3 })).parameterCount),
    [6, 6, 3],
  );
});

test('E38: weight normalisation: forward equals dense exactly; slopes agree with finite differences', () => {
  const direction = [
    [0.6, 1.5, 0.3],
    [0.8, 2.0, -0.4],
  ];
  const wn = nl.weightNorm({ direction, magnitude: [1, 2.5, 0.5], bias: [0.1, -0.2, 0.05], activation: 'tanh' });
  const facts = nl.describe(wn);
  assert.deepEqual(Array.from(facts.directionLengths), [1, 2.5, 0.5]);
  const x = [
    [0.3, -1.2],
    [1.1, 0.4],
    [-0.7, 0.9],
  ];
  const dense = nl.dense({ weights: facts.effectiveWeights, bias: wn.bias, activation: 'tanh' });
  assert.deepEqual(nl.infer(wn, x).data, nl.infer(dense, x).data);
  const check = nl.checkGradient(wn, x, [
    [1, 0, -1],
    [0.5, 2, 0],
    [0, 1, 1],
  ]);
  assert.ok(check.largestGap < 1e-8);
});
