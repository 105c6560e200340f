// Whether this page may run WebAssembly, asked before the core loads, so a reader sees one plain
// sentence instead of the module loader's abort text.

// The smallest valid module: the magic number and version 1.
const EMPTY_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);

export const WASM_BLOCKED =
  "This widget needs WebAssembly, which this page's Content-Security-Policy blocks: the host must add 'wasm-unsafe-eval' to its script-src.";
export const WASM_MISSING = 'This widget needs WebAssembly, which this browser does not provide.';

/** null when WebAssembly can compile here, else the sentence saying why not and what to allow. */
export function wasmProblem() {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.Module !== 'function') return WASM_MISSING;
  try {
    new WebAssembly.Module(EMPTY_MODULE);
    return null;
  } catch {
    return WASM_BLOCKED;
  }
}

/** The Error a widget shows when the core cannot load here: its message is the plain sentence. */
export class WasmUnavailableError extends Error {
  constructor(message) {
    super(message);
    this.name = 'WasmUnavailableError';
  }
}
