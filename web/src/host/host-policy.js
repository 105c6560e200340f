// What a host page's Content-Security-Policy forbids the widgets, said in one sentence each. The
// page's `securitypolicyviolation` reports are heard from the moment the widgets' script runs, so
// a widget whose worker was refused can name the directive the host must extend.

/** The name of the widgets' one Trusted Types policy (trusted-types.js). */
export const TRUSTED_TYPES_POLICY = 'normlab';

export const TRUSTED_TYPES_BLOCKED = `This widget builds its markup through the Trusted Types policy "${TRUSTED_TYPES_POLICY}", which this page's Content-Security-Policy does not allow: the host must add ${TRUSTED_TYPES_POLICY} to its trusted-types directive.`;
export const WORKER_BLOCKED =
  "This widget trains in a Web Worker, which this page's Content-Security-Policy blocks: the host must add the widgets' origin and blob: to its worker-src.";

/** The Error a widget shows when the host's policy forbids what it needs: its message is the plain sentence. */
export class HostPolicyError extends Error {
  constructor(message, directive) {
    super(message);
    this.name = 'HostPolicyError';
    this.directive = directive;
  }
}

const OWN_ORIGIN = new URL(import.meta.url).origin;
let workersRefused = false; // whether the page has reported one of the widgets' workers refused
const fetchesRefused = []; // the addresses the page reported its connect-src refused
const workerWatchers = new Set(); // called when the page reports one of the widgets' workers refused

/** Whether a refused worker was one of the widgets': a blob: bootstrap, or a script of their origin. */
const ours = (blocked) => blocked === 'blob' || blocked.startsWith('blob:') || blocked.startsWith(OWN_ORIGIN);

globalThis.document?.addEventListener('securitypolicyviolation', (e) => {
  if (e.effectiveDirective === 'connect-src') fetchesRefused.push(e.blockedURI);
  if (e.effectiveDirective === 'worker-src' && ours(e.blockedURI)) {
    workersRefused = true;
    for (const watcher of [...workerWatchers]) watcher();
  }
});

/**
 * Calls refused(error) with a HostPolicyError naming worker-src once the page reports a worker
 * refused by its policy (at once, in a microtask, when it has already); returns the unwatching.
 * (A refused worker fires no error event of its own in every browser: the page's report is what
 * says so.)
 */
export function watchWorkerRefusal(refused) {
  const call = () => refused(new HostPolicyError(WORKER_BLOCKED, 'worker-src'));
  if (workersRefused) {
    queueMicrotask(call);
    return () => {};
  }
  workerWatchers.add(call);
  return () => workerWatchers.delete(call);
}

/**
 * The error for a worker that failed to start: a HostPolicyError naming worker-src when the page
 * reported it refused (the report may come a moment after the worker's own error), else null.
 */
export async function workerRefusal() {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return workersRefused ? new HostPolicyError(WORKER_BLOCKED, 'worker-src') : null;
}

/**
 * Whether the page reported that its policy refused fetching url (connect-src): the report names
 * the address, or only its origin for another origin's. The report may come a moment after the
 * fetch failed, so this waits that moment first.
 */
export async function fetchRefused(url) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fetchesRefused.some((blocked) => blocked !== '' && (blocked === url.origin || url.href.startsWith(blocked)));
}
