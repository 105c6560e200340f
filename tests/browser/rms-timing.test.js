// What RMSNorm saves, in Chromium: the instrument times the core's layer norm and RMSNorm in its
// own worker at every width from 64 to 4,096, shows a percentage saved per width and the core's
// summary beside Zhang and Sennrich's 7% to 64%, and stops on Cancel. No timing value is
// asserted: they are the machine's. A screenshot goes to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { useSiteAndBrowser, watchForProblems } from './site.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = `${root}tests/browser/screenshots`;
const WIDTHS = ['64', '128', '256', '512', '1,024', '2,048', '4,096'];
let page, problems;

const timing = (selector) => page.locator(`nl-rms-timing >> ${selector}`);
const status = async () => (await timing('[data-status]').textContent()).trim();

const site = useSiteAndBrowser(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchForProblems(page);
  await page.goto(`${site.server.url}/tutorial.html`);
  await page.locator('nl-rms-timing').scrollIntoViewIfNeeded();
});

test('every width gets a percentage saved, and the finding sets them beside 7% to 64%', async () => {
  await timing('[data-status]').filter({ hasText: 'widths timed, 9 rounds each' }).waitFor({ timeout: 120000 });
  const rows = await timing('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())),
  );
  assert.deepEqual(
    rows.map((r) => r[0]),
    WIDTHS,
  );
  for (const [width, layer, rms, saved, repeats] of rows) {
    assert.match(layer, /^\d+(\.\d+)?$/, `layer norm's median at ${width}`);
    assert.match(rms, /^\d+(\.\d+)?$/, `RMSNorm's median at ${width}`);
    assert.match(saved, /^−?\d+\.\d%$/, `saving at ${width}`);
    assert.match(repeats, /^[\d,]+$/);
  }
  const finding = await timing('#rms-timing-finding').textContent();
  assert.match(
    finding,
    /^In this browser RMSNorm saved between −?\d+\.\d% \(width [\d,]+\) and −?\d+\.\d% \(width [\d,]+\)/,
  );
  assert.match(finding, /Zhang and Sennrich report 7% to 64% on whole models.*; of the 7 widths timed here, \d/);
  const counted = [...finding.matchAll(/(\d+) (below|within|above)/g)].reduce((n, m) => n + Number(m[1]), 0);
  assert.equal(counted, 7);
  mkdirSync(shots, { recursive: true });
  await timing('.widget').screenshot({ path: `${shots}/rms-timing.png` });
});

test('Cancel stops the timing between two widths, and Time again runs it afresh', async () => {
  await timing('[data-rounds]').fill('51');
  await timing('[data-rounds]').dispatchEvent('change');
  await timing('[data-run]').click();
  await timing('[data-cancel]').click();
  await timing('[data-status]').filter({ hasText: 'Cancelled after' }).waitFor();
  assert.match(await status(), /^Cancelled after [0-6] of 7 widths\.$/);
  assert.ok(await timing('[data-run]').isEnabled());
  assert.ok(await timing('[data-cancel]').isDisabled());
  const state = await page.evaluate(() => document.querySelector('nl-rms-timing').state);
  assert.equal(state, 'rounds:51');
  assert.deepEqual(problems, []);
});
