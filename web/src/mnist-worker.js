// The MNIST lab's worker: its own core instance, the digits, and the networks it was given,
// trained a few batches per call (so the code tiers up and messages are read between calls),
// round-robin, epoch after epoch. Every figure it posts comes from the core.
//
// Requests: {type: 'load', bytes} · {type: 'train', arrangements, options, epochs} · 'pause' ·
// 'resume' · 'cancel' · {type: 'classify', id, image} · {type: 'activations', id, shown} ·
// {type: 'digit', id, index}.
// Replies: 'loaded' · {type: 'progress', ...} · {type: 'epoch', ...} · 'finished' ·
// {type: 'answer', id, results} · {type: 'error', id?, name, message}.
import { loadNormlab } from './normlab.js';

const BATCHES_PER_CALL = 10;
const EVALUATIONS_PER_EPOCH = 5;

const core = loadNormlab();
let runs = []; // [{arrangement, network, epoch, first, batches, seconds}]
let options = null;
let epochs = 0;
let state = 'idle'; // idle | running | paused
let generation = 0; // bumps on cancel, so a stale loop stops

const fail = (e, id) => postMessage({ type: 'error', id, name: e?.name ?? 'Error', message: e?.message ?? String(e) });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function trainLoop(mine) {
  const nl = await core;
  while (mine === generation && state === 'running') {
    // The run furthest behind goes next, so the networks advance together.
    const next = runs.filter((r) => r.epoch < epochs).sort((a, b) => a.epoch - b.epoch || a.first - b.first)[0];
    if (!next) break;
    step(nl, next);
    await tick();
  }
  if (mine === generation && state === 'running' && runs.every((r) => r.epoch >= epochs)) {
    state = 'idle';
    postMessage({ type: 'finished' });
  }
}

function step(nl, run) {
  const t0 = performance.now();
  const count = Math.min(BATCHES_PER_CALL, run.batches - run.first);
  const answer = nl.mnistTrainBatches(run.network, { ...options, epoch: run.epoch, first: run.first, count });
  run.seconds += (performance.now() - t0) / 1000;
  run.network = answer.network;
  run.batches = answer.batchesPerEpoch;
  const before = run.first;
  run.first += count;
  const every = Math.max(1, Math.floor(run.batches / EVALUATIONS_PER_EPOCH));
  const evaluate = Math.floor(run.first / every) > Math.floor(before / every) || run.first >= run.batches;
  const progress = {
    type: 'progress',
    arrangement: run.arrangement,
    epoch: run.epoch,
    position: run.epoch + run.first / run.batches, // epochs done, with the fraction of this one
    loss: answer.meanLoss, // of this call's batches, before each one's step
  };
  if (evaluate) progress.heldOut = nl.mnistEvaluate(run.network);
  postMessage(progress);
  if (run.first >= run.batches) {
    postMessage({
      type: 'epoch',
      arrangement: run.arrangement,
      epoch: run.epoch + 1,
      trainingLoss: nl.mnistEvaluate(run.network, 'training').loss,
      heldOut: progress.heldOut,
      seconds: run.seconds,
    });
    run.epoch += 1;
    run.first = 0;
    run.seconds = 0;
  }
}

async function answerRequest(id, work) {
  try {
    const nl = await core;
    postMessage({ type: 'answer', id, results: work(nl) });
  } catch (e) {
    fail(e, id);
  }
}

const byArrangement = (f) => Object.fromEntries(runs.map((r) => [r.arrangement, f(r)]));

onmessage = async ({ data }) => {
  try {
    switch (data.type) {
      case 'load': {
        const nl = await core;
        const about = nl.mnistLoadDigits(data.bytes);
        postMessage({ type: 'loaded', about });
        break;
      }
      case 'train': {
        const nl = await core;
        generation += 1;
        options = data.options;
        epochs = data.epochs;
        runs = data.arrangements.map((arrangement) => ({
          arrangement,
          network: nl.mnistInitial(arrangement, options.seed),
          epoch: 0,
          first: 0,
          batches: 1,
          seconds: 0,
        }));
        for (const r of runs) r.batches = nl.mnistTrainBatches(r.network, { ...options, count: 0 }).batchesPerEpoch;
        state = 'running';
        trainLoop(generation);
        break;
      }
      case 'more': {
        epochs = data.epochs;
        if (state !== 'paused') {
          state = 'running';
          trainLoop(++generation);
        }
        break;
      }
      case 'pause':
        if (state === 'running') state = 'paused';
        break;
      case 'resume':
        if (state === 'paused') {
          state = 'running';
          trainLoop(++generation);
        }
        break;
      case 'cancel':
        generation += 1;
        state = 'idle';
        break;
      case 'classify':
        answerRequest(data.id, (nl) => byArrangement((r) => Array.from(nl.mnistClassify(r.network, data.image))));
        break;
      case 'activations':
        answerRequest(data.id, (nl) => byArrangement((r) => nl.mnistActivations(r.network, data.shown)));
        break;
      case 'digit':
        answerRequest(data.id, (nl) => nl.mnistHeldOutDigit(data.index));
        break;
      default:
        fail(new TypeError(`unknown request ${String(data.type)}`), data.id);
    }
  } catch (e) {
    fail(e, data?.id);
  }
};
