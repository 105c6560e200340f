// The offline worker's rules (web/src/page/service-worker.js, filled as the build fills it), run in
// Node against Cache Storage in memory and a network the test writes, with no browser between:
// - an install keeps a page only when it names the build's version (not a stale page from a cache,
//   nor a proxy's), any other file only with the digest the build recorded, a redirected answer as
//   a plain copy; with too little room it downloads nothing, and one that failed is not tried
//   again for 6 hours;
// - a page that boots proves only the build its HTML names, for its own address and the build's
//   other files; while a newer build's install has failed lately, pages come from the network first;
// - a build not proven yet takes the network's answer only when it is the file in full (not a 204
//   or a partial 206) and, for a page, names a normlab build (not a portal's), and answers as soon
//   as the headers (a page's head) are in, however slowly the body comes;
// - the digits are kept on first use only when they are the recorded file, and a bad copy is
//   dropped and fetched again (the worker alone, without the lab's own keeping);
// - asked what it is, the worker names its build and the kill switch says it is none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fillWorker, integrities, integrityOf, pageEnd } from '../../scripts/vite-offline.mjs';
import { KEPT_ASSETS_CACHE } from '../../web/src/work/kept-assets.js';
import { MemoryCaches } from './memory-caches.js';

const SOURCE = readFileSync(new URL('../../web/src/page/service-worker.js', import.meta.url), 'utf8');
const OFF_SOURCE = readFileSync(new URL('../../web/src/page/service-worker-off.js', import.meta.url), 'utf8');
const SCOPE = 'https://normlab.test/site/';
const VERSION = '0123456789abcdef';
// A build's copy is named by its version and its folder.
const precacheOf = (version, scope = SCOPE) => `normlab-precache-${version}@${new URL(scope).pathname}`;
const PRECACHE = precacheOf(VERSION);
const at = (file) => new URL(file, SCOPE).href;

const page = (version) =>
  `<!doctype html><head><meta name="normlab-build" content="${version}"><title>x</title>\n${pageEnd(version)}\n`;
const buildOf = (version) => ({ 'index.html': page(version), 'assets/app.js': 'run()' });
const BUILD = buildOf(VERSION);
const DIGITS = { file: 'assets/digits.bin', bytes: 6, head: '0102' };
const DIGITS_BODY = new Uint8Array([1, 2, 3, 4, 5, 6]);

const typeOf = (file) => (file.endsWith('.html') ? 'text/html' : 'text/javascript');
/** The host's answer for a file of the build in the folder `scope` (404 for any other). */
const served =
  (files, scope = SCOPE) =>
  (url) => {
    const file = url.startsWith(scope) ? url.slice(scope.length) : null;
    if (!(file in files)) return new Response('not found', { status: 404 });
    return new Response(files[file], { headers: { 'Content-Type': typeOf(file) } });
  };

/**
 * A worker of the build `files` started as a browser would start it, with `network(url, request)`
 * answering its fetches, `estimate` its storage. Returns its caches, the urls it fetched, and a
 * way to send it an event: dispatch(type, fields) -> { answer, done } (respondWith's promise, and
 * every waitUntil's, once the answer is given), and unregistered(): how often it unregistered.
 */
function startWorker({
  files = BUILD,
  scope = SCOPE,
  network = served(files, scope),
  estimate,
  source = SOURCE,
  version = VERSION,
  caches = new MemoryCaches(),
  pages = [],
} = {}) {
  const fetched = [];
  const listeners = new Map();
  let unregistered = 0;
  const self = {
    registration: {
      scope,
      active: null,
      unregister: async () => {
        unregistered += 1;
        return true;
      },
    },
    addEventListener: (type, listener) => listeners.set(type, listener),
    skipWaiting: async () => {},
    // The open pages of the origin, as the browser lists them to any of its workers.
    clients: { claim: async () => {}, matchAll: async () => pages },
    navigator: { storage: { estimate: async () => estimate ?? { quota: 1e12, usage: 0 } } },
  };
  // The network, checking a download's Subresource Integrity as a browser does.
  const fetch = async (request, init = {}) => {
    const url = typeof request === 'string' ? request : request.url;
    fetched.push(url);
    const answer = await network(url, request);
    if (init.integrity && integrityOf(Buffer.from(await answer.clone().arrayBuffer())) !== init.integrity)
      throw new TypeError(`${url}: the answer does not have the integrity asked for`);
    return answer;
  };
  const precache = Object.keys(files);
  const bytes = precache.reduce((sum, f) => sum + Buffer.byteLength(files[f]), 0);
  const filled =
    source === SOURCE
      ? fillWorker(source, {
          precache,
          integrity: integrities(precache, (f) => files[f]),
          precacheBytes: bytes,
          version,
          onFirstUse: [DIGITS],
        })
      : source;
  // Its timers (the patience with a slow network) do not keep the test's process alive.
  const setTimeoutUnref = (f, ms) => setTimeout(f, ms).unref();
  new Function('self', 'caches', 'fetch', 'setTimeout', filled)(self, caches, fetch, setTimeoutUnref);
  const dispatch = (type, fields = {}) => {
    const pending = [];
    let answer;
    listeners.get(type)({ ...fields, waitUntil: (p) => pending.push(p), respondWith: (p) => (answer = p) });
    // A fetch's waitUntil may come as late as its answer: wait for that first.
    const done = Promise.resolve(answer)
      .catch(() => {})
      .then(() => Promise.all(pending));
    return { answer, done };
  };
  return { caches, fetched, dispatch, unregistered: () => unregistered };
}

/** A started worker, installed and activated. */
async function installed(options) {
  const worker = startWorker(options);
  await worker.dispatch('install').done;
  await worker.dispatch('activate').done;
  return worker;
}

const navigation = (file) => ({ request: { url: at(file), method: 'GET', mode: 'navigate' } });
const get = (file) => ({ request: { url: at(file), method: 'GET', mode: 'cors' } });
const text = async (answer) => (await answer).text();
/** Whether the worker has noted a page of its build as booted. */
const isProven = async ({ caches }) =>
  Boolean(await caches.match(at(`.normlab-state/booted-${VERSION}`), { cacheName: 'normlab-state' }));

test('an install keeps every file, and a page only when it names this build', async () => {
  const worker = await installed();
  assert.equal(await text(worker.caches.match(at('index.html'), { cacheName: PRECACHE })), BUILD['index.html']);
  assert.equal(await text(worker.caches.match(at('assets/app.js'), { cacheName: PRECACHE })), 'run()');

  for (const [what, index] of [
    ['a stale page from a cache', page('fedcba9876543210')],
    ["a proxy's page", '<!doctype html><p>This site is blocked'],
  ]) {
    const stale = startWorker({ network: served({ ...BUILD, 'index.html': index }) });
    await assert.rejects(stale.dispatch('install').done, /index\.html: not this build's page/, what);
    assert.equal(await stale.caches.has(PRECACHE), false, `${what}: the failed install keeps nothing`);
  }
  const portal = startWorker({
    network: (url) =>
      url.endsWith('.js')
        ? new Response('<p>Sign in', { headers: { 'Content-Type': 'text/html' } })
        : served(BUILD)(url),
  });
  await assert.rejects(portal.dispatch('install').done, /assets\/app\.js: a page in its place/, 'a page for a script');
  for (const status of [204, 206, 404])
    await assert.rejects(
      startWorker({ network: () => new Response(null, { status }) }).dispatch('install').done,
      new RegExp(`status ${status}`),
    );
});

test('a redirected answer is kept as a plain copy of its body', async () => {
  const worker = await installed({
    network: (url) => {
      const answer = served(BUILD)(url);
      Object.defineProperty(answer, 'redirected', { value: true });
      return answer;
    },
  });
  const kept = await worker.caches.match(at('index.html'), { cacheName: PRECACHE });
  assert.equal(kept.redirected, false);
  assert.equal(await kept.text(), BUILD['index.html']);
});

test("a file is kept with its kind's type whatever the host sent, and a page only whole", async () => {
  // A host that sends every file as octet-stream (a bucket's objects uploaded without their types):
  // kept so, the script would never run from the copy, even once the host is put right.
  const untyped = (url) => {
    const answer = served(BUILD)(url);
    return answer.ok ? new Response(answer.body, { headers: { 'Content-Type': 'application/octet-stream' } }) : answer;
  };
  const worker = await installed({ network: untyped });
  for (const [file, type] of [
    ['assets/app.js', 'text/javascript'],
    ['index.html', 'text/html; charset=utf-8'],
  ]) {
    const kept = await worker.caches.match(at(file), { cacheName: PRECACHE });
    assert.equal(kept.headers.get('content-type'), type, file);
    assert.equal(await kept.text(), BUILD[file], `${file}: its bytes as sent`);
  }
  // A host that minifies pages (no comments, no quotes around attribute values) keeps the mark.
  const minified = startWorker({
    network: served({ ...BUILD, 'index.html': BUILD['index.html'].replace(/"/g, '').replace(/\n/g, '') }),
  });
  await minified.dispatch('install').done;
  assert.ok(await minified.caches.match(at('index.html'), { cacheName: PRECACHE }), 'a minified page is kept');
  // A page cut short (a connection closed early, which a host sending no length makes look whole)
  // names the build in its head but lacks the end mark: the install keeps nothing.
  const whole = BUILD['index.html'];
  const cut = startWorker({ network: served({ ...BUILD, 'index.html': whole.slice(0, whole.indexOf('<title>')) }) });
  await assert.rejects(cut.dispatch('install').done, /index\.html: cut short/);
  assert.equal(await cut.caches.has(PRECACHE), false, 'the failed install keeps nothing');
});

test('an install downloads a few files at a time and asks again for one a busy host refused', async (t) => {
  // A host refusing the install's burst: each file's first two requests answered 429 with a wait
  // (the download checked by its digest fails as a wrong file would, and the plain one says 429).
  const files = { ...BUILD };
  for (let k = 0; k < 20; k++) files[`assets/chunk-${k}.js`] = `chunk(${k})`;
  const asked = new Map();
  let open = 0;
  let most = 0;
  const network = async (url) => {
    open += 1;
    most = Math.max(most, open);
    await new Promise((resolve) => setImmediate(resolve));
    open -= 1;
    asked.set(url, (asked.get(url) ?? 0) + 1);
    if (asked.get(url) <= 2) return new Response('slow down', { status: 429, headers: { 'Retry-After': '0.02' } });
    return served(files)(url);
  };
  // The worker's timers do not hold the process (startWorker): this one does, while it waits.
  const alive = setInterval(() => {}, 1000);
  t.after(() => clearInterval(alive));
  const worker = await installed({ files, network });
  for (const file of Object.keys(files))
    assert.equal(await text(worker.caches.match(at(file), { cacheName: PRECACHE })), files[file], file);
  assert.ok(most <= 6, `at most six at once (${most})`);
  assert.ok(
    [...asked.values()].every((n) => n === 3),
    'each file asked for again once, after its wait',
  );
  // A host still busy after three more asks fails the install, which then keeps nothing.
  const busy = startWorker({
    network: () => new Response('busy', { status: 503, headers: { 'Retry-After': '0.01' } }),
  });
  await assert.rejects(busy.dispatch('install').done, /status 503/);
  assert.equal(await busy.caches.has(PRECACHE), false);
});

test('with too little room, an install downloads nothing', async () => {
  const worker = startWorker({ estimate: { quota: 20, usage: 10 } });
  await assert.rejects(worker.dispatch('install').done, /no room for \d+ bytes/);
  assert.deepEqual(worker.fetched, []);
  assert.equal(await worker.caches.has(PRECACHE), false);
});

test('a page that boots proves only the build its HTML names', async () => {
  const newer = page('fedcba9876543210');
  const worker = await installed({ network: served({ ...BUILD, 'index.html': newer }) }).catch(() => null);
  assert.equal(worker, null, 'the newer page does not install this build');

  let host = BUILD;
  const onHost = await installed({ network: (url, request) => served(host)(url, request) });
  host = { ...BUILD, 'index.html': newer };
  await onHost.dispatch('message', { data: { type: 'booted', build: 'fedcba9876543210' } }).done;
  await onHost.dispatch('message', { data: { type: 'booted' } }).done;
  assert.equal(await isProven(onHost), false, 'a page of another build proves nothing');
  assert.equal(await text(onHost.dispatch('fetch', navigation('index.html')).answer), newer, 'network first');

  await onHost.dispatch('message', { data: { type: 'booted', build: VERSION, page: at('index?x=1#y') } }).done;
  assert.equal(await isProven(onHost), true);
  assert.equal(await text(onHost.dispatch('fetch', navigation('index.html')).answer), BUILD['index.html']);
  assert.equal(await text(onHost.dispatch('fetch', navigation('index')).answer), BUILD['index.html'], 'x for x.html');
});

test('not proven yet: only a full answer from the network is taken, and a page only when it names a build', async () => {
  let answer = null;
  const worker = await installed({ network: (url, request) => answer?.(url, request) ?? served(BUILD)(url) });
  for (const status of [204, 206, 500]) {
    answer = () => new Response(status === 204 ? null : 'part', { status });
    assert.equal(await text(worker.dispatch('fetch', navigation('index.html')).answer), BUILD['index.html'], status);
  }
  answer = () => new Response('<p>Sign in', { headers: { 'Content-Type': 'text/html' } });
  assert.equal(await text(worker.dispatch('fetch', get('assets/app.js')).answer), 'run()', 'a page for a script');

  // A portal's page for a page: the kept copy (the network's page names no normlab build).
  answer = () => new Response('<!doctype html><p>Sign in', { headers: { 'Content-Type': 'text/html' } });
  assert.equal(await text(worker.dispatch('fetch', navigation('index.html')).answer), BUILD['index.html'], 'a portal');

  // A body that never ends: the answer is the network's, given as soon as its headers are in (a
  // script) or its head has named a build (a page): the browser streams the rest.
  const newer = page('0000000000000003');
  const endless = (head) => () =>
    new Response(
      new ReadableStream({
        start: (controller) => head && controller.enqueue(new TextEncoder().encode(head)),
        pull: () => new Promise(() => {}),
      }),
      { headers: { 'Content-Type': head ? 'text/html' : 'text/javascript', 'X-From': 'network' } },
    );
  answer = endless(newer);
  const newerPage = await worker.dispatch('fetch', navigation('index.html')).answer;
  assert.equal(newerPage.headers.get('X-From'), 'network', "a newer build's page");
  answer = endless('');
  const script = await worker.dispatch('fetch', get('assets/app.js')).answer;
  assert.equal(script.headers.get('X-From'), 'network', 'a script');
});

test('the digits are kept on first use only as the recorded file; a bad copy is fetched again', async () => {
  let proxy = true;
  const digits = () =>
    proxy
      ? new Response('<p>Sign in', { headers: { 'Content-Type': 'text/html' } })
      : new Response(DIGITS_BODY, { headers: { 'Content-Type': 'application/octet-stream' } });
  const worker = await installed({ network: (url) => (url === at(DIGITS.file) ? digits() : served(BUILD)(url)) });
  const keptDigits = () => worker.caches.match(at(DIGITS.file), { cacheName: KEPT_ASSETS_CACHE });

  let { answer, done } = worker.dispatch('fetch', get(DIGITS.file));
  assert.equal(await text(answer), '<p>Sign in', "the proxy's page reaches the lab, which says so");
  await done;
  assert.equal(await keptDigits(), undefined, 'and is not kept');

  proxy = false;
  ({ answer, done } = worker.dispatch('fetch', get(DIGITS.file)));
  assert.deepEqual(new Uint8Array(await (await answer).arrayBuffer()), DIGITS_BODY);
  await done;
  assert.deepEqual(new Uint8Array(await (await keptDigits()).arrayBuffer()), DIGITS_BODY, 'kept');

  const cache = await worker.caches.open(KEPT_ASSETS_CACHE);
  await cache.put(at(DIGITS.file), new Response('<p>Sign in')); // an older worker's bad copy
  const fetchedBefore = worker.fetched.length;
  ({ answer, done } = worker.dispatch('fetch', get(DIGITS.file)));
  assert.deepEqual(new Uint8Array(await (await answer).arrayBuffer()), DIGITS_BODY);
  await done;
  assert.equal(worker.fetched.length, fetchedBefore + 1, 'fetched again');
  assert.deepEqual(new Uint8Array(await (await keptDigits()).arrayBuffer()), DIGITS_BODY, 'the bad copy replaced');
});

test('asked what it is, the worker names its build, and the kill switch says it is none', async () => {
  const ask = (worker) =>
    new Promise((resolve) =>
      worker.dispatch('message', { data: { type: 'describe' }, ports: [{ postMessage: resolve }] }),
    );
  assert.deepEqual(await ask(startWorker()), { type: 'build', version: VERSION });
  assert.deepEqual(await ask(startWorker({ source: OFF_SOURCE })), { type: 'off' });
});

test('a file cut short, or a notice in its place, fails the install', async () => {
  for (const [what, script] of [
    ['cut short', 'ru'],
    ['a notice', 'Access to this file is blocked by policy.'],
  ]) {
    const worker = startWorker({ network: served({ ...BUILD, 'assets/app.js': script }) });
    await assert.rejects(worker.dispatch('install').done, /not this build's file \(its digest/, what);
    assert.equal(await worker.caches.has(PRECACHE), false, what);
  }
});

test('an install that failed is not downloaded again on each page view, but after 6 hours', async () => {
  const caches = new MemoryCaches();
  const stale = served({ ...BUILD, 'index.html': page('fedcba9876543210') });
  const first = startWorker({ caches, network: stale });
  await assert.rejects(first.dispatch('install').done, /not this build's page/);
  // The browser's next check, on the next navigation: the same version is not downloaded again.
  const again = startWorker({ caches, network: stale });
  await assert.rejects(again.dispatch('install').done, /failed to install lately/);
  assert.deepEqual(again.fetched, []);
  // Six hours and more later it is tried again (and installs, the host fixed).
  const state = await caches.open('normlab-state');
  await state.put(at(`.normlab-state/failed-${VERSION}`), new Response(String(Date.now() - 6 * 3600 * 1000 - 1)));
  const later = startWorker({ caches });
  await later.dispatch('install').done;
  assert.equal(await caches.has(PRECACHE), true);
});

test('a page is proven by its own boot: another page of the build is asked of the network first', async () => {
  const files = { ...BUILD, 'mnist.html': page(VERSION).replace('<title>x', '<title>mnist') };
  let host = files;
  const worker = await installed({ files, network: (url) => served(host)(url) });
  await worker.dispatch('message', { data: { type: 'booted', build: VERSION, page: at('index.html') } }).done;
  const fix = page('0000000000000001');
  host = { ...files, 'mnist.html': fix, 'index.html': fix };
  assert.equal(await text(worker.dispatch('fetch', navigation('index.html')).answer), files['index.html'], 'proven');
  assert.equal(await text(worker.dispatch('fetch', navigation('mnist.html')).answer), fix, 'not proven: the fix');
  assert.equal(await text(worker.dispatch('fetch', get('assets/app.js')).answer), 'run()', "the build's files");
});

test("while a newer build's install has failed lately, pages come from the network first", async () => {
  const caches = new MemoryCaches();
  let host = BUILD;
  // host: the files served, or null when the network cannot be reached.
  const active = await installed({
    caches,
    network: async (url) => {
      if (!host) throw new TypeError('offline');
      return served(host)(url);
    },
  });
  await active.dispatch('message', { data: { type: 'booted', build: VERSION, page: at('index.html') } }).done;
  const newer = page('0000000000000002');
  host = { ...BUILD, 'index.html': newer };
  assert.equal(await text(active.dispatch('fetch', navigation('index.html')).answer), BUILD['index.html']);
  // The newer build's install fails (here: too little room).
  const failing = startWorker({ caches, version: '0000000000000002', estimate: { quota: 20, usage: 10 } });
  await assert.rejects(failing.dispatch('install').done, /no room/);
  assert.equal(await text(active.dispatch('fetch', navigation('index.html')).answer), newer, 'online: the newer page');
  host = null;
  assert.equal(
    await text(active.dispatch('fetch', navigation('index.html')).answer),
    BUILD['index.html'],
    'offline: the copy',
  );
  // A host that says the page is gone is believed: the copy does not stand in for a site taken down.
  host = {};
  const gone = await active.dispatch('fetch', navigation('index.html')).answer;
  assert.equal(gone.status, 404, 'gone: the host says so');
});

test('a page redirected to another origin is not kept, whatever it holds', async () => {
  const worker = startWorker({
    network: (url) => {
      const answer = served(BUILD)(url);
      Object.defineProperty(answer, 'redirected', { value: true });
      Object.defineProperty(answer, 'url', { value: `https://elsewhere.test/${url.slice(SCOPE.length)}` });
      return answer;
    },
  });
  await assert.rejects(worker.dispatch('install').done, /a page from another origin/);
  assert.equal(await worker.caches.has(PRECACHE), false);
});

test('a failed install noted in the future (a clock that was ahead) does not hold back the next', async () => {
  const caches = new MemoryCaches();
  const state = await caches.open('normlab-state');
  await state.put(at(`.normlab-state/failed-${VERSION}`), new Response(String(Date.now() + 365 * 24 * 3600 * 1000)));
  await startWorker({ caches }).dispatch('install').done;
  assert.equal(await caches.has(PRECACHE), true);
});

test("a page whose host puts 10 kB ahead of the build's mark is still taken for a build's page", async () => {
  const newer = `<!doctype html><head><script>${'x'.repeat(10000)}</script>${page('0000000000000004').slice(21)}`;
  // The newer page, sent in pieces of 1 kB as a network may deliver it.
  const inPieces = () =>
    new ReadableStream({
      start(controller) {
        const bytes = new TextEncoder().encode(newer);
        for (let k = 0; k < bytes.length; k += 1024) controller.enqueue(bytes.slice(k, k + 1024));
        controller.close();
      },
    });
  let deployed = false;
  const worker = await installed({
    network: (url) =>
      deployed && url.endsWith('.html')
        ? new Response(inPieces(), { headers: { 'Content-Type': 'text/html' } })
        : served(BUILD)(url),
  });
  deployed = true;
  assert.equal(await text(worker.dispatch('fetch', navigation('index.html')).answer), newer);
});

// Two builds in two folders of one origin (a site and a preview beside it, or a site below
// another): the cache names are the origin's, but each build's copy keeps its own folder's files.
const OTHER_SCOPE = 'https://normlab.test/site/preview/';
const OTHER_VERSION = '00000000000000bb';
const atOther = (file) => new URL(file, OTHER_SCOPE).href;

/** The other folder's build, installed, activated and booted beside `caches`. */
async function otherFolder(caches, version = OTHER_VERSION) {
  const other = await installed({ caches, scope: OTHER_SCOPE, version, files: buildOf(version) });
  await other.dispatch('message', { data: { type: 'booted', build: version, page: atOther('index.html') } }).done;
  const digits = await caches.open(KEPT_ASSETS_CACHE);
  await digits.put(atOther(DIGITS.file), new Response(DIGITS_BODY));
  return other;
}

/** What the other folder's build keeps: its copy's pages, its boot, its digits. */
const otherKeeps = async (caches, version = OTHER_VERSION) => ({
  page: Boolean(await caches.match(atOther('index.html'), { cacheName: precacheOf(version, OTHER_SCOPE) })),
  booted: Boolean(await caches.match(atOther(`.normlab-state/booted-${version}`), { cacheName: 'normlab-state' })),
  digits: Boolean(await caches.match(atOther(DIGITS.file), { cacheName: KEPT_ASSETS_CACHE })),
});
const KEPT_WHOLE = { page: true, booted: true, digits: true };

test("a build's activation deletes its own folder's older build and leaves another folder's", async () => {
  const caches = new MemoryCaches();
  const older = await installed({ caches, version: '00000000000000aa', files: buildOf('00000000000000aa') });
  await older.dispatch('message', { data: { type: 'booted', build: '00000000000000aa', page: at('index.html') } }).done;
  await otherFolder(caches);
  await installed({ caches });
  assert.equal(await caches.has(precacheOf('00000000000000aa')), false, "this folder's older build goes");
  assert.equal(
    await caches.match(at('.normlab-state/booted-00000000000000aa'), { cacheName: 'normlab-state' }),
    undefined,
    'and so does its boot',
  );
  assert.equal(await caches.has(PRECACHE), true);
  assert.deepEqual(await otherKeeps(caches), KEPT_WHOLE, "the other folder's build keeps its copy");
});

test("the kill switch, and a worker told to retire, take away their own folder's copies only", async () => {
  // The other folder is below this one, with another build or the same one.
  for (const [how, version] of [
    ['kill switch', OTHER_VERSION],
    ['retire', OTHER_VERSION],
    ['kill switch', VERSION],
    ['retire', VERSION],
  ]) {
    const caches = new MemoryCaches();
    const worker = await installed({ caches });
    await worker.dispatch('message', { data: { type: 'booted', build: VERSION, page: at('index.html') } }).done;
    await otherFolder(caches, version);
    if (how === 'retire') await worker.dispatch('message', { data: { type: 'retire' } }).done;
    else await startWorker({ caches, source: OFF_SOURCE }).dispatch('install').done;
    assert.equal(await caches.has(PRECACHE), false, `${how}: this folder's copy goes`);
    assert.equal(await isProven({ caches }), false, `${how}: and its boot`);
    assert.deepEqual(await otherKeeps(caches, version), KEPT_WHOLE, `${how}: the other folder's build keeps its copy`);
  }
});

test("the kill switch tells the open pages of its folder that the copy goes, and no other folder's", async () => {
  const caches = new MemoryCaches();
  await (
    await installed({ caches })
  ).dispatch('message', { data: { type: 'booted', build: VERSION, page: at('index.html') } }).done;
  await otherFolder(caches);
  const told = [];
  const open = (url) => ({ url, postMessage: (message) => told.push([url, message.type]) });
  const pages = [
    at('index.html'),
    at('tutorial.html#scale'),
    atOther('index.html'), // a folder below with a build of its own
    'https://normlab.test/site-two/index.html', // a folder beside, its name longer
    'https://normlab.test/index.html',
  ].map(open);
  await startWorker({ caches, source: OFF_SOURCE, pages }).dispatch('install').done;
  assert.deepEqual(told, [
    [at('index.html'), 'offline-copy-removed'],
    [at('tutorial.html#scale'), 'offline-copy-removed'],
  ]);
  assert.deepEqual(await otherKeeps(caches), KEPT_WHOLE, "the other folder's build keeps its copy");
});

test('the kill switch unregisters as it installs, and again, copies and all, should it become active', async () => {
  const caches = new MemoryCaches();
  const booted = { data: { type: 'booted', build: VERSION, page: at('index.html') } };
  await (await installed({ caches })).dispatch('message', booted).done;
  const off = startWorker({ caches, source: OFF_SOURCE });
  await off.dispatch('install').done;
  assert.equal(off.unregistered(), 1, 'unregistered as it installed');
  assert.equal(await isProven({ caches }), false, 'the boot noted goes');
  // A page registered the worker again meanwhile (which calls the unregistering off), and a copy
  // was made again (here: a build's worker installed and told of a boot); then every tab closed and
  // the kill switch took over.
  await (await installed({ caches })).dispatch('message', booted).done;
  assert.equal(await isProven({ caches }), true);
  await off.dispatch('activate').done;
  assert.equal(off.unregistered(), 2, 'unregistered again as it became active');
  assert.equal(await isProven({ caches }), false, 'what the old worker wrote since goes too');
});

test("a copy named as older builds named theirs (by version alone) goes when it is this folder's", async () => {
  const caches = new MemoryCaches();
  const legacy = await caches.open('normlab-precache-00000000000000aa');
  await legacy.put(at('index.html'), new Response(page('00000000000000aa')));
  const elsewhere = await caches.open('normlab-precache-00000000000000cc');
  await elsewhere.put(atOther('index.html'), new Response(page('00000000000000cc')));
  await installed({ caches });
  assert.equal(await caches.has('normlab-precache-00000000000000aa'), false, "this folder's");
  assert.equal(await caches.has('normlab-precache-00000000000000cc'), true, "the folder below's");
});
