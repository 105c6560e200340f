// The tutorial and MNIST chapters on a phone: every element of their widgets fits its widget or
// scrolls inside it at 320 and 375 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();
const open = (name, options) => openPage(site, name, options);

for (const name of ['tutorial.html', 'mnist.html']) {
  for (const width of [320, 375]) {
    test(`at ${width} px every element of ${name}'s widgets fits its widget or scrolls inside it`, async () => {
      const { page, problems } = await open(name, { width });
      try {
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
      } finally {
        await page.close();
      }
    });
  }
}
