// Attributes are checked against each widget's option table: every value the table does not
// allow shows a notice in the widget naming the attribute, the value and what is allowed, and
// the default is used; allowed values show none. The cases the embedding guide's tables list
// are made from the tables themselves, so a new option is tested as soon as it is documented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useSite } from './site.js';

let browser, server, names;

useSite({
  pages: {
    'bare.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module" src="./normlab-widgets.js"></script><div id="shelf"></div>`,
  },
  then: async (site) => {
    ({ browser, server } = site);
    const guide = await browser.newPage();
    await guide.goto(`${server.url}/embed.html`);
    await guide.waitForFunction(() => document.querySelectorAll('#docs section').length > 0);
    names = await guide.$$eval('#docs h2', (hs) => hs.map((h) => h.textContent.match(/^<([a-z-]+)>/)[1]));
    await guide.close();
  },
});

test('every option of every table refuses its disallowed values with a notice and accepts its default', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/bare.html`);
  await page.waitForFunction(() => customElements.get('nl-playground'));
  const report = await page.evaluate((tags) => {
    // Values each type of option must refuse, given its table entry.
    const refused = (o) => {
      if (o.choices) return ['nonsense', String(o.choices[0]).toUpperCase() + 'X'];
      const out = [];
      if (o.type === 'boolean') out.push('no', '0', 'yes');
      if (o.type === 'number' || o.type === 'integer') out.push('abc', '', '1e999');
      if (o.type === 'integer') out.push('2.5');
      if (o.min !== undefined) out.push(String(o.min - 1));
      if (o.max !== undefined) out.push(String(o.max + 1));
      if (o.type === 'block') out.push('1;2,3', '1,x', '');
      return out;
    };
    const results = [];
    const shelf = document.getElementById('shelf');
    for (const tag of tags) {
      const cls = customElements.get(tag);
      for (const o of cls.options) {
        const cases = [
          ...refused(o).map((v) => ({ value: v, allowed: false })),
          { value: Array.isArray(o.default) ? o.default.join(',') : String(o.default), allowed: true },
        ];
        for (const c of cases) {
          const el = document.createElement(tag);
          el.setAttribute(o.name, c.value);
          shelf.append(el);
          const value = el.config[o.name];
          const notices = [...el.shadowRoot.querySelectorAll('[part="notices"] p')].map((p) => p.textContent);
          results.push({ tag, option: o.name, ...c, notices, usedDefault: String(value) === String(o.default) });
          el.remove();
        }
      }
    }
    return results;
  }, names);
  assert.ok(report.length > 60, `only ${report.length} cases`);
  for (const r of report) {
    const where = `<${r.tag} ${r.option}="${r.value}">`;
    if (r.allowed) assert.deepEqual(r.notices, [], where);
    else {
      assert.equal(r.notices.length, 1, `${where} showed ${JSON.stringify(r.notices)}`);
      assert.ok(r.notices[0].startsWith(`${r.option}="${r.value}" is not allowed: ${r.option} takes `), r.notices[0]);
      assert.match(r.notices[0], /Using the default, .+\.$/, where);
      assert.ok(r.usedDefault, `${where} did not fall back to the default`);
    }
  }
  await page.close();
});

test("the issue's silent fallbacks now say so in the widget, which works with the default", async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/bare.html`);
  await page.evaluate(() => {
    document.getElementById('shelf').innerHTML = `
      <nl-gradient-check case="nonsense"></nl-gradient-check>
      <nl-playground kind="LAYER"></nl-playground>
      <nl-covariate-shift network="bogus"></nl-covariate-shift>
      <nl-running-average steps="5"></nl-running-average>
      <nl-running-average rows="1,2;3" id="rows"></nl-running-average>
      <nl-playground state="kind:layer~colour:red" id="stated"></nl-playground>
      <nl-two-numbers theme="blue"></nl-two-numbers>`;
  });
  const expected = [
    ['nl-gradient-check', 'case="nonsense" is not allowed: case takes one of '],
    [
      'nl-playground',
      'kind="LAYER" is not allowed: kind takes one of batch, layer, rms, group. Using the default, batch.',
    ],
    [
      'nl-covariate-shift',
      'network="bogus" is not allowed: network takes one of plain, batch. Using the default, plain.',
    ],
    [
      'nl-running-average',
      'steps="5" is not allowed: steps takes a whole number from 10 to 1000. Using the default, 100.',
    ],
    ['#rows', 'rows="1,2;3" is not allowed: rows takes rows of numbers'],
    ['#stated', 'The state part "colour:red" names no option of this widget'],
    ['nl-two-numbers', 'theme="blue" is not allowed: theme takes one of auto, light, dark. Using the default, auto.'],
  ];
  for (const [selector, start] of expected) {
    await page.locator(selector).first().scrollIntoViewIfNeeded();
    const notice = page.locator(`${selector} >> [part="notices"] p`).first();
    await notice.waitFor({ timeout: 20000 });
    assert.ok((await notice.textContent()).startsWith(start), await notice.textContent());
    assert.ok(await notice.isVisible());
  }
  // The widgets still work, with the defaults: the playground shows batch norm's first answer.
  await page.waitForFunction(
    () => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'),
    null,
    { timeout: 20000 },
  );
  assert.equal(
    await page.locator('nl-playground >> button[data-kind="batch"]').first().getAttribute('aria-pressed'),
    'true',
  );
  assert.equal(await page.locator('#stated >> button[data-kind="layer"]').getAttribute('aria-pressed'), 'true');
  await page.close();
});
