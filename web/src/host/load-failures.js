// Why a file the widgets load could not be had, in one sentence a host can act on: a core
// module's .wasm (host/core.js) or a worker's script (work/module-worker.js). Each cause has its
// own: a file:// address, an error status, another kind of file where the file should be (a
// server's page), no answer (or none another origin may read), a policy's refusal. The policy's
// sentence is said only when the page reported that its policy refused the fetch. On a page of
// normlab's own site, whatever the file met, the page first asks whether its files are gone (the
// site serves another build, the page's address is gone, its offline copy was let go:
// site-build.js), and says so when they are.
import { fetchRefused } from './host-policy.js';
import { outdatedPageSentence } from './site-build.js';

// The guide ships in the package as EMBEDDING.md (scripts/package.mjs GUIDES).
const GUIDE = 'see the embedding guide for your host, EMBEDDING.md in the normlab package';
const JS_TYPE = /^(text|application)\/(javascript|ecmascript)|^text\/x-javascript/;
// What engines say when a page under require-trusted-types-for 'script' sets a script's URL as a
// plain string (Chromium: "This document requires 'TrustedScriptURL' assignment").
const TRUSTED_TYPES_REFUSAL = /TrustedScriptURL/;
// An engine's message quoted inside a sentence, without its own full stop.
const withoutStop = (text) => String(text).replace(/\.+$/, '');

/** The Error a widget shows when its worker's script could not start: its message is the plain sentence. */
export class WorkerUnavailableError extends Error {
  constructor(message) {
    super(message);
    this.name = 'WorkerUnavailableError';
  }
}

/** What kind of file a response says it is, or null when it says nothing. */
const typeOf = (response) => response.headers.get('Content-Type')?.split(';')[0].trim() || null;

/**
 * Why `url` could not be had as the file `what` names, the end of a sentence: "answered 404 (Not
 * Found)", … fetched: the Response (or null when the fetch failed), error: what the fetch threw.
 */
function cause(url, { response, expected }) {
  if (url.protocol === 'file:')
    return `its address is ${url.href}, a file:// address, which a page served over http(s) cannot fetch: serve the widgets' files over http(s) with the page (a bundler that writes file:// resolved the file against the folders it built in; ${GUIDE})`;
  if (!response)
    return `fetching ${url.href} got no answer this page may read: the server did not answer, or answered a page of another origin without CORS (Access-Control-Allow-Origin)`;
  if (!response.ok)
    return `${url.href} answered ${response.status}${response.statusText ? ` (${response.statusText})` : ''}: the file is not where the widgets' script says it is, so copy or serve the package's files beside it (${GUIDE})`;
  return `${url.href} answered with ${typeOf(response) ?? 'a file of no stated type'}, not ${expected}: the server sent something else where the file should be (a development server's dependency pre-bundling does this; ${GUIDE})`;
}

/**
 * The sentence for a core module's .wasm that could not be fetched or compiled: the host's policy
 * when the page reported it refused the fetch (connect-src), else the cause the fetch met.
 * requires: failure is a CoreFetchError (core-module.js), or any error of the load.
 */
export async function coreFailure(failure) {
  const url = failure?.url;
  const what = "This widget's WebAssembly core (the .wasm file beside its script) could not be loaded";
  if (!url) {
    const message = withoutStop(failure?.message ?? 'the load failed');
    // The host's bundler set a script's src (its chunk loader) without a policy of its own.
    if (TRUSTED_TYPES_REFUSAL.test(message))
      return `${what}: its script was refused by this page's Trusted Types (${withoutStop(failure?.cause?.message ?? message)}). The host's bundler loads the widgets' chunks through its own policy, which the page must allow beside normlab: webpack needs output.trustedTypes and its policy's name in trusted-types, Next.js "nextjs nextjs#bundler" (${GUIDE}).`;
    return `${what}: ${message}.`;
  }
  if (await fetchRefused(url))
    return `${what}: this page's Content-Security-Policy refused it, so the host must allow fetching it (connect-src) from ${url.origin}.`;
  if (failure.mismatch)
    return (
      (await outdatedPageSentence()) ??
      `${what}: ${url.href} is not the core its script was built with (${failure.mismatch}): the host or a cache serves files of two builds side by side, so serve one build's files together (${GUIDE}).`
    );
  if (failure.interrupted)
    return (
      (await outdatedPageSentence()) ??
      `${what}: the answer for ${url.href} broke off before its end (${withoutStop(failure.interrupted)}): the connection dropped, or the host or a proxy sent it in an encoding the browser could not undo. Reloading the page tries again.`
    );
  if (failure.compileError)
    return `${what}: ${url.href} is not a module this browser compiles (${failure.compileError}).`;
  return (
    (await outdatedPageSentence()) ??
    `${what}: ${cause(url, { response: failure.response, expected: 'the core (application/wasm)' })}.`
  );
}

/**
 * The sentence for a worker whose script could not start (or never said it was ready), found by
 * fetching it once more: null when the script is there as a script with something in it (its
 * failure is another one).
 */
export async function workerScriptFailure(href) {
  const url = new URL(href);
  let response = null;
  if (url.protocol !== 'file:' && url.protocol !== 'blob:')
    response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  const script = response?.ok && JS_TYPE.test(typeOf(response) ?? '');
  const empty = script && !(await response.clone().text()).trim();
  if (script && !empty) return null;
  if (url.protocol === 'blob:') return null;
  const why = empty
    ? `${url.href} answered an empty file where the script should be (an upload that failed, or a host's empty object)`
    : cause(url, { response, expected: 'a script (text/javascript)' });
  return (
    (await outdatedPageSentence()) ?? `This widget trains in a Web Worker, whose script could not be loaded: ${why}.`
  );
}
