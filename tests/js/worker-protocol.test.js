// The worker protocol in Node, against the real core: the job runner (the worker's side) answers
// every malformed request with an error reply and never throws, looks jobs up as its own names
// only, and settles every run with exactly one final reply; the TrainingWorker (the page's side),
// wired to a runner through a stand-in Worker, settles a cancelled run with a CancelError; a
// shared job is computed once for all its readers and cancelled when they have all gone; the
// page's pool shares its workers between widgets without mixing up their runs.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadNormlab } from '../../web/src/normlab.js';
import { createJobRunner } from '../../web/src/work/job-runner.js';
import { crowdJobs } from '../../web/src/work/crowd-jobs.js';
import { describe } from '../../web/src/api/convert.js';
import { CancelError, REPLY, checkJobInput } from '../../web/src/work/protocol.js';
import { transformerJobs } from '../../web/src/work/transformer-jobs.js';
import { timingJobs } from '../../web/src/work/timing-jobs.js';
import { createMnistJobs } from '../../web/src/work/mnist-jobs.js';
import { mnistSweepJobs } from '../../web/src/work/mnist-sweep-jobs.js';
import { JOB_SIZES, TIMING_WIDTHS } from '../../web/src/host/limits.js';
import { TrainingWorker } from '../../web/src/work/training-worker.js';
import { sharedJob } from '../../web/src/work/shared-job.js';
import { workerPool } from '../../web/src/work/pool.js';
import { comparisonOverPool, comparisonShares } from '../../web/src/work/comparison-over-pool.js';

let core;
before(async () => {
  core = await loadNormlab();
});

/**
 * A runner whose replies are collected; `settled(id)` waits for a run's final reply, and throws,
 * naming the run, if none has come after `timeout` ms.
 */
function runnerWithReplies(jobs = crowdJobs) {
  const replies = [];
  const waiting = [];
  const runner = createJobRunner({
    jobs,
    core: Promise.resolve(core),
    post: (reply) => {
      replies.push(structuredClone(reply));
      for (const w of waiting.splice(0)) w();
    },
  });
  const finals = (id) => replies.filter((r) => r.id === id && r.type !== 'progress');
  const settled = async (id, timeout = 60000) => {
    const end = Date.now() + timeout;
    while (finals(id).length === 0) {
      const left = end - Date.now();
      if (left <= 0) throw new Error(`run ${id}: no final reply after ${timeout} ms`);
      let timer;
      await Promise.race([
        new Promise((resolve) => waiting.push(resolve)),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
    }
    return finals(id);
  };
  return { runner, replies, finals, settled };
}

/**
 * Polls (every millisecond) until condition() holds; throws, naming what was awaited, if it still
 * does not after `timeout` ms (a run that never replies fails here, not at the test's timeout).
 */
async function until(condition, what, timeout = 60000) {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`${what}: still not so after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const MALFORMED = [
  [null, null, /must be an object, not null/],
  [42, null, /not 42/],
  ['run', null, /not the string "run"/],
  [[], null, /not an array/],
  [{}, null, /type must be one of run, cancel, pause, resume, not undefined/],
  [{ type: 'pause' }, null, /id must be/],
  [{ type: 'train', id: 3 }, 3, /not the string "train"/],
  [{ type: 'run' }, null, /id must be .* not undefined/],
  [{ type: 'run', id: '' }, null, /id must be/],
  [{ type: 'run', id: Number.NaN, job: 'wholeCrowd' }, null, /not NaN/],
  [{ type: 'run', id: { x: 1 }, job: 'wholeCrowd' }, null, /not an object/],
  [{ type: 'cancel' }, null, /id must be/],
  [{ type: 'run', id: 1 }, 1, /job must be one of .*, not undefined/],
  [{ type: 'run', id: 2, job: 7 }, 2, /job must be one of .*, not 7/],
  [{ type: 'run', id: 4, job: 'wholeCrowd', part: 5 }, 4, /a part must be the name/],
];

test('a malformed request gets one ProtocolError reply naming what was wrong, and nothing throws', () => {
  const { runner, replies } = runnerWithReplies();
  for (const [request, id, message] of MALFORMED) {
    const before = replies.length;
    assert.doesNotThrow(() => runner.receive(request), `receive(${JSON.stringify(request)}) threw`);
    assert.equal(replies.length, before + 1, `${JSON.stringify(request)}: ${replies.length - before} replies`);
    const reply = replies.at(-1);
    assert.equal(reply.type, 'error');
    assert.equal(reply.id, id);
    assert.equal(reply.name, 'ProtocolError');
    assert.match(reply.message, message);
  }
});

/** A job that counts to input.steps, posting each step as a progress detail. */
const counting = {
  count: async (_nl, pace, input) => {
    for (let k = 1; k <= input.steps; k++) await pace(k, input.steps, { step: k });
    return { counted: input.steps };
  },
};

test("a run's input reaches its job, and every progress with a detail is posted with it", async () => {
  const { runner, replies, settled } = runnerWithReplies(counting);
  await runner.receive({ type: 'run', id: 'c', job: 'count', input: { steps: 40 } });
  assert.deepEqual(
    (await settled('c')).map((r) => [r.type, r.result]),
    [['done', { counted: 40 }]],
  );
  const details = replies.filter((r) => r.type === 'progress').map((r) => r.detail.step);
  assert.deepEqual(
    details,
    Array.from({ length: 40 }, (_, k) => k + 1),
  );
});

test('a paused run waits at its next progress until resumed; a cancel ends it while paused', async () => {
  const { runner, replies, settled } = runnerWithReplies(counting);
  const progress = (id) => replies.filter((r) => r.id === id && r.type === 'progress').length;
  // Another run of five steps on the same runner takes turns with the paused one: a run not held
  // would step alongside it.
  let others = 0;
  const anotherRun = async () => {
    const id = `other ${++others}`;
    await runner.receive({ type: 'run', id, job: 'count', input: { steps: 5 } });
    assert.equal(progress(id), 5);
  };
  const run = runner.receive({ type: 'run', id: 'p', job: 'count', input: { steps: 5 } });
  runner.receive({ type: 'pause', id: 'p' });
  await anotherRun();
  assert.equal(progress('p'), 1, 'one step, then held');
  runner.receive({ type: 'pause', id: 'p' }); // pausing twice changes nothing
  await anotherRun();
  assert.equal(progress('p'), 1);
  runner.receive({ type: 'resume', id: 'p' });
  await run;
  assert.deepEqual(
    (await settled('p')).map((r) => r.type),
    ['done'],
  );
  assert.equal(progress('p'), 5);
  const paused = runner.receive({ type: 'run', id: 'q', job: 'count', input: { steps: 5 } });
  runner.receive({ type: 'pause', id: 'q' });
  await anotherRun();
  runner.receive({ type: 'cancel', id: 'q' });
  await paused;
  assert.deepEqual(
    (await settled('q')).map((r) => r.type),
    ['cancelled'],
  );
  assert.equal(progress('q'), 1);
  const before = replies.length;
  for (const type of ['pause', 'resume', 'cancel']) runner.receive({ type, id: 'gone' });
  assert.equal(replies.length, before, 'a pause, resume or cancel of no running job is ignored');
});

test("inherited names are not jobs: 'toString', 'constructor', '__proto__' get an error naming the job", async () => {
  const { runner, replies } = runnerWithReplies();
  for (const job of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
    await runner.receive({ type: 'run', id: job, job });
    assert.deepEqual(
      replies.filter((r) => r.id === job).map((r) => [r.type, r.name]),
      [['error', 'ProtocolError']],
    );
    const { message } = replies.at(-1);
    assert.ok(message.endsWith(`not the string "${job}"`), message);
    assert.doesNotMatch(message, /function|native code|=>|\{/, 'the reply quotes source');
  }
});

test('a whole-crowd run replies done with the asked part only; an unknown part is an error', async () => {
  const { runner, settled } = runnerWithReplies();
  runner.receive({ type: 'run', id: 'w', job: 'wholeCrowd', part: 'curves' });
  const [done] = await settled('w');
  assert.equal(done.type, 'done');
  assert.deepEqual(Object.keys(done.result), ['curves']);
  assert.equal(done.result.curves.runs.length, 5);
  runner.receive({ type: 'run', id: 'p', job: 'wholeCrowd', part: 'toString' });
  const [error] = await settled('p');
  assert.equal(error.type, 'error');
  assert.match(error.message, /a part must name a field of the result of wholeCrowd, not the string "toString"/);
});

test('a cancelled comparison replies cancelled (never done), and the runner keeps working', async () => {
  const { runner, replies, settled, finals } = runnerWithReplies();
  const run = runner.receive({ type: 'run', id: 'c', job: 'comparison' });
  runner.receive({ type: 'run', id: 'c', job: 'comparison' }); // the same id while it runs
  await until(() => replies.some((r) => r.id === 'c' && r.type === 'progress'), 'the comparison reported progress');
  runner.receive({ type: 'cancel', id: 'c' });
  await run;
  assert.deepEqual(
    finals('c').map((r) => r.type),
    ['cancelled'],
  );
  const duplicate = finals(null);
  assert.equal(duplicate.length, 1);
  assert.match(duplicate[0].message, /a job is already running under the id the string "c"/);
  const progress = replies.filter((r) => r.id === 'c' && r.type === 'progress');
  assert.ok(progress.at(-1).done < progress.at(-1).total, 'the comparison ran to its end');
  runner.receive({ type: 'cancel', id: 'not-running' }); // a late cancel is ignored
  runner.receive({ type: 'run', id: 'again', job: 'wholeCrowd', part: 'twoWays' });
  assert.equal((await settled('again'))[0].type, 'done');
});

test('whatever a job throws, and a result that cannot be posted, become one error reply', async () => {
  const jobs = {
    throwsString: async () => {
      throw 'a bare string';
    },
    throwsNull: async () => {
      throw null;
    },
    unclonable: async () => ({ f: () => 1 }),
  };
  const replies = [];
  const runner = createJobRunner({
    jobs,
    core: Promise.resolve(core),
    post: (reply) => replies.push(structuredClone(reply)),
  });
  for (const job of Object.keys(jobs)) await runner.receive({ type: 'run', id: job, job });
  assert.deepEqual(
    replies.map((r) => [r.id, r.type, r.name]),
    [
      ['throwsString', 'error', 'Error'],
      ['throwsNull', 'error', 'Error'],
      ['unclonable', 'error', 'DataCloneError'],
    ],
  );
  assert.match(replies[0].message, /threw the string "a bare string"/);
});

/** A stand-in Worker: messages cross by structured clone, as between threads, to a runner. */
function workerOnRunner() {
  const worker = {
    terminated: false,
    postMessage(message) {
      const copy = structuredClone(message);
      setImmediate(() => runner.receive(copy));
    },
    terminate() {
      this.terminated = true;
    },
  };
  const runner = createJobRunner({
    jobs: crowdJobs,
    core: Promise.resolve(core),
    post: (reply) => {
      const copy = structuredClone(reply);
      if (!worker.terminated) setImmediate(() => worker.onmessage?.({ data: copy }));
    },
  });
  // As a job worker does as it starts (job-worker.js): a pool's patience then ends at once.
  setImmediate(() => worker.onmessage?.({ data: { type: REPLY.ready } }));
  return worker;
}

test('TrainingWorker: progress, then a cancel settles the run at once with a CancelError', async () => {
  const trainer = new TrainingWorker(workerOnRunner);
  let progress = 0;
  const run = trainer.run('comparison', {
    onProgress: () => {
      progress += 1;
      if (progress === 1) trainer.cancel();
    },
  });
  await assert.rejects(run, (e) => e instanceof CancelError && e.name === 'CancelError');
  assert.equal(trainer.busy, false);
  const { curves } = await trainer.run('wholeCrowd', { part: 'curves' });
  assert.equal(curves.runs.length, 5);
  trainer.free();
});

test('TrainingWorker: an aborted signal, free(), a job error and a failing progress callback each settle the run', async () => {
  const trainer = new TrainingWorker(workerOnRunner);
  const controller = new AbortController();
  const aborted = trainer.run('comparison', { signal: controller.signal });
  controller.abort();
  await assert.rejects(aborted, { name: 'CancelError' });
  await assert.rejects(trainer.run('wholeCrowd', { signal: controller.signal }), { name: 'CancelError' });
  const freed = trainer.run('comparison');
  trainer.free();
  await assert.rejects(freed, { name: 'CancelError' });
  await assert.rejects(trainer.run('toString'), { name: 'ProtocolError', message: /not the string "toString"/ });
  const failing = trainer.run('comparison', {
    onProgress: () => {
      throw new RangeError('a progress bar that is gone');
    },
  });
  await assert.rejects(failing, { name: 'RangeError' });
  assert.equal(trainer.busy, false);
  trainer.free();
});

test('a shared job runs once for every reader, and is cancelled and started afresh when all readers leave', async () => {
  let made = 0;
  const newWorker = () => {
    made += 1;
    return new TrainingWorker(workerOnRunner);
  };
  const read = sharedJob('wholeCrowd', newWorker);
  const [a, b] = await Promise.all([read({ signal: new AbortController().signal }), read()]);
  assert.equal(a, b, 'two readers got two computations');
  assert.equal(a.curves.runs.length, 5);
  assert.equal(await read(), a);
  assert.equal(made, 1);

  const readComparison = sharedJob('comparison', newWorker);
  const first = new AbortController();
  const second = new AbortController();
  const left = [readComparison({ signal: first.signal }), readComparison({ signal: second.signal })];
  first.abort();
  await assert.rejects(left[0], { name: 'CancelError' });
  assert.equal(made, 2);
  second.abort();
  await assert.rejects(left[1], { name: 'CancelError' });
  const again = readComparison();
  assert.equal(made, 3, 'the abandoned comparison was not started afresh');
  assert.equal((await again).summary.length, 5);
});

test('a pool of two workers serves three widgets: each run reaches its own widget, a freed widget cancels only its runs, a dead worker fails only the runs it held', async () => {
  const started = [];
  const pool = workerPool({
    size: 2,
    start: () => {
      const worker = workerOnRunner();
      const post = worker.postMessage.bind(worker);
      worker.requests = [];
      worker.postMessage = (m) => {
        worker.requests.push(m);
        // The stand-in's runner speaks the protocol only; the core message is the pool's own.
        if (m?.type !== 'core') post(m);
      };
      started.push(worker);
      return worker;
    },
  });
  const widgets = [0, 1, 2].map(() => new TrainingWorker(() => pool.view()));
  const crowds = widgets.map((w) => w.run('wholeCrowd', { part: 'twoWays' }));
  const comparison = widgets[0].run('comparison');
  assert.equal(pool.size, 2, 'the pool grew past its size');
  for (const twoWays of await Promise.all(crowds)) assert.equal(typeof twoWays.twoWays, 'object');
  // Every worker was handed the core before any request, and the runs' ids never collided.
  for (const w of started) assert.equal(w.requests[0].type, 'core');
  const runIds = started.flatMap((w) => w.requests.filter((m) => m.type === 'run').map((m) => m.id));
  assert.equal(new Set(runIds).size, runIds.length);
  widgets[1].free();
  assert.equal(widgets[0].busy, true, "freeing one widget cancelled another's run");
  const summary = (await comparison).summary;
  assert.equal(summary.length, 5);
  // A worker that dies fails the runs it held, with a WorkerError, and leaves the pool.
  const comparisons = (w) => w.requests.filter((m) => m.job === 'comparison').length;
  const before = started.map(comparisons);
  const held = widgets[2].run('comparison');
  const holderOf = () => started.find((w, k) => comparisons(w) > before[k]);
  await until(holderOf, 'a worker of the pool was handed the comparison');
  const holder = holderOf();
  holder.terminated = true;
  holder.onerror({ message: 'out of memory' });
  await assert.rejects(held, { name: 'WorkerError', message: /out of memory/ });
  assert.equal(pool.size, 1);
  const again = await widgets[2].run('wholeCrowd', { part: 'curves' });
  assert.equal(again.curves.runs.length, 5);
  for (const w of widgets) w.free();
});

test('the comparison cut into shares of whole pieces: contiguous, covering the plan, shrinking to one piece', () => {
  assert.deepEqual(comparisonShares(125, 1), [[0, 125]]);
  assert.deepEqual(comparisonShares(125, Number.NaN), [[0, 125]]);
  assert.deepEqual(comparisonShares(0, 2), []);
  assert.deepEqual(comparisonShares(0, 1), []);
  // Two lanes: the pieces left (25, 18, 13, ...) over four, rounded up.
  assert.deepEqual(
    comparisonShares(125, 2).map(([b, e]) => e - b),
    [35, 25, 20, 15, 10, 5, 5, 5, 5],
  );
  for (const [total, lanes] of [
    [125, 2],
    [125, 3],
    [125, 4],
    [10, 4],
    [5, 2],
    [12, 2],
  ]) {
    const shares = comparisonShares(total, lanes);
    assert.equal(shares[0][0], 0);
    assert.equal(shares.at(-1)[1], total);
    shares.forEach(([begin, end], k) => {
      assert.ok(end > begin, `share ${k} is empty`);
      assert.equal(begin % 5, 0, 'a share begins inside a seed and arrangement');
      if (k > 0) assert.equal(begin, shares[k - 1][1]);
      if (k > 0) assert.ok(end - begin <= shares[k - 1][1] - shares[k - 1][0], `${total}/${lanes}: share ${k} grew`);
    });
    assert.ok(shares.at(-1)[1] - shares.at(-1)[0] <= 5, `${total}/${lanes}: the last share is one piece at most`);
  }
});

test('the comparison spread over a pool of two: shares on both workers, progress to 125, the summary of the whole run', async () => {
  const started = [];
  const pool = workerPool({
    size: 2,
    start: () => {
      const worker = workerOnRunner();
      const post = worker.postMessage.bind(worker);
      worker.requests = [];
      worker.postMessage = (m) => {
        worker.requests.push(m);
        if (m?.type !== 'core') post(m);
      };
      started.push(worker);
      return worker;
    },
  });
  const trainer = new TrainingWorker(() => pool.view());
  const progress = [];
  const total = core.comparisonPlanSize();
  assert.equal(total, 125);
  const spread = await comparisonOverPool(trainer, {
    total,
    lanes: pool.most,
    onProgress: ({ done }) => progress.push(done),
  });
  assert.equal(spread.workers, 2);
  assert.equal(pool.size, 2);
  const shares = started.map((w) =>
    w.requests.filter((m) => m.job === 'comparison').map((m) => [m.input.begin, m.input.end]),
  );
  assert.ok(
    shares.every((s) => s.length > 0),
    'a worker ran no share',
  );
  assert.deepEqual(
    shares.flat().sort((a, b) => a[0] - b[0]),
    comparisonShares(125, 2),
  );
  assert.equal(progress.at(-1), 125);
  assert.ok(
    progress.every((d, k) => k === 0 || d >= progress[k - 1]),
    'progress went back',
  );
  // The results in the plan's order, and the summary the whole run gives, to the bit.
  const whole = core.summariseComparison(core.runComparison(0, 125).results);
  assert.deepEqual(spread.results, whole.results);
  assert.deepEqual(spread.summary, whole.summary);
  // A cancel stops every share.
  const controller = new AbortController();
  const cancelled = comparisonOverPool(trainer, { total, lanes: 2, signal: controller.signal });
  controller.abort();
  await assert.rejects(cancelled, { name: 'CancelError' });
  assert.equal(trainer.busy, false);
  trainer.free();
});

test('a run whose input cannot be cloned rejects with the DataCloneError and leaves nothing pending; a job throwing an unreadable error still gets its one error reply', async () => {
  const trainer = new TrainingWorker(() => ({ postMessage: (m) => structuredClone(m), terminate() {} }));
  await assert.rejects(trainer.run('comparison', { input: { f() {} } }), { name: 'DataCloneError' });
  assert.equal(trainer.busy, false);
  trainer.free();
  const { runner, settled } = runnerWithReplies({
    async unreadable() {
      throw {
        get name() {
          throw new Error('no name');
        },
      };
    },
  });
  runner.receive({ type: 'run', id: 'u', job: 'unreadable' });
  const [reply] = await settled('u');
  assert.equal(reply.type, 'error');
  assert.match(reply.message, /cannot be read/);
});

// A job's sizes are bounded as a link's are (limits.js, JOB_SIZES): checked before any work, by
// the worker's runner and by the page's side, with a typed error naming the value and the bound.
const OVERSIZED = [
  // [job, input, error name, message]: each ran for seconds to a minute, or grew the worker to
  // gigabytes, before the core's own limits (if any) refused it.
  [
    'startingSlopes',
    { depth: 48, width: 512, norm: 'layer', seed: 1 },
    'SizeError',
    /the depth is 48: a job takes 1 to 12, as a link does/,
  ],
  ['startingSlopes', { depth: 6, width: 512 }, 'SizeError', /the width is 512: a job takes one of 16, 32, 64/],
  ['slopesAcrossDepths', { width: 100 }, 'SizeError', /the width is 100/],
  [
    'warmUp',
    { depth: 6, width: 32, steps: 100000, warmupSteps: 50 },
    'SizeError',
    /the steps is 100000: a job takes one of 50, 100, 200, 300/,
  ],
  ['warmUp', { depth: 48, width: 32, steps: 200 }, 'SizeError', /the depth is 48: a job takes 1 to 8/],
  [
    'warmUp',
    { depth: 2.5, width: 32, steps: 200 },
    'TypeError',
    /the depth must be a whole number from 1 to 8, not 2.5/,
  ],
  [
    'rmsTiming',
    { widths: Array(5000).fill(64), rounds: 9 },
    'SizeError',
    /the widths hold 5000 values: a job takes at most 7/,
  ],
  ['rmsTiming', { widths: [64, 1e6], rounds: 9 }, 'SizeError', /a width is 1000000: a job takes one of 64, 128/],
  ['rmsTiming', { widths: [64], rounds: 1e6 }, 'SizeError', /the rounds is 1000000: a job takes 3 to 51/],
  [
    'wholeCrowd',
    { crowd: { measurements: { rows: 3e4, cols: 2, data: new Float64Array(6e4) }, labels: new Float64Array(3e4) } },
    'SizeError',
    /the crowd's labels hold 30000 values: a job takes at most 2000/,
  ],
  [
    'train',
    { arrangements: ['layer'], epochs: 1000 },
    'SizeError',
    /the number of epochs is 1000: a job takes 1 to 20/,
  ],
  [
    'sweepTrial',
    { arrangement: 'batch', batchSize: 1, digits: 60000 },
    'SizeError',
    /the digits is 60000: a job takes one of 1024, 2048, 4096, 8000/,
  ],
];

test("a job asked for sizes beyond a link's bounds gets a typed error before the core is even loaded", async () => {
  const jobs = { ...transformerJobs, ...timingJobs, ...crowdJobs, ...mnistSweepJobs, train: async () => 'trained' };
  const replies = [];
  // A core that never loads: the refusal cannot have waited for it, nor done any work.
  const runner = createJobRunner({ jobs, core: new Promise(() => {}), post: (r) => replies.push(r) });
  for (const [k, [job, input, name, message]] of OVERSIZED.entries()) {
    // Answered before receive's promise is even awaited: the refusal does not wait for anything.
    const received = runner.receive({ type: 'run', id: k, job, input });
    const reply = replies.find((r) => r.id === k);
    assert.equal(reply?.type, 'error', `${job} ${describe(input)}`);
    assert.equal(reply.name, name, reply.message);
    assert.match(reply.message, message);
    await received;
  }
  assert.equal(replies.length, OVERSIZED.length, 'one final reply each, no progress');
});

test("the page's side refuses an oversized job without posting it; within the bounds it runs", async () => {
  const posted = [];
  const trainer = new TrainingWorker(() => ({ postMessage: (m) => posted.push(m), terminate() {} }));
  for (const [job, input, name, message] of OVERSIZED)
    await assert.rejects(trainer.run(job, { input }), (e) => e.name === name && message.test(e.message));
  assert.deepEqual(posted, []);
  assert.equal(trainer.busy, false);
  // Within the bounds, and with the fields a job may leave to its defaults.
  assert.doesNotThrow(() => checkJobInput('startingSlopes', { depth: 12, width: 64, norm: 'rms', seed: 4294967295 }));
  assert.doesNotThrow(() => checkJobInput('warmUp', { depth: 8, width: 16, steps: 300, warmupSteps: 300 }));
  assert.doesNotThrow(() => checkJobInput('rmsTiming', { widths: [...TIMING_WIDTHS], rounds: 51 }));
  assert.doesNotThrow(() => checkJobInput('slopesAcrossDepths', {}));
  assert.doesNotThrow(() => checkJobInput('warmUp', null), "an input that is no object is the job's to refuse");
  const runner = createJobRunner({
    jobs: timingJobs,
    core: loadNormlab({ module: 'tutorial' }),
    post: (r) => posted.push(r),
  });
  await runner.receive({ type: 'run', id: 'small', job: 'rmsTiming', input: { widths: [64], rounds: 3, seed: 1 } });
  assert.equal(posted.at(-1).type, 'done');
});

test("every worker's job is bounded in JOB_SIZES or takes an input of fixed size", () => {
  // Checked by the job or the core (comparisonSummary: at most the plan's trainings).
  const FIXED = ['load', 'epochs', 'classify', 'activations', 'digit', 'comparisonSummary'];
  const all = [crowdJobs, transformerJobs, timingJobs, createMnistJobs(), mnistSweepJobs].flatMap(Object.keys);
  for (const job of all) assert.ok(Object.hasOwn(JOB_SIZES, job) || FIXED.includes(job), job);
  for (const job of Object.keys(JOB_SIZES)) assert.ok(all.includes(job), `${job} names no job`);
});

test('Cancel ends a worker that keeps nothing between runs at once, even mid-call; the next run starts afresh', async () => {
  const made = [];
  // A worker busy in one long call: it never answers.
  const silent = () => {
    const w = {
      posted: [],
      terminated: false,
      postMessage: (m) => w.posted.push(m),
      terminate: () => (w.terminated = true),
    };
    made.push(w);
    return w;
  };
  const own = new TrainingWorker(silent, { endOnCancel: true });
  const controller = new AbortController();
  const run = own.run('startingSlopes', { input: { depth: 12, width: 64 }, signal: controller.signal });
  controller.abort();
  await assert.rejects(run, { name: 'CancelError' });
  assert.equal(made.length, 1);
  assert.ok(made[0].terminated, 'the busy worker is ended, not left computing');
  assert.deepEqual(
    made[0].posted.map((m) => m.type),
    ['run', 'cancel'],
  );
  const next = own.run('slopesAcrossDepths', { input: { width: 16 } });
  assert.equal(made.length, 2, 'the next run starts a fresh worker');
  own.cancel();
  await assert.rejects(next, { name: 'CancelError' });
  // A worker that keeps state between runs (the default, a pool's view or the MNIST lab's) is not ended.
  const keeping = new TrainingWorker(silent);
  const kept = keeping.run('startingSlopes', { input: {} });
  keeping.cancel();
  await assert.rejects(kept, { name: 'CancelError' });
  assert.equal(made.at(-1).terminated, false);
});
