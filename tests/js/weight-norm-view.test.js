// The weight-normalisation view over the wasm: the reader's setting crosses checked and copied,
// the core's default setting gives the same figures as no setting, and every refusal arrives as
// the Error subclass of the core's name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nl } from './core.js';

const setting = (change = {}) => {
  const s = nl.weightNormDefaultSetting();
  return { direction: s.direction, magnitude: Array.from(s.magnitude), learningRate: s.learningRate, ...change };
};

test('the default setting answers as no setting does, and a changed one changes the figures', () => {
  assert.deepEqual(nl.weightNormView(setting()), nl.weightNormView());
  const rows = [
    [0.6, -1.5, 0.3],
    [0.8, 2, -0.4],
  ];
  assert.deepEqual(nl.weightNormView(setting({ direction: rows })), nl.weightNormView());
  const steeper = nl.weightNormView(setting({ learningRate: 1 }));
  assert.equal(steeper.step.learningRate, 1);
  assert.notEqual(steeper.step.distance, nl.weightNormView().step.distance);
  assert.deepEqual(steeper.directionSlope, nl.weightNormView().directionSlope);
});

test('refusals arrive by the core’s names, and wrong types as TypeErrors', () => {
  const zero = [
    [0, -1.5, 0.3],
    [0, 2, -0.4],
  ];
  assert.throws(() => nl.weightNormView(setting({ direction: zero })), { name: 'ZeroDirectionError' });
  assert.throws(() => nl.weightNormView(setting({ direction: [[1, 2, 3]] })), { name: 'ShapeError' });
  assert.throws(() => nl.weightNormView(setting({ magnitude: [1, 2] })), { name: 'ShapeError' });
  assert.throws(() => nl.weightNormView(setting({ magnitude: [1, NaN, 2] })), { name: 'NonFiniteError' });
  assert.throws(() => nl.weightNormView(setting({ learningRate: 0 })), {
    name: 'LearningRateError',
    message: /the learning rate is 0/,
  });
  assert.throws(() => nl.weightNormView(setting({ learningRate: '0.1' })), TypeError);
  assert.throws(() => nl.weightNormView(null), TypeError);
  assert.ok(nl.weightNormView().forwardGap === 0);
});
