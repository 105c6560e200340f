// The MNIST lab's jobs, run by the protocol's job runner (job-runner.js) in each lab worker. The
// digits and the networks this worker was dealt stay between runs. Training goes a tenth of an
// epoch (800 digits) per call, round-robin over the networks, so the code tiers up and other runs
// (a drawn digit's probabilities, the hidden units) are answered between two calls. Every figure
// comes from the core.
//
// Jobs (input → result):
//   load        {url, share?: 'keep' | 'read'}: fetches the digit asset (progress: bytes received
//               of the total), or reads the copy another worker kept → its description
//   train       {arrangements, learningRate, batchSize, seed, epochs} → {epochs}
//               progress details, one per call: {arrangement, position, loss, heldOut?, epoch?}
//   epochs      (none)     → {arrangement: epochs completed} (a cancelled training's figures may
//                            not have reached the page)
//   classify    {image}    → {arrangement: ten probabilities}
//   activations {shown}    → {arrangement: the hidden units' on/off maps}
//   digit       {index}    → {label, pixels}
import { describe } from '../api/convert.js';
import { MNIST_ARRANGEMENTS } from '../api/mnist.js';
import { DataError } from '../errors.js';
import { drop, keep, keptCopy } from './kept-assets.js';

/** A short description of a list for a message: its first names, or what it is instead. */
function listed(v) {
  if (!Array.isArray(v)) return describe(v);
  const shown = v.slice(0, 6).map(describe).join(', ');
  return `[${shown}${v.length > 6 ? `, … (${v.length} in all)` : ''}]`;
}

const LOSS_POINTS_PER_EPOCH = 10;
const EVALUATIONS_PER_EPOCH = 5;
const MAX_EPOCHS = 1000;
const PIXELS = 28 * 28;

function fields(input, what) {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new TypeError(`${what} must be an object, not ${describe(input)}`);
  return input;
}

function readTraining(input) {
  const { arrangements, learningRate, batchSize, seed, epochs } = fields(input, "the training's input");
  const known = Array.isArray(arrangements) && arrangements.every((a) => MNIST_ARRANGEMENTS.includes(a));
  if (!known || arrangements.length === 0 || new Set(arrangements).size !== arrangements.length)
    throw new TypeError(
      `the arrangements must be a list of different names from ${MNIST_ARRANGEMENTS.join(', ')}, not ${listed(arrangements)}`,
    );
  if (!Number.isInteger(epochs) || epochs < 1 || epochs > MAX_EPOCHS)
    throw new TypeError(`the epochs must be a whole number from 1 to ${MAX_EPOCHS}, not ${describe(epochs)}`);
  return { arrangements, options: { learningRate, batchSize, seed }, epochs };
}

/** Lets the worker's pending messages in. */
const breather = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Whether a call from batch `before` to batch `after` crossed a multiple of 1 / parts of an epoch, or ended it. */
const crossed = (before, after, batches, parts) =>
  Math.floor((after * parts) / batches) > Math.floor((before * parts) / batches) || after >= batches;

/**
 * How the sentence for digits the server answered with an error status begins: a page left open
 * across a deploy (its build's digits gone) tells the reader to reload instead
 * (widgets/mnist-lab/outdated-digits.js).
 */
export const DIGITS_STATUS_FAILURE = 'the digits could not be fetched: the server answered';

/** The file an address names, for a sentence. */
const fileName = (url) => decodeURIComponent(new URL(url).pathname.split('/').pop());

/**
 * The asset's bytes, reporting (received, total) as they arrive (total 0 when the server does
 * not say); else an Error whose sentence says why they could not be had.
 * requires: url a string naming the asset.
 */
function fetchBytes(url, onProgress) {
  if (typeof url !== 'string') throw new TypeError(`the asset's address must be text, not ${describe(url)}`);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.responseType = 'arraybuffer';
    request.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    request.onload = () => {
      if (request.status === 200)
        resolve({ bytes: new Uint8Array(request.response), type: request.getResponseHeader('content-type') });
      else
        reject(
          new Error(`${DIGITS_STATUS_FAILURE} ${request.status} ${request.statusText} for ${fileName(url)}`.trim()),
        );
    };
    request.onerror = () =>
      reject(
        new Error(
          globalThis.navigator?.onLine === false
            ? 'the digits could not be fetched: this device is offline, and they are not kept on it yet (they are kept once the lab has fetched them online)'
            : `the digits could not be fetched: no answer from the server for ${fileName(url)} (the network, or a host or policy that refuses it)`,
        ),
      );
    request.send();
  });
}

/**
 * The digit asset read by the core → its description: the copy kept on this device if the core
 * reads it (one it refuses is dropped), else the network's, kept where the offline worker keeps
 * its copies. An answer that is not the digits (a proxy's or sign-in page's) is a DataError saying so.
 */
async function loadDigits(nl, url, onProgress) {
  const kept = await keptCopy(url);
  if (kept) {
    try {
      return { about: nl.mnistLoadDigits(kept), bytes: kept };
    } catch {
      await drop(url);
    }
  }
  const { bytes, type } = await fetchBytes(url, onProgress);
  let about;
  try {
    about = nl.mnistLoadDigits(bytes);
  } catch (e) {
    if (!(e instanceof DataError)) throw e;
    throw new DataError(
      `the answer for ${fileName(url)} is not the digits (${type || 'no type'}, ${bytes.length} bytes): ` +
        `a proxy or a sign-in page may have answered in their place (${e.message})`,
    );
  }
  await keep(url, bytes);
  return { about, bytes };
}

// The first worker keeps the digits it fetched where the page's other workers read them (the
// browser's Cache Storage, emptied by the page once all have them), so the asset crosses the
// network once whatever the host's caching; without Cache Storage each worker fetches its own.
export const SHARED_DIGITS = 'normlab-mnist-digits';

async function keepShared(url, bytes) {
  try {
    await (await caches.open(SHARED_DIGITS)).put(url, new Response(bytes));
  } catch {
    // No Cache Storage here (an insecure page, a private mode): the others fetch their own.
  }
}

async function sharedCopy(url) {
  try {
    const kept = await (await caches.open(SHARED_DIGITS)).match(url);
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

export function createMnistJobs() {
  let runs = []; // [{arrangement, network, epoch, first, batches, seconds}]
  let trainedWith = ''; // the settings the runs were made with
  let training = Promise.resolve(); // the train run under way; the next waits for it to stop

  const byArrangement = (f) => Object.fromEntries(runs.map((r) => [r.arrangement, f(r)]));

  /**
   * One call's batches of one run; the figures to post, if any. Each evaluation waits for a task
   * of its own, so a request (a drawn digit) waits for one call or one evaluation, not for all.
   */
  async function advance(nl, run, options) {
    // Up to the next tenth of the epoch: the core's mean loss of the call is that tenth's point.
    const tenth = Math.floor((run.first * LOSS_POINTS_PER_EPOCH) / run.batches) + 1;
    const count = Math.ceil((tenth * run.batches) / LOSS_POINTS_PER_EPOCH) - run.first;
    const t0 = performance.now();
    const answer = nl.mnistTrainBatches(run.network, { ...options, epoch: run.epoch, first: run.first, count });
    run.seconds += (performance.now() - t0) / 1000;
    run.network = answer.network;
    const before = run.first;
    run.first += count;
    const detail = {
      arrangement: run.arrangement,
      position: run.epoch + run.first / run.batches,
      loss: answer.meanLoss, // the core's mean of these batches' losses, each before its step
    };
    const evaluate = crossed(before, run.first, run.batches, EVALUATIONS_PER_EPOCH);
    const ended = run.first >= run.batches;
    const seconds = run.seconds;
    if (ended) {
      run.epoch += 1;
      run.first = 0;
      run.seconds = 0;
    }
    const { network } = run;
    if (evaluate) {
      await breather();
      detail.heldOut = nl.mnistEvaluate(network);
    }
    if (ended) {
      await breather();
      const trainingLoss = nl.mnistEvaluate(network, 'training').loss;
      detail.epoch = { epoch: run.epoch, trainingLoss, heldOut: detail.heldOut, seconds };
    }
    return detail;
  }

  async function train(nl, pace, input) {
    const { arrangements, options, epochs } = readTraining(input);
    const previous = training;
    let release;
    training = new Promise((resolve) => (release = resolve));
    try {
      await previous;
      const settings = JSON.stringify({ arrangements, ...options });
      if (settings !== trainedWith) {
        // Checked in full (every arrangement, every option) before the networks are replaced.
        const fresh = arrangements.map((arrangement) => {
          const network = nl.mnistInitial(arrangement, options.seed);
          const { batchesPerEpoch } = nl.mnistTrainBatches(network, { ...options, count: 0 });
          return { arrangement, network, epoch: 0, first: 0, batches: batchesPerEpoch, seconds: 0 };
        });
        runs = fresh;
        trainedWith = settings;
      }
      const left = () => runs.reduce((n, r) => n + Math.max(0, (epochs - r.epoch) * r.batches - r.first), 0);
      const total = left();
      for (;;) {
        // The run furthest behind goes next, so the networks advance together.
        const next = runs.filter((r) => r.epoch < epochs).sort((a, b) => a.epoch - b.epoch || a.first - b.first)[0];
        if (!next) break;
        const detail = await advance(nl, next, options);
        await pace(total - left(), total, detail);
      }
      return { epochs: Math.min(...runs.map((r) => r.epoch)) };
    } finally {
      release();
    }
  }

  return {
    load: async (nl, pace, input) => {
      const { url, share } = fields(input, "the load's input");
      const shared = share === 'read' ? await sharedCopy(url) : null;
      if (shared) return nl.mnistLoadDigits(shared);
      const { about, bytes } = await loadDigits(nl, url, (received, total) => pace(received, total).catch(() => {}));
      if (share === 'keep') await keepShared(url, bytes);
      return about;
    },
    train,
    epochs: async () => byArrangement((r) => r.epoch),
    classify: async (nl, _pace, input) => {
      const { image } = fields(input, "the classification's input");
      // Checked here too, so a bad image is refused before any network exists.
      if (!(image instanceof Float32Array || Array.isArray(image)) || image.length !== PIXELS)
        throw new TypeError(`the image must be ${PIXELS} pixels (a Float32Array or an array), not ${describe(image)}`);
      return byArrangement((r) => Array.from(nl.mnistClassify(r.network, image)));
    },
    activations: async (nl, _pace, input) => {
      const { shown } = fields(input, "the activations' input");
      return byArrangement((r) => nl.mnistActivations(r.network, shown));
    },
    digit: async (nl, _pace, input) => nl.mnistHeldOutDigit(fields(input, "the digit's input").index),
  };
}
