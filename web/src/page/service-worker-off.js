// The kill switch for normlab's offline worker: served in place of service-worker.js (the build
// writes it beside it as service-worker-off.js; docs/architecture.md says how). As soon as a
// reader's browser installs it (on the next visit or reload), it deletes every copy normlab kept
// and unregisters the site's worker, so every later page comes from the network. It does this while
// installing, so it needs no older worker to let go first; it answers nothing.
const deleteCopies = async () => {
  for (const name of await caches.keys()) if (name.startsWith('normlab-')) await caches.delete(name);
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
