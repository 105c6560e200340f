// The offline worker behind hosts and proxies that bend answers, in Chromium:
// - a static host that redirects x.html to x (and index.html to /) and serves x for x.html: every
//   chapter and page loads at every address, online, after the host stops redirecting, and
//   offline, and nothing redirected is kept;
// - a proxy or portal that answers the digits' address with its own page: the MNIST lab says the
//   answer is not the digits, nothing is kept, and the lab fetches and keeps the real digits once
//   the proxy is gone; a bad copy kept by an older worker is dropped and fetched again;
// - a portal answering every address with its page, once a build is kept: the chapters still come
//   from the kept copy;
// - a site taken down and another put at its address (404 for the worker's script): after one
//   visit from the kept copy, the copy goes and the worker is unregistered, so the new site shows;
// - a single-page site put at its address (its page at every address, the worker's script too), or
//   the site moved (every address redirected): the first visit keeps the copy (a portal, a sign-in
//   page, a deploy's gap look the same), a visit a day later lets it go, and the page that did
//   says so when it next needs a file;
// - a cache before the host answering a page with an older build's: the install keeps nothing;
// - a browser with little room for the site: the install is tried once and not again on the next
//   page views, so the build's files are downloaded for it once at most;
// - a build in a folder below whose install was refused, open when the kill switch above installs:
//   its page is not told that its copy goes (it heeds only its own folder's worker);
// - the page asking for a new version after registering and on coming back online (engines that do
//   not look on every navigation: WebKit after a stretch offline);
// - a host whose policy requires Trusted Types: the worker registers through the normlab policy
//   with no violation.
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { CONTENT_SECURITY_POLICY, serveStatic } from '../../scripts/serve-static.mjs';
import { readWorker, stampPage } from '../../scripts/vite-offline.mjs';
import { bringIntoView, launchChromiumForTests, siteFolder, watchForProblems } from './site.js';
import { COPY_LET_GO } from '../../web/src/host/site-build.js';
import { deployKillSwitch } from './site-builds.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

let browser;
before(async () => {
  browser = await launchChromiumForTests();
});
after(() => browser?.close());

/** A copy of the built site served with the given options, closed after the test. */
async function serveCopy(t, options = {}) {
  const folder = scratchFolder('normlab-hosts-');
  cpSync(siteFolder(), folder, { recursive: true });
  const server = await serveStatic(folder, options);
  t.after(() => server.close());
  return { folder, server };
}

/** A page in a context of its own (closed after the test), with its problems watched. */
async function freshPage(t) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  return { context, page, problems: watchForProblems(page) };
}

/** Waits until the offline worker controls the page. */
const controlled = (page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });

/** Waits until the build the worker controls the page with is proven (a page of its own booted). */
const proven = (page) =>
  page.waitForFunction(
    async () => (await (await caches.open('normlab-state')).keys()).some((r) => /booted-/.test(r.url)),
    null,
    { timeout: 60000 },
  );

/** Waits until `condition()` (in this process) holds, polling, for at most 30 s. */
async function waitUntil(condition, what) {
  for (const deadline = Date.now() + 30000; !condition();) {
    if (Date.now() > deadline) throw new Error(`not within 30 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every widget on the page is defined (its script loaded and run). */
const everyWidgetDefined = (page) =>
  page.waitForFunction(
    () =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('nl-'))
        .every((e) => customElements.get(e.localName)),
    null,
    { timeout: 60000 },
  );

test('a host that redirects x.html to x: every address loads, online, after, and offline', async (t) => {
  let redirecting = true;
  const { server } = await serveCopy(t, {
    intercept: (url) => {
      if (!redirecting) return null;
      if (url.pathname.endsWith('.html')) {
        const to = url.pathname === '/index.html' ? '/' : url.pathname.slice(0, -'.html'.length);
        return { status: 301, headers: { Location: to + url.search } };
      }
      if (url.pathname !== '/' && !path.extname(url.pathname)) return { path: `${url.pathname}.html` };
      return null;
    },
  });
  const { context, page, problems } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  assert.equal(new URL(page.url()).pathname, '/', 'the host redirects');
  await controlled(page);
  await everyWidgetDefined(page);
  await page.reload();
  await proven(page);
  await everyWidgetDefined(page);
  const kept = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('normlab-precache-'));
    const cache = await caches.open(name);
    return Promise.all((await cache.keys()).map(async (r) => (await cache.match(r)).redirected));
  });
  assert.ok(kept.length > 50 && kept.every((redirected) => !redirected), 'nothing redirected is kept');
  const addresses = ['/', '/index.html', '/tutorial.html', '/tutorial', '/mnist.html', '/frame.html', '/embed.html'];
  const visitAll = async (when) => {
    for (const address of addresses) {
      const response = await page.goto(`${server.url}${address}`);
      assert.ok(response.ok(), `${when}: ${address} answers ${response.status()}`);
      assert.ok((await page.title()).length > 0, `${when}: ${address} has its page`);
      await everyWidgetDefined(page);
      assert.ok(await page.evaluate(() => document.querySelectorAll('script[src]').length > 0), `${when}: ${address}`);
    }
  };
  await visitAll('redirecting');
  redirecting = false;
  await visitAll('no longer redirecting');
  await context.setOffline(true);
  await visitAll('offline');
  assert.deepEqual(problems, []);
});

test('a portal that answers every address with its page: the chapters come from the kept copy', async (t) => {
  let portal = false;
  const { server } = await serveCopy(t, {
    intercept: () =>
      portal ? { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><p>Sign in' } : null,
  });
  const { page, problems } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  await controlled(page);
  await proven(page);
  await everyWidgetDefined(page);
  portal = true;
  for (const chapter of ['index.html', 'tutorial.html', 'mnist.html']) {
    await page.goto(`${server.url}/${chapter}`);
    await everyWidgetDefined(page);
    assert.doesNotMatch(await page.evaluate(() => document.body.textContent), /Sign in/, chapter);
  }
  assert.deepEqual(problems, []);
});

test('a site taken down, another in its place: after one visit the copy goes, and the new site is seen', async (t) => {
  // Once the site is gone the host answers its own page at / and 404 everywhere else, the worker's
  // script included (the case of an address that changed hands).
  let gone = false;
  const { server } = await serveCopy(t, {
    intercept: (url) => {
      if (!gone) return null;
      if (url.pathname === '/' || url.pathname === '/index.html')
        return { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><p>Another site' };
      return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'not found' };
    },
  });
  const { page, problems } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  await controlled(page);
  await proven(page);
  await everyWidgetDefined(page);
  gone = true;
  // A page not proven yet (never booted here) is asked of the host first, which says it is gone.
  assert.equal((await page.goto(`${server.url}/tutorial.html`)).status(), 404, 'a page the host says is gone');
  // A proven page is answered from the kept copy (it asks no network); that page then finds the
  // worker's script gone, and lets the copy go.
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'let-go', null, { timeout: 60000 });
  await page.waitForFunction(async () => !(await navigator.serviceWorker.getRegistration()), null, { timeout: 60000 });
  await page.waitForFunction(async () => !(await caches.keys()).some((n) => n.startsWith('normlab-precache-')), null, {
    timeout: 60000,
  });
  assert.equal(await page.locator('.new-version').count(), 0, 'nothing offered');
  // The page that let the copy go had booted from it whole first (its widgets' scripts came from it).
  const undefinedWidgets = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .map((e) => e.localName)
      .filter((name) => name.startsWith('nl-') && !customElements.get(name)),
  );
  assert.deepEqual(undefinedWidgets, []);
  const after = await page.goto(`${server.url}/index.html`);
  assert.equal(after.status(), 200);
  assert.match(await page.evaluate(() => document.body.textContent), /Another site/, 'the new site, from the network');
  assert.equal((await page.goto(`${server.url}/tutorial.html`)).status(), 404, 'and its 404');
  assert.deepEqual(
    problems.filter((p) => !/status of 404/.test(p)),
    [],
  );
});

/** The page's note of when something else first answered in the worker script's place: [key, time] or undefined. */
const inPlaceNote = (page) =>
  page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('normlab-offline-page-in-place')));

/**
 * The host changed under a reader with a kept copy (`change()` switches it; `seen` is what the
 * address shows after): the first visit from the copy keeps it (a portal, a sign-in page, a
 * deploy's gap look the same) and notes the time; a visit a day later lets it go (`weekly`: a reader
 * back after eight days keeps it and the note counts a second sighting; eight days later again it
 * goes). The page that let it go (the MNIST chapter, booted from the copy) then needs files it no
 * longer has: its lab says the copy was let go and a reload shows what the address serves now.
 */
async function lettingGoAfterADay(t, { intercept, change, seen, weekly = false }) {
  const { server } = await serveCopy(t, { intercept });
  const { page, problems } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  await controlled(page);
  await proven(page);
  await page.goto(`${server.url}/mnist.html`);
  await everyWidgetDefined(page);
  await page.waitForFunction(
    async () => (await (await caches.open('normlab-state')).keys()).some((r) => /booted-.*mnist\.html$/.test(r.url)),
    null,
    { timeout: 60000 },
  );
  change();
  await page.goto(`${server.url}/mnist.html`);
  await everyWidgetDefined(page);
  await page.waitForFunction(
    () => Object.keys(localStorage).some((key) => key.startsWith('normlab-offline-page-in-place')),
    null,
    { timeout: 60000 },
  );
  const [key, note] = await inPlaceNote(page);
  const [since, sightings] = note.split(' ').map(Number);
  assert.ok(Math.abs(since - Date.now()) < 60000, `noted now: ${note}`);
  assert.equal(sightings, 1);
  const kept = async () => {
    assert.ok(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), 'kept');
    assert.doesNotMatch(await page.evaluate(() => document.body.textContent), seen, 'from the kept copy');
  };
  await kept();
  /** The same note, as if written `ms` earlier. */
  const age = (ms) =>
    page.evaluate(
      ([k, by]) => {
        const [at, count] = localStorage.getItem(k).split(' ').map(Number);
        localStorage.setItem(k, `${at - by} ${count}`);
      },
      [key, ms],
    );
  const DAY = 24 * 60 * 60 * 1000;
  if (weekly) {
    // A reader back after eight days: a sighting that old may be a passing thing (another deploy's
    // gap), so the copy stays and the note counts a second sighting from now.
    await age(8 * DAY);
    await page.goto(`${server.url}/mnist.html`);
    await everyWidgetDefined(page);
    await page.waitForFunction((k) => localStorage.getItem(k)?.split(' ')[1] === '2', key, { timeout: 60000 });
    await kept();
  }
  // A day later (or, for the weekly reader, eight days after a second sighting), the page from the
  // copy finds it still there, and lets the copy go.
  await age(weekly ? 8 * DAY : DAY + 60 * 60 * 1000);
  await page.goto(`${server.url}/mnist.html`);
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'let-go', null, { timeout: 60000 });
  await page.waitForFunction(async () => !(await navigator.serviceWorker.getRegistration()), null, { timeout: 60000 });
  await page.waitForFunction(async () => !(await caches.keys()).some((n) => n.startsWith('normlab-precache-')), null, {
    timeout: 60000,
  });
  assert.equal(await inPlaceNote(page), undefined, 'the note goes with the copy');
  // The lab, built as it comes into view, needs its core, workers and digits: whichever it meets
  // first gone, it says why.
  await bringIntoView(page, 'nl-mnist-lab');
  const says = (sentence) =>
    page.waitForFunction(
      (text) => document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent.includes(text),
      sentence,
      { timeout: 60000 },
    );
  await Promise.race([lab(page, '[data-act="train"]').waitFor({ timeout: 60000 }), says(COPY_LET_GO)]);
  if (await lab(page, '[data-act="train"]').count()) await lab(page, '[data-act="train"]').click();
  await says(COPY_LET_GO);
  await page.goto(`${server.url}/index.html`);
  assert.match(await page.evaluate(() => document.body.textContent), seen, 'what the address serves now');
  return problems;
}

test('a single-page site in its place (its page at every address, 200): the copy goes once that has lasted a day', async (t) => {
  let replaced = false;
  const problems = await lettingGoAfterADay(t, {
    intercept: () =>
      replaced
        ? { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><p>Another app' }
        : null,
    change: () => (replaced = true),
    seen: /Another app/,
  });
  assert.deepEqual(
    problems.filter((p) => !/MIME type|service-worker\.js|mnist|worker/i.test(p)),
    [],
  );
});

test('a site moved (every address redirected elsewhere), a reader back weekly: the copy goes on the third visit', async (t) => {
  let moved = false;
  const problems = await lettingGoAfterADay(t, {
    intercept: (url) => {
      if (!moved) return null;
      if (url.pathname.startsWith('/moved/'))
        return { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><p>Moved here' };
      return { status: 301, headers: { Location: `/moved${url.pathname}` } };
    },
    change: () => (moved = true),
    seen: /Moved here/,
    weekly: true,
  });
  assert.deepEqual(
    problems.filter((p) => !/MIME type|service-worker\.js|redirect|mnist|worker/i.test(p)),
    [],
  );
});

const lab = (page, selector) => page.locator(`nl-mnist-lab >> ${selector}`);
const labStatus = (page) => lab(page, '[data-out="status"]').textContent();

/** The bytes of the digits kept on first use (0 when none are kept). */
const digitsKept = (page) =>
  page.evaluate(async () => {
    const cache = await caches.open('normlab-on-first-use');
    const [request] = await cache.keys();
    return request ? (await (await cache.match(request)).arrayBuffer()).byteLength : 0;
  });

test('a proxy that answers the digits with its page: refused with a sentence, never kept', async (t) => {
  let portal = true;
  const { folder, server } = await serveCopy(t, {
    intercept: (url) =>
      portal && url.pathname.endsWith('.bin')
        ? { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><p>Sign in to the network' }
        : null,
  });
  const [digits] = readWorker(readFileSync(path.join(folder, 'service-worker.js'), 'utf8')).onFirstUse;
  const { page } = await freshPage(t);
  await page.goto(`${server.url}/mnist.html`);
  await controlled(page);
  await bringIntoView(page, 'nl-mnist-lab');
  await lab(page, '[data-act="train"]').click();
  await page.waitForFunction(
    () =>
      /is not the digits/.test(
        document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-out="status"]')?.textContent,
      ),
    null,
    { timeout: 60000 },
  );
  assert.match(await labStatus(page), /text\/html, 40 bytes\): a proxy or a sign-in page may have answered/);
  assert.equal(await digitsKept(page), 0, "the proxy's page is not kept");

  portal = false;
  await lab(page, '[data-act="train"]').click();
  await page.waitForFunction(
    async (bytes) => {
      const cache = await caches.open('normlab-on-first-use');
      const [request] = await cache.keys();
      return request && (await (await cache.match(request)).arrayBuffer()).byteLength === bytes;
    },
    digits.bytes,
    { timeout: 120000 },
  );
  await lab(page, '[data-act="cancel"]').click();

  // An older worker's bad copy (any 200 was kept) is dropped and the digits fetched again.
  await page.evaluate(
    async (url) => {
      const cache = await caches.open('normlab-on-first-use');
      await cache.put(url, new Response('<!doctype html><p>Sign in', { headers: { 'Content-Type': 'text/html' } }));
    },
    new URL(digits.file, `${server.url}/`).href,
  );
  assert.notEqual(await digitsKept(page), digits.bytes);
  await page.reload();
  await bringIntoView(page, 'nl-mnist-lab');
  await lab(page, '[data-act="train"]').click();
  await page.waitForFunction(
    () =>
      /^Training/.test(
        document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-out="status"]')?.textContent,
      ),
    null,
    { timeout: 120000 },
  );
  assert.equal(await digitsKept(page), digits.bytes, 'the bad copy was replaced by the digits');
  await lab(page, '[data-act="cancel"]').click();
});

test("a stale page at install (an older build's from a cache before the host): nothing is kept", async (t) => {
  const { folder, server } = await serveCopy(t, {
    intercept: (url) =>
      url.pathname === '/tutorial.html' ? { status: 200, headers: { 'Content-Type': 'text/html' }, body: stale } : null,
  });
  const stale = stampPage(readFileSync(path.join(folder, 'tutorial.html'), 'utf8'), 'an-older-build');
  const { page, problems } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(
    () => Object.keys(localStorage).some((k) => k.startsWith('normlab-offline-failed ')),
    null,
    { timeout: 60000 },
  );
  // Only the worker's note of the failed install is kept (so it is not downloaded again for a while).
  assert.deepEqual(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('normlab-'))), [
    'normlab-state',
  ]);
  await everyWidgetDefined(page);
  assert.deepEqual(problems, []);
});

test('little room for the site: one try, not repeated on the next page views', async (t) => {
  const asked = { worker: 0, precache: 0 };
  const { folder, server } = await serveCopy(t, {
    intercept: (url, req) => {
      if (url.pathname === '/service-worker.js') asked.worker += 1;
      // The worker's downloads ask past every HTTP cache ('reload'); the page's own never do.
      else if (req.headers['cache-control'] === 'no-cache') asked.precache += 1;
      return null;
    },
  });
  const precacheCount = readWorker(readFileSync(path.join(folder, 'service-worker.js'), 'utf8')).precache.length;
  const { context, page, problems } = await freshPage(t);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.url, quotaSize: 100_000 });
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(
    () => Object.keys(localStorage).some((k) => k.startsWith('normlab-offline-failed ')),
    null,
    { timeout: 60000 },
  );
  await everyWidgetDefined(page);
  for (let view = 0; view < 2; view++) {
    await page.goto(`${server.url}/tutorial.html`, { waitUntil: 'load' });
    // What would start a second try: the page's own start, once it has loaded.
    await page.waitForFunction(() => document.readyState === 'complete');
    await everyWidgetDefined(page);
  }
  assert.equal(asked.worker, 1, 'the worker is asked for once');
  assert.ok(asked.precache <= precacheCount, `the build's files downloaded once at most (${asked.precache})`);
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  assert.deepEqual(problems, []);
});

test('a build in a folder below that keeps no copy yet is not told that the copy above goes', async (t) => {
  // The same build again in sub/, whose install is refused (one of its files answers 404), so the
  // kill switch above finds no copy of that folder's to tell its pages apart by.
  const missing = readWorker(readFileSync(path.join(siteFolder(), 'service-worker.js'), 'utf8')).precache[0];
  const { folder, server } = await serveCopy(t, {
    intercept: (url) => (url.pathname === `/sub/${missing}` ? { status: 404, headers: {}, body: '' } : null),
  });
  cpSync(siteFolder(), path.join(folder, 'sub'), { recursive: true });
  const { context, page } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  await controlled(page);
  await proven(page);
  const below = await context.newPage();
  const belowProblems = watchForProblems(below);
  // The page below notes the kill switch's message when it comes, so the check after waits for it.
  await below.addInitScript(() =>
    navigator.serviceWorker?.addEventListener('message', (event) => {
      if (event.data?.type === 'offline-copy-removed') window.toldCopyRemoved = true;
    }),
  );
  await below.goto(`${server.url}/sub/index.html`);
  await below.waitForFunction(
    () => localStorage.getItem(`normlab-offline-failed ${new URL('./service-worker.js', document.baseURI).pathname}`),
    null,
    { timeout: 60000 },
  );
  await everyWidgetDefined(below);

  deployKillSwitch(folder);
  await page.evaluate(() =>
    navigator.serviceWorker
      .getRegistration()
      .then((r) => r?.update())
      .catch(() => {}),
  );
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'removed', null, { timeout: 60000 });
  // The page below was told (the kill switch cannot tell it apart), and did not take it for its own.
  await below.waitForFunction(() => window.toldCopyRemoved === true, null, { timeout: 60000 });
  assert.equal(await below.evaluate(() => document.documentElement.dataset.offline ?? null), null);
  assert.deepEqual(
    belowProblems.filter((p) => !p.includes(missing) && !/status of 404/.test(p)),
    [],
  );
});

test('the page asks for a new version after registering and whenever the device comes back online', async (t) => {
  let asked = 0;
  const { server } = await serveCopy(t, {
    intercept: (url) => {
      if (url.pathname === '/service-worker.js') asked += 1;
      return null;
    },
  });
  const { page, problems } = await freshPage(t);
  await page.goto(`${server.url}/index.html`);
  await controlled(page);
  // One first visit, no navigation since: the worker's script asked for by register() and again
  // by the page's update() (an engine's own check comes with a navigation).
  await page.waitForFunction(() => performance.getEntriesByType('navigation').length === 1);
  await waitUntil(() => asked >= 2, 'register() and update() each ask for the worker');
  // A check still under way takes in the next one (an engine queues one update job at a time), so
  // the online event is sent once no check is running: this update() joins any running one and
  // resolves when it ends, or asks once more itself, before the count is taken.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
  const before = asked;
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await waitUntil(() => asked > before, 'coming back online asks again');
  assert.deepEqual(problems, []);
});

test("a policy that requires Trusted Types: the worker registers through normlab's policy", async (t) => {
  const { server } = await serveCopy(t, {
    csp: `${CONTENT_SECURITY_POLICY}; require-trusted-types-for 'script'; trusted-types normlab`,
  });
  const { page, problems } = await freshPage(t);
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.violations.push(`${e.effectiveDirective}: ${e.sample}`),
    );
  });
  for (const chapter of ['index.html', 'tutorial.html', 'mnist.html']) {
    await page.goto(`${server.url}/${chapter}`);
    await controlled(page);
    await everyWidgetDefined(page);
    assert.deepEqual(await page.evaluate(() => window.violations), [], chapter);
  }
  assert.deepEqual(problems, []);
});
