// A blog post on one origin embeds every widget from another origin (the built site served with
// CORS, as a CDN would), under a hostile stylesheet and the minimal Content-Security-Policy the
// embedding guide documents: every widget renders and computes, in workers where it uses them,
// none is restyled; without 'wasm-unsafe-eval' each says so in one plain sentence.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { useSite, watchForProblems } from './site.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const HOSTILE = '* { font-size: 30px !important; color: red !important; line-height: 3 !important }';
let browser, widgets, names;

/** A host origin serving post.html under the given CSP, embedding every widget from `from`. */
async function host(from, csp) {
  const dir = scratchFolder('normlab-blog-');
  writeFileSync(
    path.join(dir, 'post.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <style>${HOSTILE}</style>
    <h1>A blog post</h1>
    <script type="module" src="${from}/normlab-widgets.js"></script>
    ${names.map((n) => `<${n}><p class="fallback">A static picture of ${n}.</p></${n}>`).join('\n')}`,
  );
  return serveStatic(dir, { csp });
}

const minimalPolicy = (origin) => `script-src ${origin} 'wasm-unsafe-eval'; worker-src ${origin} blob:`;

useSite({
  serve: { csp: null },
  then: async (served) => {
    ({ browser, server: widgets } = served);
    const page = await browser.newPage();
    await page.goto(`${widgets.url}/embed.html`);
    await page.waitForFunction(() => document.querySelectorAll('#docs section').length > 0);
    names = await page.$$eval('#docs h2', (hs) => hs.map((h) => h.textContent.match(/^<([a-z-]+)>/)[1]));
    await page.close();
  },
});

/** Each widget's state after it has had time to draw: {name: {loading, error, text}}. */
function drawn(page) {
  return page.evaluate((tags) => {
    const out = {};
    for (const tag of tags) {
      const body = document.querySelector(tag).shadowRoot?.querySelector('[part="body"]');
      out[tag] = {
        loading: !!body?.querySelector('.loading'),
        error: body?.querySelector(':scope > .error[role="alert"]:not([hidden])')?.textContent ?? null,
        text: body?.textContent.trim().length ?? 0,
      };
    }
    return out;
  }, names);
}

test('every widget embedded from another origin works under the minimal policy and a hostile stylesheet', async () => {
  const blog = await host(widgets.url, minimalPolicy(widgets.url));
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const problems = watchForProblems(page);
  try {
    await page.goto(`${blog.url}/post.html`);
    for (const n of names) {
      await page.locator(n).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (tag) => {
          const body = document.querySelector(tag).shadowRoot?.querySelector('[part="body"]');
          return body && !body.querySelector('.loading') && body.textContent.trim().length > 0;
        },
        n,
        { timeout: 30000 },
      );
    }
    const states = await drawn(page);
    for (const n of names) assert.equal(states[n].error, null, `${n}: ${states[n].error}`);
    assert.equal(await page.$$eval('p.fallback', (ps) => ps.filter((p) => p.offsetHeight > 0).length), 0);
    // The workers ran: the comparison trains in workers, two-ways reads the whole-crowd runs.
    await page.waitForFunction(
      () =>
        document.querySelector('nl-two-ways')?.shadowRoot?.querySelector('.readout b')?.textContent.includes('of 400'),
      null,
      { timeout: 60000 },
    );
    await page.waitForFunction(
      () => document.querySelector('nl-comparison')?.shadowRoot?.querySelectorAll('table.summary tbody tr').length >= 5,
      null,
      { timeout: 90000 },
    );
    // Nothing the host set reached inside: every widget's text keeps the widget's own size and colour.
    const looks = await page.evaluate((tags) => {
      const out = {};
      for (const tag of tags) {
        const el =
          document.querySelector(tag).shadowRoot.querySelector('[part="body"] *') ?? document.querySelector(tag);
        const s = getComputedStyle(el);
        out[tag] = { fontSize: s.fontSize, color: s.color };
      }
      return out;
    }, names);
    for (const n of names) {
      assert.notEqual(looks[n].fontSize, '30px', `${n} took the host's font size`);
      assert.notEqual(looks[n].color, 'rgb(255, 0, 0)', `${n} took the host's colour`);
    }
    const cell = await page.locator('nl-playground >> .answer td').first();
    assert.equal(await cell.evaluate((td) => getComputedStyle(td).fontSize), '13.8px');
    assert.deepEqual(
      problems.filter((p) => !/favicon/.test(p)),
      [],
    );
  } finally {
    await page.close();
    await blog.close();
  }
});

test('without wasm-unsafe-eval every widget says in one plain sentence what the host must allow', async () => {
  const blog = await host(widgets.url, `script-src ${widgets.url}; worker-src ${widgets.url} blob:`);
  const page = await browser.newPage();
  try {
    await page.goto(`${blog.url}/post.html`);
    for (const n of names) {
      await page.locator(n).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (tag) =>
          document.querySelector(tag).shadowRoot?.querySelector('[part="body"] > .error[role="alert"]:not([hidden])'),
        n,
        { timeout: 20000 },
      );
    }
    const states = await drawn(page);
    for (const n of names) {
      assert.match(states[n].error, /^This widget needs WebAssembly, .*'wasm-unsafe-eval'.*\.$/, n);
      assert.doesNotMatch(states[n].error, /Aborted|ASSERTIONS|CompileError/, n);
    }
    // Each element's own content, its static fallback, shows under the sentence.
    const fallbacks = await page.$$eval('p.fallback', (ps) => ps.filter((p) => p.offsetHeight > 0).length);
    assert.equal(fallbacks, names.length);
  } finally {
    await page.close();
    await blog.close();
  }
});
