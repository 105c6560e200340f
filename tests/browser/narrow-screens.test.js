// The chapters on a phone: every element of the tutorial's and MNIST's widgets fits its widget or
// scrolls inside it at 320 and 375 px; on a touch screen every chapter's tables, axis titles and
// charts fit and its controls can be tapped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axisTitlesThatDoNotFit, emptyChartPanels, tablesThatDoNotFit } from './phone-fit.js';
import { arriveScrolledThrough, openPage, useSiteAndBrowser, watchForProblems, withFewDraws } from './site.js';

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

// At 375 px on a touch screen (a phone) on every chapter: no table scrolls sideways or lets its
// caption run past it, every axis title lies within its axis, no widget shows an empty chart panel
// (phone-fit.js; WebKit's run is tests/engines/phone.test.js), and every control is large enough to
// tap: a button, a menu or a text box at least 32 px tall, a box or a summary line at least
// WCAG's 24 px; and no row of buttons in one frame (a group) wraps onto a second line.
/** Every widget's button groups (a row of buttons in one frame) that wrap onto a second line (in the page). */
const groupsThatWrap = () => {
  const found = [];
  for (const host of document.querySelectorAll('*')) {
    if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
    for (const group of host.shadowRoot.querySelectorAll('.group')) {
      const tops = [...group.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().top));
      if (new Set(tops).size > 1)
        found.push(
          `${host.localName} ${group.getAttribute('aria-label') ?? group.getAttribute('aria-labelledby')}: ${tops}`,
        );
    }
  }
  return found;
};

/** The controls of every widget smaller than a finger's tap (in the page). */
const tooSmallToTap = () => {
  const found = [];
  for (const host of document.querySelectorAll('*')) {
    if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
    for (const c of host.shadowRoot.querySelectorAll('button, select, input, summary')) {
      const r = c.getBoundingClientRect();
      if (r.width === 0 || c.closest('details:not([open]) > :not(summary)')) continue;
      const small = ['checkbox', 'radio'].includes(c.type) || c.localName === 'summary' ? 24 : 32;
      const least = c.type === 'range' ? 0 : small;
      if (r.height < least || r.width < Math.min(least, 24))
        found.push(
          `${host.localName} ${c.localName}${c.type ? `[${c.type}]` : ''}: ${r.width.toFixed(0)} x ${r.height.toFixed(0)}`,
        );
    }
  }
  return found;
};

for (const name of ['index.html', 'tutorial.html', 'mnist.html'])
  test(`at 375 px on a touch screen ${name}'s tables, axis titles and chart panels fit, and its controls can be tapped`, async (t) => {
    const context = await site.browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    t.after(() => context.close());
    const page = await context.newPage();
    const problems = watchForProblems(page);
    await arriveScrolledThrough(page, `${site.server.url}/${withFewDraws(name)}`, problems, { width: 375 });
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
    assert.deepEqual(await page.evaluate(tooSmallToTap), []);
    assert.deepEqual(await page.evaluate(groupsThatWrap), []);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'the page fits');
    assert.deepEqual(problems, []);
  });
