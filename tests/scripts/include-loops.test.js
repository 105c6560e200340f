// The C++ sources' units (a .hpp and its .cpp) include each other one way: no unit reaches itself
// through the quoted includes of its files, so each reads as a layer on those below it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['core', 'crowd', 'report', 'tutorial', 'mnist', 'transformer', 'cli', 'web/wasm'];

/** Every .hpp and .cpp under the folders, named from the top of the checkout. */
function sources() {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true })
      .filter((f) => /\.(hpp|cpp)$/.test(f))
      .map((f) => path.join(folder, f)),
  );
}

/** A file's quoted includes, resolved from its own folder or the top, as the build finds them. */
function includes(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^#include "([^"]+)"/gm)]
    .map(([, name]) => [path.join(path.dirname(file), name), name].find((p) => existsSync(path.join(root, p))))
    .filter(Boolean);
}

const unitOf = (file) => file.replace(/\.(hpp|cpp)$/, '');

test('no C++ unit includes itself through others', () => {
  const edges = new Map();
  for (const file of sources()) {
    const from = unitOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const to of includes(file).map(unitOf)) if (to !== from) edges.get(from).add(to);
  }
  assert.ok(edges.size > 50, `only ${edges.size} units found`);
  const loops = [];
  const state = new Map(); // unit -> 'open' | 'done'
  const visit = (unit, trail) => {
    state.set(unit, 'open');
    for (const next of edges.get(unit) ?? []) {
      if (state.get(next) === 'open') loops.push([...trail.slice(trail.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(unit, 'done');
  };
  for (const unit of edges.keys()) if (!state.has(unit)) visit(unit, [unit]);
  assert.deepEqual(loops, []);
});
