// Loads the test build of the wasm core once for the JS tests (the page's module plus the
// test-only exports: the figures as JSON, the heap in use, block sums), and the native figures.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normlabApi } from '../../web/src/normlab.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// scripts/build-wasm writes the test module here; NORMLAB_TEST_MODULE_DIR points elsewhere.
const dir = process.env.NORMLAB_TEST_MODULE_DIR ?? `${root}build/wasm/test-module`;
const { default: createTestCore } = await import(pathToFileURL(`${dir}/normlab_core_test.js`).href);

/** The loaded test module itself, for its test-only exports. */
export const testCore = await createTestCore({ wasmBinary: readFileSync(`${dir}/normlab_core_test.wasm`) });
/** The public API over the test module: the same functions the page calls. */
export const nl = normlabApi(testCore);
/** Bytes the core's allocator has handed out and not taken back. */
export const heapInUse = () => testCore.heapInUse();
/** Emval handles alive (JS values held for C++): a leak check for values that cross. */
export const emvalHandles = () => testCore.count_emval_handles();
/** Size of the wasm memory in bytes (it only grows). */
export const memoryBytes = () => testCore.HEAPU8.byteLength;

/** Runs the native command (NORMLAB_NATIVE_DIR: another build's folder) and returns its standard output. */
export function nativeOutput(...args) {
  const native = process.env.NORMLAB_NATIVE_DIR ?? `${root}build/native`;
  return execFileSync(`${native}/normlab`, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
}

export const wholeNumberFour = [
  [1, 7],
  [1, 9],
  [7, 1],
  [23, 7],
];
export const tutorialTable = [
  [2, 1, 20],
  [4, 3, 60],
  [2, 3, 20],
  [4, 9, 60],
];
export const countingSlope = (rows, cols) =>
  Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => i * cols + j + 1));

/** Asserts that value prints as the seed's figure at the seed's number of places. */
export function assertPrints(assert, value, printed, places) {
  const tolerance = 0.5 * 10 ** -places * (1 + 1e-9);
  assert.ok(Math.abs(value - Number(printed)) <= tolerance, `${value} does not print as ${printed} (${places} places)`);
}
