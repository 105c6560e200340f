// Every attribute has a property of the same meaning, as the platform's elements have: a
// framework that sets properties (React 19 does, on a defined element, before and after it
// mounts) gets the widget an author gets from attributes. Set, a property writes its attribute and
// the widget draws again; read, it gives the value the widget shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_WIDGETS } from '../../web/src/widgets/registry.js';
import { useSite, watchForProblems } from './site.js';

let browser, server;

useSite({
  pages: {
    'props.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module" src="./normlab-widgets.js"></script>
    <nl-playground id="by-attribute" kind="rms" rows="1,2;3,5;4,4"></nl-playground>
    <nl-playground id="by-property"></nl-playground>`,
  },
  then: async (site) => ({ browser, server } = site),
});

test('every option of every widget is a property: its default read, its attribute written, null removing it', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/props.html`);
  await page.waitForFunction(() => customElements.get('nl-playground'));
  const wrong = await page.evaluate((tags) => {
    const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    const written = (v) => (Array.isArray(v) ? v.join(',') : String(v));
    const out = [];
    for (const tag of tags)
      for (const o of customElements.get(tag).options) {
        const el = document.createElement(tag);
        const p = camel(o.name);
        if (!(p in el)) out.push(`${tag}: no ${p}`);
        else if (written(el[p]) !== written(o.default)) out.push(`${tag}.${p} reads ${written(el[p])}`);
        el[p] = o.default;
        if (el.getAttribute(o.name) !== written(o.default)) out.push(`${tag}.${p} wrote ${el.getAttribute(o.name)}`);
        el[p] = null;
        if (el.hasAttribute(o.name)) out.push(`${tag}.${p} = null kept the attribute`);
      }
    return out;
  }, ALL_WIDGETS);
  assert.deepEqual(wrong, []);
  await page.close();
});

test('a playground set through its properties after it drew is the one its attributes make', async () => {
  const page = await browser.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${server.url}/props.html`);
  const answer = (id) => page.locator(`#${id} >> .answer td`).allTextContents();
  const pressed = (id) => page.locator(`#${id} >> [data-kind][aria-pressed="true"]`).textContent();
  await page.waitForFunction(() =>
    ['by-attribute', 'by-property'].every((id) => document.getElementById(id).shadowRoot?.querySelector('.answer td')),
  );
  const before = await answer('by-property');
  await page.evaluate(() => {
    const el = document.getElementById('by-property');
    el.kind = 'rms';
    el.rows = '1,2;3,5;4,4';
  });
  await page.waitForFunction((b) => {
    const cells = [...(document.getElementById('by-property')?.shadowRoot?.querySelectorAll('.answer td') ?? [])];
    return cells.length > 0 && cells.map((c) => c.textContent).join() !== b.join();
  }, before);
  assert.deepEqual(await answer('by-property'), await answer('by-attribute'));
  assert.equal(await pressed('by-property'), 'RMS');
  const read = await page.evaluate(() =>
    ['by-property', 'by-attribute'].map((id) => {
      const el = document.getElementById(id);
      return { kind: el.kind, attribute: el.getAttribute('kind'), rows: el.rows, state: el.state };
    }),
  );
  const rms = { kind: 'rms', attribute: 'rms', rows: '1,2;3,5;4,4', state: 'rows:1,2;3,5;4,4~kind:rms' };
  assert.deepEqual(read, [rms, rms]);

  // The reader's choice is what the property reads; the host's next one wins over it.
  await page.locator('#by-property >> [data-kind="layer"]').click();
  assert.deepEqual(
    await page.evaluate(() => {
      const el = document.getElementById('by-property');
      return [el.kind, el.getAttribute('kind'), el.state];
    }),
    ['layer', 'rms', 'rows:1,2;3,5;4,4~kind:layer'],
  );
  await page.evaluate(() => (document.getElementById('by-property').kind = 'batch'));
  await page.waitForFunction(() => {
    const el = document.getElementById('by-property');
    return el.shadowRoot.querySelector('[data-kind="batch"][aria-pressed="true"]') && el.state === 'rows:1,2;3,5;4,4';
  });

  // The caption and the theme are properties too; the attribute still works after either.
  const caption = () => page.locator('#by-property >> [part="caption"]');
  await page.evaluate(() => (document.getElementById('by-property').caption = 'Set as a property'));
  assert.equal(await caption().textContent(), 'Set as a property');
  await page.evaluate(() => document.getElementById('by-property').setAttribute('caption', 'Set as an attribute'));
  assert.equal(await caption().textContent(), 'Set as an attribute');
  await page.evaluate(() => (document.getElementById('by-property').caption = null));
  assert.equal(await caption().textContent(), 'Playground');
  await page.evaluate(() => (document.getElementById('by-property').theme = 'dark'));
  assert.deepEqual(
    await page.evaluate(() => {
      const el = document.getElementById('by-property');
      return [el.theme, el.getAttribute('theme')];
    }),
    ['dark', 'dark'],
  );
  assert.deepEqual(problems, []);
  await page.close();
});
