// The Transformer instruments' work, by the reference (the layer values) and by the fast twin the
// page runs (transformer/fast/, the same figures bit for bit), in Node and in headless Chromium:
// one training step of the warm-up instrument's stacks (digit reversal, batches of 16 strings of 4
// digits, Adam), at its opening setting (6 blocks of width 32) and its largest (8 blocks of width
// 64), post-norm and pre-norm, the median over 5 pieces after one warm-up piece, each piece as
// the worker calls it (the state crossing in and out included; about the 120 ms a worker's piece
// lasts: 10 steps of the opening stack, 2 of the largest); and one draw of the starting-slopes
// instrument (6 blocks of width 64, post-norm and pre-norm), the median of 3.
// Wall-clock and CPU time (the process's in Node, the page's main thread in Chromium), since the
// machine is shared. Both run in the test module, which holds the page's bindings and the
// reference beside them.
// Usage: node bench/transformer.mjs [--wasm=DIR] (after scripts/build-wasm; DIR/test-module, by
// default build/wasm/test-module).
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `=${fallback}`).split('=').slice(1).join('=');
const moduleDir = `${option('wasm', `${root}build/wasm`)}/test-module`;
const STACKS = [
  { label: '6 blocks, width 32', depth: 6, width: 32, piece: 10 },
  { label: '8 blocks, width 64', depth: 8, width: 64, piece: 2 },
];
const PIECES = 5;
const DRAWS = 3;

// The same function runs in Node and in the page (it is sent there as its source). clock() gives
// [wall ms, CPU ms].
async function measure(core, clock, stacks, pieces, draws) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const time = async (work, count, per) => {
    const wall = [];
    const cpu = [];
    for (let k = 0; k < count; k++) {
      const [w0, c0] = await clock();
      work(k);
      const [w1, c1] = await clock();
      wall.push((w1 - w0) / per);
      cpu.push((c1 - c0) / per);
    }
    return { wall: median(wall), cpu: median(cpu) };
  };
  const answer = (a) => {
    if (a.error) throw new Error(`${a.error.name}: ${a.error.message}`);
    return a;
  };
  const out = [];
  for (const stack of stacks)
    for (const placement of ['post', 'pre']) {
      const settings = {
        digits: 4,
        width: stack.width,
        heads: 4,
        hidden: 4 * stack.width,
        depth: stack.depth,
        placement,
        norm: 'layer',
        learningRate: 0.01,
        warmupSteps: 0,
        steps: stack.piece * (pieces + 1),
        batch: 16,
        seed: 1,
      };
      const row = { label: `${stack.label}, ${placement}-norm, one step` };
      for (const [name, step] of [
        ['reference', (s, t) => core.reversalTrainingContinueReference(s, t, stack.piece)],
        ['twin', (s, t) => core.reversalTrainingContinue(s, t, stack.piece)],
      ]) {
        let training = answer(step(settings, answer(core.reversalTrainingStart(settings)))).training;
        row[name] = await time(() => (training = answer(step(settings, training)).training), pieces, stack.piece);
      }
      out.push(row);
    }
  const row = { label: 'starting slopes, 6 x 64, one draw' };
  for (const [name, twin] of [
    ['reference', false],
    ['twin', true],
  ]) {
    answer(core.startingSlopesDraw(64, 2, 'layer', 1, twin)); // compiled and warm
    row[name] = await time((k) => answer(core.startingSlopesDraw(64, 6, 'layer', k + 1, twin)), draws, 1);
  }
  out.push(row);
  return out;
}

const { default: createTestCore } = await import(pathToFileURL(`${moduleDir}/normlab_core_test.js`).href);
const core = await createTestCore({ wasmBinary: readFileSync(`${moduleDir}/normlab_core_test.wasm`) });
const nodeClock = () => {
  const u = process.cpuUsage();
  return [performance.now(), (u.user + u.system) / 1000];
};
const node = await measure(core, nodeClock, STACKS, PIECES, DRAWS);

const server = await serveStatic(moduleDir, { csp: null });
const browser = await launchChromium();
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
await page.exposeFunction('threadMs', async () => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return 1000 * metrics.find((m) => m.name === 'ThreadTime').value;
});
await page.goto(`${server.url}/bench-blank`); // a page without a policy: the function is sent as source
const chromium = await page.evaluate(
  async ([source, stacks, pieces, draws]) => {
    const { default: createTestCore } = await import('/normlab_core_test.js');
    const core = await createTestCore();
    const clock = async () => [performance.now(), await window.threadMs()];
    return new Function(`return ${source}`)()(core, clock, stacks, pieces, draws);
  },
  [measure.toString(), STACKS, PIECES, DRAWS],
);
await browser.close();
await server.close();

const ms = (t) => `${t.wall.toFixed(1).padStart(6)} (${t.cpu.toFixed(1).padStart(5)})`;
const speedup = (r) => `${(r.reference.cpu / r.twin.cpu).toFixed(1)}x`;
console.log('Transformer instruments in wasm: ms wall (CPU), median; reference -> fast twin (same bits)');
console.log(`${''.padEnd(42)} ${'node'.padEnd(34)} chromium`);
for (const [k, r] of node.entries()) {
  const c = chromium[k];
  console.log(
    `${r.label.padEnd(42)} ${ms(r.reference)} -> ${ms(r.twin)} ${speedup(r).padStart(5)}   ` +
      `${ms(c.reference)} -> ${ms(c.twin)} ${speedup(c).padStart(5)}`,
  );
}
const opening = chromium.filter((r) => r.label.startsWith('6 blocks, width 32'));
const seconds = (name) => Math.max(...opening.map((r) => r[name].cpu)) * 0.2;
console.log(
  `200 steps at the opening setting in Chromium (CPU): reference ${seconds('reference').toFixed(2)} s, ` +
    `twin ${seconds('twin').toFixed(2)} s (target: 3 s, so that 4 stacks x 5 seeds take 30 s on two workers)`,
);
