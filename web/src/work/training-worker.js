// The page's side of the protocol (protocol.js): one object owns the runs of one widget, from
// their start through progress and cancellation to their end (free). By default its runs go to
// the page's pool of workers (pool.js), which every widget shares; given its own
// createWorker, it owns that one worker.
import { watchWorkerRefusal, workerRefusal } from '../host/host-policy.js';
import { WorkerUnavailableError } from '../host/load-failures.js';
import { startFailureSentence } from './module-worker.js';
import { pagePool } from './pool.js';
import { CancelError, REPLY, REQUEST, checkJobInput } from './protocol.js';

export class TrainingWorker {
  /**
   * createWorker: makes the Worker on the first run (a view onto the page's pool by default).
   * endOnCancel: for a worker of the object's own that keeps nothing between runs (a Transformer
   * or a timing worker), a cancel that leaves no run pending ends the worker at once, so Cancel
   * is in reach even in the middle of one long call into the core (a stack's slopes: seconds);
   * the next run starts a fresh worker.
   */
  constructor(createWorker = () => pagePool.view(), { endOnCancel = false } = {}) {
    this.createWorker = createWorker;
    this.endOnCancel = endOnCancel;
    this.worker = null;
    this.pending = new Map(); // id -> {resolve, reject, onProgress}
    this.nextId = 1;
  }

  /** True while a run has not settled. */
  get busy() {
    return this.pending.size > 0;
  }

  /**
   * Runs a job; resolves with its result (or {[part]: that part}).
   * ensures: rejects with a CancelError if cancel(), free() or the signal comes first; with the
   * job's error (its name and message) if the job fails; with a WorkerError if the worker dies.
   */
  run(job, { part, onProgress = () => {}, signal, input } = {}) {
    if (signal?.aborted) return Promise.reject(new CancelError());
    try {
      // Sizes beyond a link's bounds never cross to the worker (the worker checks them too).
      checkJobInput(job, input);
    } catch (e) {
      return Promise.reject(e);
    }
    this.worker ??= this.start();
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
    if (signal) {
      const onAbort = () => this.cancel(id);
      signal.addEventListener('abort', onAbort, { once: true });
      const forget = () => signal.removeEventListener('abort', onAbort);
      promise.then(forget, forget);
    }
    try {
      this.worker.postMessage({ type: REQUEST.run, id, job, part, input });
    } catch (e) {
      // An input that cannot be cloned: the run never started, and its promise says why.
      this.pending.get(id).reject(e);
      this.pending.delete(id);
    }
    return promise;
  }

  /** Cancels one run, or every run when no id is given; their promises reject with a CancelError now. */
  cancel(id) {
    const ids = id === undefined ? [...this.pending.keys()] : [id];
    for (const k of ids) {
      const p = this.pending.get(k);
      if (!p) continue;
      this.pending.delete(k);
      this.worker?.postMessage({ type: REQUEST.cancel, id: k });
      p.reject(new CancelError());
    }
    if (this.endOnCancel && ids.length > 0 && this.pending.size === 0 && this.worker) {
      this.unwatchRefusal?.();
      this.worker.terminate();
      this.worker = null;
    }
  }

  /** Pauses one run, or every run when no id is given: it waits at its next progress. */
  pause(id) {
    for (const k of id === undefined ? this.pending.keys() : [id])
      if (this.pending.has(k)) this.worker?.postMessage({ type: REQUEST.pause, id: k });
  }

  /** Resumes one paused run, or every run when no id is given. */
  resume(id) {
    for (const k of id === undefined ? this.pending.keys() : [id])
      if (this.pending.has(k)) this.worker?.postMessage({ type: REQUEST.resume, id: k });
  }

  /**
   * Ends the worker (a pool's view: cancels its runs there); unsettled runs reject with a
   * CancelError. The next run starts a fresh worker (view).
   */
  free() {
    this.unwatchRefusal?.();
    this.settleAll(new CancelError());
    this.worker?.terminate();
    this.worker = null;
  }

  start() {
    const worker = this.createWorker();
    worker.onmessage = ({ data }) => this.receive(data);
    const die = (message, refusal = null) => {
      unwatch();
      const e = refusal ?? Object.assign(new Error(message), { name: 'WorkerError' });
      this.settleAll(e);
      worker.terminate();
      if (this.worker === worker) this.worker = null;
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      const message = `the training worker failed: ${e.message || 'it could not start'}`;
      // A worker the host's policy refused is said so, in the sentence naming what to allow; one
      // whose script could not be loaded, in the sentence saying why.
      workerRefusal().then(async (refusal) => {
        // The sentence the start's own patience found (core-handoff.js), else the page's latest.
        const sentence = refusal ? null : (e.sentence ?? (await startFailureSentence()));
        die(message, refusal ?? (sentence ? new WorkerUnavailableError(sentence) : null));
      });
    };
    worker.onmessageerror = () => die('a reply from the training worker could not be read');
    // A worker the host's policy refused: its runs end with the sentence saying what to allow.
    const unwatch = watchWorkerRefusal((refusal) => {
      if (this.worker === worker) die('', refusal);
    });
    this.unwatchRefusal = unwatch;
    return worker;
  }

  receive(data) {
    const p = data && this.pending.get(data.id);
    if (!p) return; // a reply to a run that was cancelled, or a malformed request's reply
    if (data.type === REPLY.progress) {
      try {
        p.onProgress(data);
      } catch (e) {
        // A failing progress callback ends its run with that error, not the page's message loop.
        p.reject(e);
        this.cancel(data.id);
      }
      return;
    }
    let settle;
    if (data.type === REPLY.done) settle = () => p.resolve(data.result);
    else if (data.type === REPLY.cancelled) settle = () => p.reject(new CancelError());
    else if (data.type === REPLY.error)
      settle = () => p.reject(Object.assign(new Error(data.message), { name: data.name }));
    else return; // not a reply this protocol knows
    this.pending.delete(data.id);
    settle();
  }

  settleAll(error) {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
