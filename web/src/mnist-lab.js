// The MNIST lab's controller: fetches the digit asset (only when the reader starts the lab),
// starts one worker per core the machine has (at most one per network), deals the networks out,
// and forwards the workers' replies. It computes nothing itself.
import { ModuleWorker as Worker } from './module-worker.js';

const assetUrl = new URL('../generated/mnist-digits.bin', import.meta.url);
const startWorker = () => new Worker(new URL('./mnist-worker.js', import.meta.url), { type: 'module' });

/** The asset's bytes, reporting (received, total) as they arrive. */
export function fetchDigits(onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', assetUrl);
    request.responseType = 'arraybuffer';
    request.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    request.onload = () => {
      if (request.status === 200) resolve(new Uint8Array(request.response));
      else reject(new Error(`the digits could not be fetched (${request.status})`));
    };
    request.onerror = () => reject(new Error('the digits could not be fetched'));
    request.send();
  });
}

export class MnistLab {
  /** handlers: {progress(reply), epoch(reply), finished(), error(reply)} */
  constructor(arrangements, handlers) {
    this.arrangements = arrangements;
    this.handlers = handlers;
    const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, arrangements.length));
    this.workers = Array.from({ length: cores }, () => startWorker());
    this.share = this.workers.map((_, k) => arrangements.filter((_a, i) => i % cores === k));
    this.pending = new Map();
    this.nextId = 1;
    this.unfinished = 0;
    for (const w of this.workers) w.onmessage = ({ data }) => this.receive(data);
  }

  receive(data) {
    if (data.type === 'answer' || (data.type === 'error' && data.id)) {
      const p = this.pending.get(data.id);
      if (!p) return;
      p.answers.push(data);
      if (p.answers.length === p.expected) {
        this.pending.delete(data.id);
        const failed = p.answers.find((a) => a.type === 'error');
        if (failed) p.reject(Object.assign(new Error(failed.message), { name: failed.name }));
        else p.resolve(p.answers.map((a) => a.results));
      }
      return;
    }
    if (data.type === 'finished') {
      this.unfinished -= 1;
      if (this.unfinished === 0) this.handlers.finished?.();
      return;
    }
    this.handlers[data.type]?.(data);
  }

  /** Hands the digits to every worker; resolves when all have them. */
  load(bytes) {
    return Promise.all(
      this.workers.map(
        (w) =>
          new Promise((resolve, reject) => {
            const listen = ({ data }) => {
              if (data.type !== 'loaded' && data.type !== 'error') return;
              w.removeEventListener('message', listen);
              if (data.type === 'loaded') resolve(data.about);
              else reject(Object.assign(new Error(data.message), { name: data.name }));
            };
            w.addEventListener('message', listen);
            const copy = bytes.slice();
            w.postMessage({ type: 'load', bytes: copy }, [copy.buffer]);
          }),
      ),
    );
  }

  train(options, epochs) {
    this.unfinished = this.workers.length;
    this.workers.forEach((w, k) => w.postMessage({ type: 'train', arrangements: this.share[k], options, epochs }));
  }

  more(epochs) {
    this.unfinished = this.workers.length;
    for (const w of this.workers) w.postMessage({ type: 'more', epochs });
  }

  send(type) {
    for (const w of this.workers) w.postMessage({ type });
  }

  /** Asks every worker (or the first) and gathers the answers. */
  ask(request, { first = false } = {}) {
    const id = this.nextId++;
    const targets = first ? this.workers.slice(0, 1) : this.workers;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { expected: targets.length, answers: [], resolve, reject });
      for (const w of targets) w.postMessage({ ...request, id });
    });
  }

  /** {arrangement: result} merged from every worker. */
  async askAll(request) {
    return Object.assign({}, ...(await this.ask(request)));
  }

  free() {
    for (const w of this.workers) w.terminate();
    this.workers = [];
    for (const p of this.pending.values())
      p.reject(Object.assign(new Error('the lab was closed'), { name: 'CancelError' }));
    this.pending.clear();
  }
}
