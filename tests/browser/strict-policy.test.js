// Every widget, embedded from another origin, under exactly the policy the embedding guide gives
// (docs/embedding.md: default-src 'none', style-src for the host's own sheet only, Trusted Types
// required through the one policy "normlab"): each draws, styled, with no policy violation and the
// host's aggressive stylesheet reaching nothing inside. Under the policy with one piece forgotten,
// each widget that needs the piece says in one sentence what the host must add, over its fallback.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { ALL_WIDGETS } from '../../web/src/widgets/registry.js';
import { bringIntoView, useSite, watchForProblems } from './site.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const HOSTILE = '* { font-size: 30px !important; color: red !important; line-height: 3 !important }';
const GUIDE = fileURLToPath(new URL('../../docs/embedding.md', import.meta.url));
// The widgets that train in the page's workers (the others need no worker-src).
const IN_WORKERS = [
  'nl-covariate-shift',
  'nl-comparison',
  'nl-loss-curves',
  'nl-two-ways',
  'nl-starting-slopes',
  'nl-rms-timing',
];
// The widgets whose workers start only when the reader presses Train.
const TRAIN_PRESSED = ['nl-warm-up', 'nl-mnist-batch-size'];

/** The guide's policy, for widgets served from `origin`: its one ```csp block, on one line. */
function guidePolicy(origin) {
  const block = readFileSync(GUIDE, 'utf8').match(/```csp\n([\s\S]*?)```/);
  assert.ok(block, 'the embedding guide gives its policy in a ```csp block');
  return block[1]
    .replaceAll('https://widgets.example', origin)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** The policy with one directive's text replaced (or the directive dropped when `to` is null). */
function without(policy, directive, to) {
  const parts = policy.split(';').map((p) => p.trim());
  const k = parts.findIndex((p) => p.split(/\s+/)[0] === directive);
  assert.ok(k >= 0, `the policy has ${directive}`);
  if (to === null) parts.splice(k, 1);
  else parts[k] = to;
  return parts.join('; ');
}

test('the built embedding guide (web/embed.html) gives the same policy as docs/embedding.md', () => {
  const page = readFileSync(fileURLToPath(new URL('../../web/embed.html', import.meta.url)), 'utf8');
  const shown = page
    .match(/<code data-policy>([\s\S]*?)<\/code>/)[1]
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  assert.equal(shown, guidePolicy('https://widgets.example'));
});

let browser, widgets;
useSite({
  serve: { csp: null },
  then: async (site) => ({ browser, server: widgets } = site),
});

/** A host origin serving post.html (its own hostile stylesheet, the tags) under the policy. */
async function host(policy, tags) {
  const dir = scratchFolder('normlab-strict-');
  writeFileSync(path.join(dir, 'hostile.css'), HOSTILE);
  writeFileSync(
    path.join(dir, 'post.html'),
    `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="hostile.css">
    <h1>A post under a strict policy</h1>
    <script type="module" src="${widgets.url}/normlab-widgets.js"></script>
    ${tags.map((n) => `<${n}><p class="fallback">A static picture of ${n}.</p></${n}>`).join('\n')}`,
  );
  return serveStatic(dir, { csp: policy });
}

/** Opens the post, recording every policy violation the page reports (window.violations). */
async function open(blog) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const problems = watchForProblems(page);
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(`${blog.url}/post.html`);
  return { page, problems };
}

/** Brings each widget into view until its body has drawn or says why not. */
async function waitForEach(page, tags, done, timeout = 40000) {
  for (const n of tags) {
    await bringIntoView(page, n);
    await page.waitForFunction(done, n, { timeout });
  }
}

const drawn = (tag) => {
  const body = document.querySelector(tag).shadowRoot?.querySelector('[part="body"]');
  return !!body && !body.querySelector('.loading') && body.textContent.trim().length > 0;
};
const refused = (tag) =>
  !!document.querySelector(tag).shadowRoot?.querySelector('[part="body"] > .error[role="alert"]:not([hidden])');

/** Each widget's sentence (null: none) and whether its fallback shows. */
function sentences(page, tags) {
  return page.evaluate(
    (ts) =>
      Object.fromEntries(
        ts.map((t) => {
          const el = document.querySelector(t);
          const error = el.shadowRoot.querySelector('[part="body"] > .error[role="alert"]:not([hidden])');
          return [t, { error: error?.textContent ?? null, fallback: el.querySelector('.fallback').offsetHeight > 0 }];
        }),
      ),
    tags,
  );
}

test("every widget works under exactly the guide's policy, styled, with no violation", async () => {
  const policy = guidePolicy(widgets.url);
  assert.match(policy, /require-trusted-types-for 'script'/);
  assert.match(policy, /style-src 'self'/);
  const blog = await host(policy, ALL_WIDGETS);
  const { page, problems } = await open(blog);
  try {
    await waitForEach(page, ALL_WIDGETS, drawn);
    const states = await sentences(page, ALL_WIDGETS);
    for (const n of ALL_WIDGETS) assert.equal(states[n].error, null, `${n}: ${states[n].error}`);
    // The workers ran under it: the comparison's table fills from 125 trainings in workers.
    await page.waitForFunction(
      () => document.querySelector('nl-comparison')?.shadowRoot?.querySelectorAll('table.summary tbody tr').length >= 5,
      null,
      { timeout: 90000 },
    );
    // Exports (a chart as PNG, the numbers as CSV) need no img-src: they download what the canvas and tables hold.
    for (const as of ['png', 'csv']) {
      const download = page.waitForEvent('download');
      await page.evaluate((a) => document.querySelector('nl-loss-curves').export(a), as);
      assert.match((await download).suggestedFilename(), new RegExp(`^normlab-loss-curves-.*\\.${as}$`));
    }
    // Styled from the adopted sheets, and the host's stylesheet reaches nothing inside.
    const looks = await page.evaluate((tags) => {
      const out = {};
      for (const tag of tags) {
        const root = document.querySelector(tag).shadowRoot;
        const body = getComputedStyle(root.querySelector('[part="body"]'));
        const text = getComputedStyle(root.querySelector('[part="body"] *'));
        out[tag] = {
          sheets: root.adoptedStyleSheets.length,
          // (Chart.js sizes its canvas through the CSSOM, which a policy allows: no [style] check.)
          styleElements: root.querySelectorAll('style').length,
          radius: body.borderTopLeftRadius,
          fontSize: text.fontSize,
          color: text.color,
        };
      }
      return out;
    }, ALL_WIDGETS);
    for (const n of ALL_WIDGETS) {
      assert.ok(looks[n].sheets >= 1, `${n} adopted no sheet`);
      assert.equal(looks[n].styleElements, 0, `${n} has a <style> element`);
      assert.equal(looks[n].radius, '10px', `${n} lost its own styles`);
      assert.notEqual(looks[n].fontSize, '30px', `${n} took the host's font size`);
      assert.notEqual(looks[n].color, 'rgb(255, 0, 0)', `${n} took the host's colour`);
    }
    // The host's sheet did apply to the host's own heading: the check above could fail.
    assert.equal(await page.$eval('h1', (h) => getComputedStyle(h).fontSize), '30px');
    assert.equal(await page.$$eval('p.fallback', (ps) => ps.filter((p) => p.offsetHeight > 0).length), 0);
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
    await blog.close();
  }
});

const FORGOTTEN = [
  {
    piece: "'wasm-unsafe-eval'",
    change: (p, origin) => without(p, 'script-src', `script-src ${origin}`),
    tags: ALL_WIDGETS,
    sentence: /^This widget needs WebAssembly, .*'wasm-unsafe-eval' to its script-src\.$/,
  },
  {
    piece: 'connect-src',
    change: (p) => without(p, 'connect-src', null),
    tags: ALL_WIDGETS,
    sentence: /^This widget's WebAssembly core .* \(connect-src\) .*\.$/,
  },
  {
    piece: 'normlab in trusted-types',
    change: (p) => without(p, 'trusted-types', "trusted-types 'none'"),
    tags: ALL_WIDGETS,
    sentence:
      /^This widget builds its markup through the Trusted Types policy "normlab", .* add normlab to its trusted-types directive\.$/,
  },
  {
    piece: 'blob: in worker-src',
    change: (p, origin) => without(p, 'worker-src', `worker-src ${origin}`),
    tags: IN_WORKERS,
    sentence: /^This widget trains in a Web Worker, .* blob: to its worker-src\.$/,
  },
];

for (const f of FORGOTTEN)
  test(`without ${f.piece} each widget that needs it says so in one sentence over its fallback`, async () => {
    const blog = await host(f.change(guidePolicy(widgets.url), widgets.url), f.tags);
    const { page } = await open(blog);
    try {
      await waitForEach(page, f.tags, refused, 60000);
      const states = await sentences(page, f.tags);
      for (const n of f.tags) {
        assert.match(states[n].error, f.sentence, n);
        assert.equal(states[n].fallback, true, `${n} shows no fallback`);
      }
    } finally {
      await page.close();
      await blog.close();
    }
  });

test('without blob: in worker-src a widget that trains when pressed says so over its fallback', async () => {
  const policy = without(guidePolicy(widgets.url), 'worker-src', `worker-src ${widgets.url}`);
  const blog = await host(policy, TRAIN_PRESSED);
  const { page } = await open(blog);
  try {
    await waitForEach(page, TRAIN_PRESSED, drawn);
    for (const n of TRAIN_PRESSED) await page.locator(`${n} >> [data-run]`).click();
    await waitForEach(page, TRAIN_PRESSED, refused);
    const states = await sentences(page, TRAIN_PRESSED);
    for (const n of TRAIN_PRESSED) {
      assert.match(states[n].error, /^This widget trains in a Web Worker, .* blob: to its worker-src\.$/, n);
      assert.equal(states[n].fallback, true, `${n} shows no fallback`);
    }
  } finally {
    await page.close();
    await blog.close();
  }
});

test('with no style-src at all the widgets keep their styles: they need none', async () => {
  const tags = ['nl-playground', 'nl-bowl', 'nl-comparison'];
  const blog = await host(without(guidePolicy(widgets.url), 'style-src', "style-src 'none'"), tags);
  const { page } = await open(blog);
  try {
    await waitForEach(page, tags, drawn);
    const radii = await page.evaluate(
      (ts) =>
        ts.map(
          (t) => getComputedStyle(document.querySelector(t).shadowRoot.querySelector('.widget')).borderTopLeftRadius,
        ),
      tags,
    );
    assert.deepEqual(
      radii,
      tags.map(() => '10px'),
    );
    // The host's own stylesheet was refused, so the policy did bite.
    assert.notEqual(await page.$eval('h1', (h) => getComputedStyle(h).fontSize), '30px');
  } finally {
    await page.close();
    await blog.close();
  }
});
