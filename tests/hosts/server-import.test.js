// A server renders the page that imports the widgets (Next.js prerendering a client component,
// Astro building a post, SvelteKit's server render): each of the package's entries, imported in
// Node with no DOM, through the package's exports as a server resolves them, throws nothing and
// prints nothing; it defines no element, there being no custom elements to define. The browser
// defines them when it runs the same import (tests/hosts/next.test.js, on a prerendered page).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { scratchHost } from './host.js';

let dir, entries;

before(() => {
  dir = scratchHost('server', {});
  const json = JSON.parse(readFileSync(path.join(dir, 'node_modules/normlab/package.json'), 'utf8'));
  entries = Object.entries(json.exports)
    .filter(([, target]) => typeof target !== 'string')
    .map(([key]) => path.posix.join('normlab', key));
});

/** Runs a module's text in a Node process of its own in the host; returns what it printed. */
const run = (code) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });

test('the package has an entry for every element and one for all', () => {
  assert.ok(entries.includes('normlab'));
  assert.ok(entries.length > 20, entries.join(' '));
});

test('each entry imports in Node without a DOM, throwing and printing nothing', () => {
  for (const entry of entries) {
    const printed = run(`
      await import(${JSON.stringify(entry)});
      if (typeof HTMLElement !== 'undefined' || typeof customElements !== 'undefined') throw new Error('a DOM appeared');
    `);
    assert.equal(printed, '', entry);
  }
});
