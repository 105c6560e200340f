// Display formatting: grouped() writes whole numbers as toLocaleString('en') does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grouped } from '../../web/src/widget/format.js';

test('grouped puts a comma between groups of three digits, as toLocaleString("en") does', () => {
  const wholes = [0, 7, 999, 1000, -1000, 10000, 12345, 100000, 1234567, -987654321, Number.MAX_SAFE_INTEGER];
  for (const n of wholes) assert.equal(grouped(n), n.toLocaleString('en'), `${n}`);
  assert.equal(grouped(10000), '10,000');
  assert.equal(grouped(-1234567), '-1,234,567');
});

test('grouped hands numbers that are not safe whole numbers to toLocaleString', () => {
  for (const n of [1.5, 2 ** 60, -0.25]) assert.equal(grouped(n), n.toLocaleString('en'), `${n}`);
});

test('decimalsToTell gives the fewest decimals that tell apart every pair that differs', async () => {
  const { decimalsToTell, fixed } = await import('../../web/src/widget/format.js');
  assert.equal(decimalsToTell([[0.8, 0.9]]), 2);
  assert.equal(decimalsToTell([[1, 1]]), 2, 'equal numbers need nothing more');
  // A large crowd's held-out accuracies, one person in 2,000 apart.
  assert.equal(
    decimalsToTell([
      [0.9995, 1],
      [0.9, 0.95],
    ]),
    4,
  );
  assert.notEqual(fixed(0.9995, 4), fixed(1, 4));
  assert.equal(decimalsToTell([[0.5, 0.5 + 1e-12]]), 6, 'no more than the most asked for');
});
