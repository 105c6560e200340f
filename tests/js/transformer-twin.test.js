// The Transformer's fast twin in the wasm core (transformer/fast/): the training pieces the page
// runs and a starting-slopes draw are the reference's (the layer values, kept in the test module)
// bit for bit, as tests/transformer/test_fast_twin.cpp proves natively.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nl, testCore } from './core.js';

// Every field the core's settings value holds; widths whose heads and columns leave remainders.
const run = (given) => ({
  digits: 3,
  width: 15,
  heads: 3,
  hidden: 7,
  depth: 2,
  placement: 'post',
  norm: 'layer',
  learningRate: 0.01,
  warmupSteps: 2,
  steps: 5,
  batch: 5,
  seed: 4,
  ...given,
});

test("in wasm the page's training pieces are the reference's steps bit for bit", () => {
  for (const placement of ['post', 'pre'])
    for (const norm of ['layer', 'rms']) {
      const settings = run({ placement, norm });
      const start = nl.reversalTrainingStart(settings);
      const reference = testCore.reversalTrainingContinueReference(settings, start, 5);
      assert.equal(reference.error, undefined);
      const first = nl.reversalTrainingContinue(settings, start, 2);
      const twin = nl.reversalTrainingContinue(settings, first.training, 3);
      assert.deepEqual([...first.losses, ...twin.losses], [...reference.losses], `${placement}, ${norm}`);
      assert.deepEqual(twin.training.parameters, reference.training.parameters);
      assert.deepEqual(twin.training.firstMoment, reference.training.firstMoment);
      assert.deepEqual(twin.training.secondMoment, reference.training.secondMoment);
      assert.notDeepEqual(twin.training.parameters, start.parameters);
    }
});

test("in wasm a starting-slopes draw by the twin is the layer values' draw bit for bit", () => {
  for (const norm of ['layer', 'rms']) {
    const twin = testCore.startingSlopesDraw(16, 3, norm, 5, true);
    const reference = testCore.startingSlopesDraw(16, 3, norm, 5, false);
    assert.equal(twin.length, 6); // post-norm's three blocks, then pre-norm's
    assert.deepEqual(twin, reference);
  }
});

test('in wasm the twin refuses as the reference does', () => {
  const settings = run({ steps: 3 });
  const start = nl.reversalTrainingStart(settings);
  const broken = { ...start, parameters: start.parameters.slice(1) };
  const reference = testCore.reversalTrainingContinueReference(settings, broken, 1);
  assert.equal(reference.error.name, 'ShapeError');
  assert.throws(() => nl.reversalTrainingContinue(settings, broken, 1), {
    name: 'ShapeError',
    message: reference.error.message,
  });
});
