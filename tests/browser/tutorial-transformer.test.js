// The tutorial's two Transformer instruments in Chromium: the starting slopes render from the
// core and follow their controls (and the link state); the warm-up instrument trains a short run
// of its four stacks in its workers, shows their curves and figures, and can be cancelled.
// Screenshots of both are written to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bringIntoView, useSiteAndBrowser, watchForProblems } from './site.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = `${root}tests/browser/screenshots`;

let page, problems;
const inWidget = (tag, selector) => page.locator(`${tag} >> ${selector}`);
const text = async (tag, selector) => (await inWidget(tag, selector).first().textContent()).trim();
const finding = (tag, id) => text(tag, `#${id}`);

const site = useSiteAndBrowser(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchForProblems(page);
  await page.goto(`${site.server.url}/tutorial.html`);
});

/** Waits until a widget's finding (chartAlternative) matches. */
async function findingMatches(tag, id, pattern, timeout = 60000) {
  await page.waitForFunction(
    ([t, i, source]) =>
      new RegExp(source).test(document.querySelector(t)?.shadowRoot?.getElementById(i)?.textContent ?? ''),
    [tag, id, pattern.source],
    { timeout },
  );
}

test('the starting slopes render both charts from the core and follow depth, normaliser and link', async () => {
  await bringIntoView(page, 'nl-starting-slopes');
  await findingMatches('nl-starting-slopes', 'slopes-finding', /^With 6 blocks.*From 1 to 12 blocks/);
  const first = await finding('nl-starting-slopes', 'slopes-finding');
  assert.match(await text('nl-starting-slopes', '[data-out="postRatio"]'), /^\d+(\.\d+)?$/);
  assert.match(await text('nl-starting-slopes', '[data-out="deep"]'), /^\d+(\.\d+)? \/ \d+(\.\d+)?$/);
  mkdirSync(shots, { recursive: true });
  await inWidget('nl-starting-slopes', '.widget').screenshot({ path: `${shots}/starting-slopes.png` });

  await inWidget('nl-starting-slopes', '[data-depth]').fill('3');
  await findingMatches('nl-starting-slopes', 'slopes-finding', /^With 3 blocks/);
  assert.equal(await text('nl-starting-slopes', '[data-out="depth"]'), '3');
  assert.match(await page.evaluate(() => document.querySelector('nl-starting-slopes').state), /depth:3/);

  await inWidget('nl-starting-slopes', '[data-norm]').selectOption('rms');
  await page.waitForFunction(() =>
    /RMS norm/.test(document.querySelector('nl-starting-slopes').shadowRoot.querySelector('[data-about]').textContent),
  );
  await findingMatches('nl-starting-slopes', 'slopes-finding', /^With 3 blocks/);
  await page.waitForFunction(
    () => document.querySelector('nl-starting-slopes').shadowRoot.querySelector('[data-status]').textContent === '',
    null,
    { timeout: 60000 },
  );
  const rms = await finding('nl-starting-slopes', 'slopes-finding');
  assert.notEqual(rms, first);
  assert.match(await page.evaluate(() => document.querySelector('nl-starting-slopes').state), /norm:rms/);
  assert.deepEqual(problems, []);
});

test('the warm-up instrument trains its four stacks in its workers, shows the curves, and cancels', async () => {
  await bringIntoView(page, 'nl-warm-up');
  const status = () => text('nl-warm-up', '[data-status]');
  assert.match(await status(), /when you press Train/);
  await inWidget('nl-warm-up', '[data-depth]').fill('2');
  await inWidget('nl-warm-up', '[data-width]').selectOption('16');
  await inWidget('nl-warm-up', '[data-steps]').selectOption('50');
  await inWidget('nl-warm-up', '[data-warmup]').fill('10');
  await inWidget('nl-warm-up', '[data-warmup]').dispatchEvent('change');
  assert.match(await text('nl-warm-up', '[data-about]'), /2 blocks of width 16.*for 50 steps.*first 10\./);
  assert.match(await page.evaluate(() => document.querySelector('nl-warm-up').state), /steps:50/);

  // The status is a live region: a screen reader speaks each change, so it says where the run
  // is a few times, not at every step (the progress bar follows each step).
  await page.evaluate(() => {
    const said = document.querySelector('nl-warm-up').shadowRoot.querySelector('[data-status]');
    window.statusTexts = [];
    new MutationObserver(() => window.statusTexts.push(said.textContent)).observe(said, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await inWidget('nl-warm-up', '[data-run]').click();
  await findingMatches(
    'nl-warm-up',
    'warm-up-finding',
    /^After 50 steps at 0\.01, on strings no step trained on/,
    120000,
  );
  assert.match(await status(), /^4 stacks of 50 steps trained in/);
  const said = await page.evaluate(() => window.statusTexts);
  assert.ok(said.length <= 6, `the status changed ${said.length} times in one run: ${said.join(' / ')}`);
  assert.equal(await inWidget('nl-warm-up', 'progress').evaluate((p) => p.value === p.max && p.max === 200), true);
  const points = await page.evaluate(() =>
    document.querySelector('nl-warm-up').chart.data.datasets.map((d) => d.data.length),
  );
  assert.deepEqual(points, [50, 50, 50, 50]);
  // The legend tells a dashed line (with warm-up) from the solid one of the same colour.
  const swatches = await page.evaluate(() =>
    document.querySelector('nl-warm-up').chart.legend.legendItems.map((i) => `${i.text}: ${i.fillStyle}`),
  );
  assert.notEqual(swatches[0].split(': ')[1], swatches[1].split(': ')[1], swatches.join(' / '));
  // Early in a run every loss lies between 1 and 10: the log axis still names some of its ticks.
  const labels = await page.evaluate(() => {
    const chart = document.querySelector('nl-warm-up').chart;
    const early = [3.2, 2.9, 2.5, 2.2].map((y, k) => ({ x: k + 1, y }));
    chart.$setSeries([{ label: 'early', data: early, colourVar: '--nl-batch' }]);
    return chart.scales.y.ticks.map((t) => t.label).filter((l) => l !== '');
  });
  assert.ok(labels.length >= 2, `the loss axis between 2 and 3.2 names ${labels.length} ticks`);
  await inWidget('nl-warm-up', '.widget').screenshot({ path: `${shots}/warm-up.png` });

  // A longer run, cancelled once it has begun: the worker stops and says where.
  await inWidget('nl-warm-up', '[data-steps]').selectOption('300');
  await inWidget('nl-warm-up', '[data-run]').click();
  await page.waitForFunction(
    () => document.querySelector('nl-warm-up').shadowRoot.querySelector('progress').value > 0,
    null,
    { timeout: 60000 },
  );
  await inWidget('nl-warm-up', '[data-cancel]').click();
  assert.match(await status(), /^Cancelled after \d+ of 1200 steps\.$/);
  assert.equal(await inWidget('nl-warm-up', '[data-run]').isEnabled(), true);
  assert.deepEqual(problems, []);
});
