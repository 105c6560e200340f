// The page's one way to start a worker that calls the core: the worker is handed the page's
// compiled core module (core-module.js) as its first message, so it never fetches or compiles the
// .wasm again, and every message after that waits for the handoff and keeps its order.
import { compiledCore, coreMessage } from '../core-module.js';
import { workerScriptFailure } from '../host/load-failures.js';
import { scriptOf } from './module-worker.js';
import { REPLY, REQUEST } from './protocol.js';

// How long a started worker has to say it is ready (job-worker.js) before its script is looked at
// (below): one that runs but says nothing (a 0-byte file) would otherwise leave its runs waiting
// for ever.
export const READY_PATIENCE_MS = 30000;
// A patience timer this late found the page not running.
const LATE_MS = 1000;

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
 * READY_PATIENCE_MS, and whose script is then not there as a script, is reported through onerror
 * with the sentence saying why (its ready message is not passed on).
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
      settled = true;
      clearTimeout(patience);
      worker.terminate();
    },
    addEventListener: (...args) => worker.addEventListener(...args),
    removeEventListener: (...args) => worker.removeEventListener(...args),
  };
  // When the patience runs out the worker's script is fetched once more: one that is there, a
  // script with something in it, is only slow to start (a slow link) and is waited for again; one
  // empty, missing or not a script is reported with the sentence saying so. A timer that comes
  // well after it was due found the page not running (a tab frozen or throttled in the
  // background), and waits again too. A script whose answer stalls is waited for (so is its fetch).
  let patience;
  let settled = false; // ready, failed or ended
  const wait = () => {
    const due = performance.now() + READY_PATIENCE_MS;
    patience = setTimeout(async () => {
      const late = performance.now() - due > LATE_MS;
      const href = scriptOf(worker);
      const sentence = late ? null : href ? await workerScriptFailure(href) : 'it never said it was ready';
      if (settled) return;
      if (sentence === null) return void wait();
      settled = true;
      endpoint.onerror?.({ message: sentence, sentence });
    }, READY_PATIENCE_MS);
  };
  wait();
  worker.onmessage = (e) => {
    if (e.data?.type !== REPLY.ready) return void endpoint.onmessage?.(e);
    settled = true;
    clearTimeout(patience);
  };
  worker.onerror = (e) => {
    settled = true;
    clearTimeout(patience);
    endpoint.onerror?.(e);
  };
  worker.onmessageerror = (e) => endpoint.onmessageerror?.(e);
  return endpoint;
}
