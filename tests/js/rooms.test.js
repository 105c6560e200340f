// The rooms of web/src and the one direction of their imports (docs/architecture.md): every
// import, static or dynamic, and every worker a module starts (`new URL('./x.js',
// import.meta.url)`), read from the sources, must point to its own room or one below it. An import
// pointing up is a back-arrow; the rooms are in one order, so a cycle between rooms has at least
// one. `node --test tests/js/rooms.test.js` prints the room graph and each back-arrow by file.
// ESLint enforces the same order on static imports (eslint.config.js, which holds the rooms).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ROOMS, roomOf } from '../../eslint.config.js';

const SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));
const files = readdirSync(SRC, { recursive: true })
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.split(path.sep).join('/'))
  .sort();

/** A source without its comments (good enough for import lines: no string here holds a comment). */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const IMPORTS = [
  /\bimport\s+(?:[\w*${}\s,]+\s+from\s+)?['"]([^'"]+)['"]/g, // import x from '…', import '…'
  /\bexport\s+(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s+)?from\s+['"]([^'"]+)['"]/g, // export … from '…'
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
  /\bnew URL\(\s*['"]([^'"]+\.js)['"]\s*,\s*import\.meta\.url\s*\)/g, // a worker's module
];
const GLOB = /\bimport\.meta\.glob\(\s*['"]([^'"]+)['"]/g;

/** The web/src files one file imports: [{to, specifier}], relative specifiers into web/src only. */
function importsOf(file) {
  const text = code(readFileSync(path.join(SRC, file), 'utf8'));
  const from = path.posix.dirname(file);
  const found = [];
  const add = (specifier, to) => {
    if (!to.startsWith('../') && to.endsWith('.js')) found.push({ to, specifier });
  };
  for (const pattern of IMPORTS)
    for (const [, specifier] of text.matchAll(pattern))
      if (specifier.startsWith('.')) add(specifier, path.posix.normalize(path.posix.join(from, specifier)));
  for (const [, glob] of text.matchAll(GLOB)) {
    const pattern = path.posix.normalize(path.posix.join(from, glob));
    const matches = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    for (const f of files) if (matches.test(f)) add(glob, f);
  }
  return found;
}

const rank = new Map(ROOMS.map((room, i) => [room.name, i]));
const edges = files.flatMap((file) => importsOf(file).map(({ to, specifier }) => ({ file, to, specifier })));

/** Imports from a lower room to a higher one, as lines naming the file and the import. */
export function backArrows() {
  return edges
    .filter(({ file, to }) => rank.get(roomOf(file)) < rank.get(roomOf(to)))
    .map(({ file, to }) => `${file} (${roomOf(file)}) imports ${to} (${roomOf(to)})`);
}

test('every source lies in a room, and every import names a source there is', () => {
  assert.ok(files.length > 50 && edges.length > 200, `${files.length} files, ${edges.length} imports read`);
  assert.deepEqual(
    files.filter((f) => roomOf(f) === undefined),
    [],
  );
  assert.deepEqual(
    edges.filter(({ to }) => !existsSync(path.join(SRC, to))).map(({ file, specifier }) => `${file}: ${specifier}`),
    [],
  );
});

test('imports between rooms point down: no back-arrow', (t) => {
  const between = new Map();
  for (const { file, to } of edges) {
    const key = `${roomOf(file)} -> ${roomOf(to)}`;
    if (roomOf(file) !== roomOf(to)) between.set(key, (between.get(key) ?? 0) + 1);
  }
  t.diagnostic(`rooms, bottom first: ${ROOMS.map((r) => r.name).join(', ')}`);
  for (const [key, n] of [...between].sort()) t.diagnostic(`${key}: ${n}`);
  const back = backArrows();
  t.diagnostic(`back-arrows: ${back.length}`);
  assert.equal(back.length, 0, `${back.length} back-arrows, by file:\n${back.join('\n')}`);
});
