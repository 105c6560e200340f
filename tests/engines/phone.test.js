// The tutorial and MNIST chapters on a phone's width (375 px) in WebKit (Safari's engine family),
// as tests/browser/narrow-screens.test.js checks them in Chromium: the instruments whose phone
// layouts once broke (the starting slopes, the warm-up, the batch-size sweep) draw; no table scrolls sideways or lets its caption run past it, every axis title lies within
// its axis, and no chart panel on screen is empty (tests/browser/phone-fit.js). Their screenshots
// go to tests/browser/screenshots/webkit-375-*.png.
// MiniBrowser's window cannot be narrower than its tool bar (a viewport of 447 px at the least), so
// each chapter is read in a frame 375 px wide: its document is laid out for a 375 px viewport, and
// every check runs in the frame's own window.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { axisTitlesThatDoNotFit, emptyChartPanels, tablesThatDoNotFit } from '../browser/phone-fit.js';
import { screenshotFile, siteFolder, withFewDraws } from '../browser/site.js';
import { missingEngine, openEngine, until } from './engines.js';
import { PAGE_WATCH } from './page-watch.js';

const WIDTH = 375;
const HEIGHT = 812;
const WIDGETS = `[...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('nl-'))`;
// Two animation frames after a scroll: the engine has laid out and painted the new window since.
const SETTLED = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`;
const PAGES = { 'tutorial.html': ['nl-starting-slopes', 'nl-warm-up'], 'mnist.html': ['nl-mnist-batch-size'] };

/** A page holding the chapter at `src` in a frame of a phone's size (served at /phone.html?src=). */
const phonePage = (src) =>
  `<!doctype html><meta charset="utf-8"><body style="margin:0"><iframe src="./${src}" title="chapter" style="width:${WIDTH}px;height:${HEIGHT}px;border:0;display:block"></iframe>`;
/** An expression evaluated with the chapter's window (the frame's) as its globals. */
const inChapter = (expression) =>
  `((w) => { const { document, customElements, innerWidth } = w; const requestAnimationFrame = w.requestAnimationFrame.bind(w); return (${expression}); })(frames[0])`;
/** The frame's part of a screenshot of the window. */
function frameShot(png) {
  const whole = PNG.sync.read(png);
  const out = new PNG({ width: WIDTH, height: Math.min(HEIGHT, whole.height) });
  PNG.bitblt(whole, out, 0, 0, out.width, out.height, 0, 0);
  return PNG.sync.write(out);
}

test(
  "webkit: at 375 px the chapters' tables, axis titles and chart panels fit",
  { skip: missingEngine('webkit') ?? false },
  async (t) => {
    const server = await serveStatic(siteFolder(), {
      inject: PAGE_WATCH,
      intercept: (url) =>
        url.pathname === '/phone.html'
          ? { status: 200, headers: { 'Content-Type': 'text/html' }, body: phonePage(url.searchParams.get('src')) }
          : null,
    });
    const tab = await openEngine('webkit', { width: 800, height: HEIGHT + 100 });
    t.after(async () => {
      await tab.close();
      await server.close();
    });
    for (const [name, shown] of Object.entries(PAGES)) {
      await tab.go(`${server.url}/phone.html?src=${encodeURIComponent(withFewDraws(name))}`);
      const run = (expression) => tab.run(inChapter(expression));
      await until(
        tab,
        inChapter(`${WIDGETS}.length > 0 && ${WIDGETS}.every((e) => customElements.get(e.localName))`),
        `${name}: widgets defined`,
      );
      assert.equal(await run('innerWidth'), WIDTH, "the chapter's viewport is a phone's width");
      // Each brought into view until it has drawn (scrolled again while the chapter settles its place).
      for (const tag of shown) {
        const drawn = `(() => { const e = document.querySelector('${tag}'); if (!e.drawn) e.scrollIntoView({ block: 'start' }); return e.drawn === true; })()`;
        await until(tab, inChapter(drawn), `${name}: ${tag} to draw`, { ms: 120_000 });
      }
      assert.deepEqual(await run(`(${tablesThatDoNotFit})()`), [], `${name}: tables`);
      assert.deepEqual(await run(`(${axisTitlesThatDoNotFit})()`), [], `${name}: axis titles`);
      await until(tab, inChapter(`(${emptyChartPanels})().length === 0`), `${name}: no empty chart panel`, {
        ms: 10_000,
        explain: inChapter(`(${emptyChartPanels})().join('; ')`),
      });
      for (const tag of shown) {
        // Scrolled again until it stays at the top (the chapter holds its link's place a while after load).
        const atTop = `(() => { const e = document.querySelector('${tag}'); const top = e.getBoundingClientRect().top; if (Math.abs(top) > 2) e.scrollIntoView({ block: 'start' }); return Math.abs(top) <= 2; })()`;
        await until(tab, inChapter(atTop), `${name}: ${tag} at the top of the window`, { ms: 10_000 });
        await run(SETTLED);
        writeFileSync(screenshotFile(`webkit-375-${tag}.png`), frameShot(await tab.screenshot()));
      }
      assert.deepEqual(await run('w.__problems'), [], name);
    }
  },
);
