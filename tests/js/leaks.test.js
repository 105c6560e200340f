// No leaks: 100,000 forward/backward calls (and refusals) leave the wasm heap as it was after
// the first 1,000.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nl, heapInUse, memoryBytes, wholeNumberFour, countingSlope } from './core.js';

test('100,000 calls through the wrapper leave the heap in use where 1,000 left it', () => {
  const layer = nl.normaliser({ kind: 'batch', features: 2 });
  const dy = countingSlope(4, 2);
  const round = (k) => {
    const r = nl.train(layer, wholeNumberFour);
    nl.backward(layer, r, dy);
    if (k % 100 === 0) {
      try {
        nl.train(layer, [[NaN, 1]]);
      } catch {
        /* refused, as it should be */
      }
    }
  };
  for (let k = 0; k < 1000; k++) round(k);
  const inUse = heapInUse();
  const memory = memoryBytes();
  for (let k = 1000; k < 100000; k++) round(k);
  assert.equal(heapInUse(), inUse, `bytes allocated grew from ${inUse} to ${heapInUse()}`);
  assert.equal(memoryBytes(), memory, `the wasm memory grew from ${memory} to ${memoryBytes()}`);
});
