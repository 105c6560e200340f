// The kill switch for normlab's offline worker: served in place of service-worker.js (the build
// writes it beside it as service-worker-off.js; docs/architecture.md says how). As soon as a
// reader's browser installs it (on the next visit or reload), it deletes every copy normlab kept
// in its folder and unregisters the site's worker, so every later page comes from the network. It
// does this while installing, so it needs no older worker to let go first; it answers nothing.
//
// It takes away the copies of its own folder only: its builds' copies (named with the folder's
// path; or, named as older builds named them, by version alone, keeping a page of this folder),
// and the entries of this folder in the caches the builds share (state, files kept on first use).
// A build in another folder of the same origin, beside it or below it, keeps its copy.
const FOLDER = self.registration.scope;
const FOLDER_PATH = new URL(FOLDER).pathname;
const PRECACHE_PREFIX = 'normlab-precache-';
// The folder a copy's name gives (as service-worker.js names its copies; this script is served on
// its own, so it cannot import that one's).
const folderOf = (name) => name.slice(PRECACHE_PREFIX.length).split('@').slice(1).join('@');
// Whether an address is this folder's (in it, and not in a folder below that holds a build of its
// own: that build's copy and pages are not this one's). names: normlab's caches.
const hereAmong = (names) => {
  const below = names
    .filter((name) => name.startsWith(PRECACHE_PREFIX) && name.includes('@'))
    .map((name) => new URL(folderOf(name), FOLDER).href)
    .filter((folder) => folder !== FOLDER && folder.startsWith(FOLDER));
  return (url) => url.startsWith(FOLDER) && !below.some((folder) => url.startsWith(folder));
};
const normlabCaches = async () => (await caches.keys()).filter((name) => name.startsWith('normlab-'));
const deleteCopies = async () => {
  const names = await normlabCaches();
  const isHere = hereAmong(names);
  for (const name of names) {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (name.startsWith(PRECACHE_PREFIX)) {
      const ours = name.includes('@')
        ? folderOf(name) === FOLDER_PATH
        : keys.some((request) => isHere(request.url) && !request.url.slice(FOLDER.length).includes('/'));
      if (ours) await caches.delete(name);
      continue;
    }
    for (const request of keys) if (isHere(request.url)) await cache.delete(request);
    if ((await cache.keys()).length === 0) await caches.delete(name);
  }
};

self.addEventListener('install', (event) => {
  // The worker it replaces may still serve an open page and write (a page booting says so): told
  // to retire, it writes no more and deletes what it wrote last.
  self.registration.active?.postMessage({ type: 'retire' });
  // The open pages of this folder are told, so none offers this worker as a new version
  // (page/offline.js). The browser lists every page of the origin: one of another folder keeps
  // its copy, and is not told it goes. (A page of a folder below whose build keeps no copy yet
  // cannot be told apart here; the page itself hears only its own folder's worker.)
  const tellPages = async () => {
    const isHere = hereAmong(await normlabCaches());
    for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      if (isHere(page.url)) page.postMessage({ type: 'offline-copy-removed' });
  };
  event.waitUntil(Promise.all([deleteCopies(), tellPages().catch(() => {})]));
  // Not waited for: unregistering is queued behind this install, which must end first. An older
  // worker still serving an open page may write again meanwhile, so the copies go once more.
  self.registration.unregister().then(deleteCopies);
});

// Active only once no page held the worker it replaced (every tab of the site closed while it
// waited, its first unregistering called off by a page that registered again meanwhile): the
// copies go once more, then it unregisters (with no page to wait for, unregistering ends the
// worker at once).
self.addEventListener('activate', (event) => {
  event.waitUntil(deleteCopies().then(() => self.registration.unregister()));
});

// A page that sees this worker installed beside its own asks what it is before offering "a new
// version": this is none, and the page says nothing (page/offline.js).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'describe') event.ports[0]?.postMessage({ type: 'off' });
});
