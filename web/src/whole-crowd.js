// The five whole-crowd runs (loss curves, two ways, covariate shift), computed once per page in
// one training worker and shared by every widget that reads them. A widget on its own page gets
// them the same way.
import { CancelError, JOBS } from './protocol.js';
import { TrainingWorker } from './training-worker.js';

let shared = null; // {promise, worker, readers, pinned, settled}

function startRuns() {
  const worker = new TrainingWorker();
  const runs = { worker, readers: 0, pinned: false, settled: false };
  runs.promise = worker.run(JOBS.wholeCrowd).finally(() => {
    runs.settled = true;
    worker.free();
  });
  // A failed or abandoned computation is not kept: the next reader starts again.
  runs.promise.catch(() => {
    if (shared === runs) shared = null;
  });
  return runs;
}

/**
 * The whole-crowd result: {curves, twoWays, covariateShift}, shared, not to be modified.
 * signal: the reader's; when every reader has gone before the runs finish, they are cancelled.
 * ensures: rejects with a CancelError when the reader's signal aborts first.
 */
export function wholeCrowd({ signal } = {}) {
  if (signal?.aborted) return Promise.reject(new CancelError());
  shared ??= startRuns();
  const runs = shared;
  if (!signal) runs.pinned = true; // a reader that cannot leave keeps the runs going
  if (runs.settled || !signal) return runs.promise;
  runs.readers += 1;
  return new Promise((resolve, reject) => {
    const leave = () => {
      signal.removeEventListener('abort', onAbort);
      runs.readers -= 1;
    };
    const onAbort = () => {
      leave();
      reject(new CancelError());
      if (runs.readers === 0 && !runs.pinned && !runs.settled) runs.worker.free();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    runs.promise.then(
      (result) => {
        if (signal.aborted) return;
        leave();
        resolve(result);
      },
      (e) => {
        if (signal.aborted) return;
        leave();
        reject(e);
      },
    );
  });
}
