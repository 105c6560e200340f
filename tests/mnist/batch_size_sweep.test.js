// The batch-size sweep over the wasm: the plan scales the learning rate with the batch; a trial
// run in one core call gets the same held-out digits right natively and in wasm (the native
// program tests/programs/mnist_batch_size.cpp), and the same as the worker's job, which trains in
// pieces of a few hundred digits.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../../web/src/normlab.js';
import { mnistSweepJobs } from '../../web/src/work/mnist-sweep-jobs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const nativeProgram = `${root}build/native/normlab_mnist_batch_size`;
const nl = await loadNormlab({ module: 'mnist' });
nl.mnistLoadDigits(readFileSync(`${root}web/generated/mnist-digits.bin`));

test('the plan: batch sizes 2 to 64, the rate scaled with the batch, the same digits each', () => {
  const plan = nl.mnistSweepPlan(1024, 0.1);
  assert.deepEqual(
    plan.map((e) => e.batchSize),
    [2, 4, 8, 16, 32, 64],
  );
  for (const e of plan) {
    assert.equal(e.learningRate, (0.1 * e.batchSize) / 64);
    assert.equal(e.batches * e.batchSize, 1024);
  }
  assert.throws(() => nl.mnistSweepPlan(1000, 0.1), { name: 'OptionError', message: /the number of digits is 1000/ });
  assert.throws(() => nl.mnistSweepPlan(8064, 0.1), { name: 'OptionError' });
  assert.throws(() => nl.mnistSweepPlan(1024, 11), { name: 'LearningRateError' });
  assert.throws(() => nl.mnistSweepTrial('layer', 3, 1024, 0.1), { name: 'OptionError', message: /batch size is 3/ });
});

test('native and wasm get the same held-out digits right after the small setting', () => {
  assert.ok(existsSync(nativeProgram), `${nativeProgram} is built by scripts/build-native`);
  const native = JSON.parse(execFileSync(nativeProgram, { encoding: 'utf8' }));
  for (const arrangement of ['plain', 'batch', 'layer', 'group'])
    for (const batch of [2, 64]) {
      const wasm = nl.mnistSweepTrial(arrangement, batch, 512, 0.1, 1);
      assert.equal(wasm.count, 2000);
      assert.equal(wasm.correct, native[arrangement][String(batch)], `${arrangement} at batch ${batch}`);
    }
});

test("the worker's job, training in pieces, gets the same network as one call", async () => {
  const input = { arrangement: 'batch', batchSize: 4, digits: 1024, learningRate: 0.1, seed: 3 };
  let progress = 0;
  const pace = async (done, total) => {
    assert.ok(done <= total);
    progress = done / total;
  };
  const result = await mnistSweepJobs.sweepTrial(nl, pace, input);
  assert.equal(progress, 1);
  assert.equal(result.learningRate, 0.1 / 16);
  assert.deepEqual(result.heldOut, nl.mnistSweepTrial('batch', 4, 1024, 0.1, 3));
  await assert.rejects(mnistSweepJobs.sweepTrial(nl, pace, { ...input, batchSize: 5 }), TypeError);
});

// What web/mnist.html's batch-size section says beyond the instrument's tallies, at its defaults
// (seeds 1 to 3, 2,048 digits, learning rate 0.1 at batch 64): the plain network has hardly begun
// to learn at either end of the sweep, and at batch 64 batch norm's least accuracy over the seeds
// is above layer and group norm's largest, by a clear margin.
test('M5: at the defaults the plain network hardly learns at batch 2 or 64, and batch norm leads at 64', () => {
  const at = (arrangement, batch, seed) => nl.mnistSweepTrial(arrangement, batch, 2048, 0.1, seed).accuracy;
  const seeds = [1, 2, 3];
  for (const seed of seeds)
    for (const batch of [2, 64]) {
      const plain = at('plain', batch, seed);
      assert.ok(plain < 0.3, `seed ${seed}, batch ${batch}: plain ${plain}`);
    }
  const at64 = (a) => seeds.map((seed) => at(a, 64, seed));
  const batch = Math.min(...at64('batch'));
  const others = Math.max(...at64('layer'), ...at64('group'));
  assert.ok(batch > others + 0.05, `batch norm's least ${batch}, layer and group norm's largest ${others}`);
});
