// The kill switch for normlab's offline worker: served in place of service-worker.js (the build
// writes it beside it as service-worker-off.js; docs/architecture.md says how). As soon as a
// reader's browser installs it (on the next visit or reload), it deletes every copy normlab kept
// and unregisters the site's worker, so every later page comes from the network. It does this while
// installing, so it needs no older worker to let go first; it answers nothing.
//
// It takes away the copies of its own folder (and of any folder below it): a build's copy that
// keeps a file there, and the entries there of the caches the builds share (state, files kept on
// first use); a build in another folder of the same origin keeps its copy.
const FOLDER = self.registration.scope;
const deleteCopies = async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith('normlab-')) continue;
    const cache = await caches.open(name);
    const keys = await cache.keys();
    const here = keys.filter((request) => request.url.startsWith(FOLDER));
    // A build's copy goes whole: one that keeps a file here, or keeps nothing (one made again
    // empty by a worker still answering an open page, in Firefox).
    if (name.startsWith('normlab-precache-')) {
      if (here.length > 0 || keys.length === 0) await caches.delete(name);
      continue;
    }
    for (const request of here) await cache.delete(request);
    if ((await cache.keys()).length === 0) await caches.delete(name);
  }
};

self.addEventListener('install', (event) => {
  // The worker it replaces may still serve an open page and write (a page booting says so): told
  // to retire, it writes no more and deletes what it wrote last.
  self.registration.active?.postMessage({ type: 'retire' });
  // The open pages are told, so none offers this worker as a new version (page/offline.js).
  const tellPages = async () => {
    for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      page.postMessage({ type: 'offline-copy-removed' });
  };
  event.waitUntil(Promise.all([deleteCopies(), tellPages().catch(() => {})]));
  // Not waited for: unregistering is queued behind this install, which must end first. An older
  // worker still serving an open page may write again meanwhile, so the copies go once more.
  self.registration.unregister().then(deleteCopies);
});

// A page that sees this worker installed beside its own asks what it is before offering "a new
// version": this is none, and the page says nothing (page/offline.js).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'describe') event.ports[0]?.postMessage({ type: 'off' });
});
