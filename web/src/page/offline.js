// The chapters' side of the offline worker (page/service-worker.js, written to the top of the
// built site): registers it once the page has loaded, tells it when the page has booted (a build
// whose page never boots is not held in place by its cache), asks for a new version after
// registering and whenever the device comes back online, and when a new build's worker is
// installed and waiting, says so in the page with a button; the new version is taken only when the
// reader presses it. A worker script the host says is gone (404, 410: the site taken down, or its
// offline copy given up), or something else answered in its place for a day (another site there,
// or a redirect: the site moved), lets the copy go. Only normlab's own chapters call this; the
// embedding script never does.
import { trustedScriptUrl } from '../host/trusted-types.js';
import { LET_GO_MARK, pageBuild } from '../host/site-build.js';

const WORKER_FILE = './service-worker.js';
const NOTICE_TEXT = 'A new version is ready:';
const RELOAD_ANYWAY_MS = 3000;
// How long a waiting worker has to say what it is before the page offers it anyway.
const DESCRIBE_PATIENCE_MS = 2000;
// After an install that failed (no room, a file missing), the page waits this long before trying
// again, so a reader with little storage does not download the site's files on every page view.
const RETRY_AFTER_MS = 6 * 60 * 60 * 1000;
// The worker's address, and the name of the note of its failed install: one per folder, since a
// build in another folder of the origin keeps its own.
const workerUrl = () => new URL(WORKER_FILE, document.baseURI);
// The folder the worker serves (its scope): a registration of a folder above it is not this one's.
const isThisFolders = (registration) => registration?.scope === new URL('./', workerUrl()).href;
// Whether a worker (a message's source) is this folder's: its script is this folder's worker file.
const isThisFoldersWorker = (worker) => worker?.scriptURL === workerUrl().href;
const failedKey = () => `normlab-offline-failed ${workerUrl().pathname}`;
// Something else answered in the worker script's place (a 200 that is no script: another site's
// catch-all page, a sign-in or maintenance page; or a redirect: the site moved) means the site is
// gone only when it lasts: the page notes when it first met it and how often it has since, and
// lets the copy go on a later check, at least IN_PLACE_MS after the note, that meets it again
// within IN_PLACE_RECENT_MS of the note, or on the third sighting at any age (two sightings weeks
// apart may be two passing things, such as two deploys' gaps; a reader who returns weekly still
// gets there). A check that finds a script, or an update that succeeds, forgets the note. The note
// is kept per folder, as the failed install's is.
const IN_PLACE_MS = 24 * 60 * 60 * 1000;
const IN_PLACE_RECENT_MS = 7 * 24 * 60 * 60 * 1000;
const pageInPlaceKey = () => `normlab-offline-page-in-place ${workerUrl().pathname}`;
// What a script is served as (what browsers take for a worker's script; anything else is not it).
const SCRIPT_TYPE = /^\s*(text|application)\/(x-)?(javascript|ecmascript)\b|^\s*text\/(jscript|livescript)\b/i;
// The page root's data-offline when the kill switch is taking the copy away (its owner's doing);
// LET_GO_MARK (host/site-build.js) when this page let the copy go.
const COPY_REMOVED = 'removed';

/**
 * Reads (time undefined: 0 when none), writes (a time) or clears (null) the time noted under the
 * key in this origin's storage; quiet where storage is refused (then nothing is ever noted).
 */
function noted(key, time) {
  try {
    if (time === undefined) return Number(localStorage.getItem(key)) || 0;
    if (time === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(time));
  } catch {
    // No storage here: each page view starts afresh.
  }
  return 0;
}

/** Reads or writes the time of the last failed install. */
const failedAt = (time) => noted(failedKey(), time);

/**
 * The note of something else met in the worker script's place: {since, sightings} (since: when
 * first met, or met again after a long while; sightings: how many such), or null. Written with a
 * note, forgotten with null; quiet where storage is refused.
 */
function inPlaceNote(note) {
  try {
    if (note === undefined) {
      const [since, sightings] = (localStorage.getItem(pageInPlaceKey()) ?? '').split(' ').map(Number);
      return since > 0 && sightings > 0 ? { since, sightings } : null;
    }
    if (note === null) localStorage.removeItem(pageInPlaceKey());
    else localStorage.setItem(pageInPlaceKey(), `${note.since} ${note.sightings}`);
  } catch {
    // No storage here: nothing is noted, and only a 404 or 410 lets the copy go.
  }
  return null;
}
// Whether this page load wrote the note: a clock set right during one visit does not make the
// same visit's next check a day later.
let notedThisLoad = false;

/**
 * Whether an install failed less than RETRY_AFTER_MS ago; one noted in the future (the clock was
 * ahead then) is not recent, or a clock put right would hold back every install until it caught up.
 */
function failedLately() {
  const since = Date.now() - failedAt();
  return since >= 0 && since < RETRY_AFTER_MS;
}

/**
 * Shows the reader the offer to reload (once), which hands the page to `waiting` when pressed. The
 * offer goes if that worker stops waiting by itself (it took over, or gave way to a newer one).
 */
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
  waiting.addEventListener('statechange', () => {
    if (!button.disabled && waiting.state !== 'installed') notice.remove();
  });
  // The status is in the page before its words, so screen readers announce them as they come.
  document.body.append(notice);
  setTimeout(() => notice.append(`${NOTICE_TEXT} `, button), 100);
}

/**
 * Marks the page's root data-offline (COPY_REMOVED: the kill switch is taking the copy away;
 * LET_GO_MARK: this page let it go), and takes back any offer.
 */
function copyRemoved(mark = COPY_REMOVED) {
  document.documentElement.dataset.offline = mark;
  document.querySelector('.new-version')?.remove();
}

/**
 * What a waiting worker says it is: {type: 'build', version} (a new version, or the same build
 * again), {type: 'off'} (the kill switch, which is taking the offline copy away), or null when it
 * does not answer in time (then it is offered).
 */
function describe(worker) {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data ?? null);
    setTimeout(() => resolve(null), DESCRIBE_PATIENCE_MS);
    worker.postMessage({ type: 'describe' }, [channel.port2]);
  }).finally(() => channel.port1.close());
}

/**
 * Follows a worker being installed: offers it when it waits beside one that controls the page
 * (unless it is the kill switch: then the page's root is marked data-offline="removed", nothing
 * is offered, and the page unregisters the worker too (see below); or the build already in place,
 * again, from a host that changed the worker's bytes: it takes over without a word, since every
 * file it answers with is the same); notes a failed install (it became redundant without
 * installing) so the next pages wait.
 * The kill switch unregisters as it installs, but a page loaded meanwhile (a reload before its
 * install ended, still answered by the worker it replaces) registers the worker again as it loads,
 * which in Chromium calls the unregistering off: the kill switch would then wait beside the old
 * worker for as long as a tab of the site stays open (4 of 10 runs of the rescue case here). So
 * every page that finds it waiting unregisters again, once it has booted.
 */
function follow(worker, accepted, registration, settled) {
  let installed = false;
  const check = async () => {
    const { state } = worker;
    if (state === 'redundant' && !installed) failedAt(Date.now());
    if (state === 'activated') failedAt(null);
    if (state === 'activating' || state === 'activated') installed = true;
    if (state !== 'installed' || installed) return;
    installed = true;
    const what = await describe(worker);
    // Asked first, whether or not a worker controls this page: a page that loaded while another
    // tab held the old worker is not controlled, and it is the one whose registering called the
    // kill switch's unregistering off.
    if (what?.type === 'off') {
      copyRemoved();
      // Only while the kill switch still waits there: a build the owner put back meanwhile is not
      // let go.
      const stillWaiting = () => registration.waiting === worker && worker.state === 'installed';
      settled.then(() => stillWaiting() && letGo(registration, settled)).catch(() => {});
      return;
    }
    if (!navigator.serviceWorker.controller) return;
    const inPlace = registration.active && registration.active !== worker ? await describe(registration.active) : null;
    if (what?.type === 'build' && inPlace?.type === 'build' && what.version === inPlace.version)
      worker.postMessage({ type: 'skip-waiting' });
    else if (worker.state === 'installed' && !document.documentElement.dataset.offline) offerReload(worker, accepted);
  };
  worker.addEventListener('statechange', check);
  check();
}

/** Follows the registration's workers: the one waiting, the one installing, and any found later. */
function followWorkers(registration, accepted, settled) {
  if (registration.waiting) follow(registration.waiting, accepted, registration, settled);
  if (registration.installing) follow(registration.installing, accepted, registration, settled);
  registration.addEventListener('updatefound', () => follow(registration.installing, accepted, registration, settled));
}

/**
 * Whether the answer for the worker's script says the site is gone: 404 or 410 at once (the site
 * taken down, moved without it, or its owner giving the offline copy up); something else in its
 * place (a 200 that is no script, or a redirect, which browsers refuse for a worker's script and
 * the check does not follow) once it has lasted (IN_PLACE_MS, above: a portal's or a sign-in page,
 * or a deploy's gap, passes). A script in its place forgets the note; no answer says nothing.
 */
function saysGone(answer) {
  if (answer?.status === 404 || answer?.status === 410) return true;
  const elsewhere = answer?.type === 'opaqueredirect';
  if (!elsewhere && !answer?.ok) return false;
  if (!elsewhere && SCRIPT_TYPE.test(answer.headers.get('Content-Type') ?? '')) {
    inPlaceNote(null);
    return false;
  }
  const note = inPlaceNote();
  const now = Date.now();
  const since = note?.since ?? 0;
  // First met now, or noted in the future (the clock was ahead then): the wait starts now.
  if (!note || since > now) {
    inPlaceNote({ since: now, sightings: 1 });
    notedThisLoad = true;
    return false;
  }
  if (notedThisLoad || now - since < IN_PLACE_MS) return false;
  if (now - since <= IN_PLACE_RECENT_MS || note.sightings >= 2) return true;
  // Met again long after: a second sighting, the wait from now.
  inPlaceNote({ since: now, sightings: note.sightings + 1 });
  notedThisLoad = true;
  return false;
}

/**
 * Unregisters the folder's worker, its workers told to retire (to write nothing more), so that the
 * next page comes from the network. Not before this page has loaded what it boots with (`settled`:
 * its widgets' scripts, its core), which may still come from the copy: the page the reader is on
 * stays whole.
 */
async function letGo(registration, settled) {
  await settled;
  for (const worker of [registration.active, registration.waiting, registration.installing])
    worker?.postMessage({ type: 'retire' });
  await registration.unregister();
}

/**
 * After a check for a new version failed: when the host says the worker's script is gone
 * (saysGone), the copy goes (the worker deletes this folder's caches) and the worker is
 * unregistered, so the next page comes from the network, whatever now lives at this address. A
 * failure to reach the host, or any other answer, leaves the copy be: the reader may be offline.
 * Browsers keep a registration whose script has gone, and its worker would answer this folder's
 * pages from its copy for good. The copy goes once `settled` (the page's boot, over either way):
 * the scripts this page boots with may still be on their way from it.
 */
async function letGoIfGone(registration, settled) {
  // Offline: nothing to ask (and no failed request in the console). No active worker: no copy to
  // let go (an update() refused while the first install runs, or after it failed). A folder
  // above this one: its copy is not this page's to let go.
  if (!navigator.onLine || !registration.active || !isThisFolders(registration)) return;
  // Asked as the browser asks for it (GET, past the HTTP cache, a redirect not followed: it says
  // the script moved, wherever it leads), and read to its end, so the request ends as done.
  const answer = await fetch(workerUrl(), { cache: 'no-store', redirect: 'manual' }).catch(() => null);
  await answer?.arrayBuffer().catch(() => {});
  if (!saysGone(answer)) return;
  await letGo(registration, settled);
  inPlaceNote(null);
  copyRemoved(LET_GO_MARK);
}

/**
 * Asks for a new version now and whenever the device comes back online (engines that do not look
 * on every navigation: WebKit after a stretch offline); a check that fails asks whether the site is
 * gone. A build whose install failed lately is not downloaded again by the check: its worker gives
 * up before downloading (page/service-worker.js).
 */
function checkForUpdates(registration, settled) {
  // A check that succeeds found the worker's script a script: any page noted in its place was passing.
  const update = () =>
    registration.update().then(
      () => inPlaceNote(null),
      () => letGoIfGone(registration, settled).catch(() => {}),
    );
  update();
  addEventListener('online', update);
}

async function register(accepted, settled) {
  const registration = await navigator.serviceWorker.register(trustedScriptUrl(WORKER_FILE));
  followWorkers(registration, accepted, settled);
  checkForUpdates(registration, settled);
}

/**
 * Tells `worker` that this page has booted, with the build version its HTML names (the build
 * writes it in every page) and its address: a worker of that build then answers this page, and
 * the build's files, from its cache.
 */
const sayBooted = (worker) =>
  worker?.postMessage({
    type: 'booted',
    build: pageBuild(),
    page: location.href,
  });

/**
 * Makes this chapter work offline after one visit (a built site only: the development server has
 * no worker to register), and reloads it when the reader accepts a new version. `booted` resolves
 * once the page has shown it runs (its widgets defined, its core loaded).
 */
export function workOffline(booted) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let accepted = false;
  // The kill switch tells every open page of its folder as it installs (beside answering a page
  // that asks). Only this folder's own worker speaks for this page's copy: a page in a folder
  // below, whose own build keeps no copy yet, is among those a kill switch above may tell.
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.type === 'offline-copy-removed' && isThisFoldersWorker(event.source)) copyRemoved();
  });
  navigator.serviceWorker.startMessages();
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
  const accept = () => (accepted = true);
  // The page's boot, over either way (a build that fails to boot has nothing left to load).
  const settled = booted.then(
    () => {},
    () => {},
  );
  // After a failed install the page does not try again for a while (a download of the whole site
  // each time), but it still follows a worker the browser installs by itself (its own update
  // check on navigation), so a waiting new version is offered.
  if (failedLately()) {
    navigator.serviceWorker
      .getRegistration(workerUrl().href)
      .then((registration) => {
        if (!isThisFolders(registration)) return;
        followWorkers(registration, accept, settled);
        checkForUpdates(registration, settled);
      })
      .catch(() => {});
    return;
  }
  const start = () =>
    register(accept, settled).catch((e) => {
      failedAt(Date.now());
      console.warn('normlab: no offline copy:', e.message);
      // A registration kept from earlier visits, whose script may be what failed.
      navigator.serviceWorker
        .getRegistration(workerUrl().href)
        .then((registration) => registration && letGoIfGone(registration, settled))
        .catch(() => {});
    });
  // After the page's own loading, so the copy does not compete with it.
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
