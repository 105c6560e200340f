// The MNIST lab in headless Chromium, median of 3 fresh loads: from pressing Train (digits not
// yet fetched) to the first epoch of all four networks done, and the longest main-thread task
// meanwhile (PerformanceObserver 'longtask': tasks over 50 ms, wall-clock); with the number of
// workers the lab started (one per core, at most four). A fourth load is traced, to tell the
// page's own work from waiting: each main-thread task's wall-clock time and the CPU time its
// thread spent in it (a task that waits while the workers and other processes hold every core
// is long in wall-clock time only).
// Usage: node bench/mnist_page.mjs [built site folder, default NORMLAB_DIST or dist/]
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium, recordLongestTask } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(process.argv[2] ?? process.env.NORMLAB_DIST ?? path.join(root, 'dist'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Loads the chapter, presses Train for one epoch and waits for the first epoch of all four. */
async function firstEpoch(browser, { traceTo } = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await recordLongestTask(page);
  await page.goto(`${server.url}/mnist.html`);
  const lab = (selector) => page.locator(`nl-mnist-lab >> ${selector}`);
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
  await lab('[data-setting="epochs"]').fill('1');
  await lab('[data-setting="epochs"]').dispatchEvent('change');
  await page.waitForTimeout(500); // the page's own start settles first
  await page.evaluate(() => (window.longest = 0));
  if (traceTo)
    await browser.startTracing(page, {
      path: traceTo,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  await lab('[data-act="train"]').click();
  await page.waitForFunction(() => document.querySelector('nl-mnist-lab').firstEpochAt > 0, null, {
    timeout: 300000,
  });
  if (traceTo) await browser.stopTracing();
  const run = await page.evaluate(() => {
    const el = document.querySelector('nl-mnist-lab');
    return { firstEpoch: el.firstEpochAt / 1000, longest: window.longest, workers: el.lab.workers.length };
  });
  await page.close();
  return run;
}

/** The traced main-thread tasks: the longest in wall-clock time, and the most CPU time in one. */
function tracedTasks(file) {
  const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter((e) => e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`) && e.dur !== undefined);
  const longest = tasks.reduce((a, b) => (b.dur > a.dur ? b : a), { dur: 0, tdur: 0 });
  const busiest = Math.max(0, ...tasks.map((t) => t.tdur ?? 0));
  return { wall: longest.dur / 1000, itsCpu: (longest.tdur ?? 0) / 1000, mostCpu: busiest / 1000 };
}

const server = await serveStatic(dist);
const browser = await launchChromium();
const traceFile = path.join(tmpdir(), `normlab-mnist-trace-${process.pid}.json`);
const runs = [];
let traced;
try {
  for (let k = 0; k < 3; k++) runs.push(await firstEpoch(browser));
  await firstEpoch(browser, { traceTo: traceFile });
  traced = tracedTasks(traceFile);
} finally {
  await browser.close();
  await server.close();
  rmSync(traceFile, { force: true });
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
