// The pages for a reader without a mouse, a screen reader's reader and a phone's: axe-core finds
// no serious or critical violation on any page in either colour scheme (inside every widget's
// shadow root too); formulas carry MathML; every chart has a finding and a table of its numbers;
// the focus ring is at least 3:1; and at 320 and 375 px no element sticks out of its widget
// unless it sits in a sideways-scrolling box.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESSAY_WIDGETS } from '../../web/src/widgets/registry.js';
import { openScrolledThrough, untilSettled, useSiteAndBrowser, withFewDraws } from './site.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const axeSource = readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8');
const PAGES = ['index.html', 'tutorial.html', 'mnist.html'];

const site = useSiteAndBrowser();

/** Opens a page, scrolled through so every widget has started. */
async function open(name, { width = 1280, colorScheme = 'light' } = {}) {
  // The pages' CSP forbids inline scripts; axe-core is put in by the test, so CSP is bypassed here.
  const { page } = await openScrolledThrough(site.browser, `${site.server.url}/${name}`, {
    viewport: { width, height: 900 },
    colorScheme,
    bypassCSP: true,
  });
  // Checked on what is drawn: each widget has drawn its latest start or shows its work under way,
  // and the fonts its text is set in have loaded.
  assert.deepEqual(await untilSettled(page), [], `${name}: widgets neither drawn nor at work`);
  await page.evaluate(() => document.fonts.ready.then(() => true));
  return page;
}

async function seriousViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // axe reads open shadow roots itself; color contrast is checked on what is drawn now.
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  });
}

// One arrival per page, checked in the light scheme and then in the dark one: the page's styles and
// the widgets follow the reader's scheme as it changes (the widgets redraw their charts), so a second
// arrival would check the same.
for (const name of PAGES)
  test(`axe-core: no serious or critical violation on ${name}, light and dark`, async () => {
    const page = await open(withFewDraws(name), { colorScheme: 'light' }); // the slopes' figures are not checked here
    try {
      assert.deepEqual(await seriousViolations(page), [], 'light');
      const panel = () =>
        page.evaluate(() => {
          const widget = document.querySelector('nl-playground, nl-bowl, nl-mnist-circle');
          return getComputedStyle(widget.shadowRoot.querySelector('.widget')).backgroundColor;
        });
      const light = await panel();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
      assert.notEqual(await panel(), light, 'the widgets take the dark scheme');
      assert.deepEqual(await seriousViolations(page), [], 'dark');
    } finally {
      await page.close();
    }
  });

test('the formulas carry MathML; every chart has a finding and a table of its numbers', async () => {
  const page = await open('index.html');
  try {
    const formulas = await page.evaluate(() => ({
      tex: document.querySelectorAll('[data-tex]').length,
      math: document.querySelectorAll('[data-tex] math').length,
    }));
    assert.ok(formulas.tex >= 8);
    assert.equal(formulas.math, formulas.tex);
    for (const tag of ['nl-covariate-shift', 'nl-comparison', 'nl-loss-curves', 'nl-two-ways']) {
      await page.waitForFunction((t) => document.querySelector(t)?.shadowRoot?.querySelector('details.numbers'), tag, {
        timeout: 60000,
      });
      await page.locator(`${tag} >> details.numbers summary`).click();
      await page.waitForFunction(
        (t) => document.querySelector(t)?.shadowRoot?.querySelector('details.numbers td'),
        tag,
      );
      const alt = await page.evaluate((t) => {
        const r = document.querySelector(t).shadowRoot;
        const canvas = r.querySelector('canvas');
        const finding = r.getElementById(canvas.getAttribute('aria-describedby'));
        return { finding: finding?.textContent ?? '', cells: r.querySelectorAll('details.numbers td').length };
      }, tag);
      assert.match(alt.finding, /\d/, `${tag}: the finding states no figure`);
      assert.ok(alt.cells >= 5, `${tag}: the numbers table has ${alt.cells} cells`);
    }
  } finally {
    await page.close();
  }
});

/** WCAG contrast of two CSS colours as the page computes them. */
async function focusContrast(page, tag, selector) {
  await page.locator(`${tag} >> ${selector}`).first().focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  return page.evaluate(
    ([t, sel]) => {
      const r = document.querySelector(t).shadowRoot;
      const el = r.activeElement ?? r.querySelector(sel);
      const rgb = (c) =>
        c
          .match(/[\d.]+/g)
          .slice(0, 3)
          .map(Number);
      const lum = ([r8, g8, b8]) => {
        const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r8) + 0.7152 * f(g8) + 0.0722 * f(b8);
      };
      const ring = rgb(getComputedStyle(el).outlineColor);
      const panel = rgb(getComputedStyle(r.querySelector('.widget')).backgroundColor);
      const [a, b] = [lum(ring), lum(panel)].sort((x, y) => y - x);
      return { ratio: (a + 0.05) / (b + 0.05), width: getComputedStyle(el).outlineWidth };
    },
    [tag, selector],
  );
}

for (const colorScheme of ['light', 'dark']) {
  test(`the focus ring is at least 3:1 against the widget's panel, ${colorScheme}`, async () => {
    const page = await open('index.html', { colorScheme });
    try {
      const { ratio, width } = await focusContrast(page, 'nl-playground', 'button[data-add-row]');
      assert.ok(ratio >= 3, `focus ring contrast ${ratio.toFixed(2)}:1`);
      assert.notEqual(width, '0px');
    } finally {
      await page.close();
    }
  });
}

for (const width of [320, 375]) {
  test(`at ${width} px every element of the essay's widgets fits its widget or scrolls inside it`, async () => {
    const page = await open('index.html', { width });
    try {
      // Open every "Show the numbers", so their tables are measured too.
      await page.evaluate((tags) => {
        for (const t of tags)
          for (const d of document.querySelector(t).shadowRoot.querySelectorAll('details')) d.open = true;
      }, ESSAY_WIDGETS);
      // The playground at its widest: four features under Layer.
      await page.locator('nl-playground >> button[data-add-col]').click();
      await page.locator('nl-playground >> button[data-add-col]').click();
      await page.locator('nl-playground >> button[data-kind="layer"]').click();
      const out = await page.evaluate((tags) => {
        const problems = [];
        for (const t of tags) {
          const host = document.querySelector(t);
          const box = host.shadowRoot.querySelector('.widget').getBoundingClientRect();
          for (const el of host.shadowRoot.querySelectorAll('.widget *')) {
            if (el.closest('.scroll-x, details:not([open])') || el.closest('[hidden]')) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
              problems.push(
                `${t} ${el.localName}.${el.className}: ${r.left.toFixed(0)}..${r.right.toFixed(0)} in ${box.left.toFixed(0)}..${box.right.toFixed(0)}`,
              );
          }
          // A box that scrolls sideways fits its widget and says so with its edge shadow.
          for (const s of host.shadowRoot.querySelectorAll('.scroll-x')) {
            const r = s.getBoundingClientRect();
            if (r.width === 0) continue;
            if (r.right > box.right + 0.5) problems.push(`${t} scroll box sticks out: ${r.right} > ${box.right}`);
            if (getComputedStyle(s).overflowX !== 'auto') problems.push(`${t} scroll box does not scroll`);
          }
        }
        const formulas = [...document.querySelectorAll('.formula')].filter((f) => {
          const r = f.getBoundingClientRect();
          return f.scrollWidth > f.clientWidth + 1 && getComputedStyle(f).overflowX !== 'auto' && r.width > 0;
        });
        if (formulas.length) problems.push(`${formulas.length} formulas cut with no scroll`);
        return { problems, pageWidth: document.documentElement.scrollWidth };
      }, ESSAY_WIDGETS);
      assert.deepEqual(out.problems, []);
      assert.ok(out.pageWidth <= width, `the page is ${out.pageWidth} px wide`);
      // Every remove-row button can be reached: scrolled into view inside its box, it is visible.
      const remove = page.locator('nl-playground >> button[data-remove-row="0"]');
      await remove.scrollIntoViewIfNeeded();
      const seen = await remove.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const s = b.closest('.scroll-x').getBoundingClientRect();
        return r.left >= s.left - 0.5 && r.right <= s.right + 0.5;
      });
      assert.ok(seen, 'the remove-row button cannot be scrolled into view');
    } finally {
      await page.close();
    }
  });
}
