// normlab's offline worker, for the site's own chapters only (the embedding script never registers
// it). The build (scripts/vite-offline.mjs) writes it to the top of the site with the constants
// below filled in, so it serves every page of the folder it is in, wherever that folder is hosted.
//
// At install, every file of the build but the large ones is kept (precached); a large one (the
// MNIST digits) is kept the first time a page asks for it. A page that has booted under this build
// (it says so with the version its HTML carries, page/offline.js) is "proven", and once one page
// has, so are the build's other files: they are answered from the cache, network or none. A page
// not proven yet is answered from the network first, the cache only when the network fails, so a
// page that cannot run is never held in place by its own cache. An install that fails is noted,
// and not tried again for 6 hours; while a newer build's install has failed, pages are answered
// from the network first too.
//
// Updates: a new build's worker waits until the reader accepts it (the page offers a reload),
// unless the build it would replace never booted: then it takes over at once, since the page that
// would offer it cannot run.
//
// Only answers that can stand in for the file are kept: a 200 in full, of this origin; a
// redirected one (a host that sends x.html to x) is kept as a plain copy of its body, since a
// navigation refuses a redirected answer. A page must name this build's version (the build writes
// it in every page's head), so a stale page from a cache or a proxy's page fails the install. A
// large file must have the length and the first bytes the build recorded. A page must also hold
// the build's end mark (an attribute of an element the build writes at its end, which survives
// minifiers that drop comments and quotes), so one cut short is not kept; and every file is kept
// with the type its name gives, whatever the host sent: a script kept as octet-stream, or a page
// as plain text, would never run from the copy again, even once the host is put right.

// Filled by the build: the files kept at install (relative to this worker), each one but the pages
// with its digest (in Subresource Integrity's form, checked here: a file cut short or a notice in
// its place fails the install; a page must name the version instead, since hosts may add to it),
// their total bytes; the digest of their contents; the files kept on first use, each with its length in bytes and its
// first bytes in hex; the name of the cache those are kept in (shared with the pages' workers);
// the type each kind of file is kept as, by the ending of its name (host/file-types.js); the
// attribute whose value, this build's version, marks the end of each of its pages.
const PRECACHE = /* precache */ [];
const INTEGRITY = /* integrity */ {};
const PRECACHE_BYTES = /* precache bytes */ 0;
const VERSION = /* version */ '';
const ON_FIRST_USE = /* on first use */ [];
const ON_FIRST_USE_NAME = /* on first use cache */ '';
const TYPES = /* types */ {};
const PAGE_END = /* page end */ '';
const endMark = new RegExp(`${PAGE_END}=["']?${VERSION}(?![0-9a-z])`);

const PREFIX = 'normlab-';
// A build's copy is named by its version and its folder (the path of the worker's scope): the
// same build deployed in two folders of one origin (a site and its preview) keeps two copies.
const FOLDER_PATH = new URL(self.registration.scope).pathname;
const PRECACHE_PREFIX = `${PREFIX}precache-`;
const PRECACHE_NAME = `${PRECACHE_PREFIX}${VERSION}@${FOLDER_PATH}`;
const STATE_NAME = `${PREFIX}state`;
// What every page of a build carries in its head (host/site-build.js BUILD_META).
const BUILD_MARK = 'normlab-build';
// How long a build not proven yet waits for the network before answering from its cache.
const NETWORK_PATIENCE_MS = 4000;
// How much of a page's start is read for the build's mark (as host/site-build.js HEAD_CHARS): a
// host may put its own scripts ahead of it.
const HEAD_CHARS = 64 * 1024;

const here = (file) => new URL(file, self.registration.scope).href;
const ORIGIN = new URL(self.registration.scope).origin;
const precached = new Set(PRECACHE.map(here));
const keptOnFirstUse = new Map(ON_FIRST_USE.map((f) => [here(f.file), f]));
// The state cache's entries: which build is active, and which builds have booted.
const ACTIVE_KEY = here('.normlab-state/active');
const bootedKey = (version) => here(`.normlab-state/booted-${version}`);
// A page of the build that has booted (its kept address after the build's key).
const pageBootedKey = (version, url) => `${bootedKey(version)}/${url.slice(here('').length)}`;
// When this build's install failed last (a time in ms): not tried again before RETRY_AFTER_MS.
const failedKey = (version) => here(`.normlab-state/failed-${version}`);
const FAILED_PREFIX = here('.normlab-state/failed-');
// Every state entry of this folder's build starts so (a build in a folder below keeps its own).
const STATE_PREFIX = here('.normlab-state/');
// The folders this build keeps files on first use in: an entry there that it does not name is an
// older build's (another folder's builds, above or below this one, keep theirs elsewhere).
const FIRST_USE_FOLDERS = new Set(ON_FIRST_USE.map((f) => here(f.file).replace(/[^/]*$/, '')));
const RETRY_AFTER_MS = 6 * 60 * 60 * 1000;

class UnfitAnswer extends Error {}

/** Whether the answer is a page standing in for a file that is not one (a portal's, a proxy's). */
const pageInPlaceOf = (response, file) =>
  !file.endsWith('.html') && /text\/html/i.test(response.headers.get('content-type') ?? '');

/**
 * `response` as an answer that can be kept and given back for its file, or an UnfitAnswer saying
 * why it cannot. A redirected answer becomes a plain one with the same body and headers; an answer
 * of a known kind whose type is not its kind's is given its kind's type.
 */
async function fit(response, file) {
  if (response.type === 'opaque' || response.type === 'opaqueredirect' || response.type === 'error')
    throw new UnfitAnswer(`${file}: an opaque answer`);
  if (response.status !== 200) throw new UnfitAnswer(`${file}: status ${response.status}`);
  // A page redirected to another origin that allowed it is not this site's page, whatever it holds
  // (any other file is checked by its digest, or its length and first bytes, wherever it is kept).
  if (file.endsWith('.html') && response.url && new URL(response.url).origin !== ORIGIN)
    throw new UnfitAnswer(`${file}: a page from another origin`);
  if (pageInPlaceOf(response, file)) throw new UnfitAnswer(`${file}: a page in its place`);
  if (file.endsWith('.html')) {
    const page = await response.clone().text();
    if (!page.includes(VERSION))
      throw new UnfitAnswer(`${file}: not this build's page (it does not name version ${VERSION})`);
    if (!endMark.test(page)) throw new UnfitAnswer(`${file}: cut short (it lacks the build's end mark)`);
  }
  const type = TYPES[file.slice(file.lastIndexOf('.'))];
  if (!response.redirected && (!type || response.headers.get('content-type') === type)) return response;
  const { status, statusText } = response;
  const headers = new Headers(response.headers);
  if (type) headers.set('content-type', type);
  return new Response(await response.blob(), { status, statusText, headers });
}

/** The large file's answer is the file the build recorded: its length and its first bytes. */
async function isRecorded(response, expected) {
  const body = await response.clone().blob();
  if (body.size !== expected.bytes) return false;
  const head = new Uint8Array(await body.slice(0, expected.head.length / 2).arrayBuffer());
  return Array.from(head, (b) => b.toString(16).padStart(2, '0')).join('') === expected.head;
}

/** Whether the origin's storage has room for the precache (when the browser says; else yes). */
async function roomForPrecache() {
  const estimate = await self.navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return true;
  return estimate.quota - (estimate.usage ?? 0) > PRECACHE_BYTES * 1.2;
}

// The install downloads at most this many files at once, and asks again for one answered 429 or
// 503 (a host limiting bursts, or busy) after the wait its Retry-After names (1 s when it names
// none; at most 10 s), up to three times: such a host would otherwise fail the install, and with
// it the offline copy for six hours.
const DOWNLOADS_AT_ONCE = 6;
const ASKED_AGAIN = 3;
const LONGEST_WAIT_MS = 10000;
const isBusy = (response) => response.status === 429 || response.status === 503;
/** The wait a busy answer asks for: Retry-After in seconds or as a date, else 1 s; at most 10 s. */
const waitAsked = (response) => {
  const after = response.headers.get('retry-after') ?? '';
  const seconds = Number(after);
  const ms = seconds > 0 ? seconds * 1000 : Date.parse(after) - Date.now();
  return Math.min(ms > 0 ? ms : 1000, LONGEST_WAIT_MS);
};

/** The answer's Subresource Integrity digest (sha256, as the build writes INTEGRITY). */
async function digestOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** The file's answer for the install: past every HTTP cache, asked again while the host is busy. */
async function download(file) {
  for (let asked = 0; ; asked++) {
    const response = await fetch(here(file), { cache: 'reload' });
    if (!isBusy(response) || asked === ASKED_AGAIN) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, waitAsked(response)));
  }
}

/**
 * The answer to keep for the file, or an UnfitAnswer: fit for it, and (a file the build recorded
 * a digest for) with that digest. The digest is checked here rather than by the fetch's
 * integrity, which fails a busy answer as it fails a wrong file and so hides its status.
 */
async function kept(file) {
  const answer = await fit(await download(file), file);
  if (INTEGRITY[file] && (await digestOf(answer)) !== INTEGRITY[file])
    throw new UnfitAnswer(`${file}: not this build's file (its digest is not the one the build recorded)`);
  return answer;
}

async function precacheAll() {
  // Checked before any download: a failed install costs the reader nothing but this file.
  if (!(await roomForPrecache())) throw new Error(`no room for ${PRECACHE_BYTES} bytes: the offline copy is not kept`);
  // A cache of this version kept already (this build installed again) is a copy a running worker
  // may answer from: a failed download leaves it be, and deletes only a cache this install made.
  const made = !(await caches.has(PRECACHE_NAME));
  const cache = await caches.open(PRECACHE_NAME);
  try {
    // 'reload': the files themselves, not copies an HTTP cache may hold from an older build. Each
    // answer is kept as it arrives (a body left unread holds its connection); after a failure no
    // lane starts another download. The pages first: small, and the likeliest to be refused.
    const files = [...PRECACHE.filter((f) => f.endsWith('.html')), ...PRECACHE.filter((f) => !f.endsWith('.html'))];
    let failed = false;
    const lane = async () => {
      while (files.length > 0 && !failed) {
        const file = files.shift();
        try {
          await cache.put(here(file), await kept(file));
        } catch (e) {
          failed = true;
          throw e;
        }
      }
    };
    await Promise.all(Array.from({ length: DOWNLOADS_AT_ONCE }, lane));
  } catch (e) {
    if (made) await caches.delete(PRECACHE_NAME);
    throw e;
  }
}

const proven = new Map(); // state key -> a promise: whether it is kept (a build's or a page's boot)

// Reads go through caches.match with a cache's name, which never makes the cache: caches.open
// would make it again after the kill switch deleted it (a worker woken to answer a request after
// the switch left an empty normlab-state behind once in tests/engines/rescue.test.js, Chromium).
/** The kept response for a url in the named cache, or undefined; makes no cache. */
const keptIn = (cacheName, url) => caches.match(url, { cacheName });

/**
 * Whether this build is proven for `url`: a page only when that page has booted under this build
 * (a build whose essay runs may still have a chapter that cannot), any other file once a page has.
 */
function isProven(request, url) {
  const key = request.mode === 'navigate' ? pageBootedKey(VERSION, url) : bootedKey(VERSION);
  if (!proven.has(key))
    proven.set(
      key,
      keptIn(STATE_NAME, key).then(Boolean, () => false),
    );
  return proven.get(key);
}

/**
 * Whether the install of `version` failed less than RETRY_AFTER_MS ago. A failure noted in the
 * future (the clock was ahead then) is not recent: a clock put right would otherwise refuse every
 * install until it caught up.
 */
async function failedLately(version) {
  const kept = await keptIn(STATE_NAME, failedKey(version)).catch(() => null);
  if (!kept) return false;
  const since = Date.now() - Number(await kept.text());
  return since >= 0 && since < RETRY_AFTER_MS;
}

/**
 * Whether a newer build's install has failed lately (no room, a stale file before the host): this
 * build's pages are then answered from the network first, so a reader online reaches the newer
 * build's pages, and the kept copy still answers offline.
 */
async function newerFailedLately() {
  const state = await caches.has(STATE_NAME).then((has) => (has ? caches.open(STATE_NAME) : null));
  for (const request of state ? await state.keys() : [])
    if (request.url.startsWith(FAILED_PREFIX) && request.url !== failedKey(VERSION))
      if (await failedLately(request.url.slice(FAILED_PREFIX.length))) return true;
  return false;
}

/** Whether the build this worker would replace has never booted (then it is not waited for). */
async function activeNeverBooted() {
  const active = await keptIn(STATE_NAME, ACTIVE_KEY);
  if (!active) return false;
  const version = await active.text();
  return version !== VERSION && !(await keptIn(STATE_NAME, bootedKey(version)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // A browser checks for a new worker on every navigation: a build that failed to install is
      // not downloaded again on each page view, but after RETRY_AFTER_MS.
      if (await failedLately(VERSION)) throw new Error(`version ${VERSION} failed to install lately`);
      try {
        await precacheAll();
      } catch (e) {
        // Noted if storage lets it be (a full one may not): the install's own failure is what counts.
        await caches
          .open(STATE_NAME)
          .then((state) => state.put(failedKey(VERSION), new Response(String(Date.now()))))
          .catch(() => {});
        throw e;
      }
      if (self.registration.active && (await activeNeverBooted())) await self.skipWaiting();
    })(),
  );
});

/**
 * Whether a build's copy (the cache named) is this folder's: its name says so, or (named as older
 * builds named their copies, by version alone) it keeps a file at an address this build keeps too.
 * A build in another folder of the same origin (a preview beside the site, a second site below
 * it) keeps its copy.
 */
async function isThisFolders(name) {
  // The folder after the version's '@' (read the same way by the kill switch, service-worker-off.js).
  if (name.includes('@')) return name.slice(PRECACHE_PREFIX.length).split('@').slice(1).join('@') === FOLDER_PATH;
  const keys = await (await caches.open(name)).keys();
  return keys.some((request) => precached.has(request.url));
}

/**
 * Deletes this folder's older copies: its builds' copies (all but `keep`), the files kept on first use in its folders that `keepFile` does not keep, and its state
 * entries that `keepState` does not keep. A cache left empty goes too.
 */
async function deleteThisFolders({ keep = null, keepFile = () => false, keepState = () => false } = {}) {
  for (const name of await caches.keys())
    if (name.startsWith(PRECACHE_PREFIX) && name !== keep && (await isThisFolders(name))) await caches.delete(name);
  const kinds = [
    [ON_FIRST_USE_NAME, (url) => FIRST_USE_FOLDERS.has(url.replace(/[^/]*$/, '')) && !keepFile(url)],
    [STATE_NAME, (url) => url.startsWith(STATE_PREFIX) && !keepState(url)],
  ];
  for (const [name, goes] of kinds) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (goes(request.url)) await cache.delete(request);
    if ((await cache.keys()).length === 0) await caches.delete(name);
  }
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // This folder's older builds' files go, and their notes (boots, failed installs); a large
      // file this build still names stays, and so do this build's boots. Other folders' builds on
      // the same origin keep theirs.
      await deleteThisFolders({
        keep: PRECACHE_NAME,
        keepFile: (url) => keptOnFirstUse.has(url),
        keepState: (url) => url === bootedKey(VERSION) || url.startsWith(`${bootedKey(VERSION)}/`),
      });
      await caches.open(ON_FIRST_USE_NAME);
      const state = await caches.open(STATE_NAME);
      await state.put(ACTIVE_KEY, new Response(VERSION));
      // The first install takes the open pages at once (there is no older version under them),
      // so the digits a reader fetches on the first visit are kept.
      await self.clients.claim();
    })(),
  );
});

// Once the kill switch (service-worker-off.js) takes this worker's place, it says so ('retire'):
// from then on this worker keeps nothing, and what it was writing is deleted after it, so an open
// page booting after the switch deleted every copy leaves none behind.
let retired = false;
let writes = Promise.resolve(); // this worker's writes to the caches, one after another

/**
 * Runs work (a write to the caches) after the writes before it, unless the worker is retired or
 * its own copy is gone: a worker stopped and started again forgets that it was retired, but the
 * kill switch deleted its copy, and a worker whose copy was deleted keeps nothing more.
 */
function write(work) {
  writes = writes
    .then(async () => (retired || !(await caches.has(PRECACHE_NAME)) ? undefined : work()))
    .catch(() => {});
  return writes;
}

self.addEventListener('message', (event) => {
  const { data } = event;
  // The page's question before it offers a new version: this is one (the kill switch says it is not).
  if (data?.type === 'describe') event.ports[0]?.postMessage({ type: 'build', version: VERSION });
  // The page's answer to "A new version is ready: reload".
  if (data?.type === 'skip-waiting') event.waitUntil(self.skipWaiting());
  // A page booted, with the version its HTML names and its address: only a page of this build
  // proves it (one of a newer build, fetched from the network while this one is not proven,
  // proves nothing here; nor does one whose HTML alone changed, since any change to a file is a
  // new version), the build for its files and that page for its own address.
  if (data?.type === 'booted' && data.build === VERSION)
    event.waitUntil(
      write(async () => {
        const page = typeof data.page === 'string' ? precachedUrl({ url: data.page, mode: 'navigate' }) : null;
        const state = await caches.open(STATE_NAME);
        for (const key of page ? [bootedKey(VERSION), pageBootedKey(VERSION, page)] : [bootedKey(VERSION)]) {
          await state.put(key, new Response(''));
          proven.set(key, Promise.resolve(true));
        }
      }),
    );
  // From the kill switch, or from a page that found the site gone from its address (its worker
  // script answers 404 or 410, page/offline.js): this folder's copies go.
  if (data?.type === 'retire')
    event.waitUntil(
      (async () => {
        retired = true;
        await writes;
        await caches.delete(PRECACHE_NAME);
        await deleteThisFolders();
      })(),
    );
});

/**
 * The kept file a request names, or null. A page's address is taken without its query, and as a
 * host that drops `.html` or names a folder writes it: `x` and `x/` are `x.html` and `x/index.html`.
 */
function precachedUrl(request) {
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode !== 'navigate') return precached.has(url.href) ? url.href : null;
  url.search = '';
  const candidates = url.pathname.endsWith('/')
    ? [`${url.href}index.html`]
    : [url.href, `${url.href}.html`, `${url.href}/index.html`];
  return candidates.find((c) => precached.has(c)) ?? null;
}

const fromCache = (url) => keptIn(PRECACHE_NAME, url);

/**
 * An answer from the network that can stand for `url`: its file in full (a 200, not a 204 or a
 * partial 206), or a redirect the browser follows.
 */
const usable = (response, url) =>
  response && (response.type === 'opaqueredirect' || (response.status === 200 && !pageInPlaceOf(response, url)));

/**
 * Whether a page's start (up to HEAD_CHARS) names a normlab build, as every page of a build does in
 * its head: a portal's or a proxy's page does not, a newer build's does.
 */
async function namesABuild(response) {
  const reader = response.clone().body?.getReader();
  if (!reader) return false;
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < HEAD_CHARS && !text.includes(BUILD_MARK)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.includes(BUILD_MARK);
}

/** A host's word that a page is gone from its address (not a failure to reach it). */
const GONE = new Set([404, 410]);

/**
 * For a page or a build not proven yet: the network's answer, or the kept file when the network
 * fails, answers with anything but the file (for a page: one that names no normlab build, a
 * portal's) or keeps the reader waiting (its headers, or a page's head, not in by then). A page the
 * host says is gone (404, 410) is gone: its copy does not stand in for a site taken down.
 */
async function networkFirst(request, url) {
  const network = fetch(request);
  const patience = new Promise((resolve) => setTimeout(resolve, NETWORK_PATIENCE_MS));
  const first = await Promise.race([network.catch(() => null), patience.then(() => null)]);
  const aPage = request.mode === 'navigate' && first?.type !== 'opaqueredirect';
  if (aPage && GONE.has(first?.status)) return first;
  if (usable(first, url) && (!aPage || (await Promise.race([namesABuild(first), patience.then(() => false)]))))
    return first;
  return (await fromCache(url)) ?? network;
}

async function precachedAnswer(request, url) {
  if (!(await isProven(request, url))) return networkFirst(request, url);
  if (request.mode === 'navigate' && (await newerFailedLately())) return networkFirst(request, url);
  return (await fromCache(url)) ?? fetch(request);
}

/** The kept copy (if it is still the recorded file), or the network's answer, kept when it is. */
async function keptOrFetched(event, expected) {
  const { request } = event;
  const kept = await keptIn(ON_FIRST_USE_NAME, request.url);
  if (kept && (await isRecorded(kept, expected))) return kept;
  if (kept) await (await caches.open(ON_FIRST_USE_NAME)).delete(request.url);
  const response = await fetch(request);
  event.waitUntil(
    write(async () => {
      const copy = await fit(response.clone(), expected.file).catch(() => null);
      if (copy && (await isRecorded(copy, expected)))
        await (await caches.open(ON_FIRST_USE_NAME)).put(request.url, copy);
    }),
  );
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = precachedUrl(request);
  // Whatever fails in reading a kept copy (storage gone, a body that cannot be read), the network
  // still answers: the worker never stands between a reader and the site.
  const orNetwork = (answer) => answer.catch(() => fetch(request));
  if (url) event.respondWith(orNetwork(precachedAnswer(request, url)));
  else if (keptOnFirstUse.has(request.url))
    event.respondWith(orNetwork(keptOrFetched(event, keptOnFirstUse.get(request.url))));
});
