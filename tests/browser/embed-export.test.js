// Export: the chart as a PNG at twice its size on screen, the numbers shown as CSV, the state
// and numbers as JSON, each downloaded from the widget's Export menu under a name saying what it is.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { bringIntoView, useSite } from './site.js';

let browser, server;

useSite({
  pages: {
    'post.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module" src="./normlab-widgets.js"></script>
    <nl-playground kind="layer"></nl-playground>
    <nl-running-average keep="0.8" steps="60" id="average"></nl-running-average>
    <nl-gradient-check></nl-gradient-check>`,
  },
  then: async (site) => {
    ({ browser, server } = site);
  },
});

/** Clicks one Export entry of a widget and returns {name, bytes} of the download. */
async function exported(page, tag, as) {
  await page.locator(`${tag} >> [data-export] summary`).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`${tag} >> [data-export-as="${as}"]`).click(),
  ]);
  await page.locator(`${tag} >> [data-export] summary`).click();
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** Rows of fields of a CSV text (quoted fields may hold commas and doubled quotes). */
function parseCsv(text) {
  return text
    .split('\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

test('PNG, CSV and JSON hold what the widget shows', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/post.html`);
  await page.waitForFunction(() => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'));

  // CSV: the playground's answer cells, with the minus sign a CSV reader understands.
  const shown = (await page.locator('nl-playground >> .answer td').allTextContents()).map((t) => t.trim());
  const csv = await exported(page, 'nl-playground', 'csv');
  assert.equal(csv.name, 'normlab-playground-numbers.csv');
  const cells = parseCsv(csv.bytes.toString()).flat();
  for (const value of shown) {
    const number = value.replace('\u2212', '-');
    assert.ok(cells.includes(number), `${number} is not in the CSV`);
    assert.ok(Number.isFinite(Number(number)), number);
  }

  // JSON: the state round-trips.
  const json = await exported(page, 'nl-playground', 'json');
  assert.equal(json.name, 'normlab-playground-state.json');
  const data = JSON.parse(json.bytes.toString());
  assert.equal(data.state, await page.evaluate(() => document.querySelector('nl-playground').state));
  assert.equal(data.state, 'kind:layer');
  await page.locator('nl-playground >> button[data-kind="rms"]').first().click();
  const again = JSON.parse((await exported(page, 'nl-playground', 'json')).bytes.toString());
  assert.equal(again.state, 'kind:rms');
  await page.evaluate(() => document.querySelector('nl-playground').reset());
  await page.evaluate((s) => (document.querySelector('nl-playground').state = s), again.state);
  await page.waitForFunction(() =>
    document.querySelector('nl-playground')?.shadowRoot?.querySelector('button[data-kind="rms"][aria-pressed="true"]'),
  );

  // PNG: the running average's chart at twice its size on screen; its series in the CSV.
  await bringIntoView(page, '#average');
  await page.waitForFunction(() => document.querySelector('#average').charts?.size > 0);
  const size = await page
    .locator('#average >> canvas')
    .first()
    .evaluate((c) => [c.clientWidth, c.clientHeight]);
  const png = await exported(page, '#average', 'png');
  assert.equal(png.name, 'normlab-average-chart.png');
  assert.equal(png.bytes.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], [size[0] * 2, size[1] * 2]);
  const decoded = await page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, png.bytes.toString('base64'));
  assert.deepEqual(decoded, [size[0] * 2, size[1] * 2]);
  const points = await page.evaluate(() =>
    [...document.querySelector('#average').charts].flatMap((c) => c.data.datasets.map((d) => d.data.length)),
  );
  const rows = parseCsv((await exported(page, '#average', 'csv')).bytes.toString());
  const series = rows.slice(rows.findIndex((r) => r.join(',') === 'series,x,y') + 1).filter((r) => r.length === 3);
  assert.ok(series.every(([, x, y]) => Number.isFinite(Number(x)) && Number.isFinite(Number(y))));
  assert.equal(
    series.length,
    points.reduce((a, b) => a + b, 0),
  );

  // A widget with tables and no chart: its tables as the image, at 2x.
  await bringIntoView(page, 'nl-gradient-check');
  await page.waitForFunction(() => document.querySelector('nl-gradient-check')?.shadowRoot?.querySelector('table td'));
  const table = await exported(page, 'nl-gradient-check', 'png');
  assert.equal(table.name, 'normlab-gradient-check-table.png');
  const [w, h] = [table.bytes.readUInt32BE(16), table.bytes.readUInt32BE(20)];
  assert.ok(w % 2 === 0 && h % 2 === 0 && w > 200 && h > 100, `${w} x ${h}`);
  await context.close();
});

test('Escape closes an open Export menu and hands focus back to its summary', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/post.html`);
  await page.waitForFunction(() => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'));
  const menu = page.locator('nl-playground >> [data-export]');
  await page.locator('nl-playground >> [data-export] summary').click();
  await page.locator('nl-playground >> [data-export-as="csv"]').focus();
  assert.equal(await menu.evaluate((d) => d.open), true);
  await page.keyboard.press('Escape');
  assert.equal(await menu.evaluate((d) => d.open), false);
  assert.equal(
    await page.evaluate(() => document.querySelector('nl-playground').shadowRoot.activeElement?.localName),
    'summary',
  );
  await page.close();
});
