// The tutorial's chance-driven instruments over their ensembles, each at its widget's default
// setting, natively (bench/ensembles_native.cpp), in wasm under Node (the page's worker jobs,
// web/src/work/transformer-jobs.js, on the test module: the calls the workers make, the state
// crossing in and out included) and in PyTorch (bench/ensembles_torch.py: one thread, float64,
// the same work; skipped with a note where python3-torch is missing):
// - <nl-starting-slopes draws=32>: 32 draws at 6 blocks of width 64 (median of 5; PyTorch's the
//   6-block part of its one across-depths run), in the widget's pieces of 2 draws; and its
//   across-depths chart, the 7 depths x 32 draws (median of 3; PyTorch's once);
// - <nl-warm-up seeds=5>: 6 blocks of width 32, Adam at 0.01 for 200 steps, a warm-up of 50, the
//   four stacks over seeds 1..5, each training as one worker call (pieces of about 120 ms, then the
//   check batch and the 1,024 unseen strings), once; per seed, the median over the seeds of its
//   four trainings.
// Wall-clock and CPU seconds, all on one core: the page shares the work over its workers, one per
// core (bench/ensembles_page.mjs times that against issue 25's targets and reads the figures this
// writes to build/bench-ensembles.json).
// Options: --native=DIR and --wasm=DIR read the builds elsewhere (build/native, build/wasm);
// NORMLAB_BENCH_SEEDS: the warm-up's seeds (5, the widget's default).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normlabApi } from '../web/src/normlab.js';
import { TRANSFORMER_JOBS, WARM_UP_RUNS, transformerJobs } from '../web/src/work/transformer-jobs.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `=${fallback}`).split('=').slice(1).join('=');
const nativeDir = option('native', `${root}build/native`);
const wasmDir = option('wasm', `${root}build/wasm`);
const SEEDS = Number(process.env.NORMLAB_BENCH_SEEDS ?? 5);
if (!Number.isInteger(SEEDS) || SEEDS < 1 || SEEDS > 10) {
  console.error(`NORMLAB_BENCH_SEEDS must be a whole number from 1 to 10, not ${process.env.NORMLAB_BENCH_SEEDS}`);
  process.exit(2);
}
// The widgets' defaults (web/src/widgets/nl-starting-slopes.js, nl-warm-up.js).
const SLOPES = { depth: 6, width: 64, norm: 'layer', seed: 1, draws: 32, chunk: 2 };
const DEPTHS = [1, 2, 3, 4, 6, 8, 12];
const WARM_UP = { depth: 6, width: 32, learningRate: 0.01, steps: 200, warmupSteps: 50 };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const testModule = `${wasmDir}/test-module/normlab_core_test`;
const { default: createTestCore } = await import(pathToFileURL(`${testModule}.js`).href);
const nl = normlabApi(await createTestCore({ wasmBinary: readFileSync(`${testModule}.wasm`) }));
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const timed = async (work) => {
  const t0 = performance.now();
  const c0 = cpuNow();
  await work();
  return { wall: (performance.now() - t0) / 1000, cpu: cpuNow() - c0 };
};
const medianOf = async (count, work) => {
  const runs = [];
  for (let k = 0; k < count; k++) runs.push(await timed(work));
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
};
const pace = async () => {};

/** Every draw at these depths, in the widget's pieces, as its workers are asked for them. */
const slopesDraws = async (depths) => {
  const { width, norm, seed, draws, chunk } = SLOPES;
  for (const depth of depths)
    for (let first = 0; first < draws; first += chunk) {
      const input = { depth, width, norm, seed, first, count: Math.min(chunk, draws - first) };
      await transformerJobs[TRANSFORMER_JOBS.slopesDraws](nl, pace, input);
    }
};
await slopesDraws([2]); // compiled and warm
const blocks = await medianOf(5, () => slopesDraws([SLOPES.depth]));
const across = await medianOf(3, () => slopesDraws(DEPTHS));

const perSeed = [];
const stepsMs = []; // per training, the wall time of its steps' calls (the job's msPerStep)
const trainingsMs = [];
let learned = 0;
for (let seed = 1; seed <= SEEDS; seed++) {
  const sum = { wall: 0, cpu: 0 };
  for (const run of WARM_UP_RUNS) {
    const t = await timed(async () => {
      const answer = await transformerJobs[TRANSFORMER_JOBS.warmUp](nl, pace, {
        ...WARM_UP,
        seed,
        names: [run.name],
      });
      learned += answer.runs[0].learned ? 1 : 0;
      stepsMs.push(answer.runs[0].msPerStep * WARM_UP.steps);
    });
    trainingsMs.push(t.wall * 1000);
    sum.wall += t.wall;
    sum.cpu += t.cpu;
  }
  perSeed.push(sum);
}
const wasm = {
  slopesBlocks: blocks,
  slopesAcross: across,
  warmUp: { wall: perSeed.reduce((a, s) => a + s.wall, 0), cpu: perSeed.reduce((a, s) => a + s.cpu, 0) },
  warmUpSeed: { wall: median(perSeed.map((s) => s.wall)), cpu: median(perSeed.map((s) => s.cpu)) },
  learned,
};
const native = JSON.parse(
  execFileSync(`${nativeDir}/normlab_bench_ensembles`, [String(SEEDS)], { encoding: 'utf8', maxBuffer: 1 << 20 }),
);
let torch = null;
try {
  const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  torch = JSON.parse(
    execFileSync('/usr/bin/python3', [`${root}bench/ensembles_torch.py`, String(SEEDS)], {
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
} catch (e) {
  console.log(`(PyTorch skipped: ${String(e.message).split('\n')[0]})`);
}

const s = (t) => (t ? `${t.wall.toFixed(2).padStart(7)} (${t.cpu.toFixed(2).padStart(6)})` : '      –         ');
const per = (t, n) => t && { wall: t.wall / n, cpu: t.cpu / n };
const ratio = (a, b) => (a && b ? `${(a.cpu / b.cpu).toFixed(2)}x` : '–');
const rows = [
  ['starting slopes, 32 draws at 6 blocks', 'slopesBlocks', 1],
  ['  per draw (post- and pre-norm)', 'slopesBlocks', SLOPES.draws],
  ['across depths, 7 depths x 32 draws', 'slopesAcross', 1],
  [`warm-up, 4 stacks x ${SEEDS} seeds`, 'warmUp', 1],
  ['  per seed (its 4 stacks), median', 'warmUpSeed', 1],
];
console.log(
  `Chance-driven instruments at their defaults, one core: s wall (CPU); ${SEEDS} seeds; ` +
    `PyTorch ${torch?.torch ?? '–'} one thread, float64`,
);
console.log(
  `${''.padEnd(40)} ${'native'.padEnd(16)} ${'wasm, Node'.padEnd(16)} ${'PyTorch'.padEnd(16)} wasm/native  wasm/PyTorch (CPU)`,
);
for (const [label, key, n] of rows) {
  const [a, b, c] = [per(native[key], n), per(wasm[key], n), per(torch?.[key], n)];
  console.log(`${label.padEnd(40)} ${s(a)} ${s(b)} ${s(c)} ${ratio(b, a).padStart(11)}  ${ratio(b, c).padStart(12)}`);
}
console.log(
  `  warm-up seeds that learned the task, of ${4 * SEEDS} trainings: native ${native.learned}, wasm ${wasm.learned}` +
    `${torch ? `, PyTorch ${torch.learned}` : ''}; native split per training (CPU, median): ` +
    `steps ${native.trainingStepsCpu.toFixed(2)} s, check and unseen strings ${native.trainingChecksCpu.toFixed(2)} s`,
);
const split = median(stepsMs) / 1000;
console.log(
  `  wasm split per training (wall, median): ${split.toFixed(2)} s in the steps' calls, ` +
    `${(median(trainingsMs) / 1000 - split).toFixed(2)} s the rest (the check batch, the 1,024 unseen strings, the job)`,
);
mkdirSync(`${root}build`, { recursive: true });
writeFileSync(
  `${root}build/bench-ensembles.json`,
  `${JSON.stringify({ seeds: SEEDS, native, wasm, torch, measured: new Date().toISOString() })}\n`,
);
