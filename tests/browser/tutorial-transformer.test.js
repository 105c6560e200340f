// The tutorial's Transformer instruments in Chromium: the starting slopes render from the core
// and follow their controls (and the link state). A screenshot is written to
// tests/browser/screenshots/.
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
