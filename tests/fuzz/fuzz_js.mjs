// The JS API fuzz driver: runs js_programme.mjs in a worker and watches it, so a call that never
// returns is reported (with the call) instead of hanging the run.
//   node tests/fuzz/fuzz_js.mjs [--seconds S] [--seed N] [--calls N] [--hang S] [--skip f,g] [--trace]
// --calls N stops after N calls (to replay a finding: same seed, the call's number); --hang S is
// how long one call may take (30 s); --skip leaves out functions (a known finding, while it is
// being fixed); --trace prints every call before it is made. Exits 1 if anything was found.
import { Worker } from 'node:worker_threads';

const options = { seconds: 20, seed: 1, calls: Infinity, trace: false, hang: 30, skip: [] };
const argv = process.argv.slice(2);
for (let k = 0; k < argv.length; k++) {
  const a = argv[k];
  if (a === '--trace') options.trace = true;
  else if (a === '--skip' && k + 1 < argv.length) options.skip = argv[++k].split(',');
  else if (['--seconds', '--seed', '--calls', '--hang'].includes(a) && k + 1 < argv.length)
    options[a.slice(2)] = Number(argv[++k]);
  else {
    console.error(
      'usage: node tests/fuzz/fuzz_js.mjs [--seconds S] [--seed N] [--calls N] [--hang S] [--skip f,g] [--trace]',
    );
    process.exit(2);
  }
}

// One worker run from a seed; resolves with its report, or a hang finding if a call stalls.
function runWorker(seed, seconds, calls) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./js_programme.mjs', import.meta.url), {
      workerData: { seed, seconds, calls, trace: options.trace, skip: options.skip },
    });
    let last = { index: 0, label: 'loading the module' };
    let stats = {};
    let functions = 0;
    let lastAt = Date.now();
    const watchdog = setInterval(() => {
      if (Date.now() - lastAt < options.hang * 1000) return;
      clearInterval(watchdog);
      worker.terminate();
      resolve({
        type: 'hang',
        stats: { ...stats, calls: last.index },
        functions,
        findings: [{ text: `${last.label} did not return within ${options.hang} s`, count: 1 }],
      });
    }, 1000);
    worker.on('message', (m) => {
      lastAt = Date.now();
      if (m.type === 'call') last = m;
      else if (m.type === 'stats') ({ stats, functions } = m);
      else if (m.type === 'done') {
        clearInterval(watchdog);
        resolve(m);
      }
    });
    worker.on('error', (e) => {
      clearInterval(watchdog);
      resolve({
        stats: { ...stats, calls: last.index },
        functions,
        findings: [{ text: `the worker died after ${last.label}: ${e?.stack ?? e}`, count: 1 }],
      });
    });
  });
}

const start = Date.now();
const total = { calls: 0, returned: 0, typed: 0, typeErrors: 0, callerErrors: 0 };
const findings = [];
let seed = options.seed;
let functions = 0;
let slowest = [];
// A run that hangs is cut short; the next one starts from the next seed with the time left. A
// worker that dies (the driver's own fault) ends the run.
for (;;) {
  const left = options.seconds - (Date.now() - start) / 1000;
  const report = await runWorker(seed, Math.max(left, 0), options.calls - total.calls);
  for (const key of Object.keys(total)) total[key] += report.stats[key] ?? 0;
  functions = report.functions ?? functions;
  slowest = report.slowest ?? slowest;
  for (const f of report.findings) findings.push({ ...f, seed });
  const hung = report.type === 'hang';
  if (!hung || total.calls >= options.calls || (Date.now() - start) / 1000 >= options.seconds) break;
  seed++;
}

if (slowest.length)
  console.log(`js fuzz: most time in ${slowest.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
for (const f of findings) console.log(`js fuzz: FINDING (seed ${f.seed}, ${f.count}x) ${f.text}`);
console.log(
  `js fuzz (seed ${options.seed}): ${total.calls} calls over ${functions} functions: ${total.returned} returned, ` +
    `${total.typed} refused with a documented error, ${total.typeErrors} TypeErrors, ` +
    `${total.callerErrors} of the caller's own errors passed through; ${findings.length} findings`,
);
process.exit(findings.length ? 1 : 0);
