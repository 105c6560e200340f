// The worker's side of the protocol (protocol.js): reads each request, runs the named job against
// the core, and posts its progress and its one final reply. Independent of the worker global, so
// it runs in Node too.
import { describe } from '../api/convert.js';
import {
  CancelError,
  PROGRESS_INTERVAL_MS,
  ProtocolError,
  REPLY,
  REQUEST,
  checkJobInput,
  errorReply,
  readRequest,
} from './protocol.js';

// The next task: setTimeout(0)s nested in a worker are clamped to 4 ms, which a job pacing
// every 16 ms would lose a fifth of its time to, so a message to ourselves instead (setImmediate
// in Node, where a message channel would starve the timers).
const tasks = globalThis.setImmediate ? null : new MessageChannel();
const waiting = [];
if (tasks) tasks.port1.onmessage = () => waiting.shift()?.();
const nextTask = () =>
  new Promise((resolve) => {
    if (!tasks) return void setImmediate(resolve);
    waiting.push(resolve);
    tasks.port2.postMessage(null);
  });

/** The error reply for what a job threw, even when reading its name or message throws. */
function readableErrorReply(id, thrown) {
  try {
    return errorReply(id, thrown);
  } catch {
    return { type: REPLY.error, id, name: 'Error', message: 'the job failed with an error that cannot be read' };
  }
}

/**
 * jobs: own keys are job names; each is async (nl, pace, input) => result, where
 * pace(done, total, detail?) posts progress at display rate (one with a detail always), lets
 * pending messages in, waits while the job is paused, and throws a CancelError once the job is
 * cancelled. core: a promise of the loaded core. post: sends one reply.
 * ensures: receive(data) never throws; every run request gets exactly one final reply
 * (done, cancelled or error), and every malformed request gets an error reply.
 */
export function createJobRunner({ jobs, core, post }) {
  const running = new Map(); // id -> {cancelled, paused, wake}

  const send = (reply) => {
    try {
      post(reply);
    } catch (e) {
      // A result that cannot be cloned still gets its one final reply.
      try {
        post(errorReply(reply.id, e));
      } catch {
        // The channel itself is gone: there is no one left to tell.
      }
    }
  };

  async function run({ id, job, part, input }) {
    if (running.has(id)) {
      // Replied to with id null: the running job's id must keep meaning that job.
      send(errorReply(null, new ProtocolError(`a job is already running under the id ${describe(id)}`)));
      return;
    }
    const state = { cancelled: false, paused: false, wake: () => {} };
    running.set(id, state);
    let lastPost = -Infinity;
    const pace = async (done, total, detail) => {
      const now = performance.now();
      if (detail !== undefined || now - lastPost >= PROGRESS_INTERVAL_MS || done === total) {
        lastPost = now;
        send({ type: REPLY.progress, id, done, total, ...(detail === undefined ? {} : { detail }) });
        await nextTask(); // lets a cancel in
      }
      while (state.paused && !state.cancelled) await new Promise((resolve) => (state.wake = resolve));
      if (state.cancelled) throw new CancelError();
    };
    try {
      // Sizes beyond a link's bounds are refused before any work (and before the core is awaited).
      checkJobInput(job, input);
      const nl = await core;
      if (state.cancelled) throw new CancelError();
      const whole = await jobs[job](nl, pace, input);
      if (state.cancelled) throw new CancelError();
      if (part !== undefined && (whole === null || typeof whole !== 'object' || !Object.hasOwn(whole, part)))
        throw new ProtocolError(`a part must name a field of the result of ${job}, not ${describe(part)}`, id);
      send({ type: REPLY.done, id, result: part === undefined ? whole : { [part]: whole[part] } });
    } catch (e) {
      send(e instanceof CancelError ? { type: REPLY.cancelled, id } : readableErrorReply(id, e));
    } finally {
      running.delete(id);
    }
  }

  return {
    receive(data) {
      let request;
      try {
        request = readRequest(data, jobs);
      } catch (e) {
        send(errorReply(e instanceof ProtocolError ? e.id : null, e));
        return undefined;
      }
      if (request.type !== REQUEST.run) {
        const state = running.get(request.id);
        if (!state) return undefined;
        if (request.type === REQUEST.cancel) state.cancelled = true;
        else state.paused = request.type === REQUEST.pause;
        if (!state.paused || state.cancelled) state.wake();
        return undefined;
      }
      return run(request);
    },
  };
}
