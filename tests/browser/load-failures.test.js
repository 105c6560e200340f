// A file the widgets load that cannot be had is named with its own cause: an error status,
// another kind of file where the .wasm should be, no answer, or a policy's refusal; and a worker
// whose script is missing says so. The policy's sentence comes only when the page reported that
// its Content-Security-Policy refused the fetch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUILD_META, OUTDATED_PAGE, gonePageSentence } from '../../web/src/host/site-build.js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { READY_PATIENCE_MS } from '../../web/src/work/core-handoff.js';
import { screenshotFile, siteFolder, useSite, withFewDraws } from './site.js';

let browser, server;
let bend = () => null; // how the server answers the request being tested (see serveStatic's intercept)

const page = (tag) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="./normlab-widgets.js"></script><${tag}></${tag}>`;
/** A page of one widget as a build of the site stamps it, naming `version`. */
const stamped = (version, tag = 'nl-playground') =>
  page(tag).replace('<meta charset="utf-8">', `<meta charset="utf-8"><meta name="${BUILD_META}" content="${version}">`);
const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

useSite({
  serviceWorkers: 'allow',
  pages: { 'playground.html': page('nl-playground'), 'comparison.html': page('nl-comparison') },
  serve: {
    csp: null,
    intercept: (url) =>
      url.pathname === '/policy.html'
        ? {
            status: 200,
            headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': POLICY },
            body: page('nl-playground'),
          }
        : bend(url),
  },
  then: async (site) => ({ browser, server } = site),
});

const coreWasm = (url) => /\/normlab_core[^/]*\.wasm$/.test(url.pathname);

/** The sentence the widget on the page shows first that begins as `start` does. */
async function sentenceOf(path, tag, start = "This widget's WebAssembly core") {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${server.url}/${path}`);
    const said = tab.locator(`${tag} >> [part="body"] :is(p, div, span)`, { hasText: start }).last();
    await said.waitFor({ timeout: 60000 });
    return await said.textContent();
  } finally {
    await tab.close();
  }
}

test('a .wasm that answers 404 is named with its status, and no policy is blamed', async () => {
  bend = (url) => (coreWasm(url) ? { status: 404, body: 'not found' } : null);
  const said = await sentenceOf('playground.html', 'nl-playground');
  assert.match(
    said,
    /^This widget's WebAssembly core .* could not be loaded: http:\/\/127\.0\.0\.1:\d+\/assets\/normlab_core[^ ]*\.wasm answered 404 \(Not Found\): the file is not where/,
  );
  assert.doesNotMatch(said, /Content-Security-Policy|connect-src/);
});

test('a page where the .wasm should be is named with the type it came as', async () => {
  bend = (url) =>
    coreWasm(url) ? { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><p>Welcome' } : null;
  const said = await sentenceOf('playground.html', 'nl-playground');
  assert.match(said, /\.wasm answered with text\/html, not the core \(application\/wasm\)/);
  assert.doesNotMatch(said, /Content-Security-Policy|connect-src/);
});

test("another build's .wasm under the core's name is named as not the core its script was built with", async () => {
  // The tutorial's core module in the core's place: a .wasm that compiles but links to other glue,
  // as a host or cache mixing two deploys serves it.
  const tutorialWasm = readdirSync(path.join(siteFolder(), 'assets')).find((f) =>
    /^normlab_tutorial_core[^/]*\.wasm$/.test(f),
  );
  bend = (url) => (coreWasm(url) ? { path: `/assets/${tutorialWasm}` } : null);
  const said = await sentenceOf('playground.html', 'nl-playground');
  assert.match(
    said,
    /^This widget's WebAssembly core .* could not be loaded: http:\/\/127\.0\.0\.1:\d+\/assets\/normlab_core[^ ]*\.wasm is not the core its script was built with \(.*\): the host or a cache serves files of two builds side by side/,
  );
});

test('a .wasm whose answer breaks off is named as broken off, not as a module that does not compile', async () => {
  // The connection closes after 1,000 of the file's bytes (its length said in full).
  const wasm = readdirSync(path.join(siteFolder(), 'assets')).find((f) => /^normlab_core[^/]*\.wasm$/.test(f));
  const whole = readFileSync(path.join(siteFolder(), 'assets', wasm));
  bend = (url) =>
    coreWasm(url)
      ? {
          status: 200,
          headers: { 'Content-Type': 'application/wasm', 'Content-Length': String(whole.length), Connection: 'close' },
          body: whole.subarray(0, 1000),
        }
      : null;
  const said = await sentenceOf('playground.html', 'nl-playground');
  assert.match(
    said,
    /could not be loaded: the answer for http:\/\/127\.0\.0\.1:\d+\/assets\/normlab_core[^ ]*\.wasm broke off before its end \(.*\): the connection dropped/,
  );
  assert.doesNotMatch(said, /not a module this browser compiles/);
});

test('a .wasm that gets no answer says so, and names CORS', async () => {
  // Sent on to a port where nothing listens.
  bend = (url) => (coreWasm(url) ? { status: 302, headers: { Location: 'http://127.0.0.1:9/core.wasm' } } : null);
  const said = await sentenceOf('playground.html', 'nl-playground');
  assert.match(
    said,
    /fetching http:\/\/127\.0\.0\.1:\d+\/assets\/normlab_core[^ ]*\.wasm got no answer this page may read/,
  );
  assert.doesNotMatch(said, /Content-Security-Policy|connect-src/);
});

test("the policy's sentence comes when the page's policy refused the fetch", async () => {
  bend = (url) => (coreWasm(url) ? { status: 302, headers: { Location: 'http://127.0.0.1:9/core.wasm' } } : null);
  const said = await sentenceOf('policy.html', 'nl-playground');
  assert.match(said, /Content-Security-Policy refused it, so the host must allow fetching it \(connect-src\)/);
});

test('a worker whose script answers 404 is named with its status', async () => {
  bend = (url) => (/\/crowd-worker[^/]*\.js$/.test(url.pathname) ? { status: 404, body: 'not found' } : null);
  const said = await sentenceOf('comparison.html', 'nl-comparison', 'This widget trains in a Web Worker');
  assert.match(
    said,
    /^This widget trains in a Web Worker, whose script could not be loaded: http:\/\/127\.0\.0\.1:\d+\/assets\/crowd-worker[^ ]*\.js answered 404 \(Not Found\)/,
  );
});

test('a worker whose script is an empty file says so once its patience is over, not waiting for ever', async () => {
  // A 0-byte script (a failed upload, a CDN's empty object) runs and says nothing: after the
  // start's patience (READY_PATIENCE_MS) the script is looked at again, and named.
  bend = (url) =>
    /\/crowd-worker[^/]*\.js$/.test(url.pathname)
      ? { status: 200, headers: { 'Content-Type': 'text/javascript' }, body: '' }
      : null;
  const said = await sentenceOf('comparison.html', 'nl-comparison', 'This widget trains in a Web Worker');
  assert.match(
    said,
    /^This widget trains in a Web Worker, whose script could not be loaded: http:\/\/127\.0\.0\.1:\d+\/assets\/crowd-worker[^ ]*\.js answered an empty file where the script should be/,
  );
  assert.ok(READY_PATIENCE_MS <= 30000, 'the wait this case takes');
});

test('on a page of the site left open across a deploy, a .wasm that answers 404 asks for a reload', async () => {
  // The page arrives naming build "old"; asked again (as the widget asks when a file fails), its
  // address serves build "new", whose files differ.
  let arrivals = 0;
  bend = (url) => {
    if (coreWasm(url)) return { status: 404, body: 'not found' };
    if (url.pathname !== '/site-page.html') return null;
    arrivals += 1;
    return { status: 200, headers: { 'Content-Type': 'text/html' }, body: stamped(arrivals === 1 ? 'old' : 'new') };
  };
  assert.equal(await sentenceOf('site-page.html', 'nl-playground', 'This page belongs'), OUTDATED_PAGE);
  assert.equal(arrivals, 2, 'the page was fetched once more, to compare');
  // The same build still served: the file is missing from it, and the status is named as before.
  bend = (url) => {
    if (coreWasm(url)) return { status: 404, body: 'not found' };
    if (url.pathname !== '/site-page.html') return null;
    return { status: 200, headers: { 'Content-Type': 'text/html' }, body: stamped('old') };
  };
  assert.match(
    await sentenceOf('site-page.html', 'nl-playground'),
    /\.wasm answered 404 \(Not Found\): the file is not where/,
  );
});

test("on a page of the site left open across a deploy, a worker's script that answers 404 asks for a reload", async () => {
  let arrivals = 0;
  bend = (url) => {
    if (/\/crowd-worker[^/]*\.js$/.test(url.pathname)) return { status: 404, body: 'not found' };
    if (url.pathname !== '/worker-page.html') return null;
    arrivals += 1;
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
      body: stamped(arrivals === 1 ? 'old' : 'new', 'nl-comparison'),
    };
  };
  assert.equal(await sentenceOf('worker-page.html', 'nl-comparison', 'This page belongs'), OUTDATED_PAGE);
  assert.ok(arrivals >= 2, 'the page was fetched once more, to compare');
});

test('on a page of the site whose address is gone (404 or 410), a file that fails says so, not to reload', async () => {
  // The page arrives (as it would from the offline copy after its site was taken down); asked
  // again, its address answers the status, and so does the file that fails (the core, the worker's).
  const workerScript = (url) => /\/crowd-worker[^/]*\.js$/.test(url.pathname);
  for (const [status, path, tag, fails] of [
    [404, 'gone-page.html', 'nl-playground', coreWasm],
    [410, 'gone-worker-page.html', 'nl-comparison', workerScript],
  ]) {
    let arrivals = 0;
    bend = (url) => {
      if (fails(url)) return { status, body: 'gone' };
      if (url.pathname !== `/${path}`) return null;
      arrivals += 1;
      if (arrivals > 1) return { status, body: 'gone' };
      return { status: 200, headers: { 'Content-Type': 'text/html' }, body: stamped('old', tag) };
    };
    assert.equal(await sentenceOf(path, tag, 'This page is gone'), gonePageSentence(status), tag);
    assert.ok(arrivals >= 2, 'the page was fetched once more, to ask');
  }
});

test('the MNIST lab on a page of the site left open across a deploy: digits that answer 404 ask for a reload', async () => {
  let arrivals = 0;
  bend = (url) => {
    if (/\/mnist-digits[^/]*\.bin$/.test(url.pathname)) return { status: 404, body: 'not found' };
    if (url.pathname !== '/lab-page.html') return null;
    arrivals += 1;
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
      body: stamped(arrivals === 1 ? 'old' : 'new', 'nl-mnist-lab'),
    };
  };
  const tab = await browser.newPage();
  try {
    await tab.goto(`${server.url}/lab-page.html`);
    await tab.locator('nl-mnist-lab >> [data-act="train"]').click();
    const status = tab.locator('nl-mnist-lab >> [data-out="status"]');
    await tab.waitForFunction(
      (sentence) =>
        document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-out="status"]')?.textContent ===
        sentence,
      OUTDATED_PAGE,
      { timeout: 60000 },
    );
    assert.equal(await status.textContent(), OUTDATED_PAGE);
    assert.equal(arrivals, 2, 'the page was fetched once more, to compare');
    // Training over seeds fetches the digits in workers of its own, and says the same.
    await tab.locator('nl-mnist-lab >> [data-seeds-run]').click();
    await tab.waitForFunction(
      (sentence) =>
        document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-seeds-status]')?.textContent ===
        sentence,
      OUTDATED_PAGE,
      { timeout: 60000 },
    );
    assert.equal(arrivals, 3);
    assert.equal(await tab.locator('nl-mnist-lab >> [data-seeds-run]').isDisabled(), false, 'the reader can try again');
    await tab.locator('nl-mnist-lab >> .widget').screenshot({ path: screenshotFile('mnist-lab-outdated-page.png') });
  } finally {
    await tab.close();
  }
});

// The essay's first widget, and one of the tutorial's (a chapter's widgets differ in their
// placeholders' style; every one shows the sentence).
for (const [chapter, tag] of [
  ['index.html', 'nl-covariate-shift'],
  ['tutorial.html', 'nl-rms-timing'],
]) {
  test(`${tag}, whose script answers 503, says so in its place, and every other widget loads`, async () => {
    const failing = new RegExp(`/assets/${tag}-[^/]*\\.js$`);
    bend = (url) => (failing.test(url.pathname) ? { status: 503, body: 'busy' } : null);
    const tab = await browser.newPage();
    try {
      await tab.goto(`${server.url}/${withFewDraws(chapter)}`);
      await tab.waitForFunction((t) => document.querySelector(t).dataset.notLoaded, tag, { timeout: 60000 });
      // The widgets load one after another, the nearest to the window first: the failed one is
      // not the last, so the others after it are waited for too.
      await tab.waitForFunction(
        (t) =>
          [...document.querySelectorAll('*')]
            .filter((e) => e.localName.startsWith('nl-') && e.localName !== t)
            .every((e) => customElements.get(e.localName)),
        tag,
        { timeout: 60000 },
      );
      const said = await tab.evaluate((t) => document.querySelector(t).dataset.notLoaded, tag);
      assert.match(
        said,
        new RegExp(`^This instrument's script could not be loaded \\(.*${tag}.*\\)\\. Reloading the page`),
      );
      const shown = await tab.evaluate((t) => {
        const element = document.querySelector(t);
        element.scrollIntoView();
        return {
          text: getComputedStyle(element, '::before').content,
          height: element.getBoundingClientRect().height,
        };
      }, tag);
      assert.ok(
        shown.text.includes('could not be') && shown.height > 40,
        `shown in its place: ${JSON.stringify(shown)}`,
      );
      // Painted once its section is awake (section-waking.js): before, a screenshot is blank.
      await tab.waitForFunction((t) => document.querySelector(t).closest('section').classList.contains('awake'), tag);
      await tab.locator(tag).screenshot({ path: screenshotFile(`${tag}-not-loaded.png`) });
    } finally {
      await tab.close();
    }
  });
}
