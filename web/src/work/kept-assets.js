// The large files the site's offline worker keeps on first use (the MNIST digits), read and kept by
// the workers that fetch them too: some engines (WebKit) do not pass a dedicated worker's requests
// through the offline worker, so a copy kept only there would never be kept, nor read offline.
// The offline worker (page/service-worker.js) checks a copy's length and first bytes before it keeps
// it; here the core's reader checks the bytes (a copy it refuses is dropped).
//
// A copy is kept here only where the offline worker has made its cache (normlab's own chapters),
// never in a host page's storage.

/** The Cache Storage name shared with the offline worker (the build fills it in there). */
export const KEPT_ASSETS_CACHE = 'normlab-on-first-use';
// The start of the name of a build's copy, which the offline worker makes with the cache above.
const PRECACHE_PREFIX = 'normlab-precache-';

const storage = () => globalThis.caches ?? null;

/**
 * The kept copy's bytes, or null (none, or no Cache Storage here). Read through match with the
 * cache's name, which makes no cache: opening it would make one on a host's page, or again after
 * the owner's kill switch deleted it, and keep() would then fill it.
 */
export async function keptCopy(url) {
  try {
    const kept = await storage()?.match(url, { cacheName: KEPT_ASSETS_CACHE });
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Keeps the bytes (the core has read them) where the offline worker keeps its copies, if it does. */
export async function keep(url, bytes) {
  try {
    if (!(await storage()?.has(KEPT_ASSETS_CACHE))) return;
    const cache = await caches.open(KEPT_ASSETS_CACHE);
    if (!(await cache.match(url))) await cache.put(url, new Response(bytes));
    // The owner's kill switch deletes every normlab cache; one that ran between has() and open()
    // left open() to make this cache again. With no build's copy left, it goes too.
    if (!(await caches.keys()).some((name) => name.startsWith(PRECACHE_PREFIX))) await caches.delete(KEPT_ASSETS_CACHE);
  } catch {
    // Storage full or refused: the file is fetched again next time.
  }
}

/** Drops a kept copy the core refused (makes no cache where there is none). */
export async function drop(url) {
  try {
    if (await storage()?.has(KEPT_ASSETS_CACHE)) await (await caches.open(KEPT_ASSETS_CACHE)).delete(url);
  } catch {
    // Storage refused: nothing was kept to drop.
  }
}
