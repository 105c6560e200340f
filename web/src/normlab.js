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

import { CORE_MODULES, CoreFetchError, compiledCore, requireCoreModule, wasmUrl } from './core-module.js';
import { answer, converters, toRows } from './api/convert.js';
import { crowdApi } from './api/crowd.js';
import { layersApi } from './api/layers.js';
import { mnistApi } from './api/mnist.js';
import { spreadApi } from './api/spread.js';
import { transformerApi } from './api/transformer.js';
import { tutorialApi } from './api/tutorial.js';
import { viewsApi } from './api/views.js';
import * as errors from './errors.js';

export * from './errors.js';
export { toRows };

// Each capability: (core, helpers) -> the functions it adds to the API, under the core module
// that holds its bindings (core-module.js).
const CAPABILITIES = {
  core: [layersApi, crowdApi, viewsApi],
  tutorial: [tutorialApi, transformerApi],
  mnist: [mnistApi],
};
// The capabilities every module holds (their bindings are linked into each): the spread over seeds.
const EVERY_MODULE_CAPABILITIES = [spreadApi];

// Each module's glue, loaded when a page first asks for that module.
const GLUES = {
  core: () => import('../generated/normlab_core.js'),
  tutorial: () => import('../generated/normlab_tutorial_core.js'),
  mnist: () => import('../generated/normlab_mnist_core.js'),
};
/**
 * A call of a core function that the loaded core module does not hold (its message names the
 * function and the module that holds it). JavaScript's own: no C++ refusal has this name.
 */
export class MissingCapabilityError extends errors.NormError {}
Object.defineProperty(MissingCapabilityError.prototype, 'name', {
  value: 'MissingCapabilityError',
  writable: true,
  configurable: true,
});

function isNode() {
  // globalThis.process, not process: a bundler meeting the bare name (Parcel) installs a polyfill.
  return typeof globalThis.process?.versions?.node === 'string' && typeof window === 'undefined';
}

async function nodeWasmBinary(module) {
  // Node has no fetch for file URLs: read the bytes and hand them to the glue. Node's own module
  // is asked for at run time, not imported, so no bundler of a browser page meets a `node:` import.
  const { readFile } = globalThis.process.getBuiltinModule('node:fs/promises');
  return readFile(wasmUrl(module));
}

/**
 * The error for a core module's script (its glue) that could not be imported, saying what may be
 * the cause; the engine's own error is its cause, and its kind (a TypeError) is kept.
 */
function glueImportFailure(module, error) {
  const Kind = error instanceof TypeError ? TypeError : Error;
  return new Kind(
    `${module === 'core' ? "the core's" : `the ${module} core's`} script could not be imported (${error?.message ?? error}): the site may be out of reach (a browser that fetches a worker's files only from the network, as WebKit does, cannot train offline), or the file is not beside the widgets' script`,
    { cause: error },
  );
}

/**
 * Loads one of the core's modules (CORE_MODULES: 'core' by default) and returns its API; the
 * functions of the other modules' capabilities throw a MissingCapabilityError naming the module
 * that holds them. Options: wasmModule (the compiled WebAssembly.Module, as a worker is handed
 * it); wasmBinary (the module's bytes, when the caller has them already); createCore (another
 * build's factory of the same module: a benchmark's). In a browser, without either, the page's
 * one compilation of the module's .wasm is instantiated (core-module.js).
 */
export async function loadNormlab({ module = 'core', wasmModule, wasmBinary, createCore } = {}) {
  requireCoreModule(module);
  // The glue and the .wasm load side by side: the .wasm's fetch does not wait for the glue chunk.
  const glue = createCore
    ? Promise.resolve(createCore)
    : GLUES[module]().then(
        (m) => m.default,
        (e) => {
          throw glueImportFailure(module, e);
        },
      );
  let wasm = Promise.resolve();
  if (!wasmModule && !wasmBinary && isNode()) wasm = nodeWasmBinary(module).then((b) => (wasmBinary = b));
  else if (!wasmModule && !wasmBinary && !createCore) wasm = compiledCore(module).then((m) => (wasmModule = m));
  [createCore] = await Promise.all([glue, wasm]);
  // Handed its .wasm, the glue is told where it is (locateFile), so it never makes the URL itself.
  const locateFile = (file) => file;
  if (!wasmModule) return normlabApi(await createCore(wasmBinary ? { wasmBinary, locateFile } : {}), module);
  // The glue asks for the instance through instantiateWasm; a failed instantiation rejects here
  // (the glue itself would wait for ever).
  let failed;
  const failure = new Promise((_, reject) => (failed = reject));
  // A module that does not link to this glue is a .wasm of another build under this one's name.
  // (Where the module's URL cannot be made, a worker under Parcel, the LinkError goes as it is.)
  const misfit = (e) => {
    if (!(e instanceof WebAssembly.LinkError)) return e;
    try {
      return new CoreFetchError(wasmUrl(module), { mismatch: e.message, cause: e });
    } catch {
      return e;
    }
  };
  const instantiateWasm = (imports, receive) => {
    WebAssembly.instantiate(wasmModule, imports).then(
      (instance) => receive(instance, wasmModule),
      (e) => failed(misfit(e)),
    );
    return {};
  };
  return normlabApi(await Promise.race([createCore({ instantiateWasm, locateFile }), failure]), module);
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

/**
 * The core a capability calls: the module's functions, and for a name the module does not bind,
 * a MissingCapabilityError naming it (never a call of undefined).
 */
function calling(core, module) {
  return new Proxy(core, {
    get(target, name) {
      if (typeof name !== 'string' || name in target) return target[name];
      const holder = module ? ` (the core module loaded here is '${module}')` : '';
      throw new MissingCapabilityError(`the core function ${name} is not in this core module${holder}`);
    },
  });
}

/**
 * The API over a loaded module (its factory's answer). module: which of CORE_MODULES it is;
 * undefined: a module with every binding (the test module).
 */
export function normlabApi(instance, module) {
  const core = calling(guarded(instance), module);
  const helpers = { ...converters(core), answer, toRows, errors };
  const api = { toRows };
  for (const capability of EVERY_MODULE_CAPABILITIES) Object.assign(api, capability(core, helpers));
  for (const name of CORE_MODULES) {
    const holds = module === undefined || module === name;
    for (const capability of CAPABILITIES[name]) {
      const functions = capability(core, helpers);
      if (!holds)
        for (const key of Object.keys(functions))
          functions[key] = () => {
            throw new MissingCapabilityError(
              `${key} is in the core's '${name}' module, not in the '${module}' module loaded here`,
            );
          };
      Object.assign(api, functions);
    }
  }
  return api;
}
