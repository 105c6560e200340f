// The batch-size sweep's controller: the lab's workers (mnist-lab.js: one a core, four at most,
// each holding the digits) take the sweep's trials, one network at one batch size each, from one
// queue until it is empty. It computes nothing itself.
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
   * Runs every trial ({arrangement, batchSize}) at the settings ({digits, learningRate, seed}).
   * onProgress(trial, done, total) hears each trial's batches; onResult(result) each trial's end.
   * ensures: resolves once every trial is done; rejects with a CancelError when signal aborts first.
   */
  async run(trials, settings, { onProgress, onResult, signal }) {
    const queue = [...trials];
    const next = async (worker) => {
      for (let trial = queue.shift(); trial; trial = queue.shift()) {
        const input = { ...settings, ...trial };
        const progress = ({ done, total }) => onProgress(trial, done, total);
        onResult(await worker.run('sweepTrial', { input, signal, onProgress: progress }));
      }
    };
    await Promise.all(this.lab.workers.map(next));
  }

  free() {
    this.lab.free();
  }
}
