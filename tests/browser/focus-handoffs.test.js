// Focus handed on, never dropped: a re-render keeps focus on the control that caused it, and a
// button disabled under the reader's focus hands it to the button that takes its place.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CROWD_CHARS, CROWD_PEOPLE_ON_ARRIVAL } from '../../web/src/host/limits.js';
import { focusIn, openPage, useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();
const open = (name, options) => openPage(site, name, options);

test('the mean-and-spread calculator keeps focus on "+" and "−" as the list grows and shrinks', async () => {
  const { page, problems } = await open('tutorial.html');
  const tag = 'nl-mean-spread';
  await page.locator(`${tag} >> button[data-add]`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  assert.equal(await focusIn(page, tag), 'button[add=]');
  assert.equal(await page.locator(`${tag} >> input[data-k]`).count(), 5);
  await page.keyboard.press('Tab');
  for (let k = 0; k < 3; k++) await page.keyboard.press('Enter');
  assert.equal(await focusIn(page, tag), 'button[remove=]');
  assert.equal(await page.locator(`${tag} >> input[data-k]`).count(), 2);
  // The last removal disables "−": focus moves to "+", not to the page.
  await page.keyboard.press('Enter');
  assert.equal(await page.locator(`${tag} >> input[data-k]`).count(), 1);
  assert.equal(await focusIn(page, tag), 'button[add=]');
  assert.deepEqual(problems, []);
});

// A crowd from a link larger than the comparison trains on arrival: the widget waits for the
// reader, and its 125 trainings then take about a second (the essay's 25 people train in less
// than a tenth of one, which can end a run before the focus is read). One-digit measurements keep
// it within a link's characters.
const PEOPLE = CROWD_PEOPLE_ON_ARRIVAL + 30;
const LARGE_CROWD = Array.from(
  { length: PEOPLE },
  (_, k) => `${1 + ((k * 7) % 9)},${1 + ((k * 5) % 9)},${k % 2}\n`,
).join('');

test("the comparison's Train and Cancel hand focus to each other instead of dropping it", async () => {
  assert.ok(LARGE_CROWD.length <= CROWD_CHARS, 'the crowd fits in a link');
  const { page, problems } = await open(`index.html#comparison=crowd:${encodeURIComponent(LARGE_CROWD)}`);
  const tag = 'nl-comparison';
  await page.waitForFunction(
    (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-run]')?.disabled === false,
    tag,
    {
      timeout: 120000,
    },
  );
  assert.equal(await page.locator(`${tag} >> [data-run]`).textContent(), 'Train on this crowd');
  await page.locator(`${tag} >> [data-run]`).focus();
  await page.keyboard.press('Enter');
  assert.equal(await focusIn(page, tag), 'button[cancel=]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-run]')?.disabled === false,
    tag,
  );
  assert.equal(await focusIn(page, tag), 'button[run=]');
  assert.match(await page.locator(`${tag} >> [data-status]`).textContent(), /Cancelled/);
  assert.deepEqual(problems, []);
});

test('the MNIST lab: Cancel hands focus to Train, and after Reset nothing asks networks that are gone', async () => {
  const { page, problems } = await open('mnist.html');
  const tag = 'nl-mnist-lab';
  const lab = (selector) => page.locator(`${tag} >> ${selector}`);
  await lab('[data-act="train"]').click();
  await page.waitForFunction(
    (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-act="digit"]')?.disabled === false,
    tag,
    { timeout: 120000 },
  );
  await lab('[data-act="cancel"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focusIn(page, tag), 'button[act=train]');
  await lab('[data-act="reset"]').click();
  for (const control of ['[data-act="digit"]', '[data-act="clear"]', '[data-act="activations"]', '[data-digit]'])
    assert.ok(await lab(control).isDisabled(), `${control} is still enabled after Reset`);
  assert.match(await lab('[data-out="status"]').textContent(), /^Reset/);
  assert.deepEqual(problems, []);
});
