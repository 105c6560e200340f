// The native build and the wasm build compute the same figures: the reference set printed by
// `normlab figures --json` and computed by the wasm core. Identical where only + - * / sqrt are
// involved (and, since the core's own exp/log/tanh/sigmoid use nothing else, everywhere in
// practice); the test allows 1e-12 relative (the bound the parity tests also hold) and reports the largest
// difference seen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nativeOutput, testCore } from './core.js';

function walk(a, b, path, report) {
  if (typeof a === 'number' || a === null) {
    const gap = a === b ? 0 : Math.abs(a - b) / Math.max(1, Math.abs(b));
    if (gap > report.largest) Object.assign(report, { largest: gap, where: path });
    return;
  }
  assert.equal(typeof a, typeof b, `${path}: ${typeof a} against ${typeof b}`);
  if (typeof a !== 'object') {
    assert.equal(a, b, `${path}: ${a} against ${b}`);
    return;
  }
  const keys = Object.keys(a);
  assert.deepEqual(keys, Object.keys(b), `${path}: different keys`);
  for (const k of keys) walk(a[k], b[k], `${path}/${k}`, report);
}

test('native and wasm reference figures agree (byte for byte, and within 1e-12 relative)', () => {
  const native = nativeOutput('figures', '--json').trim();
  const wasm = testCore.referenceFiguresJson();
  const report = { largest: 0, where: '' };
  walk(JSON.parse(wasm), JSON.parse(native), '', report);
  console.log(`largest native/wasm difference: ${report.largest}${report.where ? ` at ${report.where}` : ''}`);
  assert.ok(report.largest <= 1e-12, `largest difference ${report.largest} at ${report.where}`);
  assert.equal(wasm, native, 'the two builds print different JSON');
});

test("native and wasm print the tutorial's figures byte for byte", () => {
  const native = nativeOutput('tutorial', '--json').trim();
  const wasm = testCore.tutorialFiguresJson();
  assert.ok(wasm.length > 1000);
  let k = 0;
  while (k < wasm.length && wasm[k] === native[k]) k++;
  const around = (text) => text.slice(Math.max(0, k - 60), k + 60);
  assert.ok(k === wasm.length && k === native.length, `they differ at ${k}: ${around(wasm)} against ${around(native)}`);
});
