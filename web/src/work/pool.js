// The page's training workers, shared by every widget: at most one per core (and four), each
// started when a run finds every worker busy, handed the page's compiled core, and kept for the
// next run. A widget's TrainingWorker talks to the pool through a view that looks like a Worker
// of its own: the view gives each run a page-wide id, sends it to the least busy worker, and
// routes that worker's replies back; terminating a view cancels its runs and leaves the workers.
import { ModuleWorker as Worker } from './module-worker.js';
import { startWithCore } from './core-handoff.js';
import { REPLY, REQUEST } from './protocol.js';

const MOST = 4;

// The bundler finds the worker module by this literal `new Worker(new URL(...))` form; Worker is
// ModuleWorker here, which also starts it when the widgets' script is on another origin.
const startWorker = () => new Worker(new URL('./crowd-worker.js', import.meta.url), { type: 'module' });

const FINAL = new Set([REPLY.done, REPLY.cancelled, REPLY.error]);

/** A pool of workers made by `start` (the page's training worker by default), at most `size`. */
export function workerPool({ start = startWorker, size } = {}) {
  const most = Math.max(1, size ?? Math.min(globalThis.navigator?.hardwareConcurrency || 1, MOST));
  const workers = []; // {worker, send, runs: Map(global id -> {view, id})}
  let nextId = 1;

  function launch() {
    // Every message waits for the core to be handed over first, and keeps its order; a run whose
    // input cannot be cloned gets its one final reply from there.
    const worker = startWithCore(start);
    const send = (message) => worker.postMessage(message);
    const entry = { worker, send, runs: new Map() };
    worker.onmessage = ({ data }) => {
      const run = data && entry.runs.get(data.id);
      if (!run) return;
      if (FINAL.has(data.type)) entry.runs.delete(data.id);
      run.view.receive({ ...data, id: run.id });
    };
    const die = (message, sentence) => {
      const index = workers.indexOf(entry);
      if (index >= 0) workers.splice(index, 1);
      worker.terminate();
      const views = new Set([...entry.runs.values()].map((r) => r.view));
      entry.runs.clear();
      for (const view of views) view.fail(message, sentence);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      die(e.message || 'it could not start', e.sentence);
    };
    worker.onmessageerror = () => die('a reply from the training worker could not be read');
    workers.push(entry);
    return entry;
  }

  /** The idle worker, else a new one while there is room, else the one with fewest runs. */
  function pick() {
    const idle = workers.find((w) => w.runs.size === 0);
    if (idle) return idle;
    if (workers.length < most) return launch();
    return workers.reduce((a, b) => (b.runs.size < a.runs.size ? b : a));
  }

  /** A Worker-like endpoint onto the pool (postMessage, onmessage, onerror, terminate). */
  function view() {
    const mine = new Map(); // the view's id -> {entry, global}
    const endpoint = {
      onmessage: null,
      onerror: null,
      onmessageerror: null,
      postMessage(request) {
        if (request.type === REQUEST.run) {
          const entry = pick();
          const global = nextId++;
          mine.set(request.id, { entry, global });
          entry.runs.set(global, { view: endpoint, id: request.id });
          entry.send({ ...request, id: global });
          return;
        }
        const run = mine.get(request.id);
        if (run) run.entry.send({ ...request, id: run.global });
      },
      terminate() {
        for (const { entry, global } of mine.values()) {
          // The worker's final reply for it still arrives and frees its place; no one reads it.
          const run = entry.runs.get(global);
          if (run) run.view = detached;
          entry.send({ type: REQUEST.cancel, id: global });
        }
        mine.clear();
      },
      receive(data) {
        if (FINAL.has(data.type)) mine.delete(data.id);
        endpoint.onmessage?.({ data });
      },
      fail(message, sentence) {
        endpoint.onerror?.({ message, sentence });
      },
    };
    return endpoint;
  }

  return {
    view,
    /** Starts a worker now, if none has started, so that it is ready when the first run comes. */
    warm() {
      if (workers.length === 0) launch();
    },
    get size() {
      return workers.length;
    },
    /** The most workers it starts: one per core (hardwareConcurrency), at most four. */
    get most() {
      return most;
    },
  };
}

const detached = { receive() {}, fail() {} };

/** The page's pool. */
export const pagePool = workerPool();

/** Starts one of the page's workers ahead of its first run. */
export function warmPool() {
  pagePool.warm();
}
