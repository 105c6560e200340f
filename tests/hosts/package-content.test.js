// What the packed package holds: only what a host needs (no sources, no tests, no file nothing
// loads), every file an entry reaches present, every field of its package.json pointing at a
// file it holds. Reports its size and its files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ALL_WIDGETS } from '../../web/src/widgets/registry.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';
import { root, scratchHost, tarball } from './host.js';

const dir = scratchFolder('normlab-packed-');
execFileSync('tar', ['xzf', tarball(), '-C', dir]);
const top = path.join(dir, 'package');
const files = readdirSync(top, { recursive: true })
  .filter((f) => statSync(path.join(top, f)).isFile())
  .map((f) => f.split(path.sep).join('/'))
  .sort();
const json = JSON.parse(readFileSync(path.join(top, 'package.json'), 'utf8'));

/** The files a module names relatively: its static and dynamic imports and its new URL(…, import.meta.url). */
function referencesOf(file) {
  const code = readFileSync(path.join(top, file), 'utf8');
  const quoted = '["\'`](\\.{0,2}/?[\\w./@-]+)["\'`]';
  const patterns = [
    new RegExp(`\\bimport\\s*${quoted}`, 'g'),
    new RegExp(`\\bfrom\\s*${quoted}`, 'g'),
    new RegExp(`\\bimport\\(\\s*${quoted}\\s*\\)`, 'g'),
    new RegExp(`new URL\\(\\s*${quoted}\\s*,\\s*import\\.meta\\.url`, 'g'),
  ];
  return patterns.flatMap((p) =>
    [...code.matchAll(p)].map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]))),
  );
}

/** The workers the sources start (`new URL('./name-worker.js', import.meta.url)`): their names, sorted. */
function workersStarted() {
  const work = path.join(root, 'web', 'src', 'work');
  const names = readdirSync(work)
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => [...readFileSync(path.join(work, f), 'utf8').matchAll(/new URL\('\.\/([\w-]+-worker)\.js'/g)])
    .map((m) => m[1]);
  return [...new Set(names)].sort();
}

test('the package holds no sources, tests or build leftovers, only its entries, assets and papers', () => {
  const allowed = [
    /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|EMBEDDING\.md|LIMITS-OF-LINKS\.md)$/,
    /^(custom-elements\.json|normlab\.d\.ts|normlab\.js)$/,
    /^widgets\/nl-[a-z-]+\.js$/,
    /^assets\/[\w-]+\.(js|wasm|bin)$/,
  ];
  const stray = files.filter((f) => !allowed.some((a) => a.test(f)));
  assert.deepEqual(stray, []);
  assert.ok(!files.some((f) => /\.(cpp|hpp|map|test\.js|ts)$/.test(f) && f !== 'normlab.d.ts'));
  assert.equal(files.filter((f) => f.endsWith('.wasm')).length, 3, 'the three core modules');
  // One chunk for each worker the sources start, and no other.
  const workers = files
    .filter((f) => /worker/.test(f))
    .map((f) => path.posix.basename(f).replace(/-[\w-]{8}\.js$/, ''));
  assert.deepEqual(workers.sort(), workersStarted(), 'a chunk for each worker the widgets start');
  assert.equal(files.filter((f) => f.endsWith('.bin')).length, 1, 'the digits');
  assert.match(readFileSync(path.join(top, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.match(
    readFileSync(path.join(top, 'CHANGELOG.md'), 'utf8'),
    new RegExp(`^## ${json.version.replace(/\./g, '\\.')}$`, 'm'),
  );
});

/** A Markdown file's headings as the anchors a link names (GitHub's form: lower case, words joined by -). */
const anchorsOf = (text) =>
  [...text.matchAll(/^#+ (.+)$/gm)].map((m) =>
    m[1]
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .replace(/\s/g, '-'),
  );

test("the embedding guide the widgets' sentences name is in the package, its links leading into it", () => {
  // The sentence the packed widgets show names a file the package holds.
  const named = files
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => [...readFileSync(path.join(top, f), 'utf8').matchAll(/([\w-]+\.md) in the normlab package/g)])
    .map((m) => m[1]);
  assert.ok(named.length > 0, "the widgets' sentences name the guide's file");
  for (const name of new Set(named)) assert.ok(files.includes(name), `the sentences name ${name}`);
  // The guide whole (every heading of docs/embedding.md), and every relative link in the packed
  // guides leads to a file of the package and, with an anchor, to one of its headings.
  const read = (file) => readFileSync(path.join(top, file), 'utf8');
  assert.deepEqual(
    anchorsOf(read('EMBEDDING.md')),
    anchorsOf(readFileSync(path.join(root, 'docs', 'embedding.md'), 'utf8')),
  );
  for (const guide of ['EMBEDDING.md', 'LIMITS-OF-LINKS.md', 'README.md'])
    for (const [, target, anchor] of read(guide).matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
      const file = target || guide;
      assert.ok(files.includes(file), `${guide} links to ${target}, which the package does not hold`);
      if (anchor) assert.ok(anchorsOf(read(file)).includes(anchor), `${guide} links to ${file}#${anchor}`);
    }
});

test('every file an entry reaches is in the package, and every file in it is reached', () => {
  const entries = ['normlab.js', ...ALL_WIDGETS.map((t) => `widgets/${t}.js`)];
  const reached = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    assert.ok(files.includes(file), `${file} is referenced but not in the package`);
    reached.add(file);
    if (file.endsWith('.js')) queue.push(...referencesOf(file));
  }
  const code = files.filter((f) => /\.(js|wasm|bin)$/.test(f));
  assert.deepEqual(
    code.filter((f) => !reached.has(f)),
    [],
  );
  // No module of the browser graph imports one of Node's.
  for (const file of code.filter((f) => f.endsWith('.js')))
    assert.doesNotMatch(readFileSync(path.join(top, file), 'utf8'), /(import|from)\s*\(?\s*["'`]node:/, file);
  // The tools offer no embed code: its snippets name the built site's script and frame page, which
  // a host's bundle does not have (the site's own build has them, tests/browser/frame.test.js).
  const bundled = code.filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(top, f), 'utf8'));
  assert.ok(
    bundled.some((text) => text.includes('Copy link')),
    'the tools are in the package',
  );
  assert.ok(!bundled.some((text) => text.includes('Copy embed code')), 'no Copy embed code in the package');
});

test("every file a module loads is named in the literal form bundlers follow: new URL('./x', import.meta.url)", () => {
  // Any other use (Vite's own `new URL(new URL('x', import.meta.url).href, '' + import.meta.url)`)
  // is one webpack and Turbopack do not follow: the file is left behind, or resolved against the
  // server's file:// path. Left aside: the widgets' own origin, and Emscripten's script name.
  const plain =
    /new URL\("\.{1,2}\/[\w./-]+",\s*import\.meta\.url\)|new URL\(import\.meta\.url\)|\bvar \w+=import\.meta\.url[;,]/g;
  let named = 0;
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(top, file), 'utf8');
    named += (code.match(plain) ?? []).filter((m) => m.includes('"')).length;
    const rest = code.replace(plain, '');
    const at = rest.indexOf('import.meta.url');
    assert.equal(at, -1, `${file}: ${rest.slice(Math.max(0, at - 60), at + 30)}`);
  }
  assert.ok(named > 0, 'the package names its files');
});

test('package.json is publishable and each of its fields names a file the package holds', () => {
  assert.equal(json.private, undefined);
  assert.equal(json.name, 'normlab');
  assert.equal(json.type, 'module');
  assert.equal(json.dependencies, undefined, 'the package bundles what it uses');
  const targets = Object.values(json.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
  for (const target of [...targets, json.main, json.types, json.customElements])
    assert.ok(files.includes(path.posix.normalize(target)), target);
  assert.deepEqual(
    Object.keys(json.exports).filter((k) => k.startsWith('./nl-')),
    ALL_WIDGETS.map((t) => `./${t}`),
  );
  const manifest = JSON.parse(readFileSync(path.join(top, json.customElements), 'utf8'));
  for (const module of manifest.modules) assert.ok(files.includes(module.path), module.path);
});

test("a host's TypeScript finds the types through the package's exports, for each entry", () => {
  const host = scratchHost('typescript', {
    'host.ts': `import 'normlab';
import 'normlab/nl-playground';
import type { NlComparison } from 'normlab/nl-comparison';
const playground = document.querySelector('nl-playground');
playground?.reset();
const comparison: NlComparison = document.createElement('nl-comparison');
comparison.addEventListener('nl-done', (e) => console.log(e.detail.state));
// @ts-expect-error: no such element in the package
const missing: NlComparison = document.createElement('nl-nothing');
export { missing };
`,
  });
  const args = ['--noEmit', '--strict', '--lib', 'es2022,dom', '--target', 'es2022', '--module', 'esnext'];
  execFileSync(path.join(root, 'node_modules/.bin/tsc'), [...args, '--moduleResolution', 'bundler', 'host.ts'], {
    cwd: host,
    encoding: 'utf8',
  });
});

test('the size of the package', (t) => {
  const packed = statSync(tarball()).size;
  const bytes = (f) => statSync(path.join(top, f)).size;
  const unpacked = files.reduce((sum, f) => sum + bytes(f), 0);
  const largest = [...files].sort((a, b) => bytes(b) - bytes(a)).slice(0, 5);
  t.diagnostic(
    `${path.basename(tarball())}: ${files.length} files, ${(packed / 1e6).toFixed(2)} MB packed, ${(unpacked / 1e6).toFixed(2)} MB unpacked`,
  );
  for (const f of largest) t.diagnostic(`  ${f}: ${(bytes(f) / 1e3).toFixed(0)} kB`);
  // The digits are most of it; without them the widgets' code and cores stay small.
  const code = unpacked - files.filter((f) => f.endsWith('.bin')).reduce((sum, f) => sum + bytes(f), 0);
  assert.ok(code < 3e6, `code and cores ${code} bytes`);
});
