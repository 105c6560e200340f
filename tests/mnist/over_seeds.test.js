// The lab over seeds' job over the wasm: trained in pieces of a few hundred digits, it measures
// each epoch's network as whole epochs trained in one core call each do (mnist/over_seeds.hpp's
// lab_trial trains them so natively; tests/mnist/native_equals_wasm.test.js holds native and wasm
// training to the same bits); it refuses what it cannot train before it trains.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../../web/src/normlab.js';
import { mnistSweepJobs } from '../../web/src/work/mnist-sweep-jobs.js';
import { consecutiveSeeds } from '../../web/src/widgets/mnist-lab/ensemble.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const nl = await loadNormlab({ module: 'mnist' });
nl.mnistLoadDigits(readFileSync(`${root}web/generated/mnist-digits.bin`));

test("the job's held-out figures after each epoch are those of whole epochs in one call", async () => {
  const input = { arrangement: 'group', learningRate: 0.1, batchSize: 256, seed: 2, epochs: 2 };
  let progress = 0;
  const pace = async (done, total) => {
    assert.ok(done <= total);
    progress = done / total;
  };
  const result = await mnistSweepJobs.seedTrial(nl, pace, input);
  assert.equal(progress, 1);
  assert.deepEqual([result.arrangement, result.seed, result.heldOut.length], ['group', 2, 2]);
  let network = nl.mnistInitial('group', 2);
  const options = { learningRate: 0.1, batchSize: 256, seed: 2 };
  const count = nl.mnistTrainBatches(network, { ...options, count: 0 }).batchesPerEpoch;
  for (const epoch of [0, 1]) {
    network = nl.mnistTrainBatches(network, { ...options, epoch, first: 0, count }).network;
    assert.deepEqual(result.heldOut[epoch], nl.mnistEvaluate(network), `after epoch ${epoch + 1}`);
  }
  assert.equal(result.heldOut[1].count, 2000);
});

test('the job refuses epochs and settings it cannot train, by name', async () => {
  const pace = async () => {};
  const input = { arrangement: 'layer', learningRate: 0.1, batchSize: 64, seed: 1, epochs: 1 };
  await assert.rejects(mnistSweepJobs.seedTrial(nl, pace, { ...input, epochs: 0 }), TypeError);
  await assert.rejects(mnistSweepJobs.seedTrial(nl, pace, { ...input, epochs: 1.5 }), TypeError);
  await assert.rejects(mnistSweepJobs.seedTrial(nl, pace, { ...input, learningRate: 0 }), {
    name: 'LearningRateError',
  });
  await assert.rejects(mnistSweepJobs.seedTrial(nl, pace, null), TypeError);
});

test("the instruments' seeds run on from the first, past 2^32 - 1 to 0, as the native ones do", () => {
  assert.deepEqual(consecutiveSeeds(1, 3), [1, 2, 3]);
  assert.deepEqual(consecutiveSeeds(4294967294, 3), [4294967294, 4294967295, 0]);
});
