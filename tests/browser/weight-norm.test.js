// The weight-normalisation instrument in Chromium answers the reader: editing a direction, a
// magnitude or the learning rate moves the projected slope, the unprojected form's miss and the
// step; a zero direction and a learning rate beyond the bound are refused by name with no figure
// left standing; the setting is in the state string and comes back from a link. A screenshot is
// written to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bringIntoView, screenshotFile, useSiteAndBrowser, watchForProblems } from './site.js';

let site, page, problems, url;

const wn = (selector) => page.locator(`nl-weight-norm >> ${selector}`);
const readout = async (name) => (await wn(`[data-out="${name}"]`).textContent()).trim();
const cells = async (name) => wn(`[data-block="${name}"] td`).allTextContents();

async function type(selector, value) {
  await wn(selector).fill(String(value));
}

/** A fresh page at the essay with the hash given, the widget drawn; its problems watched. */
async function open(hash = '') {
  await page?.close();
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchForProblems(page);
  await page.goto(`${url}${hash}`);
  await bringIntoView(page, 'nl-weight-norm');
  await wn('[data-out="miss"]').filter({ hasText: /\d/ }).waitFor();
}

site = useSiteAndBrowser(async () => {
  url = `${site.server.url}/index.html`;
  await open();
});

test('the default setting is the core’s, and the projected slope matches the finite difference', async () => {
  const defaults = await page.evaluate(async () => {
    const el = document.querySelector('nl-weight-norm');
    const s = el.nl.weightNormDefaultSetting();
    const table = Object.fromEntries(el.constructor.options.map((o) => [o.name, o.default]));
    return {
      core: { data: Array.from(s.direction.data), magnitude: Array.from(s.magnitude), rate: s.learningRate },
      table,
    };
  });
  assert.deepEqual(defaults.table.direction.split(/[;,]/).map(Number), defaults.core.data);
  assert.deepEqual(defaults.table.magnitude.map(Number), defaults.core.magnitude);
  assert.equal(defaults.table['learning-rate'], defaults.core.rate);
  assert.match(await readout('direction-gap'), /e−/);
  assert.deepEqual(await cells('directionSlope'), await cells('numericDirectionSlope'));
});

test('the arrow keys move the learning rate in steps of 0.05 from where it stands', async () => {
  await wn('[data-rate]').focus();
  await page.keyboard.press('ArrowUp');
  assert.equal(await wn('[data-rate]').inputValue(), '0.15');
  assert.equal(
    (await wn('[data-step-title]').textContent()).trim(),
    'One step at learning rate 0.15 from the same slope',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await wn('[data-rate]').inputValue(), '0.05');
  await open();
});

test('editing a direction, a magnitude and the learning rate moves the figures', async () => {
  const before = { slope: await cells('directionSlope'), unprojected: await cells('unprojectedSlope') };
  const distanceBefore = await wn('[data-distance]').textContent();
  await type('[data-v-i="0"][data-v-k="0"]', 3);
  assert.notDeepEqual(await cells('directionSlope'), before.slope);
  assert.notDeepEqual(await cells('unprojectedSlope'), before.unprojected);
  assert.deepEqual(await cells('directionSlope'), await cells('numericDirectionSlope'));
  assert.match(await wn('[data-distance]').textContent(), /lengths 3\.1048, 2\.5, 0\.5/);
  await type('[data-g="2"]', 4);
  assert.equal((await wn('[data-lengths] tr:first-child td:nth-child(4)').textContent()).trim(), '4');
  await type('[data-rate]', 0.5);
  assert.equal(
    (await wn('[data-step-title]').textContent()).trim(),
    'One step at learning rate 0.5 from the same slope',
  );
  assert.notEqual(await wn('[data-distance]').textContent(), distanceBefore);
  const state = await page.evaluate(() => document.querySelector('nl-weight-norm').state);
  assert.equal(decodeURIComponent(state), 'direction:3,-1.5,0.3;0.8,2,-0.4~magnitude:1,1.5,4~learning-rate:0.5');
});

test('a box that holds no number is refused with what it holds, not as NaN', async () => {
  await type('[data-g="1"]', 'abc');
  assert.equal(
    await wn('[data-problem]').textContent(),
    "NonFiniteError: the magnitude of neuron 2 reads 'abc', which is not a number",
  );
  assert.ok(await wn('[data-results]').isHidden());
  await type('[data-g="1"]', '');
  assert.equal(await wn('[data-problem]').textContent(), 'NonFiniteError: the magnitude of neuron 2 is empty');
  await type('[data-g="1"]', '1.5');
  await type('[data-rate]', '');
  assert.equal(await wn('[data-problem]').textContent(), 'NonFiniteError: the learning rate is empty');
  await open();
});

test('a zero direction and a learning rate beyond 10 are refused by name, and no figure stays', async () => {
  await type('[data-v-i="0"][data-v-k="1"]', 0);
  await type('[data-v-i="1"][data-v-k="1"]', 0);
  assert.equal(await wn('[data-problem]').getAttribute('data-error-name'), 'ZeroDirectionError');
  assert.match(await wn('[data-problem]').textContent(), /^ZeroDirectionError: neuron 2/);
  assert.ok(await wn('[data-results]').isHidden());
  await type('[data-v-i="1"][data-v-k="1"]', 2);
  assert.ok(await wn('[data-problem]').isHidden());
  assert.ok(await wn('[data-results]').isVisible());
  await type('[data-rate]', 12);
  assert.match(await wn('[data-problem]').textContent(), /^LearningRateError: the learning rate is 12/);
  await type('[data-rate]', 0.5);
  await type('[data-v-i="0"][data-v-k="2"]', 'x');
  assert.match(await wn('[data-problem]').textContent(), /^NonFiniteError/);
  await type('[data-v-i="0"][data-v-k="2"]', 0.3);
  assert.ok(await wn('[data-problem]').isHidden());
});

test('a link with a direction block of another shape gets a notice and the default, before any box is drawn', async () => {
  assert.deepEqual(problems, []);
  await open('#weight-norm=direction:1,2;3,4;5,6~magnitude:1,2');
  const notices = await wn('[part="notices"]').textContent();
  assert.match(notices, /direction has 3 rows of 2; it takes 2 rows \(height, weight\) of 3/);
  assert.match(notices, /magnitude has 2 values; it takes 3/);
  assert.equal(await wn('[data-v-i]').count(), 6);
  assert.equal(await wn('[data-v-i="0"][data-v-k="1"]').inputValue(), '-1.5');
});

test('a link with a setting sets the fields and the figures, and the page logged no problem', async () => {
  await open('#weight-norm=direction:1,0,0.3;0,1,-0.4~magnitude:2,2,2~learning-rate:1');
  assert.equal(await wn('[data-v-i="0"][data-v-k="0"]').inputValue(), '1');
  assert.equal(await wn('[data-g="1"]').inputValue(), '2');
  assert.equal(await wn('[data-rate]').inputValue(), '1');
  assert.match(await wn('[data-distance]').textContent(), /lengths 1, 1, 0\.5/);
  await wn('.widget').screenshot({ path: screenshotFile('weight-norm.png') });
  assert.deepEqual(problems, []);
});
