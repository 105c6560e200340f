// The page's three core modules (web/generated, built by scripts/build-wasm): each binds every
// core function its capabilities call, gives the test module's figures, and answers a call of
// another module's function with a MissingCapabilityError that names it, never a TypeError.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CORE_MODULES, wasmUrl } from '../../web/src/core-module.js';
import { MissingCapabilityError, NormError, loadNormlab } from '../../web/src/normlab.js';
import { nl as everything, wholeNumberFour } from './core.js';

// The core functions each capability's file calls, read from its source, under the module that
// must bind them; api/convert.js's and api/spread.js's are needed by every module.
const CALLERS = {
  core: ['layers.js', 'crowd.js', 'views.js'],
  tutorial: ['tutorial.js'],
  mnist: ['mnist.js'],
};
const calledIn = (file) =>
  new Set(
    [...readFileSync(new URL(`../../web/src/api/${file}`, import.meta.url), 'utf8').matchAll(/\bcore\.(\w+)\(/g)].map(
      (m) => m[1],
    ),
  );

const modules = Object.fromEntries(
  await Promise.all(CORE_MODULES.map(async (name) => [name, await loadNormlab({ module: name })])),
);

test('the core modules are core, tutorial and mnist', () => {
  assert.deepEqual([...CORE_MODULES], ['core', 'tutorial', 'mnist']);
});

for (const name of CORE_MODULES)
  test(`the ${name} module binds every core function its capabilities call`, async () => {
    const glue = await import(wasmUrl(name).href.replace(/\.wasm$/, '.js'));
    const instance = await glue.default({ wasmBinary: readFileSync(wasmUrl(name)) });
    const needed = [...calledIn('convert.js'), ...calledIn('spread.js')];
    needed.push(...CALLERS[name].flatMap((file) => [...calledIn(file)]));
    assert.ok(needed.length > 3, `${name}: ${needed.length} functions`);
    for (const f of needed) assert.equal(typeof instance[f], 'function', `the ${name} module binds ${f}`);
  });

test('each module offers the whole API, and the functions of the others refuse by name', () => {
  const names = Object.keys(everything).sort();
  for (const name of CORE_MODULES) assert.deepEqual(Object.keys(modules[name]).sort(), names, name);
  assert.throws(
    () => modules.core.mnistCircle(10, 1),
    (e) =>
      e instanceof MissingCapabilityError &&
      e instanceof NormError &&
      e.name === 'MissingCapabilityError' &&
      /mnistCircle is in the core's 'mnist' module, not in the 'core' module/.test(e.message),
  );
  assert.throws(() => modules.tutorial.normaliser({ kind: 'batch', features: 2 }), {
    name: 'MissingCapabilityError',
    message: /normaliser is in the core's 'core' module, not in the 'tutorial' module/,
  });
  assert.throws(() => modules.mnist.tutorialTable(), { name: 'MissingCapabilityError', message: /'tutorial' module/ });
  // A refusal leaves the module usable.
  assert.equal(
    modules.core.train(modules.core.normaliser({ kind: 'batch', features: 2 }), wholeNumberFour).deviation.length,
    2,
  );
});

test("each module's figures are the test module's", () => {
  const layer = (nl) => nl.train(nl.normaliser({ kind: 'batch', features: 2 }), wholeNumberFour);
  assert.deepEqual(layer(modules.core), layer(everything));
  assert.deepEqual(modules.core.twoNumbersView(), everything.twoNumbersView());
  const table = everything.tutorialTable();
  assert.deepEqual(modules.tutorial.tutorialTable(), table);
  assert.deepEqual(modules.tutorial.underEachToggleView(table), everything.underEachToggleView(table));
  assert.deepEqual(modules.tutorial.nudgeView(), everything.nudgeView());
  assert.deepEqual(modules.tutorial.driftView(), everything.driftView());
  assert.deepEqual(modules.mnist.mnistCircle(50, 3), everything.mnistCircle(50, 3));
  assert.deepEqual(modules.mnist.mnistDescribe('group'), everything.mnistDescribe('group'));
  for (const name of CORE_MODULES)
    assert.deepEqual(modules[name].spreadOf([3, 1, 4, 1, 5]), everything.spreadOf([3, 1, 4, 1, 5]), name);
});

test('an unknown module is refused by name', async () => {
  await assert.rejects(loadNormlab({ module: 'essay' }), {
    name: 'TypeError',
    message: /the core module must be one of core, tutorial, mnist, not essay/,
  });
});
