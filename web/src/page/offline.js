// The chapters' side of the offline worker (page/service-worker.js, written to the top of the
// built site): registers it once the page has loaded, and when a new build's worker is installed
// and waiting, says so in the page with a button; the new version is taken only when the reader
// presses it. Only normlab's own chapters call this; the embedding script never does.

const WORKER_FILE = './service-worker.js';
const NOTICE_TEXT = 'A new version is ready:';
const RELOAD_ANYWAY_MS = 3000;

/** Shows the reader the offer to reload (once), which hands the page to `waiting` when pressed. */
function offerReload(waiting) {
  if (document.querySelector('.new-version')) return;
  const notice = document.createElement('div');
  notice.className = 'new-version';
  notice.setAttribute('role', 'status');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'reload';
  button.addEventListener('click', () => {
    button.disabled = true;
    waiting.postMessage({ type: 'skip-waiting' });
    // Chromium activates the new worker once the old one has answered every request in flight; a
    // page still loading can hold it for long, and a reload ends those requests.
    setTimeout(() => location.reload(), RELOAD_ANYWAY_MS);
  });
  // The status is in the page before its words, so screen readers announce them as they come.
  document.body.append(notice);
  setTimeout(() => notice.append(`${NOTICE_TEXT} `, button), 100);
}

/** Calls offerReload when `worker` (a new build's) has installed beside one that controls the page. */
function whenInstalled(worker) {
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) offerReload(worker);
  };
  worker.addEventListener('statechange', check);
  check();
}

async function register() {
  const registration = await navigator.serviceWorker.register(WORKER_FILE);
  if (registration.waiting) whenInstalled(registration.waiting);
  if (registration.installing) whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
}

/**
 * Makes this chapter work offline after one visit (a built site only: the development server has
 * no worker to register), and reloads it when the reader accepts a new version.
 */
export function workOffline() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes the page without a reload; a new version, accepted, reloads it once.
    if (controlled && !reloaded) {
      reloaded = true;
      location.reload();
    }
    controlled = true;
  });
  const start = () => register().catch((e) => console.warn('normlab: no offline copy:', e.message));
  // After the page's own loading, so the copy does not compete with it.
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
