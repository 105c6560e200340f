// The chapters from the keyboard: a reader tabbing down from the top meets each widget's controls,
// even one not built yet when Tab reaches it; toggle groups are one tab stop moved through with the
// arrow keys, their focus ring shown whole; and the drawing pad has a keyboard alternative it names.
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

for (const [chapter, tag, control] of [
  ['index.html', 'nl-playground', 'button[data-kind]'],
  ['tutorial.html', 'nl-drift', 'input[data-seed]'],
]) {
  test(`${chapter}: tabbing down from the top reaches ${tag}'s controls, not only its footer`, async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/${chapter}`);
    await page.waitForFunction(() => customElements.get('nl-playground') || customElements.get('nl-drift'));
    // Tab until focus enters the widget; it is not built yet when Tab reaches it.
    let presses = 0;
    while (!(await page.evaluate((t) => document.activeElement?.localName === t, tag))) {
      assert.ok(presses++ < 200, `${tag} never took the focus after ${presses} presses of Tab`);
      await page.keyboard.press('Tab');
    }
    // Once built, focus is on its body's first control, not on its footer's tools.
    await page.waitForFunction(
      (t) => {
        const a = document.querySelector(t)?.shadowRoot?.activeElement;
        return a && !a.matches('.loading') && a.closest('[part="body"]') !== null;
      },
      tag,
      { timeout: 60000 },
    );
    assert.equal(
      await page.evaluate(
        (t) => document.querySelector(t).shadowRoot.activeElement.closest('[part]').getAttribute('part'),
        tag,
      ),
      'body',
    );
    const first = await page.evaluate(
      ([t, c]) => document.querySelector(t).shadowRoot.activeElement.matches(c),
      [tag, control],
    );
    assert.ok(first, `${tag}: focus on its first control (${control})`);
    await page.close();
  });
}

test("a toggle group's focus ring shows whole, inside its rounded frame", async () => {
  const { page } = await open('index.html');
  const button = page.locator('nl-covariate-shift >> .group button[aria-pressed="true"]').first();
  await button.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  const ring = await page.evaluate(() => {
    const b = document.querySelector('nl-covariate-shift').shadowRoot.activeElement;
    const style = getComputedStyle(b);
    return {
      width: style.outlineWidth,
      offset: style.outlineOffset,
      clips: getComputedStyle(b.parentElement).overflow,
    };
  });
  assert.equal(ring.width, '3px');
  assert.equal(ring.clips, 'hidden');
  assert.equal(ring.offset, '-3px', 'the ring is drawn inside the button, which the group does not clip');
});
