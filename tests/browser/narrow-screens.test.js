// The tutorial and MNIST chapters on a phone: every element of their widgets fits its widget or
// scrolls inside it at 320 and 375 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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

// At 375 px (a phone) on every chapter: no table scrolls sideways (its caption and its last
// column in view, not cut off at the box's edge), every axis title lies within its axis on the
// chart (Chart.js squeezes a long horizontal title and cuts a vertical one off at the canvas's
// edges; the kit cuts it into lines), and no widget shows an empty chart panel (a box a chart will
// be drawn in, before there is one).
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
    const tables = await page.evaluate(() => {
      const found = [];
      for (const host of document.querySelectorAll('*')) {
        if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
        for (const box of host.shadowRoot.querySelectorAll('.scroll-x')) {
          if (box.closest('details:not([open]), [hidden]')) continue;
          const caption = box.querySelector('caption');
          const what = `${host.localName} "${(caption?.textContent ?? box.getAttribute('aria-label')).slice(0, 40)}"`;
          if (box.scrollWidth > box.clientWidth + 0.5)
            found.push(`${what}: ${box.scrollWidth} px wide in a box of ${box.clientWidth}`);
          if (caption && caption.getBoundingClientRect().right > box.getBoundingClientRect().right + 0.5)
            found.push(`${what}: its caption runs past the box`);
        }
      }
      return found;
    });
    assert.deepEqual(tables, []);
    // Every axis title's lines, measured in the title's font, against the length of its axis.
    const titles = await page.evaluate(() => {
      const found = [];
      for (const host of document.querySelectorAll('*')) {
        if (!host.localName.startsWith('nl-') || !host.charts) continue;
        for (const chart of host.charts)
          for (const scale of Object.values(chart.scales)) {
            const title = scale.options.title;
            if (!title.display) continue;
            const f = { ...chart.options.font, ...title.font };
            chart.ctx.save();
            chart.ctx.font = `${f.style ?? 'normal'} ${f.weight ?? 'normal'} ${f.size}px ${f.family}`;
            const lines = [title.text].flat();
            const widest = Math.max(...lines.map((line) => chart.ctx.measureText(line).width));
            chart.ctx.restore();
            const length = scale.isHorizontal() ? scale.width : scale.height;
            if (widest > length + 0.5)
              found.push(
                `${host.localName} ${scale.id}: "${lines.join(' / ')}" is ${widest.toFixed(0)} px on ${length.toFixed(0)}`,
              );
          }
      }
      return found;
    });
    assert.deepEqual(titles, []);
    // A chart panel on screen holds a chart (charts are made in a task of their own: waited for).
    const emptyPanels = () => {
      const found = [];
      for (const host of document.querySelectorAll('*')) {
        if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
        const drawn = new Set([...(host.charts ?? [])].map((chart) => chart.canvas));
        for (const panel of host.shadowRoot.querySelectorAll('.chart')) {
          if (panel.closest('details:not([open])') || panel.getBoundingClientRect().height === 0) continue;
          if (!drawn.has(panel.querySelector('canvas')))
            found.push(`${host.localName}: an empty panel ${panel.getBoundingClientRect().height} px tall`);
        }
      }
      return found;
    };
    const empty = await page.waitForFunction(`(${emptyPanels})().length === 0`, null, { timeout: 10000 }).then(
      () => [],
      () => page.evaluate(emptyPanels),
    );
    assert.deepEqual(empty, []);
    assert.deepEqual(problems, []);
  });
