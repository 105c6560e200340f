// One training step of the warm-up instrument's stacks (digit reversal, batches of 16 strings of
// 4 digits, Adam), in the page's tutorial module: the default stack (6 blocks of width 32) and
// the largest the instrument trains (8 blocks of width 64), post-norm and pre-norm, in Node and
// in headless Chromium; the median over pieces of 2 steps after one warm-up piece, each piece as
// the worker calls it (the state crossing in and out included).
// Usage: node bench/transformer.mjs (after scripts/build-wasm, which writes web/generated).
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const STACKS = [
  { label: '6 blocks, width 32', depth: 6, width: 32 },
  { label: '8 blocks, width 64', depth: 8, width: 64 },
];
const PIECES = 5;

// The same function runs in Node and in the page (it is sent there as its source).
async function measure(loadNormlab, stacks, pieces) {
  const nl = await loadNormlab({ module: 'tutorial' });
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
        learningRate: 0.01,
        steps: 2 * (pieces + 1),
        batch: 16,
      };
      let training = nl.reversalTrainingStart(settings);
      const times = [];
      for (let k = 0; k <= pieces; k++) {
        const t0 = performance.now();
        training = nl.reversalTrainingContinue(settings, training, 2).training;
        if (k > 0) times.push((performance.now() - t0) / 2);
      }
      times.sort((a, b) => a - b);
      out.push({ label: `${stack.label}, ${placement}-norm`, ms: times[Math.floor(times.length / 2)] });
    }
  return out;
}

const { loadNormlab } = await import('../web/src/normlab.js');
const node = await measure(loadNormlab, STACKS, PIECES);

const server = await serveStatic(`${root}web`, { csp: null });
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`${server.url}/bench-blank`); // a page without a policy: the function is sent as source
const chromium = await page.evaluate(
  async ([source, stacks, pieces]) => {
    const { loadNormlab } = await import('/src/normlab.js');
    return new Function(`return ${source}`)()(loadNormlab, stacks, pieces);
  },
  [measure.toString(), STACKS, PIECES],
);
await browser.close();
await server.close();

console.log('one training step of digit reversal (median of 5 pieces of 2 steps)');
console.log('stack                            node       chromium');
for (const [k, r] of node.entries())
  console.log(`${r.label.padEnd(32)} ${r.ms.toFixed(1).padStart(6)} ms  ${chromium[k].ms.toFixed(1).padStart(6)} ms`);
