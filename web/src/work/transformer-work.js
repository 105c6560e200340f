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
