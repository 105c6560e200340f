// A widget's own Transformer worker (transformer-worker.js), handed the page's compiled tutorial
// core before any request, behind the protocol's page side (training-worker.js).
import { ModuleWorker as Worker } from './module-worker.js';
import { TrainingWorker } from './training-worker.js';
import { startWithCore } from './core-handoff.js';

const startWorker = () =>
  startWithCore(() => new Worker(new URL('./transformer-worker.js', import.meta.url), { type: 'module' }), 'tutorial');

/** A TrainingWorker whose runs go to a Transformer worker of its own. */
export function transformerWorker() {
  return new TrainingWorker(startWorker, { endOnCancel: true });
}

/** As many Transformer workers as the machine has cores (hardwareConcurrency), at most four. */
export function transformerWorkers() {
  const count = Math.max(1, Math.min(globalThis.navigator?.hardwareConcurrency || 1, 4));
  return Array.from({ length: count }, () => transformerWorker());
}

/**
 * Shares tasks out over workers: each worker takes the next task as soon as it has finished its
 * last, and `each(worker, task)` runs one; resolves when every task is done.
 * ensures: the first failure (a cancel included) rejects at once and no further task starts.
 */
export async function shareOut(workers, tasks, each) {
  let next = 0;
  let failed = false;
  const take = async (worker) => {
    while (!failed && next < tasks.length) {
      const task = tasks[next++];
      try {
        await each(worker, task);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(workers.map(take));
}
