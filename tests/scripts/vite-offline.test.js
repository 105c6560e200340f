// The offline plugin's build version (scripts/vite-offline.mjs): any change to a file kept at
// install, or to the offline worker's own source, is a new version with a cache of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildVersion } from '../../scripts/vite-offline.mjs';

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
