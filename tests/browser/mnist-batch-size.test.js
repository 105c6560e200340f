// The MNIST batch-size instrument in Chromium: Train fetches the digits and trains the four
// networks at batch sizes 2 to 64 on 1,024 digits each, from two seeds, in the lab's workers,
// filling each batch size's median and range over the seeds (the core's), the chart's bands and
// the finding with each tally over the seeds (the core's); "show" picks one seed alone; Cancel
// stops a run; the settings are in the state string; on a phone the trained table fits. Prints the
// time the 48 trainings took. Screenshots (1280 and 375 px) go to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bringIntoView, recordStatusTexts, screenshotFile, useSiteAndBrowser, watchForProblems } from './site.js';

let page, problems;

const sweep = (selector) => page.locator(`nl-mnist-batch-size >> ${selector}`);
const status = async () => (await sweep('[data-status]').textContent()).trim();
const ARRANGEMENTS = ['plain', 'batch', 'layer', 'group'];
const BATCH_SIZES = [2, 4, 8, 16, 32, 64];
/** The table's cells: per batch size, per network, {median, range} as shown. */
const cells = () =>
  sweep('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td[data-arrangement]')].map((td) => ({
        median: td.querySelector('[data-median]').textContent,
        range: td.querySelector('[data-range]')?.textContent ?? null,
      })),
    ),
  );

const site = useSiteAndBrowser(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchForProblems(page);
  await page.goto(`${site.server.url}/mnist.html`);
  await bringIntoView(page, 'nl-mnist-batch-size');
  await sweep('[data-run]').waitFor();
});

test('before any network is trained the accuracy axis runs from 0 to 1', async () => {
  // The chart is drawn in a slice of its own after the controls appear: wait for it.
  const drawn = await page.waitForFunction(() => {
    const y = document.querySelector('nl-mnist-batch-size').chart?.scales?.y;
    return y && [y.min, y.max];
  });
  const range = await drawn.jsonValue();
  assert.deepEqual(range, [0, 1]);
});

test('Cancel stops a sweep, and the settings are in the state string', async () => {
  // The longest sweep the widget offers (8,000 digits, four seeds: 96 networks), so that it is
  // still running when Cancel is pressed; its status is then either the opening line or a count.
  await sweep('[data-setting="digits"]').selectOption('8000');
  await sweep('[data-setting="learningRate"]').selectOption('0.2');
  await sweep('[data-seeds]').fill('4');
  await sweep('[data-seeds]').dispatchEvent('change');
  const state = await page.evaluate(() => document.querySelector('nl-mnist-batch-size').state);
  assert.equal(state, 'digits:8000~learning-rate:0.2~seeds:4');
  await sweep('[data-run]').click();
  await sweep('[data-status]')
    .filter({ hasText: /^(Training 96 networks|\d+ of 96 networks trained)/ })
    .waitFor({ timeout: 60000 });
  await sweep('[data-cancel]').click();
  await sweep('[data-status]').filter({ hasText: 'Cancelled after' }).waitFor();
  assert.match(await status(), /^Cancelled after \d+ of 96 networks\.$/);
  assert.ok(await sweep('[data-run]').isEnabled());
  // The next test's sweep is the two-seed one on 1,024 digits.
  await sweep('[data-setting="digits"]').selectOption('1024');
  await sweep('[data-seeds]').fill('2');
  await sweep('[data-seeds]').dispatchEvent('change');
});

test('48 networks over two seeds: medians and ranges from the core, the tallies, one seed alone', async () => {
  await sweep('[data-setting="learningRate"]').selectOption('0.1');
  // The status is a live region: a screen reader speaks each change, so it says where the sweep
  // is at its quarters, not at each network (the progress bar follows each).
  await page.evaluate(recordStatusTexts, 'nl-mnist-batch-size');
  const t0 = Date.now();
  await sweep('[data-run]').click();
  await sweep('[data-status]')
    .filter({ hasText: /^48 networks trained on/ })
    .waitFor({ timeout: 600000 });
  const said = await page.evaluate(() => window.statusTexts);
  assert.ok(said.length <= 10, `the status changed ${said.length} times in one sweep: ${said.join(' / ')}`);
  console.log(
    `# 48 trainings (2 seeds) on 1,024 digits: ${((Date.now() - t0) / 1000).toFixed(1)} s (${await status()})`,
  );
  const rows = await sweep('tbody tr [data-size]').evaluateAll((els) => els.map((el) => el.textContent));
  assert.deepEqual(rows, BATCH_SIZES.map(String));
  const rates = await sweep('tbody tr [data-rate]').evaluateAll((els) => els.map((el) => el.textContent));
  // The learning rates the core planned: 0.1 x batch / 64.
  assert.deepEqual(rates, ['0.00313', '0.00625', '0.0125', '0.025', '0.05', '0.1']);
  const results = await page.evaluate(() =>
    document.querySelector('nl-mnist-batch-size').results.map((r) => ({
      arrangement: r.arrangement,
      batchSize: r.batchSize,
      seed: r.seed,
      accuracy: r.heldOut.accuracy,
      count: r.heldOut.count,
    })),
  );
  assert.equal(results.length, 48);
  for (const r of results) assert.equal(r.count, 2000);
  const acc = (a, b, seed) => results.find((r) => r.arrangement === a && r.batchSize === b && r.seed === seed).accuracy;
  // Of two seeds, the median is their midpoint and the range their least and largest.
  const shown = await cells();
  BATCH_SIZES.forEach((b, k) =>
    ARRANGEMENTS.forEach((a, j) => {
      const [x, y] = [acc(a, b, 1), acc(a, b, 2)];
      const { median, range } = shown[k][j];
      assert.ok(Math.abs(Number(median) - (x + y) / 2) <= 0.0005 + 1e-12, `${a} at ${b}: ${median}`);
      const [low, high] = range.split('–').map(Number);
      assert.ok(Math.abs(low - Math.min(x, y)) <= 0.0005 + 1e-12 && Math.abs(high - Math.max(x, y)) <= 0.0005 + 1e-12);
    }),
  );
  // Each arrangement a band (its least and largest) and a median line.
  assert.equal(await page.evaluate(() => document.querySelector('nl-mnist-batch-size').chart.data.datasets.length), 12);
  const finding = await sweep('#mnist-batch-finding').textContent();
  assert.match(
    finding,
    /^Over seeds 1 and 2, on the same 1,024 digits: batch norm falls at every halving of the batch below 16 in [012] of 2 seeds/,
  );
  assert.match(
    finding,
    /Median held-out accuracy at batch 2 against batch 64: plain \(no normalisation\) [01]\.\d{3} against/,
  );
  // The tally the finding states is the seeds' own.
  const below = [1, 2].filter(
    (s) => acc('batch', 2, s) < acc('layer', 2, s) && acc('batch', 2, s) < acc('group', 2, s),
  );
  const tally = /at batch 2 batch norm is below layer and group norm in (\d) of 2 seeds/.exec(finding);
  assert.equal(Number(tally?.[1]), below.length, finding);
  await sweep('.widget').screenshot({ path: screenshotFile('mnist-batch-size.png') });
  // One seed alone: its accuracies, its lines, no band.
  await sweep('[data-show]').selectOption('2');
  const alone = await cells();
  BATCH_SIZES.forEach((b, k) =>
    ARRANGEMENTS.forEach((a, j) => {
      assert.equal(alone[k][j].range, null);
      assert.equal(alone[k][j].median, acc(a, b, 2).toFixed(3));
    }),
  );
  assert.equal(await page.evaluate(() => document.querySelector('nl-mnist-batch-size').chart.data.datasets.length), 4);
  await sweep('[data-show]').selectOption('all');
  assert.equal(await page.evaluate(() => document.querySelector('nl-mnist-batch-size').chart.data.datasets.length), 12);
  assert.deepEqual(problems, []);
});

test('on a phone (375 px) the trained table fits: its caption, every column and every range', async () => {
  await page.setViewportSize({ width: 375, height: 812 });
  await bringIntoView(page, 'nl-mnist-batch-size');
  // Laid out again at the new width: the widget's box is within the phone's.
  await page.waitForFunction(
    () => document.querySelector('nl-mnist-batch-size')?.shadowRoot?.querySelector('.widget')?.clientWidth < 375,
  );
  const fit = await page.evaluate(() => {
    const root = document.querySelector('nl-mnist-batch-size').shadowRoot;
    const box = root.querySelector('tbody').closest('.scroll-x');
    const right = box.getBoundingClientRect().right;
    const beyond = (el) => el.getBoundingClientRect().right > right + 0.5;
    return {
      scroll: [box.scrollWidth, box.clientWidth],
      captionBeyond: beyond(box.querySelector('caption')),
      cellsBeyond: [...box.querySelectorAll('th, td')].filter(beyond).map((el) => el.textContent.trim()),
      ranges: box.querySelectorAll('[data-range]').length,
    };
  });
  assert.ok(fit.scroll[0] <= fit.scroll[1] + 0.5, `the table is ${fit.scroll[0]} px wide in a box of ${fit.scroll[1]}`);
  assert.equal(fit.captionBeyond, false);
  assert.deepEqual(fit.cellsBeyond, []);
  assert.equal(fit.ranges, 24, 'every cell shows its range over the seeds');
  await sweep('.widget').screenshot({ path: screenshotFile('mnist-batch-size-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
});
