// The MNIST instruments' trials over seeds, run by the protocol's job runner (job-runner.js) in a
// lab worker that holds the digits (the lab's load job). Each trains one fresh network from its
// seed, a few hundred digits per core call so that progress and Cancel come between two calls,
// and measures it on the held-out digits. They keep nothing between runs. Every figure comes from
// the core.
//
//   sweepTrial {arrangement, batchSize, digits, learningRate, seed}
//              → {arrangement, batchSize, seed, learningRate (the batch's own), digits, heldOut}
//              one network of the batch-size sweep: the sweep's digits at one batch size
//   seedTrial  {arrangement, learningRate, batchSize, seed, epochs}
//              → {arrangement, seed, heldOut: [after each epoch]}
//              one network of the lab over seeds: the lab's training (mnist/over_seeds.hpp's
//              lab_trial, which the chapter's seed tests run natively)
//   progress: batches done of the trial's batches
import { describe } from '../api/convert.js';

/** Digits trained per core call. */
const DIGITS_PER_CALL = 256;

function fields(input) {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new TypeError(`the trial's input must be an object, not ${describe(input)}`);
  return input;
}

/**
 * Trains batches [0, batches) of an epoch in calls of about DIGITS_PER_CALL digits, reporting each
 * call to pace(done, total) with `before` batches already done; returns the network.
 */
async function trainEpoch(nl, network, options, { epoch, batches, before, total, pace }) {
  const perCall = Math.max(1, Math.floor(DIGITS_PER_CALL / options.batchSize));
  for (let first = 0; first < batches;) {
    const count = Math.min(perCall, batches - first);
    network = nl.mnistTrainBatches(network, { ...options, epoch, first, count }).network;
    first += count;
    await pace(before + first, total);
  }
  return network;
}

async function sweepTrial(nl, pace, input) {
  const { arrangement, batchSize, digits, learningRate, seed } = fields(input);
  const entry = nl.mnistSweepPlan(digits, learningRate).find((e) => e.batchSize === batchSize);
  if (!entry) throw new TypeError(`the batch size must be one of the sweep's, 2 to 64, not ${describe(batchSize)}`);
  const options = { learningRate: entry.learningRate, batchSize, seed };
  const start = nl.mnistInitial(arrangement, seed);
  const at = { epoch: 0, batches: entry.batches, before: 0, total: entry.batches, pace };
  const heldOut = nl.mnistEvaluate(await trainEpoch(nl, start, options, at));
  return { arrangement, batchSize, seed, learningRate: entry.learningRate, digits, heldOut };
}

async function seedTrial(nl, pace, input) {
  const { arrangement, learningRate, batchSize, seed, epochs } = fields(input);
  if (!Number.isInteger(epochs) || epochs < 1)
    throw new TypeError(`the epochs must be a whole number from 1, not ${describe(epochs)}`);
  const options = { learningRate, batchSize, seed };
  let network = nl.mnistInitial(arrangement, seed);
  // The core checks the options (and says which is wrong) before any training.
  const batches = nl.mnistTrainBatches(network, { ...options, count: 0 }).batchesPerEpoch;
  const heldOut = [];
  for (let epoch = 0; epoch < epochs; epoch++) {
    const at = { epoch, batches, before: epoch * batches, total: epochs * batches, pace };
    network = await trainEpoch(nl, network, options, at);
    heldOut.push(nl.mnistEvaluate(network));
  }
  return { arrangement, seed, heldOut };
}

export const mnistSweepJobs = Object.freeze({ sweepTrial, seedTrial });
