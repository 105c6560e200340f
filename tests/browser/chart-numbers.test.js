// Charts a screen reader can read: each states its finding in words and shows its numbers as a
// table, and names its categories on its axis.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, useSiteAndBrowser, withFewDraws } from './site.js';

const site = useSiteAndBrowser();
// The drift, residual-stack and batch-size charts are checked, not the starting slopes' figures:
// the tutorial is opened with few draws.
const open = (name, options) => openPage(site, withFewDraws(name), options);

test("the tutorial's drift and residual-stack charts state their finding and show their numbers", async () => {
  const { page, problems } = await open('tutorial.html');
  for (const [tag, rows] of [
    ['nl-drift', 5],
    ['nl-pre-post-norm', 24],
  ]) {
    await page.locator(`${tag} >> details.numbers summary`).click();
    await page.waitForFunction((t) => document.querySelector(t)?.shadowRoot?.querySelector('details.numbers td'), tag);
    const alt = await page.evaluate((t) => {
      const r = document.querySelector(t).shadowRoot;
      const canvas = r.querySelector('canvas[aria-describedby]');
      return {
        finding: r.getElementById(canvas.getAttribute('aria-describedby'))?.textContent ?? '',
        rows: r.querySelectorAll('details.numbers tbody tr').length,
        cells: [...r.querySelectorAll('details.numbers tbody tr:last-child td')].map((td) => td.textContent),
      };
    }, tag);
    assert.match(alt.finding, /\d/, `${tag}: the finding states no figure`);
    assert.equal(alt.rows, rows, tag);
    for (const c of alt.cells) assert.ok(alt.finding.includes(c), `${tag}: the last row's ${c} is not in the finding`);
  }
  // The table stays open while the reader changes the depth.
  await page.locator('nl-pre-post-norm >> input[data-depth]').fill('30');
  assert.equal(await page.locator('nl-pre-post-norm >> details.numbers tbody tr').count(), 30);
  // The drift readouts and its table agree: the last layer's spreads.
  const last = await page.locator('nl-drift >> [data-out="last-plain"]').textContent();
  assert.ok((await page.locator('nl-drift >> details.numbers tbody tr:last-child td').first().textContent()) === last);
  assert.deepEqual(problems, []);
});

test('T24: the batch-size chart names its batch sizes on the axis and shows its numbers', async () => {
  const { page, problems } = await open('tutorial.html');
  const tag = 'nl-batch-size';
  // The chart is drawn in a slice of its own after the widget's body: wait for its axis.
  const ticks = await (
    await page.waitForFunction(
      (t) => document.querySelector(t).chart?.scales?.x?.ticks.map((k) => [k.label].flat().join(' ')),
      tag,
    )
  ).jsonValue();
  assert.deepEqual(ticks, ['2', '4', '8', '16', '32', '64', '128', '256']);
  await page.locator(`${tag} >> details.numbers summary`).click();
  await page.waitForFunction((t) => document.querySelector(t)?.shadowRoot?.querySelector('details.numbers td'), tag);
  const rows = await page.evaluate((t) => {
    const r = document.querySelector(t).shadowRoot;
    return [...r.querySelectorAll('details.numbers tbody tr')].map((tr) => tr.textContent);
  }, tag);
  assert.equal(rows.length, 8);
  const finding = await page.locator(`${tag} >> #wobble-finding`).textContent();
  const rule = await page.locator(`${tag} >> [data-out="rule"]`).textContent();
  assert.ok(finding.includes(rule), `the finding (${finding}) does not state the rule's ${rule} at size 2`);
  assert.deepEqual(problems, []);
});
