// The MNIST batch-size instrument in Chromium: Train fetches the digits and trains the four
// networks at batch sizes 2 to 64 on 1,024 digits each in the lab's workers, filling a held-out
// accuracy for each of the 24 and the finding; Cancel stops a run; the settings are in the state
// string. Prints the time the 24 trainings took. A screenshot goes to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { useSiteAndBrowser, watchForProblems } from './site.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = `${root}tests/browser/screenshots`;
let page, problems;

const sweep = (selector) => page.locator(`nl-mnist-batch-size >> ${selector}`);
const status = async () => (await sweep('[data-status]').textContent()).trim();

const site = useSiteAndBrowser(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchForProblems(page);
  await page.goto(`${site.server.url}/mnist.html`);
  await page.locator('nl-mnist-batch-size').scrollIntoViewIfNeeded();
  await sweep('[data-run]').waitFor();
});

test('before any network is trained the accuracy axis runs from 0 to 1', async () => {
  const range = await page.evaluate(() => {
    const { y } = document.querySelector('nl-mnist-batch-size').chart.scales;
    return [y.min, y.max];
  });
  assert.deepEqual(range, [0, 1]);
});

test('Cancel stops a sweep, and the settings are in the state string', async () => {
  await sweep('[data-setting="digits"]').selectOption('1024');
  await sweep('[data-setting="learningRate"]').selectOption('0.2');
  const state = await page.evaluate(() => document.querySelector('nl-mnist-batch-size').state);
  assert.equal(state, 'digits:1024~learning-rate:0.2');
  await sweep('[data-run]').click();
  await sweep('[data-status]').filter({ hasText: 'Training 24 networks' }).waitFor({ timeout: 60000 });
  await sweep('[data-cancel]').click();
  await sweep('[data-status]').filter({ hasText: 'Cancelled after' }).waitFor();
  assert.match(await status(), /^Cancelled after \d+ of 24 networks\.$/);
  assert.ok(await sweep('[data-run]').isEnabled());
});

test('24 networks are trained and measured, each with a held-out accuracy from the core', async () => {
  await sweep('[data-setting="learningRate"]').selectOption('0.1');
  const t0 = Date.now();
  await sweep('[data-run]').click();
  await sweep('[data-status]')
    .filter({ hasText: /^24 networks trained on/ })
    .waitFor({ timeout: 600000 });
  console.log(`# 24 trainings on 1,024 digits: ${((Date.now() - t0) / 1000).toFixed(1)} s (${await status()})`);
  const rows = await sweep('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())),
  );
  assert.deepEqual(
    rows.map((r) => r[0]),
    ['2', '4', '8', '16', '32', '64'],
  );
  // The learning rates the core planned: 0.1 x batch / 64.
  assert.deepEqual(
    rows.map((r) => r[1]),
    ['0.00313', '0.00625', '0.0125', '0.025', '0.05', '0.1'],
  );
  for (const row of rows) for (const cell of row.slice(2)) assert.match(cell, /^[01]\.\d{3}$/);
  const shown = await page.evaluate(() =>
    document.querySelector('nl-mnist-batch-size').results.map((r) => [r.arrangement, r.batchSize, r.heldOut.count]),
  );
  assert.equal(shown.length, 24);
  for (const [, , count] of shown) assert.equal(count, 2000);
  assert.match(
    await sweep('#mnist-batch-finding').textContent(),
    /^Held-out accuracy at batch 2 against batch 64, on the same 1,024 digits: no normalisation [01]\.\d{3} against/,
  );
  mkdirSync(shots, { recursive: true });
  await sweep('.widget').screenshot({ path: `${shots}/mnist-batch-size.png` });
  assert.deepEqual(problems, []);
});
