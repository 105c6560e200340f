// The offline worker's rules (web/src/page/service-worker.js, filled as the build fills it), run in
// Node against Cache Storage in memory and a network the test writes, with no browser between:
// - an install keeps a page only when it names the build's version (not a stale page from a cache,
//   nor a proxy's), a redirected answer as a plain copy, and with too little room downloads nothing;
// - a page that boots proves only the build its HTML names;
// - a build not proven yet takes the network's answer only when it is the file in full (not a 204
//   or a partial 206), and answers as soon as the headers are in, however slowly the body comes;
// - the digits are kept on first use only when they are the recorded file, and a bad copy is
//   dropped and fetched again (the worker alone, without the lab's own keeping);
// - asked what it is, the worker names its build and the kill switch says it is none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fillWorker } from '../../scripts/vite-offline.mjs';
import { KEPT_ASSETS_CACHE } from '../../web/src/work/kept-assets.js';
import { MemoryCaches } from './memory-caches.js';

const SOURCE = readFileSync(new URL('../../web/src/page/service-worker.js', import.meta.url), 'utf8');
const OFF_SOURCE = readFileSync(new URL('../../web/src/page/service-worker-off.js', import.meta.url), 'utf8');
const SCOPE = 'https://normlab.test/site/';
const VERSION = '0123456789abcdef';
const PRECACHE = `normlab-precache-${VERSION}`;
const at = (file) => new URL(file, SCOPE).href;

const page = (version) => `<!doctype html><head><meta name="normlab-build" content="${version}"><title>x</title>`;
const BUILD = { 'index.html': page(VERSION), 'assets/app.js': 'run()' };
const DIGITS = { file: 'assets/digits.bin', bytes: 6, head: '0102' };
const DIGITS_BODY = new Uint8Array([1, 2, 3, 4, 5, 6]);

const typeOf = (file) => (file.endsWith('.html') ? 'text/html' : 'text/javascript');
/** The host's answer for a file of the build (404 for any other). */
const served = (files) => (url) => {
  const file = url.slice(SCOPE.length);
  if (!(file in files)) return new Response('not found', { status: 404 });
  return new Response(files[file], { headers: { 'Content-Type': typeOf(file) } });
};

/**
 * A worker of the build `files` started as a browser would start it, with `network(url, request)`
 * answering its fetches, `estimate` its storage. Returns its caches, the urls it fetched, and a
 * way to send it an event: dispatch(type, fields) -> { answer, done } (respondWith's promise, and
 * every waitUntil's, once the answer is given).
 */
function startWorker({ files = BUILD, network = served(files), estimate, source = SOURCE } = {}) {
  const caches = new MemoryCaches();
  const fetched = [];
  const listeners = new Map();
  const self = {
    registration: { scope: SCOPE, active: null, unregister: async () => true },
    addEventListener: (type, listener) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
    navigator: { storage: { estimate: async () => estimate ?? { quota: 1e12, usage: 0 } } },
  };
  const fetch = async (request) => {
    const url = typeof request === 'string' ? request : request.url;
    fetched.push(url);
    return network(url, request);
  };
  const precache = Object.keys(files);
  const bytes = precache.reduce((sum, f) => sum + Buffer.byteLength(files[f]), 0);
  const filled =
    source === SOURCE
      ? fillWorker(source, { precache, precacheBytes: bytes, version: VERSION, onFirstUse: [DIGITS] })
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
  return { caches, fetched, dispatch };
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

  await onHost.dispatch('message', { data: { type: 'booted', build: VERSION } }).done;
  assert.equal(await isProven(onHost), true);
  assert.equal(await text(onHost.dispatch('fetch', navigation('index.html')).answer), BUILD['index.html']);
  assert.equal(await text(onHost.dispatch('fetch', navigation('index')).answer), BUILD['index.html'], 'x for x.html');
});

test('not proven yet: only a full answer from the network is taken, as soon as its headers are in', async () => {
  let answer = null;
  const worker = await installed({ network: (url, request) => answer?.(url, request) ?? served(BUILD)(url) });
  for (const status of [204, 206, 500]) {
    answer = () => new Response(status === 204 ? null : 'part', { status });
    assert.equal(await text(worker.dispatch('fetch', navigation('index.html')).answer), BUILD['index.html'], status);
  }
  answer = () => new Response('<p>Sign in', { headers: { 'Content-Type': 'text/html' } });
  assert.equal(await text(worker.dispatch('fetch', get('assets/app.js')).answer), 'run()', 'a page for a script');

  // A body that never ends: the answer is the network's, given at once (the browser streams it).
  let pulled = 0;
  answer = () =>
    new Response(
      new ReadableStream({
        pull: () => {
          pulled += 1;
          return new Promise(() => {});
        },
      }),
      { headers: { 'Content-Type': 'text/html' } },
    );
  const streaming = await worker.dispatch('fetch', navigation('index.html')).answer;
  assert.equal(streaming.status, 200);
  assert.ok(pulled <= 1, 'the worker did not read the body before answering');
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
