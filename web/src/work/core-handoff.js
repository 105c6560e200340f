// The page's one way to start a worker that calls the core: the worker is handed the page's
// compiled core module (core-module.js) as its first message, so it never fetches or compiles the
// .wasm again, and every message after that waits for the handoff and keeps its order.
import { compiledCore, coreMessage } from '../core-module.js';
import { REPLY, REQUEST } from './protocol.js';

// How long a started worker has to say it is ready (job-worker.js): a script that never loads (its
// answer stalls), or one that runs but is no worker of normlab's (a 0-byte file, another file
// under its name), would otherwise leave its runs waiting for ever.
export const READY_PATIENCE_MS = 30000;

function handCore(worker, wasmModule) {
  try {
    worker.postMessage(coreMessage(wasmModule));
  } catch {
    worker.postMessage(coreMessage(null)); // a browser that cannot clone a module: the worker fetches it
  }
}

/**
 * A worker made by start(), handed the compiled core `module` ('core' by default), behind a
 * Worker-like endpoint (postMessage, onmessage, onerror, onmessageerror, terminate; listeners
 * added with addEventListener hear the worker itself).
 * ensures: the core message (null when this page cannot compile the module: the worker then
 * loads it itself) goes before any other; a run whose input cannot be cloned gets its one error
 * reply (the DataCloneError) through onmessage; a worker that has not said it is ready within
 * READY_PATIENCE_MS is reported through onerror (its ready message is not passed on).
 */
export function startWithCore(start, module = 'core') {
  const worker = start();
  const handed = compiledCore(module).then(
    (m) => handCore(worker, m),
    () => handCore(worker, null),
  );
  const endpoint = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage(message) {
      handed
        .then(() => worker.postMessage(message))
        .catch((e) => {
          if (message?.type !== REQUEST.run) return;
          endpoint.onmessage?.({ data: { type: REPLY.error, id: message.id, name: e.name, message: e.message } });
        });
    },
    terminate: () => {
      clearTimeout(patience);
      worker.terminate();
    },
    addEventListener: (...args) => worker.addEventListener(...args),
    removeEventListener: (...args) => worker.removeEventListener(...args),
  };
  const patience = setTimeout(
    () =>
      endpoint.onerror?.({
        message: `it did not say it was ready within ${READY_PATIENCE_MS / 1000} s: its script did not load, or is not a worker of this build (an empty file, or another file under its name)`,
      }),
    READY_PATIENCE_MS,
  );
  worker.onmessage = (e) => {
    if (e.data?.type !== REPLY.ready) endpoint.onmessage?.(e);
    else clearTimeout(patience);
  };
  worker.onerror = (e) => {
    clearTimeout(patience);
    endpoint.onerror?.(e);
  };
  worker.onmessageerror = (e) => endpoint.onmessageerror?.(e);
  return endpoint;
}
