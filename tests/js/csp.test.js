// The glue runs under a Content-Security-Policy without 'unsafe-eval': it must not build code
// from strings. (The browser tests load it under such a policy for real.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CORE_MODULES, wasmUrl } from '../../web/src/core-module.js';

for (const name of CORE_MODULES)
  test(`the ${name} module's wasm glue contains no new Function and no eval(`, () => {
    const glue = readFileSync(new URL(wasmUrl(name).href.replace(/\.wasm$/, '.js')), 'utf8');
    assert.ok(glue.length > 1000);
    assert.ok(!glue.includes('new Function'), 'the glue uses new Function');
    assert.ok(!/\beval\(/.test(glue), 'the glue calls eval(');
  });
