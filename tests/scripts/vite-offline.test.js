// The offline plugin's build version (scripts/vite-offline.mjs): any change to a file kept at
// install, or to the offline worker's own source, is a new version with a cache of its own.
// Every page names that version (the offline worker keeps and believes only pages of its build).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildVersion, pageEnd, stampPage } from '../../scripts/vite-offline.mjs';

const files = { 'index.html': '<!doctype html>', 'assets/app.js': 'run()' };
const contents = (f) => files[f];
const precache = Object.keys(files);

test('the version follows the kept files and the worker source, and nothing else', () => {
  const base = buildVersion(precache, contents, 'worker one');
  assert.match(base, /^[0-9a-f]{16}$/);
  assert.equal(buildVersion(precache, contents, 'worker one'), base);
  assert.notEqual(buildVersion(precache, contents, 'worker two'), base, 'a change to the worker alone');
  assert.notEqual(
    buildVersion(precache, (f) => (f === 'assets/app.js' ? 'run(2)' : files[f]), 'worker one'),
    base,
    'a change to a kept file',
  );
  assert.notEqual(buildVersion(['index.html'], contents, 'worker one'), base, 'a file fewer');
});

test("every page carries the build's version once in its head, and its end mark once, last in its body", () => {
  const stamped = stampPage(
    '<!doctype html><html><head lang="en"><title>x</title></head><body><p>x</p></body></html>',
    'v1',
  );
  assert.equal(
    stamped,
    '<!doctype html><html><head lang="en"><meta name="normlab-build" content="v1"><title>x</title></head>' +
      `<body><p>x</p>${pageEnd('v1')}</body></html>`,
  );
  assert.equal(pageEnd('v1'), '<span hidden data-normlab-build-end="v1"></span>');
  const again = stampPage(stamped, 'v2');
  assert.equal(again.match(/<meta name="normlab-build"/g).length, 1, 'a stamp before is replaced');
  assert.match(again, /content="v2"/);
  assert.equal(again.match(/data-normlab-build-end/g).length, 1, 'an end mark before is replaced');
  assert.ok(again.endsWith(`${pageEnd('v2')}</body></html>`), 'the end mark comes last in the body');
  assert.ok(stampPage('<head></head><p>x', 'v3').endsWith(`<p>x${pageEnd('v3')}`), 'at the very end without </body>');
  assert.throws(() => stampPage('<p>no head', 'v1'), /no <head>/);
});
