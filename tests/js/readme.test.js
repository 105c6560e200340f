// The README's JavaScript example runs as written (its import pointed at this checkout), and its
// comments state what it computes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

test("the README's 'Use the core from JavaScript' example runs", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Use the core from JavaScript')[1];
  const code = /```js\n([\s\S]*?)```/.exec(section)[1];
  const wrapper = new URL('../../web/src/normlab.js', import.meta.url).href;
  const runnable = `${code.replace("'./web/src/normlab.js'", `'${wrapper}'`)}
console.log(JSON.stringify({ deviation: response.deviation[1], running: next.runningMean[1] }));`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'normlab-readme-')), 'example.mjs');
  writeFileSync(file, runnable);
  const out = JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }));
  assert.ok(Math.abs(out.deviation - 3.0000017) < 5e-8);
  assert.ok(Math.abs(out.running - 0.6) < 1e-15);
});
