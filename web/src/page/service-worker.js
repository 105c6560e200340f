// normlab's offline worker, for the site's own chapters only (the embedding script never registers
// it). The build (scripts/vite-offline.mjs) writes it to the top of the site with the two lists
// below filled in, so it serves every page of the folder it is in, wherever that folder is hosted.
//
// At install, every file of the build but the large ones is kept (precached); a large one (the
// MNIST digits) is kept the first time a page asks for it. Both are then answered from the cache,
// network or none. A new build's worker waits until the reader accepts it (the page offers a
// reload, page/offline.js): the page is never switched to new files under the reader.

// The build's files, relative to this worker, and the digest of their contents (filled by the build).
const PRECACHE = /* precache */ [];
const VERSION = /* version */ '';
// Files kept the first time they are asked for (filled by the build).
const ON_FIRST_USE = /* on first use */ [];

const PREFIX = 'normlab-';
const PRECACHE_NAME = `${PREFIX}precache-${VERSION}`;
const ON_FIRST_USE_NAME = `${PREFIX}on-first-use`;

const here = (file) => new URL(file, self.registration.scope).href;
const precached = new Set(PRECACHE.map(here));
const keptOnFirstUse = new Set(ON_FIRST_USE.map(here));

self.addEventListener('install', (event) => {
  // 'reload': the files themselves, not copies an HTTP cache may hold from an older build.
  event.waitUntil(
    caches
      .open(PRECACHE_NAME)
      .then((cache) => cache.addAll(PRECACHE.map((file) => new Request(here(file), { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Older builds' files go; a large file this build still names stays.
      for (const name of await caches.keys())
        if (name.startsWith(`${PREFIX}precache-`) && name !== PRECACHE_NAME) await caches.delete(name);
      const onFirstUse = await caches.open(ON_FIRST_USE_NAME);
      for (const request of await onFirstUse.keys())
        if (!keptOnFirstUse.has(request.url)) await onFirstUse.delete(request);
      // The first install takes the open pages at once (there is no older version under them),
      // so the digits a reader fetches on the first visit are kept.
      await self.clients.claim();
    })(),
  );
});

// The page's answer to "A new version is ready: reload".
self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') event.waitUntil(self.skipWaiting());
});

/** The cached file a request names: a page's address without its query is the page. */
function precachedUrl(request) {
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') url.search = '';
  if (url.href === self.registration.scope) url.href = here('index.html');
  return precached.has(url.href) ? url.href : null;
}

async function fromPrecache(url, request) {
  const kept = await (await caches.open(PRECACHE_NAME)).match(url);
  return kept ?? fetch(request);
}

/** The kept copy, or the network's answer, passed on as it arrives while a copy is kept. */
async function keptOrFetched(event) {
  const { request } = event;
  const cache = await caches.open(ON_FIRST_USE_NAME);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(cache.put(request.url, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = precachedUrl(request);
  if (url) event.respondWith(fromPrecache(url, request));
  else if (keptOnFirstUse.has(request.url)) event.respondWith(keptOrFetched(event));
});
