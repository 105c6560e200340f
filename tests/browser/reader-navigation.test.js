// Finding one's way: the contents list every section, a link to a section's heading (typed into
// the address or followed from the contents) lands with the heading at the top of the window in
// every chapter, and a far jump (a scrollbar drag, a contents link) stays where it landed while the
// sections and widgets around it are laid out (host/reader-place.js: measured section heights, and
// the page's own scroll anchoring, the same in every engine).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heightsHeld, settledNearTheWindow, watch } from './place.js';
import { arriveAfresh, useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();

// Headings far down each chapter, each with a window's height or more of the page below it.
const FAR = {
  'index.html': ['row', 'measurements'],
  'tutorial.html': ['batch-norm', 'layer-rms'],
  'mnist.html': ['circle', 'freedom'],
};

const headingTop = (page, id) =>
  page.evaluate((i) => document.getElementById(i).querySelector('h2').getBoundingClientRect().top, id);

/**
 * Where the watched heading was in the last frame painted. Read between two frames instead, a
 * widget far above that changed size in the task before shows the heading off by that much: the
 * page holds the reader's place in the next frame, before it paints (seen at 375 px on a loaded
 * machine: -151 px read between frames, 8 px in every frame painted).
 */
const paintedTop = (page) => page.evaluate(() => window.__tops.at(-1));

/** Waits until the page around the window has settled and ten more frames were recorded. */
async function settle(page) {
  await page.waitForFunction(settledNearTheWindow, null, { timeout: 60000 });
  const frames = await page.evaluate(() => window.__tops?.length ?? 0);
  await page.waitForFunction((n) => window.__tops.length >= n + 10, frames, { timeout: 30000 });
}

/** The spread of the element's recorded places (px) and where it landed. */
const spread = (page) =>
  page.evaluate(() => ({
    landed: window.__tops[0],
    spread: Math.max(...window.__tops) - Math.min(...window.__tops),
    frames: window.__tops.length,
  }));

test('the contents link every section of the essay', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.server.url}/index.html`);
  const links = await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const sections = await page.locator('main > section[id]').evaluateAll((ss) => ss.map((s) => `#${s.id}`));
  assert.deepEqual(links, sections);
  await page.close();
});

for (const width of [1280, 375]) {
  test(`a link to a heading lands on it in every chapter at ${width} px`, async () => {
    const page = await site.browser.newPage({ viewport: { width, height: 900 } });
    try {
      for (const [chapter, ids] of Object.entries(FAR))
        for (const id of ids) {
          // A link from elsewhere: the chapter loads with the hash in its address.
          await arriveAfresh(page, `${site.server.url}/${chapter}#${id}`);
          // It lands: the heading reaches the top of the window (re-landed, on a busy machine, as
          // the page above it settles) ...
          await page
            .waitForFunction(
              (i) => {
                const top = document.getElementById(i).querySelector('h2').getBoundingClientRect().top;
                return top >= 0 && top < 20;
              },
              id,
              { timeout: 30000 },
            )
            .catch(async () => assert.fail(`${chapter}#${id} never landed: y = ${await headingTop(page, id)}`));
          // ... and stays there once the page around it has settled.
          await page.evaluate(watch, `#${id} h2`);
          await settle(page);
          const top = await paintedTop(page);
          assert.ok(top >= 0 && top < 20, `${chapter}#${id} lands at y = ${top}`);
          const { spread: moved, frames } = await spread(page);
          assert.ok(moved <= 2, `${chapter}#${id} moved ${moved} px over ${frames} frames`);
        }
      // Followed from the contents.
      await page.goto(`${site.server.url}/index.html`);
      await page.locator('nav.toc a[href="#weight-norm"]').click();
      await page.evaluate(watch, '#weight-norm h2');
      await settle(page);
      const top = await paintedTop(page);
      assert.ok(top >= 0 && top < 20, `#weight-norm lands at y = ${top}`);
    } finally {
      await page.close();
    }
  });
}

for (const [chapter, ids] of Object.entries(FAR))
  test(`${chapter}: every section is as tall skipped as laid out`, async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${site.server.url}/${chapter}`);
      const held = await page.waitForFunction(heightsHeld, null, { timeout: 20000 });
      const { skipped, laidOut } = await held.jsonValue();
      assert.equal(skipped, laidOut);
      // A heading far down is where it is when every section is laid out.
      const id = ids.at(-1);
      const [farSkipped, farLaidOut] = await page.evaluate((i) => {
        const h = document.getElementById(i).querySelector('h2');
        const skippedTop = h.getBoundingClientRect().top;
        document.documentElement.classList.add('measuring');
        const laidOutTop = h.getBoundingClientRect().top;
        document.documentElement.classList.remove('measuring');
        return [skippedTop, laidOutTop];
      }, id);
      assert.ok(Math.abs(farSkipped - farLaidOut) < 1, `#${id} at ${farSkipped} skipped, ${farLaidOut} laid out`);
    } finally {
      await page.close();
    }
  });

for (const width of [1280, 375])
  test(`a far jump holds its place in every chapter at ${width} px`, async () => {
    const page = await site.browser.newPage({ viewport: { width, height: 900 } });
    try {
      for (const [chapter, ids] of Object.entries(FAR)) {
        const id = ids.at(-1);
        await page.goto(`${site.server.url}/${chapter}`);
        await page.waitForFunction(heightsHeld, null, { timeout: 20000 });
        // As a scrollbar dragged to the heading: one scroll, far down.
        await page.evaluate((i) => {
          const h = document.getElementById(i).querySelector('h2');
          window.scrollTo(0, scrollY + h.getBoundingClientRect().top - 8);
        }, id);
        await page.evaluate(watch, `#${id} h2`);
        await settle(page);
        const { landed, spread: moved, frames } = await spread(page);
        assert.ok(Math.abs(landed - 8) < 1, `${chapter}#${id} landed at y = ${landed}`);
        assert.ok(moved <= 2, `${chapter}#${id} moved ${moved} px over ${frames} frames`);
      }
      // A contents link, as far down the essay.
      await page.goto(`${site.server.url}/index.html`);
      await page.waitForFunction(heightsHeld, null, { timeout: 20000 });
      await page.locator('nav.toc a[href="#measurements"]').click();
      await page.evaluate(watch, '#measurements h2');
      await settle(page);
      const { spread: moved, frames } = await spread(page);
      assert.ok(moved <= 2, `#measurements moved ${moved} px over ${frames} frames`);
    } finally {
      await page.close();
    }
  });
