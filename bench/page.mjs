// The page in headless Chromium, median of 5 fresh loads: time from navigation until every
// widget has drawn and until the comparison is complete (in a window tall enough that every
// widget starts at once); the longest main-thread task during the load, as a reader in a
// 1280 x 900 window meets it and with every widget at once; the training workers the page
// starts; and the bytes transferred (gzipped as a static host would serve them).
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium, recordLongestTask } from '../tests/browser/chromium.js';
import { ESSAY_WIDGETS } from '../web/src/widgets/chapters.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const WIDGETS = ESSAY_WIDGETS;

const server = await serveStatic(dist);
const browser = await launchChromium();
const runs = [];
for (let k = 0; k < 5; k++) {
  // A tall viewport puts every widget near view at once, so the load starts them all.
  const context = await browser.newContext({ viewport: { width: 1280, height: 20000 } });
  const page = await context.newPage();
  const files = new Set();
  page.on('requestfinished', (r) => files.add(new URL(r.url()).pathname));
  await recordLongestTask(page);
  await page.addInitScript(() => {
    window.workersStarted = 0;
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        window.workersStarted += 1;
      }
    };
  });
  await page.goto(`${server.url}/index.html`);
  const drawn = await page
    .waitForFunction(
      (tags) => {
        const ready = tags.every((t) => {
          const r = document.querySelector(t)?.shadowRoot;
          return r && !r.querySelector('.loading') && r.querySelector('.widget')?.children.length;
        });
        return ready && performance.now();
      },
      WIDGETS,
      { timeout: 60000, polling: 'raf' },
    )
    .then((h) => h.jsonValue());
  const complete = await page
    .waitForFunction(
      () => {
        const s = document.querySelector('nl-comparison').shadowRoot.querySelector('[data-status]');
        return s?.textContent.includes('done') && performance.now();
      },
      null,
      { timeout: 60000, polling: 'raf' },
    )
    .then((h) => h.jsonValue());
  const longestAllAtOnce = await page.evaluate(() => window.longest);
  const workers = await page.evaluate(() => window.workersStarted);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const file = path.join(dist, f === '/' ? 'index.html' : f);
    try {
      statSync(file);
    } catch {
      continue;
    }
    const bytes = readFileSync(file);
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  await context.close();
  // What a reader meets: a 1280 x 900 window, the page loading, nothing scrolled.
  const reader = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const first = await reader.newPage();
  await recordLongestTask(first);
  await first.goto(`${server.url}/index.html`);
  await first.waitForFunction(
    () => document.querySelector('nl-covariate-shift')?.shadowRoot?.querySelector('canvas'),
    null,
    { timeout: 60000 },
  );
  await first.waitForTimeout(1000);
  const longest = await first.evaluate(() => window.longest);
  await reader.close();
  runs.push({ drawn, complete, longest, longestAllAtOnce, workers, raw, gz, count: files.size });
}
await browser.close();
await server.close();
const m = (key) => median(runs.map((r) => r[key]));
console.log('page in headless Chromium, median of 5 loads');
console.log(`  navigation to every widget drawn:     ${m('drawn').toFixed(0)} ms`);
console.log(`  navigation to the comparison done:    ${m('complete').toFixed(0)} ms`);
console.log(
  `  longest main-thread task during load: ${m('longest').toFixed(0)} ms in a 1280 x 900 window (0 = none over 50 ms);`,
);
console.log(
  `                                        ${m('longestAllAtOnce').toFixed(0)} ms with all eleven widgets starting at once`,
);
console.log(`  training workers started per page:    ${m('workers')}`);
console.log(
  `  transferred: ${runs[0].count} files, ${(m('raw') / 1024).toFixed(0)} KB raw, ${(m('gz') / 1024).toFixed(0)} KB gzipped`,
);
