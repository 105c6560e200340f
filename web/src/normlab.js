// The JavaScript face of the core: the only module that imports the WebAssembly glue.
//
//   import { loadNormlab } from './normlab.js';
//   const nl = await loadNormlab();
//   const layer = nl.normaliser({ kind: 'batch', features: 2 });
//   const response = nl.train(layer, [[1, 7], [1, 9], [7, 1], [23, 7]]);
//
// Blocks go in as arrays of rows or as {rows, cols, data} and come out as
// {rows, cols, data: Float64Array}. Layers, responses and gradients are plain objects: there is
// nothing to delete(). Every figure is computed by the core; the modules in api/ only check
// JavaScript types, copy every argument before a call and turn core refusals into typed Errors.
// It works on the main thread, in a worker and in Node.

import createNormlabCore from '../generated/normlab_core.js';
import { compiledCore } from './core-module.js';
import { answer, converters, toRows } from './api/convert.js';
import { crowdApi } from './api/crowd.js';
import { layersApi } from './api/layers.js';
import { mnistApi } from './api/mnist.js';
import { tutorialApi } from './api/tutorial.js';
import { viewsApi } from './api/views.js';
import * as errors from './errors.js';

export * from './errors.js';
export { toRows };

// Each capability: (core, helpers) -> the functions it adds to the API.
const capabilities = [layersApi, crowdApi, viewsApi, tutorialApi, mnistApi];

function isNode() {
  return typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
}

async function nodeWasmBinary() {
  // Node has no fetch for file URLs: read the bytes and hand them to the glue.
  const fsName = 'node:fs/promises';
  const { readFile } = await import(/* @vite-ignore */ fsName);
  const wasmName = '../generated/normlab_core.wasm';
  return readFile(new URL(wasmName, import.meta.url));
}

/**
 * Loads the core and returns its API. Options: wasmModule (the compiled WebAssembly.Module, as a
 * worker is handed it); wasmBinary (the module's bytes, when the caller has them already);
 * createCore (another build's module factory: the test module, a benchmark's). In a browser,
 * without either, the page's one compilation of the .wasm is instantiated (core-module.js).
 */
export async function loadNormlab({ wasmModule, wasmBinary, createCore = createNormlabCore } = {}) {
  if (!wasmModule && !wasmBinary && isNode()) wasmBinary = await nodeWasmBinary();
  else if (!wasmModule && !wasmBinary && createCore === createNormlabCore) wasmModule = await compiledCore();
  if (!wasmModule) return normlabApi(await createCore(wasmBinary ? { wasmBinary } : {}));
  // The glue asks for the instance through instantiateWasm; a failed instantiation rejects here
  // (the glue itself would wait for ever).
  let failed;
  const failure = new Promise((_, reject) => (failed = reject));
  const instantiateWasm = (imports, receive) => {
    WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), failed);
    return {};
  };
  return normlabApi(await Promise.race([createCore({ instantiateWasm }), failure]));
}

/**
 * The module's functions, each turning a C++ exception that escaped it into a SizeError. Every
 * bound function answers refusals as values; only copying an argument into the module's memory
 * can still throw (when the memory cannot grow to hold it).
 */
function guarded(core) {
  const calls = Object.create(core);
  for (const name of Object.keys(core)) {
    const f = core[name];
    if (typeof f !== 'function') continue;
    calls[name] = (...args) => {
      try {
        return f(...args);
      } catch (e) {
        if (typeof WebAssembly.Exception === 'function' && e instanceof WebAssembly.Exception)
          throw new errors.SizeError(`the core's memory could not take the arguments of ${name}`);
        throw e;
      }
    };
  }
  return calls;
}

/** The API over a loaded module (its factory's answer). */
export function normlabApi(module) {
  const core = guarded(module);
  const helpers = { ...converters(core), answer, toRows, errors };
  const api = { toRows };
  for (const capability of capabilities) Object.assign(api, capability(core, helpers));
  return api;
}
