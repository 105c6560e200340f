// The code in the docs (README.md and docs/*.md) is true of this checkout: the JavaScript API example
// runs and its comments state what it computes; every other JavaScript block parses; an excerpt (a
// block whose first line names a file) is lines of that file; every `nl.<name>` and every function
// the API doc lists exists; every path named exists; every link between the docs reaches a file and
// a heading.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { nl } from './core.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const DOCS = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
const text = Object.fromEntries(DOCS.map((f) => [f, read(f)]));
/** The fenced blocks of a doc: [{lang, code}], the indentation of a block inside a list removed. */
const blocks = (doc) =>
  [...text[doc].matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map(([, indent, lang, code]) => ({
    lang,
    code: code.replace(new RegExp(`^${indent}`, 'gm'), ''),
  }));
/** A block whose first line is a comment naming a file of the checkout is an excerpt of it. */
const excerptOf = (code) => /^\/\/ ((?:[\w.-]+\/)+[\w.-]+\.\w+)\n/.exec(code)?.[1];
const tmp = scratchFolder('normlab-docs-');

test('the docs the README links exist, and every doc is linked from the README', () => {
  const linked = [...text['README.md'].matchAll(/\]\((docs\/[\w-]+\.md)(#[\w-]*)?\)/g)].map((m) => m[1]);
  for (const doc of DOCS.filter((d) => d !== 'README.md')) assert.ok(linked.includes(doc), `README links ${doc}`);
  for (const doc of linked) assert.ok(existsSync(path.join(root, doc)), doc);
});

test('every link between the docs reaches a file, and a heading when it names one', () => {
  const slug = (h) =>
    h
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s/g, '-');
  const headings = (doc) => [...text[doc].matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1]));
  for (const doc of DOCS)
    for (const [, target, anchor] of text[doc].matchAll(/\]\(([\w./-]*\.md|)(?:#([\w-]+))?\)/g)) {
      const file = target === '' ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), target));
      assert.ok(existsSync(path.join(root, file)), `${doc} links ${file}`);
      if (anchor) assert.ok(headings(file).includes(anchor), `${doc} links ${file}#${anchor}`);
    }
});

test("the API doc's first example runs as written, and its comments state what it computes", () => {
  const code = blocks('docs/api.md').find((b) => b.code.includes("from './web/src/normlab.js'")).code;
  const wrapper = new URL('../../web/src/normlab.js', import.meta.url).href;
  const runnable = `${code.replace("'./web/src/normlab.js'", `'${wrapper}'`)}
console.log(JSON.stringify({ deviation: response.deviation[1], running: next.runningMean[1], keep: nl.describe(next).keep }));`;
  const file = path.join(tmp, 'api-example.mjs');
  writeFileSync(file, runnable);
  const out = JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }));
  assert.match(code, /response\.deviation\[1\] = 3\.0000017/);
  assert.ok(Math.abs(out.deviation - 3.0000017) < 5e-8);
  assert.match(code, /next\.runningMean\[1\] = 0\.6/);
  assert.ok(Math.abs(out.running - 0.6) < 1e-15);
  assert.match(code, /\.keep; +\/\/ 0\.9/);
  assert.equal(out.keep, 0.9);
});

test('every other JavaScript block parses as a module', () => {
  const files = [];
  for (const doc of DOCS)
    blocks(doc).forEach(({ lang, code }, i) => {
      if (lang !== 'js' || excerptOf(code)) return;
      const file = path.join(tmp, `${path.basename(doc, '.md')}-${i}.mjs`);
      writeFileSync(file, code);
      files.push(file);
    });
  assert.ok(files.length >= 2);
  for (const file of files) execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
});

test('an excerpt is lines of the file it names (a "// ..." line stands for lines left out)', () => {
  let excerpts = 0;
  for (const doc of DOCS)
    for (const { code } of blocks(doc)) {
      const file = excerptOf(code);
      if (!file) continue;
      excerpts += 1;
      const lines = new Set(
        read(file)
          .split('\n')
          .map((l) => l.trim()),
      );
      for (const line of code.split('\n').slice(1)) {
        const l = line.trim();
        if (l === '' || l.startsWith('// ...')) continue;
        assert.ok(lines.has(l), `${doc}: "${l}" is not a line of ${file}`);
      }
    }
  assert.ok(excerpts >= 3);
});

test('every nl.<name> in the docs, and every function the API doc lists, is in the API', () => {
  for (const doc of DOCS)
    for (const [, name] of text[doc].matchAll(/\bnl\.(\w+)/g))
      assert.equal(typeof nl[name], 'function', `${doc}: nl.${name}`);
  const list = /The\s+functions by capability:\n\n([\s\S]*?)\n\n/.exec(text['docs/api.md'])[1];
  const listed = [...list.matchAll(/`(\w+)`/g)].map((m) => m[1]);
  assert.ok(listed.length > 40);
  for (const name of listed) assert.equal(typeof nl[name], 'function', `docs/api.md lists ${name}`);
  // And the other way: the list is complete.
  const api = Object.keys(nl).filter((k) => typeof nl[k] === 'function' && k !== 'toRows');
  assert.deepEqual(
    api.filter((k) => !listed.includes(k)),
    [],
  );
});

test("the embedding guide's element API (w.<name>, its events) is the widgets' base class's", () => {
  const base = read('web/src/widget/widget.js');
  const code = blocks('docs/embedding.md')
    .filter((b) => b.lang === 'js')
    .map((b) => b.code)
    .join('\n');
  const names = [...new Set([...code.matchAll(/\bw\.(\w+)/g)].map((m) => m[1]))].filter(
    (n) => n !== 'addEventListener',
  );
  assert.ok(names.length >= 3);
  for (const name of names) assert.match(base, new RegExp(`^  (?:async |set |get )?${name}\\(`, 'm'), `w.${name}`);
  for (const [, event] of code.matchAll(/addEventListener\('([\w-]+)'/g))
    assert.ok(base.includes(`announce('${event}'`), `the base class fires ${event}`);
});

test('every path of the checkout named in the docs exists', () => {
  const tops = 'core|crowd|report|tutorial|transformer|mnist|cli|tests|web|scripts|bench|docs|data';
  const named = new RegExp(`(?<![\\w./@-])(?:${tops})/[\\w./<>*-]*`, 'g');
  const built = /^(web\/generated|build|dist)\//;
  let paths = 0;
  for (const doc of DOCS)
    for (const [token] of text[doc].matchAll(named)) {
      const p = token.replace(/[.-]+$/, '');
      if (built.test(p) || /[<*]/.test(p)) continue; // built files; patterns such as nl-*.js
      paths += 1;
      assert.ok(existsSync(path.join(root, p)), `${doc} names ${p}`);
    }
  assert.ok(paths > 50);
  // The README's tree: every folder it lists at the start of a line.
  const tree = /## Where things live[\s\S]*?```\n([\s\S]*?)```/.exec(text['README.md'])[1];
  const folders = [...tree.matchAll(/^(\S+\/)/gm)].map((m) => m[1]);
  assert.ok(folders.length >= 15);
  for (const folder of folders) assert.ok(existsSync(path.join(root, folder)), `README's tree: ${folder}`);
});

test("the embedding guide's framework recipes are what the host tests build", () => {
  const hosts = readdirSync(path.join(root, 'tests/hosts'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => read(`tests/hosts/${f}`))
    .join('\n');
  const recipes = blocks('docs/embedding.md').filter((b) =>
    ['jsx', 'tsx', 'astro', 'mdx', 'mjs', 'toml', 'yaml'].includes(b.lang),
  );
  assert.ok(recipes.length >= 6, `${recipes.length} recipes`);
  for (const { lang, code } of recipes)
    for (const line of code.split('\n')) {
      // A line of the recipe, its comment left out, is a line (or part of one) of a host test.
      const bare = line.replace(['toml', 'yaml'].includes(lang) ? / +# .*$/ : / +\/\/ .*$/, '').trim();
      if (bare !== '') assert.ok(hosts.includes(bare), `docs/embedding.md (${lang}): ${bare}`);
    }
});
