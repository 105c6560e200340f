// The core's WebAssembly module, fetched and compiled once per page (or per worker that was
// handed none) and passed to the page's training workers by postMessage: a compiled
// WebAssembly.Module can be cloned into a worker of the same page, which then instantiates it
// without fetching or compiling the .wasm again.

// The .wasm beside the module's glue (the bundler emits it once for the glue and for this).
const WASM_URL = new URL('../generated/normlab_core.wasm', import.meta.url);

const CORE_MESSAGE = 'core';
let compiled = null;

/**
 * The compiled core, one compilation per page: streamed when the host serves application/wasm,
 * else compiled from the fetched bytes.
 * ensures: rejects when the .wasm cannot be fetched or compiled here (a failed compilation is
 * not kept, so a later call tries again).
 */
export function compiledCore() {
  compiled ??= (async () => {
    const response = await fetch(WASM_URL, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`fetching ${WASM_URL} answered ${response.status}`);
    const streamed = response.headers.get('Content-Type')?.startsWith('application/wasm');
    return streamed ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
  })();
  compiled.catch(() => (compiled = null));
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
