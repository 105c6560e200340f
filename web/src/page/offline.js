// The chapters' side of the offline worker (page/service-worker.js, written to the top of the
// built site): registers it once the page has loaded, tells it when the page has booted (a build
// whose page never boots is not held in place by its cache), asks for a new version after
// registering and whenever the device comes back online, and when a new build's worker is
// installed and waiting, says so in the page with a button; the new version is taken only when the
// reader presses it. Only normlab's own chapters call this; the embedding script never does.
import { trustedScriptUrl } from '../host/trusted-types.js';

const WORKER_FILE = './service-worker.js';
const NOTICE_TEXT = 'A new version is ready:';
const RELOAD_ANYWAY_MS = 3000;
// After an install that failed (no room, a file missing), the page waits this long before trying
// again, so a reader with little storage does not download the site's files on every page view.
const RETRY_AFTER_MS = 6 * 60 * 60 * 1000;
const FAILED_KEY = 'normlab-offline-failed';

/** Reads or writes the time of the last failed install; quiet where storage is refused. */
function failedAt(time) {
  try {
    if (time === undefined) return Number(localStorage.getItem(FAILED_KEY)) || 0;
    if (time === null) localStorage.removeItem(FAILED_KEY);
    else localStorage.setItem(FAILED_KEY, String(time));
  } catch {
    // No storage here: each page view may try again.
  }
  return 0;
}

/** Shows the reader the offer to reload (once), which hands the page to `waiting` when pressed. */
function offerReload(waiting, accepted) {
  if (document.querySelector('.new-version')) return;
  const notice = document.createElement('div');
  notice.className = 'new-version';
  notice.setAttribute('role', 'status');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'reload';
  button.addEventListener('click', () => {
    button.disabled = true;
    accepted();
    waiting.postMessage({ type: 'skip-waiting' });
    // Chromium activates the new worker once the old one has answered every request in flight; a
    // page still loading can hold it for long, and a reload ends those requests.
    setTimeout(() => location.reload(), RELOAD_ANYWAY_MS);
  });
  // The status is in the page before its words, so screen readers announce them as they come.
  document.body.append(notice);
  setTimeout(() => notice.append(`${NOTICE_TEXT} `, button), 100);
}

/**
 * Follows a worker being installed: offers it when it waits beside one that controls the page;
 * notes a failed install (it became redundant without installing) so the next pages wait.
 */
function follow(worker, accepted) {
  let installed = false;
  const check = () => {
    if (worker.state === 'installed') installed = true;
    if (worker.state === 'installed' && navigator.serviceWorker.controller) offerReload(worker, accepted);
    if (worker.state === 'activated') failedAt(null);
    if (worker.state === 'redundant' && !installed) failedAt(Date.now());
  };
  worker.addEventListener('statechange', check);
  check();
}

async function register(accepted) {
  const registration = await navigator.serviceWorker.register(trustedScriptUrl(WORKER_FILE));
  if (registration.waiting) follow(registration.waiting, accepted);
  if (registration.installing) follow(registration.installing, accepted);
  registration.addEventListener('updatefound', () => follow(registration.installing, accepted));
  // Engines that do not look for a new version on every navigation (WebKit after a stretch offline).
  const update = () => registration.update().catch(() => {});
  update();
  addEventListener('online', update);
}

// Whether no worker controlled this page when it loaded (a first visit, or a forced reload).
const uncontrolled = !globalThis.navigator?.serviceWorker?.controller;

/**
 * Tells `worker` that this page has booted, with what identifies its build (its entry scripts): a
 * worker of this page's build then answers from its cache.
 */
const sayBooted = (worker) =>
  worker?.postMessage({
    type: 'booted',
    uncontrolled,
    scripts: [...document.querySelectorAll('script[type="module"][src]')].map((s) => s.src),
  });

/**
 * Makes this chapter work offline after one visit (a built site only: the development server has
 * no worker to register), and reloads it when the reader accepts a new version. `booted` resolves
 * once the page has shown it runs (its widgets defined, its core loaded).
 */
export function workOffline(booted) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let accepted = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // A new version the reader accepted reloads the page once. One that took over by itself (the
    // build before it never booted) leaves the page be: it came from the network already, and
    // proves the new worker's build if it is that build.
    if (accepted) {
      accepted = false;
      location.reload();
    } else booted.then(() => sayBooted(navigator.serviceWorker.controller)).catch(() => {});
  });
  booted
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => sayBooted(registration.active))
    .catch(() => {});
  if (Date.now() - failedAt() < RETRY_AFTER_MS) return;
  const start = () =>
    register(() => (accepted = true)).catch((e) => {
      failedAt(Date.now());
      console.warn('normlab: no offline copy:', e.message);
    });
  // After the page's own loading, so the copy does not compete with it.
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
