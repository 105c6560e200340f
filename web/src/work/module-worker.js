// Module workers that start wherever the widgets' script comes from. A page may construct a
// worker only from its own origin, so a script served from another host (a blog post loading
// the widgets from a CDN) starts its worker from a same-origin blob: holding one line,
// `import "<the worker's URL>"`; the worker module then loads (with CORS) from where it lives,
// and everything it locates relative to itself (its chunks, the .wasm) comes from there too.
// The host's policy then needs `worker-src blob:` beside the script's origin.
import { workerScriptFailure } from '../host/load-failures.js';
import { trustedScriptUrl } from '../host/trusted-types.js';

const bootstraps = new Map(); // the worker's URL -> its blob: bootstrap, made once per page

function bootstrapOf(href) {
  let url = bootstraps.get(href);
  if (!url) {
    const source = `import ${JSON.stringify(href)};\n`;
    url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    bootstraps.set(href, url);
  }
  return url;
}

let startFailure = null; // the latest worker that could not start: a promise of its sentence (or null)
const scripts = new WeakMap(); // each worker started here -> its module's URL

/** The URL of the module a worker started here runs, or undefined for any other worker. */
export const scriptOf = (worker) => scripts.get(worker);

/**
 * A module Worker running the module at url (a URL or a string relative to the page). A worker
 * that cannot start (its error event says nothing of a script's error) has its script fetched
 * once more, to say why (startFailureSentence).
 */
export function startModuleWorker(url) {
  const href = new URL(url, globalThis.location?.href).href;
  const sameOrigin = new URL(href).origin === globalThis.location?.origin;
  const worker = new Worker(trustedScriptUrl(sameOrigin ? href : bootstrapOf(href)), { type: 'module' });
  worker.addEventListener('error', (e) => {
    if (!e.message) startFailure = workerScriptFailure(href);
  });
  scripts.set(worker, href);
  return worker;
}

/** The sentence saying why the page's latest worker could not start, or null when none failed or it cannot tell. */
export function startFailureSentence() {
  return startFailure ?? Promise.resolve(null);
}

/**
 * The same as a constructor, for a module whose bundler recognises a worker only in the form
 * `new Worker(new URL('./w.js', import.meta.url), { type: 'module' })`: import it as Worker.
 */
export class ModuleWorker {
  constructor(url) {
    return startModuleWorker(url);
  }
}
