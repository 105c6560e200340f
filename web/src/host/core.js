// The core as the page's widgets and prose use it: each core module's API loaded once per page
// and shared (the module is stateless; every call is a pure function).
import { loadNormlab } from '../normlab.js';
import { coreFailure } from './load-failures.js';
import { WasmUnavailableError, wasmProblem } from './wasm-support.js';

const corePromises = new Map(); // core module name -> promise of its API

/**
 * A core module's API ('core' by default; see core-module.js), loaded once per page.
 * ensures: rejects with a WasmUnavailableError, whose message is one plain sentence naming the
 * cause (load-failures.js), when this page cannot run WebAssembly or the module cannot be had.
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
        throw new WasmUnavailableError(await coreFailure(e));
      }
    })();
    corePromises.set(module, loading);
  }
  return loading;
}
