// The MNIST lab's jobs (web/src/mnist-jobs.js) through the protocol's job runner, against the real
// core in Node: a training posts one loss point per tenth of an epoch, the held-out accuracy five
// times and each epoch's figures; a drawn digit is answered while the networks train; a paused
// training holds, a cancelled one stops and the networks report the epochs they completed; bad
// inputs get typed error replies; digits that cannot be had (a status, no answer, offline) get a
// sentence saying why.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../../web/src/normlab.js';
import { createJobRunner } from '../../web/src/work/job-runner.js';
import { createMnistJobs } from '../../web/src/work/mnist-jobs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TRAINING = { learningRate: 0.1, batchSize: 256, seed: 1 };
let core;

before(async () => {
  core = await loadNormlab({ module: 'mnist' });
  core.mnistLoadDigits(readFileSync(`${root}web/generated/mnist-digits.bin`));
});

/** A lab worker's runner whose replies are collected; `settled(id)` waits for a run's final reply. */
function labRunner() {
  const replies = [];
  const waiting = [];
  const runner = createJobRunner({
    jobs: createMnistJobs(),
    core: Promise.resolve(core),
    post: (reply) => {
      replies.push(structuredClone(reply));
      for (const w of waiting.splice(0)) w();
    },
  });
  const final = (id) => replies.find((r) => r.id === id && r.type !== 'progress');
  const until = async (done) => {
    while (!done()) await new Promise((resolve) => waiting.push(resolve));
  };
  const settled = async (id) => {
    await until(() => final(id));
    return final(id);
  };
  const details = (id) => replies.filter((r) => r.id === id && r.detail).map((r) => r.detail);
  return { runner, replies, settled, until, details };
}

test('one epoch posts ten loss points, five held-out accuracies and the epoch, per network', async () => {
  const { runner, settled, details } = labRunner();
  runner.receive({
    type: 'run',
    id: 't',
    job: 'train',
    input: { ...TRAINING, arrangements: ['layer', 'plain'], epochs: 1 },
  });
  const done = await settled('t');
  assert.deepEqual([done.type, done.result], ['done', { epochs: 1 }]);
  for (const arrangement of ['layer', 'plain']) {
    const mine = details('t').filter((d) => d.arrangement === arrangement);
    assert.equal(mine.length, 10, `${arrangement}: ${mine.length} points`);
    mine.forEach((d, k) => assert.ok(Math.abs(d.position - (k + 1) / 10) < 0.05, `${arrangement}: ${d.position}`));
    assert.ok(
      mine.every((d) => Number.isFinite(d.loss) && d.loss > 0),
      `${arrangement}: finite losses`,
    );
    const accuracies = mine.filter((d) => d.heldOut).map((d) => d.heldOut.accuracy);
    assert.equal(accuracies.length, 5);
    assert.ok(accuracies.every((a) => a >= 0 && a <= 1));
    const epochs = mine.filter((d) => d.epoch).map((d) => d.epoch);
    assert.equal(epochs.length, 1);
    assert.equal(epochs[0].epoch, 1);
    assert.ok(Number.isFinite(epochs[0].trainingLoss) && epochs[0].seconds > 0);
    assert.equal(epochs[0].heldOut.accuracy, accuracies.at(-1));
  }
  // The same settings continue the same networks: a second epoch starts at position 1.
  runner.receive({
    type: 'run',
    id: 'u',
    job: 'train',
    input: { ...TRAINING, arrangements: ['layer', 'plain'], epochs: 2 },
  });
  assert.equal((await settled('u')).type, 'done');
  assert.ok(details('u').every((d) => d.position > 1));
});

test('a digit is answered between two training calls, with ten probabilities summing to 1 each', async () => {
  const { runner, replies, settled, until, details } = labRunner();
  const input = { ...TRAINING, arrangements: ['group', 'batch'], epochs: 2 };
  runner.receive({ type: 'run', id: 't', job: 'train', input });
  await until(() => details('t').length >= 2);
  runner.receive({ type: 'run', id: 'c', job: 'classify', input: { image: new Float32Array(784).fill(0.2) } });
  const answer = await settled('c');
  assert.equal(answer.type, 'done');
  assert.equal(
    replies.some((r) => r.id === 't' && r.type !== 'progress'),
    false,
    'answered while the training still runs',
  );
  assert.deepEqual(Object.keys(answer.result).sort(), ['batch', 'group']);
  for (const p of Object.values(answer.result)) {
    assert.equal(p.length, 10);
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-5);
  }
  runner.receive({ type: 'cancel', id: 't' });
  assert.equal((await settled('t')).type, 'cancelled');
});

test('a paused training holds; a cancelled one stops, and the networks report the epochs they completed', async () => {
  const { runner, settled, until, details } = labRunner();
  runner.receive({ type: 'run', id: 't', job: 'train', input: { ...TRAINING, arrangements: ['layer'], epochs: 3 } });
  await until(() => details('t').length >= 12);
  runner.receive({ type: 'pause', id: 't' });
  // The same training on a runner of its own takes turns with this one on the event loop: a call
  // under way when the pause came has reported by the time it has posted two figures, and a
  // training not held would go on alongside its next four.
  const other = labRunner();
  other.runner.receive({
    type: 'run',
    id: 'o',
    job: 'train',
    input: { ...TRAINING, arrangements: ['layer'], epochs: 3 },
  });
  await other.until(() => other.details('o').length >= 2);
  const held = details('t').length;
  await other.until(() => other.details('o').length >= 6);
  assert.equal(details('t').length, held, 'no progress while paused');
  other.runner.receive({ type: 'cancel', id: 'o' });
  assert.equal((await other.settled('o')).type, 'cancelled');
  runner.receive({ type: 'cancel', id: 't' });
  assert.equal((await settled('t')).type, 'cancelled');
  runner.receive({ type: 'run', id: 'e', job: 'epochs' });
  const completed = details('t').filter((d) => d.epoch).length;
  assert.deepEqual((await settled('e')).result, { layer: completed });
});

test('bad inputs get typed error replies and the runner keeps working', async () => {
  const { runner, settled } = labRunner();
  const cases = [
    ['train', 5, 'TypeError', /input must be an object, not 5/],
    [
      'train',
      { ...TRAINING, arrangements: [], epochs: 1 },
      'TypeError',
      /arrangements must be a list of different names from plain, batch, layer, group, not \[\]/,
    ],
    [
      'train',
      { ...TRAINING, arrangements: ['layer'], epochs: 0 },
      'SizeError',
      /number of epochs is 0: a job takes 1 to 20/,
    ],
    ['train', { ...TRAINING, arrangements: ['layer'], epochs: 21 }, 'SizeError', /number of epochs is 21/],
    ['train', { ...TRAINING, arrangements: ['layer'], epochs: '3' }, 'TypeError', /epochs must be a whole number/],
    ['train', { ...TRAINING, arrangements: ['circle'], epochs: 1 }, 'TypeError', /not \[the string "circle"\]/],
    ['train', { ...TRAINING, arrangements: ['plain', 'plain'], epochs: 1 }, 'TypeError', /different names/],
    ['train', { ...TRAINING, arrangements: Array(5000).fill('layer'), epochs: 1 }, 'TypeError', /5000 in all/],
    [
      'train',
      { ...TRAINING, learningRate: Number.NaN, arrangements: ['layer'], epochs: 1 },
      'LearningRateError',
      /NaN/,
    ],
    ['train', { ...TRAINING, batchSize: 0, arrangements: ['layer'], epochs: 1 }, 'OptionError', /batch size is 0/],
    ['classify', null, 'TypeError', /not null/],
    ['classify', { image: 'pixels' }, 'TypeError', /image/],
    ['load', { url: 7 }, 'TypeError', /address must be text, not 7/],
    ['digit', { index: 2000 }, 'ShapeError', /digit 2000 does not exist/],
  ];
  for (const [k, [job, input, name, message]] of cases.entries()) {
    runner.receive({ type: 'run', id: k, job, input });
    const reply = await settled(k);
    assert.equal(reply.type, 'error', `${job} ${JSON.stringify(input)}`);
    assert.equal(reply.name, name);
    assert.match(reply.message, message);
  }
  runner.receive({ type: 'run', id: 'ok', job: 'digit', input: { index: 3 } });
  const digit = await settled('ok');
  assert.equal(digit.type, 'done');
  assert.equal(digit.result.pixels.length, 784);
});

/** A network that answers the digits' request with `answer` (a status, or 'no answer'). */
function fakeNetwork(answer) {
  return class {
    open(method, url) {
      this.url = url;
    }
    getResponseHeader() {
      return 'text/html';
    }
    send() {
      queueMicrotask(() => {
        if (answer === 'no answer') return this.onerror();
        Object.assign(this, {
          status: answer,
          statusText: answer === 404 ? 'Not Found' : '',
          response: new ArrayBuffer(4),
        });
        return this.onload();
      });
    }
  };
}

test('digits that cannot be had are refused with a sentence saying why', async () => {
  const { runner, settled } = labRunner();
  const url = 'https://normlab.test/assets/mnist-digits.bin';
  const cases = [
    [404, true, /the server answered 404 Not Found for mnist-digits\.bin$/],
    ['no answer', true, /no answer from the server for mnist-digits\.bin \(the network, or a host or policy/],
    ['no answer', false, /this device is offline, and they are not kept on it yet/],
  ];
  try {
    for (const [k, [answer, onLine, sentence]] of cases.entries()) {
      globalThis.XMLHttpRequest = fakeNetwork(answer);
      Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
      runner.receive({ type: 'run', id: k, job: 'load', input: { url } });
      const reply = await settled(k);
      assert.equal(reply.type, 'error', String(answer));
      assert.match(reply.message, sentence);
    }
  } finally {
    delete globalThis.XMLHttpRequest;
    delete globalThis.navigator;
  }
});
