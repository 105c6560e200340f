// The MNIST lab in headless Chromium, median of 3 fresh loads: from pressing Train (digits not
// yet fetched) to the first epoch of all four networks done, and the longest main-thread task
// meanwhile; with the number of workers the lab started (one per core, at most four).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium, recordLongestTask } from '../tests/browser/chromium.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(process.argv[2] ?? process.env.NORMLAB_DIST ?? path.join(root, 'dist'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serveStatic(dist);
const browser = await launchChromium();
const runs = [];
try {
  for (let k = 0; k < 3; k++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await recordLongestTask(page);
    await page.goto(`${server.url}/mnist.html`);
    const lab = (selector) => page.locator(`nl-mnist-lab >> ${selector}`);
    await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
    await lab('[data-setting="epochs"]').fill('1');
    await lab('[data-setting="epochs"]').dispatchEvent('change');
    await page.waitForTimeout(500); // the page's own start settles first
    await page.evaluate(() => (window.longest = 0));
    await lab('[data-act="train"]').click();
    await page.waitForFunction(() => document.querySelector('nl-mnist-lab').firstEpochAt > 0, null, {
      timeout: 300000,
    });
    runs.push(
      await page.evaluate(() => {
        const el = document.querySelector('nl-mnist-lab');
        return { firstEpoch: el.firstEpochAt / 1000, longest: window.longest, workers: el.lab.workers.length };
      }),
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const first = median(runs.map((r) => r.firstEpoch));
const longest = median(runs.map((r) => r.longest));
console.log(
  `MNIST lab in Chromium (${runs[0].workers} workers): Train to the first epoch of all four networks ${first.toFixed(2)} s (fetch included); longest main-thread task meanwhile ${longest.toFixed(0)} ms (median of 3)`,
);
