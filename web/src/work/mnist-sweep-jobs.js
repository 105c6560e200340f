// The batch-size sweep's job, run by the protocol's job runner (job-runner.js) in a lab worker
// that holds the digits (the lab's load job): one network trained from its seed on the sweep's
// digits at one batch size, a few hundred digits per core call so that progress and Cancel come
// between two calls, then measured on the held-out digits. Every figure comes from the core.
//
//   sweepTrial {arrangement, batchSize, digits, learningRate, seed}
//              → {arrangement, batchSize, learningRate (the batch's own), digits, heldOut}
//              progress: batches done of the trial's batches
import { describe } from './protocol.js';

/** Digits trained per core call. */
const DIGITS_PER_CALL = 256;

async function sweepTrial(nl, pace, input) {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new TypeError(`the trial's input must be an object, not ${describe(input)}`);
  const { arrangement, batchSize, digits, learningRate, seed } = input;
  const entry = nl.mnistSweepPlan(digits, learningRate).find((e) => e.batchSize === batchSize);
  if (!entry) throw new TypeError(`the batch size must be one of the sweep's, 2 to 64, not ${describe(batchSize)}`);
  let network = nl.mnistInitial(arrangement, seed);
  const perCall = Math.max(1, Math.floor(DIGITS_PER_CALL / batchSize));
  for (let first = 0; first < entry.batches;) {
    const count = Math.min(perCall, entry.batches - first);
    const options = { learningRate: entry.learningRate, batchSize, seed, epoch: 0, first, count };
    network = nl.mnistTrainBatches(network, options).network;
    first += count;
    await pace(first, entry.batches);
  }
  const heldOut = nl.mnistEvaluate(network);
  return { arrangement, batchSize, learningRate: entry.learningRate, digits, heldOut };
}

export const mnistSweepJobs = Object.freeze({ sweepTrial });
