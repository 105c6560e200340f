// Text that is no number, and numbers the core refuses, are refused in the reader's words, with
// no stale figures, tables or charts beside the refusal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, useSiteAndBrowser, withFewDraws } from './site.js';

const site = useSiteAndBrowser();
// Refusals are checked, not the starting slopes' figures: the tutorial is opened with few draws.
const open = (name, options) => openPage(site, withFewDraws(name), options);

test("the tutorial's calculators refuse text that is no number in the reader's words, with no figures beside it", async () => {
  const { page, problems } = await open('tutorial.html');
  const spread = 'nl-mean-spread';
  await page.locator(`${spread} >> input[data-k="1"]`).fill('abc');
  const note = page.locator(`${spread} >> [data-note]`);
  assert.equal(await note.textContent(), "number 2: not a number: 'abc'");
  assert.equal(await note.getAttribute('data-error-name'), 'NonFiniteError');
  assert.equal(await page.locator(`${spread} >> [data-out="mean"]`).textContent(), '–');
  await page.locator(`${spread} >> input[data-k="1"]`).fill('');
  assert.equal(await note.textContent(), 'number 2: empty; type a number');
  // A minus sign as the page prints it is read as one.
  await page.locator(`${spread} >> input[data-k="1"]`).fill('−4');
  assert.equal(await page.locator(`${spread} >> [data-out="mean"]`).textContent(), '1.33');
  assert.equal(await note.getAttribute('data-error-name'), null);

  const hand = 'nl-batch-by-hand';
  await page.locator(`${hand} >> input[data-scale="1"]`).fill('x');
  const problem = page.locator(`${hand} >> [data-problem]`);
  assert.equal(await problem.textContent(), "γ of feature 2: not a number: 'x'");
  assert.equal(await problem.getAttribute('data-error-name'), 'NonFiniteError');
  assert.equal(await page.locator(`${hand} >> [data-output] td`).count(), 0);
  assert.equal(await page.locator(`${hand} >> [data-out="mean"]`).textContent(), '–');
  await page.locator(`${hand} >> input[data-scale="1"]`).fill('1');
  assert.equal(await problem.textContent(), '');
  assert.equal(await page.locator(`${hand} >> [data-output] td`).count(), 12);
  assert.deepEqual(problems, []);
});

test('the bowl says when descent cannot settle, and shows no figures beside a refused learning rate', async () => {
  const { page, problems } = await open('tutorial.html');
  const rate = page.locator('nl-bowl >> [data-bowl="stretched"] input[data-rate]');
  const verdict = page.locator('nl-bowl >> [data-bowl="stretched"] [data-verdict]');
  const factors = page.locator('nl-bowl >> [data-out="stretched-factors"]');
  await rate.fill('0');
  await rate.dispatchEvent('change');
  assert.equal(await factors.textContent(), '1, 1');
  assert.match(await verdict.textContent(), /never shrinks/);
  await rate.fill('');
  await rate.dispatchEvent('change');
  assert.equal(await verdict.textContent(), 'learning rate: empty; type a number');
  assert.equal(await factors.textContent(), '–');
  await rate.fill('-3');
  await rate.dispatchEvent('change');
  assert.equal(await verdict.getAttribute('data-error-name'), 'OptionError');
  assert.equal(await page.locator('nl-bowl >> [data-out="stretched-loss"]').textContent(), '–');
  await rate.fill('0.035');
  await rate.dispatchEvent('change');
  assert.equal(await factors.textContent(), '0.93, −0.75');
  assert.match(await verdict.textContent(), /settles/);
  assert.deepEqual(problems, []);
});

test('parameter counts: no stale table beside a refused width, and an empty width asks for a number', async () => {
  const { page, problems } = await open('tutorial.html');
  const tag = 'nl-parameter-count';
  const width = page.locator(`${tag} >> input[data-width]`);
  const problem = page.locator(`${tag} >> [data-problem]`);
  await width.fill('');
  await width.dispatchEvent('change');
  assert.equal(await problem.textContent(), 'width: empty; type a number');
  assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 0);
  await width.fill('0');
  await width.dispatchEvent('change');
  assert.equal(await problem.getAttribute('data-error-name'), 'OptionError');
  assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 0);
  await width.fill('768');
  await width.dispatchEvent('change');
  assert.equal(await problem.textContent(), '');
  assert.equal(await page.locator(`${tag} >> [data-caption]`).textContent(), 'At width 768');
  assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 3);
  assert.deepEqual(problems, []);
});

test('running averages: no stale table or chart beside a refused rate, and an empty rate asks for a number', async () => {
  const { page, problems } = await open('tutorial.html');
  const tag = 'nl-momentum';
  const rate = page.locator(`${tag} >> input[data-rate]`);
  const problem = page.locator(`${tag} >> [data-problem]`);
  await rate.fill('-3');
  await rate.dispatchEvent('change');
  assert.equal(await problem.getAttribute('data-error-name'), 'KeepError');
  assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 0);
  assert.ok(await page.locator(`${tag} >> .chart`).isHidden());
  await rate.fill('');
  await rate.dispatchEvent('change');
  assert.equal(await problem.textContent(), 'momentum: empty; type a number');
  await rate.fill('0.1');
  await rate.dispatchEvent('change');
  assert.equal(await problem.textContent(), '');
  assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 3);
  assert.equal(await page.locator(`${tag} >> tbody tr:last-child td`).nth(2).textContent(), '1.093');
  assert.ok(await page.locator(`${tag} >> .chart`).isVisible());
  assert.deepEqual(problems, []);
});
