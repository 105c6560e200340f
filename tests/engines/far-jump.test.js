// A reader's place in the engines the browser suite does not run: in Firefox ESR and WebKitGTK's
// MiniBrowser (the page anchors the view in every engine, host/reader-place.js), a jump far down
// the essay, as a scrollbar drag makes it, stays where it landed in every frame while the sections
// and widgets around it are laid out, and a link to the MNIST chapter's circle lands on its
// heading, with no problem reported by either page. Chromium runs the same checks, and more, in
// tests/browser/reader-navigation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { heightsHeld, settledNearTheWindow, watch } from '../browser/place.js';
import { siteFolder } from '../browser/site.js';
import { missingEngine, openEngine, until } from './engines.js';
import { PAGE_WATCH } from './page-watch.js';

let site;
before(async () => {
  site = await serveStatic(siteFolder(), { inject: PAGE_WATCH });
});
after(async () => {
  await site?.close();
});

/** Records the heading's place in every frame until the page around the window has settled, and ten frames more. */
async function watchUntilSettled(tab, id) {
  await tab.run(`(${watch})('#${id} h2') ?? true`);
  await until(tab, `(${settledNearTheWindow})()`, `the page around #${id} to settle`);
  const frames = await tab.run('window.__tops.length');
  await until(tab, `window.__tops.length >= ${frames + 10}`, 'ten more frames');
  return tab.run(
    `({ tops: window.__tops.map(Math.round), top: document.querySelector('#${id} h2').getBoundingClientRect().top })`,
  );
}

for (const engine of ['firefox', 'webkit']) {
  const missing = missingEngine(engine);
  test(
    `${engine}: a far jump holds its place and a link lands on its heading`,
    { skip: missing ?? false },
    async (t) => {
      const tab = await openEngine(engine, { width: 1280, height: 900 });
      try {
        await tab.go(`${site.url}/index.html`);
        await until(tab, `(${heightsHeld})()`, 'every section to hold its measured height');
        await tab.run(
          `(() => { const h = document.querySelector('#measurements h2'); scrollTo(0, scrollY + h.getBoundingClientRect().top - 8); return true; })()`,
        );
        const jump = await watchUntilSettled(tab, 'measurements');
        t.diagnostic(`${engine}: #measurements after the jump, frame by frame: ${jump.tops.join(' ')}`);
        assert.ok(Math.max(...jump.tops) - Math.min(...jump.tops) <= 2, `#measurements moved: ${jump.tops.join(' ')}`);
        // Holding the place reports nothing (Firefox once reported a ResizeObserver loop here).
        assert.deepEqual(await tab.run('window.__problems'), [], 'the essay reported problems');

        await tab.go(`${site.url}/mnist.html#circle`);
        const link = await watchUntilSettled(tab, 'circle');
        t.diagnostic(`${engine}: mnist.html#circle's heading at y = ${link.top}`);
        assert.ok(link.top >= 0 && link.top < 20, `mnist.html#circle lands at y = ${link.top}`);
        assert.deepEqual(await tab.run('window.__problems'), [], 'the MNIST chapter reported problems');
      } finally {
        await tab.close();
      }
    },
  );
}
