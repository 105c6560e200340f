// Times all 130 crowd trainings (125 comparison + 5 whole-crowd runs, JSON included) natively
// and in wasm under Node, median of 5. Run by scripts/bench twice: with V8's default tiering and
// with --no-liftoff.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../web/src/normlab.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const native = JSON.parse(execFileSync(`${root}build/native/normlab_bench_crowd`, { encoding: 'utf8' }));
const nl = await loadNormlab();
const times = [];
for (let k = 0; k < 5; k++) {
  const t0 = performance.now();
  nl.measurementsJson();
  times.push((performance.now() - t0) / 1000);
}
const flags = process.execArgv.join(' ') || 'default tiering';
const wasm = median(times);
console.log(`130 crowd trainings: native ${(native.medianSeconds * 1000).toFixed(1)} ms, wasm (${flags}) ${(wasm * 1000).toFixed(1)} ms (first run ${(times[0] * 1000).toFixed(1)} ms), wasm/native ${(wasm / native.medianSeconds).toFixed(2)}`);
