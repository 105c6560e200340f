// The formulas' fonts are cut down to the characters the site's formulas show
// (scripts/vite-formulas.mjs): every character of every formula must still be drawn from the
// KaTeX font its element asks for. Chromium names the fonts it drew each element's text with; a
// character missing from a cut-down font would be drawn from another (a system font).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { siteFolder, useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();
const PAGES = ['index.html', 'tutorial.html', 'mnist.html'];
const KATEX_FONTS = fileURLToPath(new URL('../../node_modules/katex/dist/fonts/', import.meta.url));
// Characters drawn with no glyph at all (the zero-width space KaTeX puts in its vertical lists).
const INVISIBLE = /^[\u200b\s]*$/;

/** The page's formulas laid out with their fonts loaded (scripts off: the formulas are static). */
async function openFormulas(file) {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/${file}`);
  await page.evaluate(async () => {
    document.documentElement.classList.add('laid-out');
    for (const formula of document.querySelectorAll('.katex')) formula.scrollIntoView();
    await document.fonts.ready;
  });
  return { context, page };
}

for (const file of PAGES)
  test(`${file}: every character of every formula is drawn from the KaTeX font its element asks for`, async () => {
    const { context, page } = await openFormulas(file);
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '.katex-html *' });
    assert.ok(nodeIds.length > 0, `${file} has formulas`);
    let checked = 0;
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1 });
      const own = (node.children ?? [])
        .filter((c) => c.nodeType === 3)
        .map((c) => c.nodeValue)
        .join('');
      if (INVISIBLE.test(own)) continue;
      const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId });
      const family = computedStyle
        .find((p) => p.name === 'font-family')
        .value.split(',')[0]
        .trim();
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const drawn = fonts.map((f) => `${f.familyName}${f.isCustomFont ? '' : ' (system)'}`);
      assert.deepEqual(drawn, [family], `"${own}" in ${file} is drawn with ${drawn.join(', ')}, not ${family} alone`);
      checked += own.length;
    }
    assert.ok(checked > 20, `${file}: ${checked} characters checked`);
    await context.close();
  });

test('the fonts the formulas use are cut down, not KaTeX whole fonts', async () => {
  const { context, page } = await openFormulas('index.html');
  const used = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight} ${f.style}`),
  );
  const urls = await page.evaluate(() =>
    [...document.styleSheets].flatMap((s) =>
      [...s.cssRules]
        .filter((r) => r instanceof CSSFontFaceRule)
        .map((r) => new URL(/url\("?([^")]+)/.exec(r.style.src)[1], s.href).pathname),
    ),
  );
  await context.close();
  assert.ok(used.length >= 2, `the essay's formulas load KaTeX fonts (${used.join('; ')})`);
  for (const url of urls) {
    const name = /KaTeX_[A-Za-z0-9]+-[A-Za-z]+/.exec(path.basename(url))[0];
    const whole = readFileSync(path.join(KATEX_FONTS, `${name}.woff2`));
    const cut = readFileSync(path.join(siteFolder(), url));
    assert.ok(cut.length < whole.length, `${url}: ${cut.length} bytes, the whole font ${whole.length}`);
  }
});
