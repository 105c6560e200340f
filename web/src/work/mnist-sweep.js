// The controller of the MNIST instruments' trials (mnist-sweep-jobs.js: the batch-size sweep's,
// the lab over seeds'): the lab's workers (mnist-lab.js: one a core, four at most, each holding
// the digits) take the trials from one queue, in the order given, until it is empty, so seeds run
// side by side and the first in the queue finish first. It computes nothing itself.
import { MnistLab } from './mnist-lab.js';

export class MnistSweep {
  constructor(arrangements) {
    this.lab = new MnistLab(arrangements);
  }

  /** Has every worker load the digits (see MnistLab.load). */
  load(onProgress, signal) {
    return this.lab.load(onProgress, signal);
  }

  /**
   * Runs the job (default the sweep's) on every trial, each the settings with its own fields.
   * onProgress(trial, done, total) hears each trial's batches; onResult(result) each trial's end.
   * ensures: resolves once every trial is done; rejects with a CancelError when signal aborts first.
   */
  async run(trials, settings, { job = 'sweepTrial', onProgress, onResult, signal }) {
    const queue = [...trials];
    const next = async (worker) => {
      for (let trial = queue.shift(); trial; trial = queue.shift()) {
        const input = { ...settings, ...trial };
        const progress = ({ done, total }) => onProgress(trial, done, total);
        onResult(await worker.run(job, { input, signal, onProgress: progress }));
      }
    };
    await Promise.all(this.lab.workers.map(next));
  }

  free() {
    this.lab.free();
  }
}
