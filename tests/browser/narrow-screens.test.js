// The tutorial and MNIST chapters on a phone: every element of their widgets fits its widget or
// scrolls inside it at 320 and 375 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axisTitlesThatDoNotFit, emptyChartPanels, tablesThatDoNotFit } from './phone-fit.js';
import { openPage, useSiteAndBrowser, withFewDraws } from './site.js';

const site = useSiteAndBrowser();
// Layout is checked, not the starting slopes' figures: the tutorial is opened with few draws.
const open = (name, options) => openPage(site, withFewDraws(name), options);

for (const name of ['tutorial.html', 'mnist.html']) {
  for (const width of [320, 375]) {
    test(`at ${width} px every element of ${name}'s widgets fits its widget or scrolls inside it`, async () => {
      const { page, problems } = await open(name, { width });
      const out = await page.evaluate(() => {
        const found = [];
        for (const host of document.querySelectorAll('*')) {
          if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
          const box = host.shadowRoot.querySelector('.widget').getBoundingClientRect();
          for (const el of host.shadowRoot.querySelectorAll('.widget *')) {
            if (el.closest('.scroll-x, details:not([open]), [hidden]')) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
              found.push(`${host.localName} ${el.localName}: ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
          }
          for (const s of host.shadowRoot.querySelectorAll('.scroll-x')) {
            const r = s.getBoundingClientRect();
            if (r.width > 0 && r.right > box.right + 0.5) found.push(`${host.localName}: a scroll box sticks out`);
          }
        }
        return { found, pageWidth: document.documentElement.scrollWidth };
      });
      assert.deepEqual(out.found, []);
      assert.ok(out.pageWidth <= width, `the page is ${out.pageWidth} px wide`);
      assert.deepEqual(problems, []);
    });
  }
}

// At 375 px (a phone) on every chapter: no table scrolls sideways or lets its caption run past
// it, every axis title lies within its axis, and no widget shows an empty chart panel
// (phone-fit.js; WebKit's run is tests/engines/phone.test.js).
for (const name of ['index.html', 'tutorial.html', 'mnist.html'])
  test(`at 375 px ${name}'s tables, axis titles and chart panels fit`, async () => {
    const { page, problems } = await open(name, { width: 375 });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('nl-') && e.shadowRoot)
          .every((e) => e.drawn),
      null,
      { timeout: 60000 },
    );
    assert.deepEqual(await page.evaluate(tablesThatDoNotFit), []);
    assert.deepEqual(await page.evaluate(axisTitlesThatDoNotFit), []);
    // Charts are made in a task of their own: waited for.
    const empty = await page.waitForFunction(`(${emptyChartPanels})().length === 0`, null, { timeout: 10000 }).then(
      () => [],
      () => page.evaluate(emptyChartPanels),
    );
    assert.deepEqual(empty, []);
    assert.deepEqual(problems, []);
  });
