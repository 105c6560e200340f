// The MNIST lab in headless Chromium, median of 3 fresh loads: from pressing Train (digits not
// yet fetched) to the first epoch of all four networks done, and the longest main-thread task
// meanwhile (PerformanceObserver 'longtask': tasks over 50 ms, wall-clock); with the number of
// workers the lab started (one per core, at most four). A fourth load is traced, to tell the
// page's own work from waiting: each main-thread task's wall-clock time and the CPU time its
// thread spent in it (a task that waits while the workers and other processes hold every core
// is long in wall-clock time only).
// Usage: node bench/mnist_page.mjs [built site folder, default NORMLAB_DIST or dist/]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium, TASK_TRACE, recordLongestTask, tracedTasks } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(process.argv[2] ?? process.env.NORMLAB_DIST ?? path.join(root, 'dist'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Loads the chapter, presses Train for one epoch and waits for the first epoch of all four. */
async function firstEpoch(browser, { traced = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await recordLongestTask(page);
  await page.goto(`${server.url}/mnist.html`);
  const lab = (selector) => page.locator(`nl-mnist-lab >> ${selector}`);
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
  await lab('[data-setting="epochs"]').fill('1');
  await lab('[data-setting="epochs"]').dispatchEvent('change');
  await page.waitForTimeout(500); // the page's own start settles first
  await page.evaluate(() => (window.longest = 0));
  if (traced) await browser.startTracing(page, { categories: TASK_TRACE });
  await lab('[data-act="train"]').click();
  await page.waitForFunction(() => document.querySelector('nl-mnist-lab').firstEpochAt > 0, null, {
    timeout: 300000,
  });
  const trace = traced ? await browser.stopTracing() : undefined;
  const run = await page.evaluate(() => {
    const el = document.querySelector('nl-mnist-lab');
    return { firstEpoch: el.firstEpochAt / 1000, longest: window.longest, workers: el.lab.workers.length };
  });
  await page.close();
  return trace ? tracedTasks(trace.toString()).main : run;
}

const server = await serveStatic(dist);
const browser = await launchChromium();
const runs = [];
let traced;
try {
  for (let k = 0; k < 3; k++) runs.push(await firstEpoch(browser));
  traced = await firstEpoch(browser, { traced: true });
} finally {
  await browser.close();
  await server.close();
}
const first = median(runs.map((r) => r.firstEpoch));
const longest = median(runs.map((r) => r.longest));
const worst = Math.max(...runs.map((r) => r.longest));
console.log(
  `MNIST lab in Chromium (${runs[0].workers} workers): Train to the first epoch of all four networks ${first.toFixed(2)} s (fetch included); longest main-thread task meanwhile ${longest.toFixed(0)} ms (median of 3; worst ${worst.toFixed(0)} ms; 0: none over 50 ms)`,
);
console.log(
  `  traced load: longest main-thread task ${traced.wall.toFixed(0)} ms wall-clock, of which ${traced.itsCpu.toFixed(0)} ms CPU; most CPU in one task ${traced.mostCpu.toFixed(0)} ms`,
);
