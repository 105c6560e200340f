// The core as the page's widgets and prose use it: each core module's API loaded once per page
// and shared (the module is stateless; every call is a pure function).
import { loadNormlab } from '../normlab.js';
import { WasmUnavailableError, wasmProblem } from './wasm-support.js';

const corePromises = new Map(); // core module name -> promise of its API

/**
 * A core module's API ('core' by default; see core-module.js), loaded once per page.
 * ensures: rejects with a WasmUnavailableError, whose message is one plain sentence, when this
 * page cannot run WebAssembly or the module cannot be fetched.
 */
export function core(module = 'core') {
  let loading = corePromises.get(module);
  if (!loading) {
    loading = (async () => {
      const problem = wasmProblem();
      if (problem) throw new WasmUnavailableError(problem);
      try {
        return await loadNormlab({ module });
      } catch (e) {
        console.error(e);
        throw new WasmUnavailableError(
          "This widget's WebAssembly core (the .wasm file beside its script) could not be loaded: the host must allow fetching it (connect-src) and serve it as application/wasm.",
        );
      }
    })();
    corePromises.set(module, loading);
  }
  return loading;
}
