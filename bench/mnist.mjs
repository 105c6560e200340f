// One epoch over the 8,000 training digits at batch 64, per arrangement: natively
// (build/native/normlab_bench_mnist), in wasm under Node (calls of 10 batches, so V8 tiers the
// code up), and in PyTorch (one thread, float32; skipped with a note where python3-torch is not
// installed), with the ratios. Medians of five epochs after one warm-up (PyTorch: three), in wall-clock
// time and in process CPU time, which a busy shared machine inflates less; the ratios use CPU time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../web/src/normlab.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arrangements = ['plain', 'batch', 'layer', 'group'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const perCall = 10;

const native = JSON.parse(execFileSync(`${root}build/native/normlab_bench_mnist`, ['--json'], { encoding: 'utf8' }));

const nl = await loadNormlab({ module: 'mnist' });
nl.mnistLoadDigits(readFileSync(`${root}web/generated/mnist-digits.bin`));
const wasm = {};
for (const arrangement of arrangements) {
  let network = nl.mnistInitial(arrangement, 1);
  const batches = nl.mnistTrainBatches(network, { count: 0 }).batchesPerEpoch;
  const times = [];
  const cpu = [];
  for (let epoch = 0; epoch < 6; epoch++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let first = 0; first < batches; first += perCall) {
      const count = Math.min(perCall, batches - first);
      network = nl.mnistTrainBatches(network, { epoch, first, count }).network;
    }
    const used = process.cpuUsage(c0);
    if (epoch > 0) {
      times.push((performance.now() - t0) / 1000);
      cpu.push((used.user + used.system) / 1e6);
    }
  }
  wasm[arrangement] = {
    epochSeconds: median(times),
    epochCpuSeconds: median(cpu),
    heldOutAccuracyAfter6: nl.mnistEvaluate(network).accuracy,
  };
}

let torch = null;
try {
  const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  torch = JSON.parse(execFileSync('/usr/bin/python3', [`${root}bench/mnist_torch.py`], { encoding: 'utf8', env }));
} catch (e) {
  console.log(`(PyTorch skipped: ${String(e.message).split('\n')[0]})`);
}

const s = (v) => `${v.toFixed(3)} s`;
console.log('one MNIST epoch (8,000 digits, batch 64), wall (CPU); targets: native <= 0.1 s, wasm under Node <= 0.2 s');
for (const a of arrangements) {
  const n = native[a];
  const w = wasm[a];
  let line = `${a.padEnd(5)}  native ${s(n.epochSeconds)} (${s(n.epochCpuSeconds)})`;
  line += `  wasm ${s(w.epochSeconds)} (${s(w.epochCpuSeconds)}, ${(w.epochCpuSeconds / n.epochCpuSeconds).toFixed(2)}x native)`;
  if (torch) {
    const t = torch.epochSeconds[a];
    const tc = torch.epochCpuSeconds[a];
    line += `  PyTorch ${s(t)} (${s(tc)}): native ${(tc / n.epochCpuSeconds).toFixed(1)}x and wasm ${(tc / w.epochCpuSeconds).toFixed(1)}x faster`;
  }
  console.log(line);
  console.log(
    `       held-out accuracy after 6 epochs: native ${n.heldOutAccuracyAfter6}, wasm ${w.heldOutAccuracyAfter6.toFixed(4)}`,
  );
}
if (torch) console.log(`PyTorch ${torch.torch}, one thread, float32`);
