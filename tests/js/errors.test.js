// Every typed refusal through JavaScript: the right Error subclass and name, the core's message,
// and a module that keeps working afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as errors from '../../web/src/errors.js';
import { nl, wholeNumberFour } from './core.js';

const batch = () => nl.normaliser({ kind: 'batch', features: 2 });

// [expected class, what the message names, the call]
const refusals = [
  [errors.EmptyBlockError, '0 rows', () => nl.train(batch(), [])],
  [errors.EmptyBlockError, '0 features', () => nl.normaliser({ kind: 'layer', features: 0 })],
  [errors.ShapeError, 'is 3', () => nl.train(batch(), [[1, 2, 3]])],
  [errors.ShapeError, 'row 2', () => nl.train(batch(), [[1, 2], [3]])],
  [
    errors.ShapeError,
    '4 by 3',
    () => {
      const l = batch();
      nl.backward(l, nl.train(l, wholeNumberFour), [
        [1, 2, 3],
        [1, 2, 3],
        [1, 2, 3],
        [1, 2, 3],
      ]);
    },
  ],
  [errors.ShapeError, "scale's length is 3", () => nl.withScaleShift(batch(), [1, 2, 3], [0, 0])],
  [errors.ShapeError, 'bias length is 1', () => nl.dense({ weights: [[1, 2]], bias: [0], activation: 'relu' })],
  [errors.NonFiniteError, 'row 1, feature 2 of the input block is NaN', () => nl.train(batch(), [[1, NaN]])],
  [errors.NonFiniteError, 'Infinity', () => nl.infer(batch(), [[Infinity, 1]])],
  [errors.EpsilonError, 'eps is 0', () => nl.normaliser({ kind: 'batch', features: 2, eps: 0 })],
  [errors.EpsilonError, 'eps is -1e-05', () => nl.normaliser({ kind: 'rms', features: 2, eps: -1e-5 })],
  [errors.KeepError, 'keep is 1.5', () => nl.normaliser({ kind: 'batch', features: 2, keep: 1.5 })],
  [errors.KeepError, 'momentum is -0.2', () => nl.normaliser({ kind: 'batch', features: 2, momentum: -0.2 })],
  [
    errors.LearningRateError,
    'learning rate is NaN',
    () => {
      const l = batch();
      nl.step(l, nl.backward(l, nl.train(l, wholeNumberFour), wholeNumberFour), NaN);
    },
  ],
  [errors.GroupError, 'group count is 4', () => nl.normaliser({ kind: 'group', features: 6, groups: 4 })],
  [
    errors.ZeroDirectionError,
    'neuron 2',
    () =>
      nl.weightNorm({
        direction: [
          [1, 0],
          [0, 0],
        ],
        magnitude: [1, 1],
        bias: [0, 0],
      }),
  ],
  [errors.OptionError, 'both keep', () => nl.normaliser({ kind: 'batch', features: 2, keep: 0.9, momentum: 0.1 })],
  [errors.OptionError, 'activation', () => nl.dense({ weights: [[1]], bias: [0], activation: 'softmax' })],
];

for (const [Type, names, call] of refusals) {
  test(`${Type.name}: ${names}`, () => {
    assert.throws(call, (e) => {
      assert.ok(e instanceof Type, `${e} is not a ${Type.name}`);
      assert.ok(e instanceof errors.NormError);
      assert.ok(e instanceof Error);
      assert.equal(e.name, Type.name);
      assert.ok(e.message.includes(names), `"${e.message}" does not name ${names}`);
      return true;
    });
    // The instance is still usable.
    assert.equal(nl.train(batch(), wholeNumberFour).mean[1], 6);
  });
}

test('the wrong JavaScript types get a TypeError, and the instance stays usable', () => {
  const cases = [
    () => nl.train(batch(), 'not a block'),
    () => nl.train(batch(), [[1, '7']]),
    () => nl.train(batch(), null),
    () => nl.normaliser(),
    () => nl.normaliser({ features: 2 }),
    () => nl.normaliser({ kind: 'batch' }),
    () => nl.normaliser({ kind: 'batch', features: 2, eps: '1e-5' }),
    () => nl.normaliser({ kind: 'group', features: 6, groups: 2.5 }),
    () => nl.train(nl.normaliser({ kind: 'batch', features: 2 }), { rows: -1, cols: 2, data: new Float64Array(2) }),
    () => nl.train({ kind: 'mystery' }, wholeNumberFour),
    () => nl.step(batch(), {}, 'fast'),
    () => nl.forward(batch(), wholeNumberFour, { purpose: 'guess' }),
  ];
  for (const call of cases) {
    assert.throws(call, TypeError);
    assert.equal(nl.train(batch(), wholeNumberFour).variance[1], 9);
  }
});
