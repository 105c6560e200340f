// What RMSNorm saves through the wasm wrapper: the instrument's figures are the core's spread of
// its rounds (the median saving and its 10–90 % band) and its count of rounds won; the summary
// over widths, given savings, sorts the widths by rounds won and by where each band lies. No
// time is asserted: the rounds' times are the machine's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nl } from './core.js';

test("a width's figures are the core's spread of its rounds' savings and the rounds won", () => {
  const t = nl.rmsTimingView({ width: 2048, rounds: 3 });
  assert.equal(t.rounds, 3);
  assert.equal(t.savedPercents.length, 3);
  t.savedPercents.forEach((p, k) => assert.equal(p, 100 * (1 - t.rmsSeconds[k] / t.layerSeconds[k])));
  const spread = nl.spreadOf(t.savedPercents);
  for (const key of ['count', 'median', 'low', 'high', 'min', 'max']) assert.equal(t.saved[key], spread[key], key);
  assert.equal(t.rmsFaster, t.savedPercents.filter((p) => p > 0).length);
  assert.ok(t.saved.low <= t.saved.median && t.saved.median <= t.saved.high);
});

test('the summary, given rounds: widths by rounds won and by where the 10–90 % band lies against 0', () => {
  const s = nl.rmsSavingSummaryView(
    [64, 128, 256, 512],
    [
      [10, 12, 15, 11, 70],
      [9, 9, -14, 8, 10],
      [-1, 3, -2, 4, -6],
      [-20, -25, -18, -21, -19],
    ],
  );
  assert.equal(s.rounds, 5);
  assert.deepEqual(s.everyRound, [64]);
  assert.deepEqual(s.mostRounds, [128]);
  assert.deepEqual(s.halfOrFewer, [256, 512]);
  assert.deepEqual(s.bandAboveZero, [64]);
  assert.deepEqual(s.bandAcrossZero, [128, 256]);
  assert.deepEqual(s.bandBelowZero, [512]);
  assert.deepEqual(s.least, { width: 512, savedPercent: -20 });
  assert.deepEqual(s.most, { width: 64, savedPercent: 12 });
  assert.throws(() => nl.rmsSavingSummaryView([64, 128], [[1, 2]]), { name: 'ShapeError' });
});
