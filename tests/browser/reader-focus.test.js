// The essay's widgets from the keyboard: a re-render keeps focus on the control that caused it
// (or its successor), toggle groups are one tab stop moved through with the arrow keys, the
// gradient check's menu works from the keyboard, and the playground's traps are gone (Undo
// exactly in both purposes, Step says what it moved, no stale readouts beside an error).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bringIntoView, useSiteAndBrowser } from './site.js';

let page;
const site = useSiteAndBrowser();

/** What has focus inside a widget: its tag and data attributes, or 'outside'. */
const focused = (tag) =>
  page.evaluate((t) => {
    const el = document.querySelector(t).shadowRoot.activeElement;
    if (!el) return 'outside';
    return `${el.localName}${Object.entries(el.dataset)
      .map(([k, v]) => `[${k}=${v}]`)
      .join('')}`;
  }, tag);

async function ready(tag, selector) {
  await bringIntoView(page, tag);
  await page.waitForFunction(([t, s]) => document.querySelector(t).shadowRoot?.querySelector(s), [tag, selector], {
    timeout: 60000,
  });
}

async function fresh() {
  await page?.close();
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.server.url}/index.html`);
  await ready('nl-playground', '.answer td');
}

test('playground: Enter and Space on Batch, Layer, RMS and Group keep focus on the button pressed', async () => {
  await fresh();
  for (const [kind, key] of [
    ['layer', 'Enter'],
    ['rms', ' '],
    ['group', 'Enter'],
    ['batch', ' '],
  ]) {
    await page.locator(`nl-playground >> button[data-kind="${kind}"]`).focus();
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    assert.equal(await focused('nl-playground'), `button[kind=${kind}]`);
    assert.equal(
      await page.locator(`nl-playground >> button[data-kind="${kind}"]`).getAttribute('aria-pressed'),
      'true',
    );
  }
});

test('playground: remove-row and Add a row keep focus in the widget', async () => {
  await fresh();
  await page.locator('nl-playground >> button[data-remove-row="3"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focused('nl-playground'), 'button[removeRow=2]');
  await page.keyboard.press('Space');
  assert.equal(await focused('nl-playground'), 'button[removeRow=1]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // One row left: its button is disabled, so focus moves on to Add a row.
  assert.equal(await focused('nl-playground'), 'button[addRow=]');
  await page.keyboard.press('Enter');
  assert.equal(await focused('nl-playground'), 'button[addRow=]');
  assert.equal(await page.locator('nl-playground >> tbody tr[data-row]').count(), 3);
});

test('playground: Remove a feature, disabled at one feature, hands focus to Add a feature', async () => {
  await fresh();
  await ready('nl-playground', 'button[data-remove-col]');
  await page.locator('nl-playground >> button[data-remove-col]').focus();
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('nl-playground >> button[data-remove-col]').isDisabled(), 'one feature left');
  assert.equal(await focused('nl-playground'), 'button[addCol=]');
  await page.keyboard.press('Enter');
  assert.equal(await focused('nl-playground'), 'button[addCol=]');
});

test('toggle groups are one tab stop each, moved through with the arrow keys', async () => {
  await fresh();
  const kinds = page.locator('nl-playground >> button[data-kind]');
  assert.deepEqual(await kinds.evaluateAll((bs) => bs.map((b) => b.tabIndex)), [0, -1, -1, -1]);
  await page.locator('nl-playground >> button[data-kind="batch"]').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused('nl-playground'), 'button[kind=layer]');
  assert.equal(await page.locator('nl-playground >> button[data-kind="layer"]').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await kinds.evaluateAll((bs) => bs.map((b) => b.tabIndex)), [-1, 0, -1, -1]);
  await page.keyboard.press('End');
  assert.equal(await focused('nl-playground'), 'button[kind=group]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused('nl-playground'), 'button[kind=batch]');

  await ready('nl-two-numbers', 'tbody td');
  await page.locator('nl-two-numbers >> button[data-kind="layer"]').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused('nl-two-numbers'), 'button[kind=rms]');
  assert.equal(await page.locator('nl-two-numbers >> button[data-kind="rms"]').getAttribute('aria-pressed'), 'true');

  await ready('nl-covariate-shift', '[data-out="shift"]');
  await page.waitForFunction(
    () => !document.querySelector('nl-covariate-shift').shadowRoot.querySelector('[data-status]'),
    null,
    {
      timeout: 60000,
    },
  );
  await page.locator('nl-covariate-shift >> button[data-net="plain"]').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused('nl-covariate-shift'), 'button[net=batch]');
  assert.equal(
    await page.locator('nl-covariate-shift >> button[data-net="batch"]').getAttribute('aria-pressed'),
    'true',
  );
});

test("the gradient check's case menu works from the keyboard and keeps focus", async () => {
  await fresh();
  await ready('nl-gradient-check', '[data-block="dx"] td');
  const menu = page.locator('nl-gradient-check >> select[data-case]');
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused('nl-gradient-check'), 'select[case=]');
  assert.equal(await menu.inputValue(), 'layer-three');
  await page.keyboard.press('ArrowDown');
  assert.equal(await menu.inputValue(), 'layer-four');
  assert.equal(await focused('nl-gradient-check'), 'select[case=]');
  // A refused slope leaves no readout of an earlier one beside the error.
  await page.locator('nl-gradient-check >> input[data-i="0"][data-j="0"]').fill('x');
  assert.ok(await page.locator('nl-gradient-check >> .error').isVisible());
  assert.equal((await page.locator('nl-gradient-check >> [data-out="naiveGap"]').textContent()).trim(), '–');
  assert.equal(await page.locator('nl-gradient-check >> [data-block="dx"] td').count(), 0);
});

test('playground: Undo exactly under Predict is disabled with its reason; Step says what it moved', async () => {
  await fresh();
  const pg = (s) => page.locator(`nl-playground >> ${s}`);
  await pg('button[data-purpose="predict"]').click();
  assert.ok(await pg('button[data-undo]').isDisabled());
  assert.match(await pg('[data-undo-why]').textContent(), /Train/);
  await pg('button[data-purpose="train"]').click();
  assert.ok(await pg('button[data-undo]').isEnabled());
  await pg('button[data-undo]').click();
  // Switching axis after Undo exactly offers to put scale and shift back.
  await pg('button[data-kind="layer"]').click();
  assert.ok(await pg('button[data-reset-params]').isVisible());
  await pg('button[data-step]').click();
  assert.match(await pg('[data-step-said]').textContent(), /moved nothing/);
  assert.equal((await pg('[data-out="steps"]').textContent()).trim(), '0');
  await pg('button[data-reset-params]').click();
  assert.equal(await pg('input[data-param="scale"][data-j="0"]').inputValue(), '1');
  await pg('button[data-kind="batch"]').click();
  await pg('button[data-step]').click();
  assert.match(await pg('[data-step-said]').textContent(), /running figures/);
  assert.equal((await pg('[data-out="steps"]').textContent()).trim(), '1');
  // A refused block leaves no running figures beside the error.
  await pg('input[data-i="0"][data-j="0"]').fill('abc');
  assert.equal((await pg('.error').textContent()).trim(), "row 1, feature 1: not a number: 'abc'");
  assert.equal(await pg('.error').getAttribute('data-error-name'), 'NonFiniteError');
  assert.equal(await pg('.answer td').count(), 0);
  assert.equal((await pg('[data-out="rmean"]').textContent()).trim(), '–');
});

test('playground: the live summary waits for the reader to stop typing', async () => {
  await fresh();
  const cell = page.locator('nl-playground >> input[data-i="0"][data-j="0"]');
  await cell.fill('2');
  const early = await page.locator('nl-playground >> [data-announce]').textContent();
  // Once the reader has stopped, the summary comes.
  await page.waitForFunction(
    () => document.querySelector('nl-playground')?.shadowRoot?.querySelector('[data-announce]')?.textContent !== '',
    null,
    { timeout: 30000 },
  );
  const late = await page.locator('nl-playground >> [data-announce]').textContent();
  assert.equal(early, '');
  assert.match(late, /largest gap/);
  assert.equal(await page.locator('nl-playground >> .readouts[aria-live]').count(), 0);
});

test('loss curves: one panel per arrangement keeps every line in sight; the toggles hide a panel too', async () => {
  await fresh();
  await ready('nl-loss-curves', 'button[data-layout="panels"]');
  await page.locator('nl-loss-curves >> button[data-layout="panels"]').click();
  const panels = page.locator('nl-loss-curves >> figure[data-panel]');
  assert.equal(await panels.count(), 5);
  assert.ok(await page.locator('nl-loss-curves >> .chart.tall').isHidden());
  // Each panel draws its own arrangement last, so nothing is drawn over it (each panel's chart is
  // made in a task of its own).
  await page.waitForFunction(
    () => [...document.querySelector('nl-loss-curves').charts].filter((c) => c.canvas.closest('figure')).length === 5,
  );
  const last = await page.evaluate(() =>
    [...document.querySelector('nl-loss-curves').charts]
      .filter((c) => c.canvas.closest('figure'))
      .map((c) => c.data.datasets.filter((d) => d.borderWidth !== 1).length),
  );
  assert.deepEqual(last.length, 5);
  assert.ok(last.every((n) => n >= 1));
  await page.locator('nl-loss-curves >> button[data-show="weightNorm"]').click();
  assert.ok(await page.locator('nl-loss-curves >> figure[data-panel="weightNorm"]').isHidden());
  await page.locator('nl-loss-curves >> button[data-layout="together"]').click();
  assert.ok(await page.locator('nl-loss-curves >> .chart.tall').isVisible());
});

test('covariate shift: one unit can be picked out from the keyboard and by pointing at its line', async () => {
  await fresh();
  await ready('nl-covariate-shift', 'select[data-unit]');
  await page.waitForFunction(
    () => document.querySelector('nl-covariate-shift').chart.data.datasets.length === 16,
    null,
    {
      timeout: 60000,
    },
  );
  const menu = page.locator('nl-covariate-shift >> select[data-unit]');
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await menu.inputValue(), '1');
  const strong = () =>
    page.evaluate(() =>
      document
        .querySelector('nl-covariate-shift')
        .chart.data.datasets.filter((d) => d.borderWidth === 3)
        .map((d) => d.label),
    );
  assert.deepEqual(await strong(), ['unit 2']);
  assert.match(await page.locator('nl-covariate-shift >> [data-unit-said]').textContent(), /^Unit 2: mean /);
  // Pointing at the chart picks the line nearest the pointer.
  const box = await page.locator('nl-covariate-shift >> canvas').boundingBox();
  await page.evaluate(() => {
    const canvas = document.querySelector('nl-covariate-shift').shadowRoot.querySelector('canvas');
    window.pointed = new Promise((resolve) => canvas.addEventListener('mousemove', resolve, { once: true }));
  });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.3);
  // The chart reads a pointer move in the next animation frame: the move arrived, then two frames.
  await page.evaluate(async () => {
    await window.pointed;
    for (let k = 0; k < 2; k++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  const picked = await strong();
  assert.equal(picked.length, 1);
  assert.equal(await menu.inputValue(), String(Number(picked[0].split(' ')[1]) - 1));
});
