// The MNIST lab's controller: fetches the digit asset (only when the reader starts the lab),
// starts one worker per core the machine has (at most one per network), deals the networks out,
// and runs the lab's jobs (mnist-jobs.js) in them through the project's protocol
// (training-worker.js). It computes nothing itself.
import { ModuleWorker as Worker } from './module-worker.js';
import { TrainingWorker } from './training-worker.js';

const assetUrl = new URL('../generated/mnist-digits.bin', import.meta.url);
const startWorker = () => new Worker(new URL('./mnist-worker.js', import.meta.url), { type: 'module' });

/**
 * The asset's bytes, read as a stream so no task holds the whole download, reporting
 * (received, total) as they arrive (total 0 when the server does not say).
 */
export async function fetchDigits(onProgress, signal) {
  const response = await fetch(assetUrl, { signal });
  if (!response.ok) throw new Error(`the digits could not be fetched (${response.status})`);
  const total = Number(response.headers.get('Content-Length')) || 0;
  const reader = response.body.getReader();
  let bytes = new Uint8Array(total);
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.length > bytes.length) {
      const larger = new Uint8Array(Math.max(2 * bytes.length, received + value.length));
      larger.set(bytes.subarray(0, received));
      bytes = larger;
    }
    bytes.set(value, received);
    received += value.length;
    onProgress(received, total);
  }
  return received === bytes.length ? bytes : bytes.slice(0, received);
}

export class MnistLab {
  constructor(arrangements) {
    this.arrangements = arrangements;
    const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, arrangements.length));
    this.workers = Array.from({ length: cores }, () => new TrainingWorker(startWorker));
    this.share = this.workers.map((_, k) => arrangements.filter((_a, i) => i % cores === k));
    this.training = null; // the AbortController of the training under way
  }

  /** Hands the digits to every worker; resolves when all have them. */
  load(bytes) {
    return Promise.all(this.workers.map((w) => w.run('load', { input: { bytes } })));
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
