// Loads the wasm core once for the JS tests, and the native figures for comparison.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../../web/src/normlab.js';

export const nl = await loadNormlab();

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Runs the native command and returns its standard output. */
export function nativeOutput(...args) {
  return execFileSync(`${root}build/native/normlab`, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
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
