// The page's one way to start a worker that calls the core: the worker is handed the page's
// compiled core module (core-module.js) as its first message, so it never fetches or compiles the
// .wasm again, and every message after that waits for the handoff and keeps its order.
import { compiledCore, coreMessage } from '../core-module.js';
import { REPLY, REQUEST } from './protocol.js';

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
 * reply (the DataCloneError) through onmessage.
 */
export function startWithCore(start, module = 'core') {
  const worker = start();
  const ready = compiledCore(module).then(
    (m) => handCore(worker, m),
    () => handCore(worker, null),
  );
  const endpoint = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage(message) {
      ready
        .then(() => worker.postMessage(message))
        .catch((e) => {
          if (message?.type !== REQUEST.run) return;
          endpoint.onmessage?.({ data: { type: REPLY.error, id: message.id, name: e.name, message: e.message } });
        });
    },
    terminate: () => worker.terminate(),
    addEventListener: (...args) => worker.addEventListener(...args),
    removeEventListener: (...args) => worker.removeEventListener(...args),
  };
  worker.onmessage = (e) => endpoint.onmessage?.(e);
  worker.onerror = (e) => endpoint.onerror?.(e);
  worker.onmessageerror = (e) => endpoint.onmessageerror?.(e);
  return endpoint;
}
