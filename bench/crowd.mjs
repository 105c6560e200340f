// Times all 130 crowd trainings (125 comparison + 5 whole-crowd runs, JSON included) natively
// and in wasm under Node, median of 5. Run by scripts/bench twice: with V8's default tiering and
// with --no-liftoff.
// The test module (built by scripts/build-wasm) is the page's module plus measurementsJson.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normlabApi } from '../web/src/normlab.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const native = JSON.parse(execFileSync(`${root}build/native/normlab_bench_crowd`, { encoding: 'utf8' }));
const testModule = `${root}build/wasm/test-module/normlab_core_test`;
const { default: createTestCore } = await import(pathToFileURL(`${testModule}.js`).href);
const core = await createTestCore({ wasmBinary: readFileSync(`${testModule}.wasm`) });
const nl = normlabApi(core);
const time = (work) => {
  const times = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    work();
    times.push((performance.now() - t0) / 1000);
  }
  return { median: median(times), first: times[0] };
};
const flags = process.execArgv.join(' ') || 'default tiering';
const ms = (s) => `${(s * 1000).toFixed(1)} ms`;
// What the page's worker does: the comparison in one-training pieces, and the whole-crowd runs.
const page = time(() => {
  const total = nl.comparisonPlanSize();
  const results = [];
  for (let k = 0; k < total; k++) results.push(...nl.runComparison(k, k + 1).results);
  nl.summariseComparison(results);
  nl.wholeCrowd();
});
const json = time(() => core.measurementsJson());
console.log(`130 crowd trainings (${flags}):`);
console.log(
  `  native, JSON included:          ${ms(native.trainSeconds)} trainings, ${ms(native.medianSeconds)} with JSON`,
);
console.log(
  `  wasm, as the page runs them:    ${ms(page.median)} (first run ${ms(page.first)}), wasm/native ${(page.median / native.trainSeconds).toFixed(2)}`,
);
console.log(
  `  wasm, JSON included:            ${ms(json.median)}, wasm/native ${(json.median / native.medianSeconds).toFixed(2)}`,
);
