// A plain page on one origin loads the package's entry from a second origin under a versioned
// path, /normlab@<version>/normlab.js, as a CDN serves an npm package (its files as they are in
// the tarball, with CORS); a second page loads one widget's entry only and gets only its code.
import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromiumForTests, watchForProblems } from '../../scripts/chromium.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { ALL_WIDGETS } from '../../web/src/widgets/registry.js';
import { VERSION, WIDGETS_HTML, checkWidgets, scratchHost } from './host.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

let cdn, blog, under;

before(async () => {
  // The CDN's copy is the package as npm installs it.
  const installed = scratchHost('cdn', {});
  const files = scratchFolder('normlab-cdn-');
  under = `normlab@${VERSION}`;
  cpSync(path.join(installed, 'node_modules', 'normlab'), path.join(files, under), { recursive: true });
  cdn = await serveStatic(files, { csp: null });
  const posts = scratchFolder('normlab-post-');
  const head = (src) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module" src="${cdn.url}/${under}/${src}"></script>`;
  writeFileSync(path.join(posts, 'post.html'), `${head('normlab.js')}\n<h1>A post</h1>\n${WIDGETS_HTML}\n`);
  writeFileSync(path.join(posts, 'one.html'), `${head('widgets/nl-playground.js')}\n<nl-playground></nl-playground>\n`);
  const policy = `script-src ${cdn.url} 'wasm-unsafe-eval'; worker-src ${cdn.url} blob:`;
  blog = await serveStatic(posts, { csp: policy });
});

after(async () => {
  await blog?.close();
  await cdn?.close();
});

test('a plain page loads the entry from a CDN path of another origin, under the documented policy', async () => {
  const { requested } = await checkWidgets(`${blog.url}/post.html`, 'cdn');
  assert.ok(requested.some((u) => u.startsWith(`${cdn.url}/${under}/assets/`) && u.endsWith('.wasm')));
});

test("one widget's entry defines that element only, and loads no other widget's code", async () => {
  const browser = await launchChromiumForTests();
  try {
    const page = await browser.newPage();
    const problems = watchForProblems(page);
    const scripts = [];
    page.on('request', (r) => r.url().endsWith('.js') && scripts.push(path.basename(new URL(r.url()).pathname)));
    await page.goto(`${blog.url}/one.html`);
    await page.waitForFunction(() => document.querySelector('nl-playground').shadowRoot?.querySelector('.answer td'));
    const defined = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), ALL_WIDGETS);
    assert.deepEqual(defined, ['nl-playground']);
    const otherWidgets = scripts.filter((s) => /^nl-/.test(s) && !s.startsWith('nl-playground'));
    assert.deepEqual(otherWidgets, []);
    assert.equal(await page.locator('nl-playground >> [part="caption"]').textContent(), 'Playground');
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
