// A widget's own timing worker (timing-worker.js), handed the page's compiled tutorial core before
// any request, behind the protocol's page side (training-worker.js). A worker of its own, so
// nothing else runs on its thread while the core times.
import { ModuleWorker as Worker } from './module-worker.js';
import { TrainingWorker } from './training-worker.js';
import { startWithCore } from './core-handoff.js';

const startWorker = () =>
  startWithCore(() => new Worker(new URL('./timing-worker.js', import.meta.url), { type: 'module' }), 'tutorial');

/** A TrainingWorker whose runs go to a timing worker of its own. */
export function timingWorker() {
  return new TrainingWorker(startWorker, { endOnCancel: true });
}
