// The message protocol between the page and a training worker, defined once.
//
//   requests:  {type: 'run', id, job, part?, input?}   {type: 'cancel', id}
//              {type: 'pause', id}                       {type: 'resume', id}
//   replies:   {type: 'progress', id, done, total, detail?}
//              {type: 'done', id, result}         (result: the job's whole result, or {[part]: that part})
//              {type: 'cancelled', id}            (the job stopped between two pieces; no result follows)
//              {type: 'error', id, name, message}
//
// id: a non-empty string or a finite number, unique among the worker's running jobs.
// job: the name of one of the worker's own jobs ('comparison', 'wholeCrowd'); names it merely
// inherits ('toString', 'constructor', '__proto__') are not jobs. input: any structured-clone
// value, handed to the job. detail: figures the job posts with its progress (every one arrives).
// A paused job waits at its next progress until resumed or cancelled. The sizes in a run's input
// are bounded as a link's are (checkJobInput, limits.js's JOB_SIZES): a run beyond them gets an
// error reply (SizeError) before its job begins, and the page's side refuses it without posting.
// A request that is not one of the shapes above (null, a number, no type, no id, an unknown
// type or job) gets an error reply named 'ProtocolError', with id null when the request's own id
// is missing, unusable or already taken by a running job. A cancel, pause or resume for a job that is not running (it has just finished) is ignored.
//
// Cancellation, as the caller sees it: the promise of a cancelled run rejects with a CancelError
// (error.name === 'CancelError') as soon as the caller cancels, without waiting for the worker.

import { describe } from '../api/convert.js';
import { SizeError } from '../errors.js';
import { JOB_SIZES } from '../host/limits.js';

export const REQUEST = Object.freeze({ run: 'run', cancel: 'cancel', pause: 'pause', resume: 'resume' });
export const REPLY = Object.freeze({
  // Sent once by a worker as it starts (job-worker.js), before any run: its script ran.
  ready: 'ready',
  progress: 'progress',
  done: 'done',
  cancelled: 'cancelled',
  error: 'error',
});
export const JOBS = Object.freeze({
  comparison: 'comparison',
  comparisonSummary: 'comparisonSummary',
  wholeCrowd: 'wholeCrowd',
});

/** Progress is posted at display rate, not per training. */
export const PROGRESS_INTERVAL_MS = 16;

/** A request that breaks the protocol. */
export class ProtocolError extends Error {
  constructor(message, id = null) {
    super(message);
    this.name = 'ProtocolError';
    this.id = id;
  }
}

/** A run the caller cancelled (or whose widget moved on before it finished). */
export class CancelError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelError';
  }
}

export function isCancel(e) {
  return e instanceof CancelError || e?.name === 'CancelError';
}

/**
 * Waits for a promise on behalf of whoever holds signal.
 * ensures: rejects with a CancelError if the signal has aborted or aborts before the promise
 * settles; otherwise settles as the promise does.
 */
export function untilAborted(promise, signal) {
  if (signal.aborted) return Promise.reject(new CancelError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new CancelError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) reject(new CancelError());
        else resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? new CancelError() : e);
      },
    );
  });
}

function usableId(id) {
  return (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
}

function ownField(data, name) {
  return Object.hasOwn(data, name) ? data[name] : undefined;
}

/**
 * Reads a request against the protocol.
 * ensures: returns {type: 'run', id, job, part, input} (job an own key of jobs) or {type, id} for
 * 'cancel', 'pause' and 'resume';
 * anything else throws a ProtocolError whose id is the request's id when that is usable.
 */
export function readRequest(data, jobs) {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new ProtocolError(`a request must be an object, not ${describe(data)}`);
  const type = ownField(data, 'type');
  const id = ownField(data, 'id');
  const replyId = usableId(id) ? id : null;
  if (!Object.values(REQUEST).includes(type))
    throw new ProtocolError(
      `a request's type must be one of ${Object.values(REQUEST).join(', ')}, not ${describe(type)}`,
      replyId,
    );
  if (replyId === null)
    throw new ProtocolError(`a request's id must be a non-empty string or a finite number, not ${describe(id)}`);
  if (type !== REQUEST.run) return { type, id };
  const job = ownField(data, 'job');
  if (typeof job !== 'string' || !Object.hasOwn(jobs, job))
    throw new ProtocolError(`a request's job must be one of ${Object.keys(jobs).join(', ')}, not ${describe(job)}`, id);
  const part = ownField(data, 'part');
  if (part !== undefined && typeof part !== 'string')
    throw new ProtocolError(`a part must be the name of a field of the result, not ${describe(part)}`, id);
  return { type, id, job, part, input: ownField(data, 'input') };
}

/** The error reply for anything thrown, whatever it is (an Error, a wasm exception, a string). */
export function errorReply(id, e) {
  const name = typeof e?.name === 'string' && e.name !== '' ? e.name : 'Error';
  const message = typeof e?.message === 'string' ? e.message : `a job threw ${describe(e)}`;
  return { type: REPLY.error, id, name, message };
}

/** The length of a list (an array or a typed array), or undefined for anything else. */
const lengthOf = (v) => (Array.isArray(v) || ArrayBuffer.isView(v) ? v.length : undefined);

/** Refuses a value beyond its spec (limits.js, JOB_SIZES): a SizeError, or a TypeError when it is no number. */
function checkSize(spec, v) {
  if (v === undefined) return;
  if (spec.choices) {
    if (!spec.choices.includes(v))
      throw new SizeError(
        `${spec.what} is ${describe(v)}: a job takes one of ${spec.choices.join(', ')}, as a link does`,
      );
  } else if (spec.min !== undefined) {
    if (typeof v !== 'number' || !Number.isInteger(v))
      throw new TypeError(`${spec.what} must be a whole number from ${spec.min} to ${spec.max}, not ${describe(v)}`);
    if (v < spec.min || v > spec.max)
      throw new SizeError(`${spec.what} is ${v}: a job takes ${spec.min} to ${spec.max}, as a link does`);
  } else if (spec.most !== undefined) {
    const n = lengthOf(v);
    if (n === undefined) return; // not a list: the job refuses it by type
    if (n > spec.most)
      throw new SizeError(`${spec.what} hold ${n} values: a job takes at most ${spec.most}, as a link does`);
    if (spec.items) for (let k = 0; k < n; k++) checkSize(spec.items, v[k]);
  } else if (spec.fields && v !== null && typeof v === 'object') {
    for (const [name, field] of Object.entries(spec.fields)) checkSize(field, ownField(v, name));
  }
}

/**
 * Checks the sizes in a job's input against the bounds a link has (limits.js, JOB_SIZES), before
 * any work: a worker asked by page code computes no longer, and holds no more, than one asked by
 * a link. requires: nothing of input (any value). ensures: returns when every size the job's
 * entry names is within its bound (a field left out is the job's default; an input that is no
 * object is left to the job); else throws a SizeError naming the value and the bound, or a
 * TypeError when a bounded count is no whole number.
 */
export function checkJobInput(job, input, sizes = JOB_SIZES) {
  const fields = Object.hasOwn(sizes, job) ? sizes[job] : null;
  if (!fields || input === null || typeof input !== 'object' || Array.isArray(input)) return;
  for (const [name, spec] of Object.entries(fields)) checkSize(spec, ownField(input, name));
}
