// The message protocol between a widget and its worker, defined once.
//   requests:  {type: 'run', id, job: 'comparison' | 'wholeCrowd', part?}   {type: 'cancel', id}
//              (part: the one field of the job's result the widget needs, so only it is copied back)
//   replies:   {type: 'progress', id, done, total, partial?}   {type: 'done', id, result}
//              {type: 'error', id, name, message}
export const REQUEST = Object.freeze({ run: 'run', cancel: 'cancel' });
export const REPLY = Object.freeze({ progress: 'progress', done: 'done', error: 'error' });
export const JOBS = Object.freeze({ comparison: 'comparison', wholeCrowd: 'wholeCrowd' });

/** Progress is posted at display rate, not per training. */
export const PROGRESS_INTERVAL_MS = 16;

/**
 * Runs a job in a fresh module worker and calls back on progress; resolves with the result.
 * Returns {promise, cancel}. The worker is the caller's to terminate (widget.worker).
 */
export function runInWorker(widget, job, onProgress = () => {}, part = undefined) {
  widget.worker?.terminate();
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  widget.worker = worker;
  const id = `${job}-${Date.now()}`;
  const promise = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.id !== id) return;
      if (data.type === REPLY.progress) onProgress(data);
      else if (data.type === REPLY.done) resolve(data.result);
      else if (data.type === REPLY.error) reject(Object.assign(new Error(data.message), { name: data.name }));
    };
    worker.onerror = (e) => reject(new Error(e.message || 'the worker failed'));
  });
  worker.postMessage({ type: REQUEST.run, id, job, part });
  return { promise, cancel: () => worker.postMessage({ type: REQUEST.cancel, id }) };
}
