// Focus handed on, never dropped: a re-render keeps focus on the control that caused it, and a
// button disabled under the reader's focus hands it to the button that takes its place.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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

// A crowd of 330 people from a link (one-digit measurements: a link holds at most 2,048 of a
// crowd's characters): the comparison waits for the reader, and its 125 trainings then take
// seconds (the essay's 25 people train in less than a tenth of one, which can end a run before
// the focus is read).
const LARGE_CROWD = Array.from({ length: 330 }, (_, k) => `${1 + ((k * 7) % 9)},${1 + ((k * 5) % 9)},${k % 2}%0A`).join(
  '',
);

test("the comparison's Train again and Cancel hand focus to each other instead of dropping it", async () => {
  const { page, problems } = await open(`index.html#comparison=crowd:${LARGE_CROWD}`);
  const tag = 'nl-comparison';
  await page.waitForFunction((t) => !document.querySelector(t).shadowRoot.querySelector('[data-run]').disabled, tag, {
    timeout: 120000,
  });
  assert.equal(await page.locator(`${tag} >> [data-run]`).textContent(), 'Train on this crowd');
  await page.locator(`${tag} >> [data-run]`).focus();
  await page.keyboard.press('Enter');
  assert.equal(await focusIn(page, tag), 'button[cancel=]');
  await page.keyboard.press('Enter');
  await page.waitForFunction((t) => !document.querySelector(t).shadowRoot.querySelector('[data-run]').disabled, tag);
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
    (t) => !document.querySelector(t).shadowRoot.querySelector('[data-act="digit"]').disabled,
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
