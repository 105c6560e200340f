// What a host page's Content-Security-Policy forbids the widgets, said in one sentence each. The
// page's `securitypolicyviolation` events are recorded from the moment the widgets' script runs,
// so a widget whose worker or markup was refused can name the directive the host must extend.

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

const violated = new Set(); // the effective directives this page has reported violated
const workerWatchers = new Set(); // called when the page reports a worker refused
globalThis.document?.addEventListener('securitypolicyviolation', (e) => {
  violated.add(e.effectiveDirective);
  if (e.effectiveDirective === 'worker-src') for (const watcher of [...workerWatchers]) watcher();
});

/**
 * Calls refused(error) with a HostPolicyError naming worker-src once the page reports a worker
 * refused by its policy (at once, in a microtask, when it has already); returns the unwatching.
 * (A refused worker fires no error event of its own in every browser: the page's report is what
 * says so.)
 */
export function watchWorkerRefusal(refused) {
  const call = () => refused(new HostPolicyError(WORKER_BLOCKED, 'worker-src'));
  if (violated.has('worker-src')) {
    queueMicrotask(call);
    return () => {};
  }
  workerWatchers.add(call);
  return () => workerWatchers.delete(call);
}

/** Whether this page has reported a violation of the directive (e.g. 'worker-src') so far. */
export function policyViolated(directive) {
  return violated.has(directive);
}

/**
 * The error for a worker that did not start: a HostPolicyError naming worker-src when the page
 * reported that directive violated (a moment after the worker's own error), else null.
 */
export async function workerRefusal() {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return policyViolated('worker-src') || policyViolated('script-src')
    ? new HostPolicyError(WORKER_BLOCKED, 'worker-src')
    : null;
}
