// The module loads and computes under the page's strict Content-Security-Policy
// (script-src 'self' 'wasm-unsafe-eval', no 'unsafe-eval'), in a page and in a module worker.
import assert from 'node:assert/strict';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { useSite, watchForProblems } from './site.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The module alone, a page and a worker that call it: the site this file serves. */
function ownSite() {
  const site = scratchFolder('normlab-csp-');
  cpSync(path.join(root, 'web/generated'), path.join(site, 'generated'), { recursive: true });
  cpSync(path.join(root, 'web/src/normlab.js'), path.join(site, 'src/normlab.js'));
  cpSync(path.join(root, 'web/src/errors.js'), path.join(site, 'src/errors.js'));
  cpSync(path.join(root, 'web/src/core-module.js'), path.join(site, 'src/core-module.js'));
  if (existsSync(path.join(root, 'web/src/api')))
    cpSync(path.join(root, 'web/src/api'), path.join(site, 'src/api'), { recursive: true });
  const compute = `const nl = await loadNormlab();
    const r = nl.train(nl.normaliser({ kind: 'batch', features: 2 }), [[1, 7], [1, 9], [7, 1], [23, 7]]);
    let refused = '';
    try { nl.train(nl.normaliser({ kind: 'batch', features: 2 }), [[NaN, 1]]); } catch (e) { refused = e.name; }`;
  writeFileSync(
    path.join(site, 'src/page.js'),
    `import { loadNormlab } from './normlab.js';
    ${compute}
    let evalRuns = true;
    try { (0, eval)('1'); } catch { evalRuns = false; }
    window.result = { deviation: r.deviation[1], refused, evalRuns };
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => { window.workerResult = e.data; };`,
  );
  writeFileSync(
    path.join(site, 'src/worker.js'),
    `import { loadNormlab } from './normlab.js';
    ${compute}
    postMessage({ deviation: r.deviation[1], refused });`,
  );
  writeFileSync(
    path.join(site, 'index.html'),
    '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="src/page.js"></script>',
  );
  return site;
}

const site = useSite({ folder: ownSite });

test('the wasm core computes 3.0000017 under a CSP without unsafe-eval, in the page and in a worker', async () => {
  const page = await site.browser.newPage();
  const problems = watchForProblems(page);
  await page.goto(site.server.url);
  const result = await page.waitForFunction(() => window.result, null, { timeout: 15000 }).then((h) => h.jsonValue());
  const workerResult = await page
    .waitForFunction(() => window.workerResult, null, { timeout: 15000 })
    .then((h) => h.jsonValue());
  for (const r of [result, workerResult]) {
    assert.ok(Math.abs(r.deviation - 3.0000017) < 5e-8, `deviation ${r.deviation}`);
    assert.equal(r.refused, 'NonFiniteError');
  }
  assert.equal(result.evalRuns, false, 'the policy did not forbid eval, so this test proves nothing');
  assert.deepEqual(
    problems.filter((p) => !p.includes('unsafe-eval')),
    [],
  );
  await page.close();
});
