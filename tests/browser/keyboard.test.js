// The tutorial and MNIST chapters from the keyboard: toggle groups are one tab stop moved through
// with the arrow keys, and the drawing pad has a keyboard alternative it names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { focusIn, openPage, useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();
const open = (name, options) => openPage(site, name, options);

test("the tutorial's toggle groups are one tab stop each, moved through with the arrow keys", async () => {
  const { page, problems } = await open('tutorial.html');
  const groups = [
    ['nl-toggles', 'kind', ['batch', 'layer', 'rms']],
    ['nl-toggles', 'example', ['0', '1', '2', '3']],
    ['nl-batch-by-hand', 'feature', ['0', '1', '2']],
    ['nl-momentum', 'convention', ['momentum', 'keep']],
    ['nl-drift', 'layer', ['0', '1', '2', '3', '4']],
  ];
  for (const [tag, key, values] of groups) {
    const pressed = page.locator(`${tag} >> button[data-${key}][aria-pressed="true"]`);
    const first = await pressed.getAttribute(`data-${key}`);
    assert.equal(await page.locator(`${tag} >> button[data-${key}][tabindex="0"]`).count(), 1, `${tag} ${key}`);
    await pressed.focus();
    await page.keyboard.press('ArrowRight');
    const next = values[(values.indexOf(first) + 1) % values.length];
    assert.equal(await pressed.getAttribute(`data-${key}`), next, `${tag} ${key}: ArrowRight presses the next`);
    assert.equal(await focusIn(page, tag), `button[${key}=${next}]`);
    // Tab leaves the group rather than visiting its other buttons.
    await page.keyboard.press('Tab');
    const after = await focusIn(page, tag);
    assert.ok(!after?.startsWith(`button[${key}=`), `${tag} ${key}: Tab stayed in the group (${after})`);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await pressed.getAttribute(`data-${key}`), first);
  }
  assert.deepEqual(problems, []);
});

test("the MNIST pad's keyboard alternative says it takes a digit's number, and the pad says how to use it", async () => {
  const { page, problems } = await open('mnist.html');
  const lab = page.locator('nl-mnist-lab');
  assert.equal(await lab.getByRole('spinbutton', { name: 'or held-out digit number' }).count(), 1);
  const description = await lab
    .locator('[data-pad]')
    .evaluate((pad) => pad.getRootNode().getElementById(pad.getAttribute('aria-describedby'))?.textContent ?? '');
  assert.match(description, /held-out digit/);
  assert.deepEqual(problems, []);
});
