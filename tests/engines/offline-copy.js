// What the engine tests of the offline worker share (rescue.test.js, kill-switch-tabs.test.js): a
// served copy of the built site whose pages count their loads, one tab open in an engine, and
// the page expressions they poll.
import { cpSync } from 'node:fs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';
import { siteFolder } from '../browser/site.js';
import { openEngine, until } from './engines.js';

// Counts the page loads of a tab (sessionStorage lives across reloads, apart for each tab).
const COUNT_LOADS = 'sessionStorage.loads = String(Number(sessionStorage.loads || 0) + 1);';
/** The loads of this tab so far. */
export const LOADS = 'Number(sessionStorage.loads)';
/** Asks the page's registration for a new version and answers at once; the wait is on what follows. */
export const ASK_FOR_UPDATE =
  '(navigator.serviceWorker.getRegistration().then((r) => r?.update()).catch(() => {}), true)';
/** The names of the caches normlab keeps. */
export const NORMLAB_CACHES = `caches.keys().then((k) => k.filter((n) => n.startsWith('normlab-')).sort())`;
/** True once a page of the build in place has booted under its worker (its state says so). */
export const PROVEN = `caches.open('normlab-state').then((c) => c.keys()).then((k) => k.some((r) => /booted-/.test(r.url)))`;
/** True once no worker is registered and no copy is kept. */
export const NO_WORKER_NO_COPY = `navigator.serviceWorker.getRegistrations().then((r) => r.length === 0).then((none) => none && ${NORMLAB_CACHES}.then((k) => k.length === 0))`;

/**
 * until (engines.js) with 90 s and, on failure, the registrations, the caches, whether a worker
 * controls the page, and `shown` (an expression for what the page shows).
 */
export const untilOffline = (shown) => (tab, expression, what) =>
  until(tab, expression, what, {
    ms: 90_000,
    explain: `navigator.serviceWorker.getRegistrations().then(async (r) => JSON.stringify({ registrations: r.map((g) => [g.active?.state, g.waiting?.state, g.installing?.state]), caches: await caches.keys(), controlled: navigator.serviceWorker.controller !== null, shown: ${shown} }))`,
  });

/**
 * A copy of the built site in a scratch folder, served with every page counting its loads, and a
 * tab of the engine; both closed after the test `t`. ensures: {folder, server, tab}.
 */
export async function servedCopy(t, engine) {
  const folder = scratchFolder('normlab-offline-');
  cpSync(siteFolder(), folder, { recursive: true });
  const server = await serveStatic(folder, { inject: COUNT_LOADS });
  const tab = await openEngine(engine);
  t.after(async () => {
    await tab.close();
    await server.close();
  });
  return { folder, server, tab };
}

/** Reloads the tab and waits (with `wait`, an until) for the next load, complete, and `also`. */
export async function reload(tab, wait, what, also = 'true') {
  const before = await tab.run(LOADS);
  await tab.run('location.reload()').catch(() => {});
  await wait(tab, `${LOADS} === ${before + 1} && document.readyState === 'complete' && ${also}`, what);
}
