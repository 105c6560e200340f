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
// A paused job waits at its next progress until resumed or cancelled.
// A request that is not one of the shapes above (null, a number, no type, no id, an unknown
// type or job) gets an error reply named 'ProtocolError', with id null when the request's own id
// is missing, unusable or already taken by a running job. A cancel, pause or resume for a job that is not running (it has just finished) is ignored.
//
// Cancellation, as the caller sees it: the promise of a cancelled run rejects with a CancelError
// (error.name === 'CancelError') as soon as the caller cancels, without waiting for the worker.

export const REQUEST = Object.freeze({ run: 'run', cancel: 'cancel', pause: 'pause', resume: 'resume' });
export const REPLY = Object.freeze({
  progress: 'progress',
  done: 'done',
  cancelled: 'cancelled',
  error: 'error',
});
export const JOBS = Object.freeze({ comparison: 'comparison', wholeCrowd: 'wholeCrowd' });

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

/** A short, safe description of any value for a message: never calls user code, never quotes source. */
export function describe(v) {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'function') return 'a function';
  return Array.isArray(v) ? 'an array' : 'an object';
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
    throw new ProtocolError(`no job named ${describe(job)} (the jobs: ${Object.keys(jobs).join(', ')})`, id);
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
