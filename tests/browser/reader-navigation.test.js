// Finding one's way: the contents list every section, and a link to a section's heading (typed
// into the address or followed from the contents) lands with the heading at the top of the
// window, after the sections and widgets around it have been laid out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();

const headingTop = (page, id) =>
  page.evaluate((i) => document.getElementById(i).querySelector('h2').getBoundingClientRect().top, id);

test('the contents link every section of the essay', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.server.url}/index.html`);
  const links = await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const sections = await page.locator('main > section[id]').evaluateAll((ss) => ss.map((s) => `#${s.id}`));
  assert.deepEqual(links, sections);
  await page.close();
});

for (const width of [1280, 375]) {
  test(`a deep link lands on its heading at ${width} px`, async () => {
    const page = await site.browser.newPage({ viewport: { width, height: 900 } });
    for (const id of ['measurements', 'row', 'contract']) {
      await page.goto(`${site.server.url}/index.html#${id}`);
      await page.waitForTimeout(2600); // past the last re-landing
      const top = await headingTop(page, id);
      assert.ok(top >= 0 && top < 120, `#${id} lands at y = ${top}`);
    }
    // Followed from the contents.
    await page.goto(`${site.server.url}/index.html`);
    await page.locator('nav.toc a[href="#weight-norm"]').click();
    await page.waitForTimeout(2600);
    const top = await headingTop(page, 'weight-norm');
    assert.ok(top >= 0 && top < 120, `#weight-norm lands at y = ${top}`);
    await page.close();
  });
}
