// Times all 130 crowd trainings (125 comparison + 5 whole-crowd runs) natively, in wasm under Node
// and in PyTorch (one thread, float64; skipped with a note where python3-torch is missing), median
// of 5 in wall-clock and process CPU time. Run by scripts/bench twice: with V8's default tiering
// (which also runs PyTorch) and with --no-liftoff. Target: 130 trainings <= 50 ms in wasm, within
// 1.3x of native.
// The test module (built by scripts/build-wasm) is the page's module plus measurementsJson.
// Also timed: the first run in a fresh process, as the page's worker pays it (compilation and
// tier-up included; CPU time counts V8's background compile threads too).
// Options: --native=DIR and --wasm=DIR read the builds elsewhere (build/native, build/wasm);
// --first-run prints only that first run, as JSON (what the parent process reads).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normlabApi } from '../web/src/normlab.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `=${fallback}`).split('=').slice(1).join('=');
const nativeDir = option('native', `${root}build/native`);
const wasmDir = option('wasm', `${root}build/wasm`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const testModule = `${wasmDir}/test-module/normlab_core_test`;
const { default: createTestCore } = await import(pathToFileURL(`${testModule}.js`).href);
const core = await createTestCore({ wasmBinary: readFileSync(`${testModule}.wasm`) });
const nl = normlabApi(core);
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const time = (work) => {
  const times = [];
  const cpu = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    const c0 = cpuNow();
    work();
    times.push((performance.now() - t0) / 1000);
    cpu.push(cpuNow() - c0);
  }
  return { median: median(times), cpu: median(cpu), first: times[0] };
};
const flags = process.execArgv.join(' ') || 'default tiering';
const ms = (s) => `${(s * 1000).toFixed(1)} ms`;
// What the page's worker does: the comparison in pieces (a piece of five is one seed's folds of
// one arrangement, which the core trains side by side), and the whole-crowd runs.
const asThePage = (piece) => () => {
  const total = nl.comparisonPlanSize();
  const results = [];
  for (let k = 0; k < total; k += piece) results.push(...nl.runComparison(k, Math.min(total, k + piece)).results);
  nl.summariseComparison(results);
  nl.wholeCrowd();
};
if (process.argv.includes('--first-run')) {
  const t0 = performance.now();
  const c0 = cpuNow();
  asThePage(5)();
  console.log(JSON.stringify({ seconds: (performance.now() - t0) / 1000, cpuSeconds: cpuNow() - c0 }));
  process.exit(0);
}
const native = JSON.parse(execFileSync(`${nativeDir}/normlab_bench_crowd`, { encoding: 'utf8' }));
const firstRuns = [];
for (let k = 0; k < 5; k++) {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2), '--first-run'];
  firstRuns.push(JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })));
}
const page = time(asThePage(5));
const single = time(asThePage(1));
const json = time(() => core.measurementsJson());
console.log(`130 crowd trainings (${flags}), median of 5, wall (CPU); target: wasm <= 50 ms, <= 1.3x native:`);
console.log(
  `  native:                         ${ms(native.trainSeconds)} (${ms(native.trainCpuSeconds)}) trainings, ${ms(native.medianSeconds)} with JSON`,
);
console.log(
  `  wasm, pieces of 5 (one seed and arrangement): ${ms(page.median)} (${ms(page.cpu)}; first run ${ms(page.first)}), wasm/native ${(page.cpu / native.trainCpuSeconds).toFixed(2)} by CPU time`,
);
console.log(
  `  wasm, first run in a fresh process (compilation included): ${ms(median(firstRuns.map((r) => r.seconds)))} (${ms(median(firstRuns.map((r) => r.cpuSeconds)))})`,
);
console.log(`  wasm, pieces of 1:              ${ms(single.median)} (${ms(single.cpu)})`);
console.log(
  `  wasm, JSON included:            ${ms(json.median)} (${ms(json.cpu)}), wasm/native ${(json.median / native.medianSeconds).toFixed(2)}`,
);
if (process.execArgv.length === 0) {
  try {
    const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
    const torch = JSON.parse(
      execFileSync('/usr/bin/python3', [`${root}bench/crowd_torch.py`], { encoding: 'utf8', env }),
    );
    console.log(
      `  PyTorch ${torch.torch}, one thread, float64: ${ms(torch.seconds)} (${ms(torch.cpuSeconds)}), PyTorch/wasm ${(torch.cpuSeconds / page.cpu).toFixed(0)}x by CPU time`,
    );
  } catch (e) {
    console.log(`  (PyTorch skipped: ${String(e.message).split('\n')[0]})`);
  }
}
