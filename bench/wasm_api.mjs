// Measures the wasm module: sizes (raw and gzipped), instantiation in Node and in headless
// Chromium (median of 5), and the cost of one wrapper call on the 4x2 block (median over
// 100,000 calls, in batches). Usage: node bench/wasm_api.mjs [label=dir ...] (dirs hold
// normlab_core.js + .wasm; default: web/generated).
import { readFileSync, copyFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium } from '../scripts/chromium.mjs';
import { scratchFolder } from '../scripts/scratch-folder.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const variants = process.argv.slice(2).map((a) => a.split('='));
if (variants.length === 0) variants.push(['default', path.join(root, 'web/generated')]);

const block = { rows: 4, cols: 2, data: new Float64Array([1, 7, 1, 9, 7, 1, 23, 7]) };
const results = [];
const browser = await launchChromium();
for (const [label, dir] of variants) {
  const js = readFileSync(path.join(dir, 'normlab_core.js'));
  const wasm = readFileSync(path.join(dir, 'normlab_core.wasm'));
  const sizes = {
    wasm: wasm.length,
    js: js.length,
    wasmGz: gzipSync(wasm, { level: 9 }).length,
    jsGz: gzipSync(js, { level: 9 }).length,
  };

  // Node: instantiate (compile + instantiate + embind registration) five times.
  const { default: create } = await import(pathToFileURL(path.join(dir, 'normlab_core.js')).href + `?${label}`);
  const nodeTimes = [];
  let core;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    core = await create({ wasmBinary: wasm });
    nodeTimes.push(performance.now() - t0);
  }
  // One wrapper-level call: train the batch layer on the 4x2 block.
  const { loadNormlab } = await import(pathToFileURL(path.join(root, 'web/src/normlab.js')).href);
  const nl = await loadNormlab({ wasmBinary: wasm, createCore: create });
  const layer = nl.normaliser({ kind: 'batch', features: 2 });
  const batches = [];
  for (let b = 0; b < 20; b++) {
    const t0 = performance.now();
    for (let k = 0; k < 5000; k++) nl.train(layer, block);
    batches.push(((performance.now() - t0) / 5000) * 1000);
  }
  // The bound function alone, handed the state and block as they cross (no checks, no copies).
  const state = core.normNew(core.normSpec('batch'), 2);
  const rawBatches = [];
  for (let b = 0; b < 20; b++) {
    const t0 = performance.now();
    for (let k = 0; k < 5000; k++) core.normTrain(state, block);
    rawBatches.push(((performance.now() - t0) / 5000) * 1000);
  }
  void core;

  // Chromium: a page that instantiates the module five times, under the strict CSP.
  const site = scratchFolder('normlab-bench-');
  copyFileSync(path.join(dir, 'normlab_core.js'), path.join(site, 'normlab_core.js'));
  copyFileSync(path.join(dir, 'normlab_core.wasm'), path.join(site, 'normlab_core.wasm'));
  writeFileSync(
    path.join(site, 'bench.js'),
    `import create from './normlab_core.js';
    const times = [];
    for (let k = 0; k < 5; k++) { const t0 = performance.now(); await create(); times.push(performance.now() - t0); }
    window.benchTimes = times;`,
  );
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><script type="module" src="bench.js"></script>');
  const server = await serveStatic(site);
  const page = await browser.newPage();
  await page.goto(server.url);
  const browserTimes = await page.waitForFunction(() => window.benchTimes).then((h) => h.jsonValue());
  await page.close();
  await server.close();

  results.push({
    label,
    ...sizes,
    nodeMs: median(nodeTimes),
    chromiumMs: median(browserTimes),
    callUs: median(batches),
    rawCallUs: median(rawBatches),
  });
}
await browser.close();

console.log('wasm module: sizes, instantiation (median of 5), one train call on the 4x2 block (median of 20 x 5,000)');
console.log(
  'variant        wasm      wasm.gz   glue      glue.gz   total.gz  node inst  chromium inst  wrapper call  bound call',
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(14)} ${kb(r.wasm).padEnd(9)} ${kb(r.wasmGz).padEnd(9)} ${kb(r.js).padEnd(9)} ${kb(r.jsGz).padEnd(9)} ${kb(r.wasmGz + r.jsGz).padEnd(9)} ${r.nodeMs.toFixed(1).padStart(6)} ms  ${r.chromiumMs.toFixed(1).padStart(8)} ms  ${r.callUs.toFixed(2).padStart(8)} us  ${r.rawCallUs.toFixed(2).padStart(7)} us`,
  );
}
