// One job's result per page: computed on the first read, in one of the page's training workers,
// and shared by every reader after that.
import { CancelError } from './protocol.js';
import { TrainingWorker } from './training-worker.js';

// Resolves with a result in a task of its own.
const inTaskOfItsOwn = (result) => new Promise((resolve) => setTimeout(() => resolve(result), 0));

/**
 * A cache of one job's result, computed on the first read in one of the page's workers.
 * read({signal}) resolves with the result, shared, not to be modified.
 * ensures: a reader whose signal aborts first gets a CancelError; when every reader with a
 * signal has gone (and none without one came) before the job finishes, the job is cancelled and
 * the next read starts it again; a failed job is not kept either.
 */
export function sharedJob(job, newWorker = () => new TrainingWorker()) {
  let shared = null; // {promise, worker, readers, pinned, settled, abandoned}

  function start() {
    const worker = newWorker();
    const runs = { worker, readers: 0, pinned: false, settled: false, abandoned: false };
    const t0 = performance.now();
    runs.promise = worker
      .run(job)
      .then((result) => {
        // The job's wall time on the page, for the benchmarks (User Timing: "wholeCrowd job").
        performance.measure(`${job} job`, { start: t0 });
        return result;
      })
      .finally(() => {
        runs.settled = true;
        worker.free();
      });
    runs.promise.catch(() => {
      if (shared === runs) shared = null;
    });
    return runs;
  }

  return function read({ signal } = {}) {
    if (signal?.aborted) return Promise.reject(new CancelError());
    if (shared?.abandoned) shared = null;
    shared ??= start();
    const runs = shared;
    if (!signal) runs.pinned = true; // a reader that cannot leave keeps the job going
    // Even a result already there is handed over in a task of its own: a reader that has just
    // drawn its frame (a chart) must not draw its data in the same task.
    if (runs.settled || !signal) return runs.promise.then(inTaskOfItsOwn);
    runs.readers += 1;
    return new Promise((resolve, reject) => {
      const leave = () => {
        signal.removeEventListener('abort', onAbort);
        runs.readers -= 1;
      };
      const onAbort = () => {
        leave();
        reject(new CancelError());
        if (runs.readers === 0 && !runs.pinned && !runs.settled) {
          runs.abandoned = true;
          runs.worker.free();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      runs.promise.then(
        (result) =>
          // Each reader resumes in a task of its own: readers drawing at once would be one long task.
          setTimeout(() => {
            if (signal.aborted) return;
            leave();
            resolve(result);
          }, 0),
        (e) => {
          if (signal.aborted) return;
          leave();
          reject(e);
        },
      );
    });
  };
}
