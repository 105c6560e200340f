// The MNIST digits' copy kept in Cache Storage (web/src/work/kept-assets.js): read, kept and
// dropped only where the offline worker has made its cache, and never making that cache itself
// (on a host's page, or after the owner's kill switch deleted it, nothing is kept).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { KEPT_ASSETS_CACHE, drop, keep, keptCopy } from '../../web/src/work/kept-assets.js';
import { MemoryCaches } from './memory-caches.js';

const URL = 'https://example.test/assets/mnist-digits.bin';
const BYTES = new Uint8Array([1, 2, 3, 4]);

afterEach(() => {
  delete globalThis.caches;
});

test('where the offline worker made no cache, reading, keeping and dropping make none', async () => {
  globalThis.caches = new MemoryCaches();
  assert.equal(await keptCopy(URL), null);
  await keep(URL, BYTES);
  await drop(URL);
  assert.equal(await caches.has(KEPT_ASSETS_CACHE), false, 'a cache was made');
  assert.equal(caches.stores.size, 0);
});

test('where the offline worker made its cache, a copy is kept, read back and dropped', async () => {
  globalThis.caches = new MemoryCaches();
  await caches.open('normlab-precache-build-1'); // as the offline worker does: its build's copy,
  await caches.open(KEPT_ASSETS_CACHE); // and the cache of files kept on first use
  await keep(URL, BYTES);
  assert.deepEqual(await keptCopy(URL), BYTES);
  await drop(URL);
  assert.equal(await keptCopy(URL), null);
  assert.equal(await caches.has(KEPT_ASSETS_CACHE), true);
});

test('a kill switch that ran as a copy was being kept leaves no cache behind', async () => {
  // The switch deleted every normlab cache between keep()'s check and its open(), which made the
  // cache again: no build's copy is left beside it.
  globalThis.caches = new MemoryCaches();
  await caches.open(KEPT_ASSETS_CACHE);
  await keep(URL, BYTES);
  assert.equal(await caches.has(KEPT_ASSETS_CACHE), false, 'the cache outlived the offline copy');
  assert.equal(await keptCopy(URL), null);
});

test('with no Cache Storage at all, nothing is read or kept and nothing throws', async () => {
  assert.equal(await keptCopy(URL), null);
  await keep(URL, BYTES);
  await drop(URL);
});
