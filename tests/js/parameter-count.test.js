// The tutorial's parameter counts through the wasm wrapper (the README's worked example of a bound
// function): at width 3 batch norm learns 6 and keeps 6 running figures as buffers, layer norm
// learns 6, RMSNorm 3; a width that is not a whole number, or out of range, is refused by type.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nl } from './core.js';

test('parameterCountView(3): batch 6 + 6 buffers, layer 6, RMS 3', () => {
  assert.deepEqual(nl.parameterCountView(3), [
    { kind: 'batch', width: 3, learned: 6, buffers: 6 },
    { kind: 'layer', width: 3, learned: 6, buffers: 0 },
    { kind: 'rms', width: 3, learned: 3, buffers: 0 },
  ]);
});

test('parameterCountView refuses a width of 0 by range and 1.5 by type', () => {
  assert.throws(() => nl.parameterCountView(0), { name: 'OptionError', message: /the width is 0/ });
  assert.throws(() => nl.parameterCountView(1.5), { name: 'TypeError', message: /whole number, not 1.5/ });
});
