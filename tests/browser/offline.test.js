// The chapters offline, in Chromium: one visit to each chapter (online) lets the offline worker
// keep the build's files (and Chromium finds the site installable), and starting the MNIST lab
// keeps its digits. Then the browser's own offline switch is turned on and the site's folder is
// emptied (any request the worker let through would fail), and each chapter reloads with every
// instrument drawn: the essay's playground answers another layer, the tutorial's bowl takes a
// step, and the MNIST lab trains all four networks one epoch from the kept digits. Prints the size
// of what the worker keeps.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readWorker } from '../../scripts/vite-offline.mjs';
import { bringIntoView, openScrolledThrough, useSite, watchForProblems } from './site.js';

const CHAPTERS = ['index.html', 'tutorial.html', 'mnist.html'];
let context, site;

/** The files the built worker keeps at install, and those it keeps when first asked for. */
function workerLists(folder) {
  const { precache, onFirstUse } = readWorker(readFileSync(path.join(folder, 'service-worker.js'), 'utf8'));
  return { precache, onFirstUse: onFirstUse.map((f) => f.file) };
}

/** Waits until the offline worker controls the page (it claims the page on its first install). */
const controlled = (page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });

const lab = (page, selector) => page.locator(`nl-mnist-lab >> ${selector}`);

// A copy of the built site, emptied once the first visits are done.
site = useSite({
  serviceWorkers: 'allow',
  pages: {},
  then: async (s) => {
    context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
  },
});

test('one visit to each chapter keeps every file of the build but the digits', async () => {
  const { precache, onFirstUse } = workerLists(site.folder);
  assert.ok(precache.includes('index.html') && precache.includes('mnist.html') && precache.includes('tutorial.html'));
  assert.ok(
    precache.some((f) => f.endsWith('.wasm')),
    'the wasm modules are kept',
  );
  assert.ok(
    precache.some((f) => f.endsWith('.woff2')),
    'the fonts are kept',
  );
  assert.ok(precache.includes('manifest.webmanifest') && precache.includes('icons/icon-512.png'));
  assert.deepEqual(onFirstUse.length, 1);
  assert.match(onFirstUse[0], /mnist-digits-.*\.bin$/);
  for (const chapter of CHAPTERS.slice(0, 2)) {
    const page = await context.newPage();
    const problems = watchForProblems(page);
    await page.goto(`${site.server.url}/${chapter}`);
    await controlled(page);
    assert.deepEqual(problems, [], chapter);
    await page.close();
  }
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${site.server.url}/${CHAPTERS[2]}`);
  await controlled(page);
  // Installable: Chromium reads the manifest without an error, and names no reason it could not
  // install the site but the test browser's private mode.
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.match(manifest.url, /\/manifest\.webmanifest$/);
  assert.deepEqual(manifest.errors, []);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(
    installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    [],
  );
  await cdp.detach();
  const kept = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('normlab-precache-'));
    const requests = await (await caches.open(name)).keys();
    return requests.map((r) => new URL(r.url).pathname.slice(1));
  });
  assert.deepEqual(kept.sort(), [...precache].sort());
  const bytes = precache.reduce((sum, f) => sum + statSync(path.join(site.folder, f)).size, 0);
  console.log(`the offline worker keeps ${precache.length} files, ${(bytes / 1e6).toFixed(2)} MB, at install`);
  // The lab's first Train fetches the digits, which the worker keeps as they pass.
  await bringIntoView(page, 'nl-mnist-lab');
  await lab(page, '[data-act="train"]').click();
  // In the page: the bytes of the digits the worker keeps, polled until they are whole or for at
  // most `within` ms (the assertion then says what is kept).
  const digitsKept = async ({ whole, within }) => {
    for (const end = performance.now() + within; ;) {
      const cache = await caches.open('normlab-on-first-use');
      const [request] = await cache.keys();
      const bytes = request ? ((await (await cache.match(request))?.arrayBuffer())?.byteLength ?? 0) : 0;
      if (bytes === whole || performance.now() > end) return bytes;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const size = statSync(path.join(site.folder, onFirstUse[0])).size;
  assert.equal(await page.evaluate(digitsKept, { whole: size, within: 120000 }), size, 'the digits are kept whole');
  assert.deepEqual(problems, []);
  await page.close();
});

test('with the network off, each chapter reloads and its instruments answer', async () => {
  await context.setOffline(true);
  // Whatever the worker let through now finds nothing.
  rmSync(site.folder, { recursive: true });
  mkdirSync(site.folder);
  for (const chapter of ['index.html', 'tutorial.html']) {
    const { page, problems } = await openScrolledThrough(context, `${site.server.url}/${chapter}`);
    // Every instrument drew from the kept scripts, wasm and workers (a failure shows instead).
    const undrawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('nl-') && !e.drawn)
          .map((e) => e.localName),
      );
    await page
      .waitForFunction(
        () => [...document.querySelectorAll('*')].every((e) => !e.localName.startsWith('nl-') || e.drawn),
        null,
        {
          timeout: 60000,
        },
      )
      .catch(() => {});
    assert.deepEqual(await undrawn(), [], `${chapter}: every instrument drawn offline`);
    if (chapter === 'index.html') {
      const cells = () => page.locator('nl-playground >> .answer td').allTextContents();
      const before = await cells();
      await page.locator('nl-playground >> button[data-kind="layer"]').first().click();
      await page.waitForFunction(
        (b) =>
          JSON.stringify(
            [...(document.querySelector('nl-playground')?.shadowRoot?.querySelectorAll('.answer td') ?? [])].map(
              (td) => td.textContent,
            ),
          ) !== b,
        JSON.stringify(before),
      );
      assert.ok(
        (await cells()).every((t) => t.trim() !== ''),
        'the playground answers layer norm offline',
      );
    } else {
      await page.locator('nl-bowl >> [data-bowl="stretched"] [data-step]').click();
      assert.equal((await page.locator('nl-bowl >> [data-out="stretched-steps"]').textContent()).trim(), '1');
    }
    assert.deepEqual(problems, [], `${chapter}: no failed request or error offline`);
    await page.close();
  }
});

test('offline, the MNIST lab trains one epoch from the digits kept on the first visit', async () => {
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${site.server.url}/mnist.html`);
  await bringIntoView(page, 'nl-mnist-lab');
  await lab(page, '[data-setting="epochs"]').fill('1');
  await lab(page, '[data-setting="epochs"]').dispatchEvent('change');
  await lab(page, '[data-act="train"]').click();
  await page.waitForFunction(
    () => document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent.includes('Trained 1 epoch'),
    null,
    { timeout: 300000 },
  );
  for (const arrangement of ['plain', 'batch', 'layer', 'group']) {
    const accuracy = Number(await lab(page, `[data-row="${arrangement}"] [data-cell="accuracy"]`).textContent());
    assert.ok(accuracy > 0.5 && accuracy <= 1, `${arrangement}: held-out accuracy ${accuracy} after one epoch`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
