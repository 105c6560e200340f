// The crowd's measurements through wasm: the same bytes as the native command prints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as errors from '../../web/src/errors.js';
import { nl, nativeOutput, testCore } from './core.js';

test('E1: native and wasm give byte-identical measurements (comparison, curves, two ways, covariate shift)', () => {
  const native = nativeOutput('measurements').trim();
  const wasm = testCore.measurementsJson();
  assert.equal(wasm.length, native.length, 'the JSON texts differ in length');
  assert.equal(wasm, native, 'the native and wasm measurements differ');
  const m = JSON.parse(wasm);
  assert.equal(m.comparison.results.length, 125);
  assert.equal(m.curves.runs.length, 5);
});

test('the comparison run in pieces and summarised equals the comparison run whole', () => {
  const whole = nl.runComparison(0, 25);
  const pieces = [];
  for (let k = 0; k < 25; k += 7) pieces.push(...nl.runComparison(k, Math.min(k + 7, 25)).results);
  assert.deepEqual(nl.summariseComparison(pieces), whole);
  assert.equal(nl.comparisonPlanSize(), 125);
});

test('the crowd reaches JavaScript as a block and labels', () => {
  const c = nl.crowd();
  assert.equal(c.measurements.rows, 25);
  assert.equal(c.measurements.cols, 2);
  assert.equal(c.labels.length, 25);
});

test('the typed whole-crowd figures are the JSON figures', () => {
  const typed = nl.wholeCrowd();
  const json = JSON.parse(testCore.wholeCrowdJson());
  assert.deepEqual(Array.from(typed.curves.runs[2].losses), json.curves.runs[2].losses);
  assert.equal(typed.twoWays.epochsDiffering, json.twoWays.epochsDiffering);
  const { units } = typed.covariateShift.batch;
  assert.equal(units, 16);
  assert.deepEqual(
    Array.from(typed.covariateShift.batch.unitMean.slice(17 * units, 18 * units)),
    json.covariateShift.batch.unitMean[17],
  );
  assert.equal(typed.covariateShift.plain.largestShift, json.covariateShift.plain.largestShift);
});

test("the typed whole-crowd runs are the JSON figures: every run's arrangement, losses, first epoch under the threshold, final loss and accuracy", () => {
  const typed = nl.wholeCrowd().curves;
  const json = JSON.parse(testCore.wholeCrowdJson()).curves;
  assert.equal(typed.threshold, json.threshold);
  assert.equal(typed.runs.length, json.runs.length);
  typed.runs.forEach((run, k) =>
    assert.deepEqual({ ...run, losses: Array.from(run.losses) }, json.runs[k], json.runs[k].arrangement),
  );
});

test('results from JavaScript that name an impossible seed are refused, not written out of bounds', () => {
  const results = nl.runComparison(0, 1).results;
  assert.throws(() => nl.summariseComparison([{ ...results[0], seed: 1e6 }]), { name: 'OptionError' });
  assert.equal(nl.summariseComparison(results).summary.length, 1);
});

test('results no training of the plan could give are refused by the summary, not averaged', () => {
  const [r] = nl.runComparison(0, 1).results;
  for (const [edit, Type, name] of [
    [{ heldoutCorrect: 10, heldoutCount: 1 }, errors.OptionError, 'held-out people right'],
    [{ fold: 2 ** 32 - 1 }, errors.OptionError, 'fold 4294967295'],
    [{ trainAccuracy: NaN }, errors.OptionError, 'train accuracy is NaN'],
    [{ finalLoss: -1e308 }, errors.OptionError, 'final loss is -1e+308'],
  ])
    assert.throws(
      () => nl.summariseComparison([r, { ...r, ...edit }]),
      (e) => e instanceof Type && e.message.includes(name),
    );
  assert.equal(nl.summariseComparison([r]).summary.length, 1);
});
