// The core's WebAssembly modules, each fetched and compiled at most once per page (or per worker
// that was handed none) and passed to the page's workers by postMessage: a compiled
// WebAssembly.Module can be cloned into a worker of the same page, which then instantiates it
// without fetching or compiling the .wasm again.
//
// The core is built as three modules (web/wasm/wasm.cmake), so a page downloads only the bindings
// its widgets call: 'core' (layers, the crowd and its CSV: the essay's widgets and the crowd
// trainings), 'tutorial' (the tutorial's views) and 'mnist' (the MNIST lab).

// Each module's .wasm (the bundler emits each once, for its glue and for this), made when asked
// for: a worker, handed its compiled module, never asks, and in it a bundler's page-only way to
// name its files (Parcel's import map, which a worker does not have) would throw.
const WASM_URLS = {
  core: () => new URL('../generated/normlab_core.wasm', import.meta.url),
  tutorial: () => new URL('../generated/normlab_tutorial_core.wasm', import.meta.url),
  mnist: () => new URL('../generated/normlab_mnist_core.wasm', import.meta.url),
};

/** The names of the core's modules. */
export const CORE_MODULES = Object.freeze(Object.keys(WASM_URLS));

const CORE_MESSAGE = 'core';
const compilations = new Map(); // module name -> promise of its WebAssembly.Module

/** requires: name is one of CORE_MODULES (else a TypeError naming it). */
export function requireCoreModule(name) {
  if (!Object.hasOwn(WASM_URLS, name))
    throw new TypeError(`the core module must be one of ${CORE_MODULES.join(', ')}, not ${String(name)}`);
  return name;
}

/** The URL of a module's .wasm. */
export function wasmUrl(name) {
  return WASM_URLS[requireCoreModule(name)]();
}

/**
 * Why a core module's .wasm could not be had: its url, the response when there was one (null when
 * the fetch itself failed), and the compiler's message when the bytes did not compile. The page
 * says it in one sentence (host/load-failures.js).
 */
export class CoreFetchError extends Error {
  /**
   * mismatch: why the compiled module does not link to its script (a .wasm of another build);
   * interrupted: why its answer's body could not be read to its end (a connection dropped, an
   * encoding the browser could not undo).
   */
  constructor(url, { response = null, compileError = null, mismatch = null, interrupted = null, cause } = {}) {
    const status = response ? `answered ${response.status}` : 'was not fetched';
    const what = mismatch
      ? `does not fit its script: ${mismatch}`
      : interrupted
        ? `broke off: ${interrupted}`
        : compileError
          ? `did not compile: ${compileError}`
          : status;
    super(`the core module ${url.href} ${what}`, { cause });
    this.name = 'CoreFetchError';
    this.url = url;
    this.response = response;
    this.compileError = compileError;
    this.mismatch = mismatch;
    this.interrupted = interrupted;
  }
}

// What a streamed compilation says when the answer's body, not the module, failed (Chromium:
// "Network error: Response body loading was aborted"; Firefox: "NetworkError ...").
const BODY_FAILED = /network ?error|body loading was aborted/i;

// "\0asm": the first four bytes of every WebAssembly module.
const MAGIC = [0, 0x61, 0x73, 0x6d];
function isWasm(bytes) {
  const head = new Uint8Array(bytes, 0, Math.min(MAGIC.length, bytes.byteLength));
  return MAGIC.every((b, i) => head[i] === b);
}

async function fetchAndCompile(url) {
  if (url.protocol === 'file:') throw new CoreFetchError(url);
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new CoreFetchError(url, { cause: e });
  }
  if (!response.ok) throw new CoreFetchError(url, { response });
  const streamed = response.headers.get('Content-Type')?.startsWith('application/wasm');
  try {
    if (streamed) return await WebAssembly.compileStreaming(response);
    let bytes;
    try {
      bytes = await response.arrayBuffer();
    } catch (e) {
      throw new CoreFetchError(url, { response, interrupted: e.message, cause: e });
    }
    if (!isWasm(bytes)) throw new CoreFetchError(url, { response });
    return await WebAssembly.compile(bytes);
  } catch (e) {
    if (e instanceof CoreFetchError) throw e;
    if (BODY_FAILED.test(e.message)) throw new CoreFetchError(url, { response, interrupted: e.message, cause: e });
    throw new CoreFetchError(url, { response, compileError: e.message, cause: e });
  }
}

/**
 * The compiled module `name` ('core' by default), one compilation per page: streamed when the
 * host serves application/wasm, else compiled from the fetched bytes.
 * ensures: rejects with a CoreFetchError when the .wasm cannot be fetched or compiled here (a
 * failed compilation is not kept, so a later call tries again).
 */
export function compiledCore(name = 'core') {
  const url = wasmUrl(name);
  let compiled = compilations.get(name);
  if (!compiled) {
    compiled = fetchAndCompile(url);
    compilations.set(name, compiled);
    compiled.catch(() => compilations.delete(name));
  }
  return compiled;
}

/** The message that hands a worker the compiled core (null: the worker loads the core itself). */
export function coreMessage(wasmModule) {
  return { type: CORE_MESSAGE, module: wasmModule };
}

/** The module a core message carries (null: none), or undefined when data is not a core message. */
export function moduleOfMessage(data) {
  if (data === null || typeof data !== 'object' || data.type !== CORE_MESSAGE) return undefined;
  return typeof WebAssembly === 'object' && data.module instanceof WebAssembly.Module ? data.module : null;
}
