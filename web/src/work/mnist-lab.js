// The MNIST lab's controller: starts one worker per core the machine has (at most one per
// network), has each fetch the digit asset (only when the reader starts the lab; the page's own
// thread never holds it), deals the networks out, and runs the lab's jobs (mnist-jobs.js) in them
// through the project's protocol (training-worker.js). It computes nothing itself.
import { ModuleWorker as Worker } from './module-worker.js';
import { TrainingWorker } from './training-worker.js';
import { startWithCore } from './core-handoff.js';
import { SHARED_DIGITS } from './mnist-jobs.js';

const assetUrl = new URL('../../generated/mnist-digits.bin', import.meta.url);

/** A lab worker, handed the page's compiled MNIST core before any request. */
const startWorker = () =>
  startWithCore(() => new Worker(new URL('./mnist-worker.js', import.meta.url), { type: 'module' }), 'mnist');

export class MnistLab {
  constructor(arrangements) {
    this.arrangements = arrangements;
    const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, arrangements.length));
    this.workers = Array.from({ length: cores }, () => new TrainingWorker(startWorker));
    this.share = this.workers.map((_, k) => arrangements.filter((_a, i) => i % cores === k));
    this.training = null; // the AbortController of the training under way
  }

  /**
   * Has every worker load the digits; resolves when all have. The first fetches them, reporting
   * (bytes received, total bytes or 0) to onProgress, and keeps a copy the others then read, so
   * the asset is downloaded once (where Cache Storage is missing, each worker fetches its own).
   */
  async load(onProgress, signal) {
    const url = assetUrl.href;
    const [first, ...others] = this.workers;
    // The others start meanwhile (a request that needs the core), so theirs is ready when the digits are.
    for (const w of others) w.run('epochs', { signal }).catch(() => {});
    const share = others.length ? 'keep' : undefined;
    try {
      await first.run('load', { input: { url, share }, signal, onProgress: (r) => onProgress(r.done, r.total) });
      await Promise.all(others.map((w) => w.run('load', { input: { url, share: 'read' }, signal })));
    } finally {
      globalThis.caches?.delete(SHARED_DIGITS).catch(() => {});
    }
  }

  /**
   * Trains every network to `epochs` epochs (continuing networks trained with the same settings).
   * onDetail receives each figure a worker posts. ensures: resolves when all workers are done;
   * rejects with a CancelError when cancel() comes first.
   */
  train(settings, epochs, onDetail) {
    this.training = new AbortController();
    const { signal } = this.training;
    const onProgress = (reply) => {
      if (reply.detail) onDetail(reply.detail);
    };
    return Promise.all(
      this.workers.map((w, k) =>
        w.run('train', { input: { ...settings, arrangements: this.share[k], epochs }, onProgress, signal }),
      ),
    );
  }

  pause() {
    for (const w of this.workers) w.pause();
  }

  resume() {
    for (const w of this.workers) w.resume();
  }

  cancel() {
    this.training?.abort();
    this.training = null;
  }

  /** Runs a job in every worker (or the first) and gathers the results. */
  ask(job, input, { first = false } = {}) {
    const targets = first ? this.workers.slice(0, 1) : this.workers;
    return Promise.all(targets.map((w) => w.run(job, { input })));
  }

  /** {arrangement: result} merged from every worker. */
  async askAll(job, input) {
    return Object.assign({}, ...(await this.ask(job, input)));
  }

  free() {
    for (const w of this.workers) w.free();
    this.workers = [];
  }
}
