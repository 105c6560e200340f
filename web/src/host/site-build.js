// The build a page of normlab's own site belongs to, and whether the site now serves another. The
// build stamps each of its pages with <meta name="normlab-build" content=VERSION>
// (scripts/vite-offline.mjs); the offline worker keeps only pages that name its version
// (page/service-worker.js). A page left open across a deploy still names the old build, whose
// hashed files the new build no longer holds: a file it asks for then answers 404, and the reader's
// remedy is a reload, not the embedding guide's advice. A page without the tag (an author's page
// embedding the widgets) never asks.
export const BUILD_META = 'normlab-build';

/** The sentence for a page whose build the site no longer serves. */
export const OUTDATED_PAGE =
  "This page belongs to an older build of normlab than the site now serves, and that build's files are gone: reload the page to get the new one.";

const META = new RegExp(`<meta name="${BUILD_META}" content="([^"]*)"`);
// The tag sits at the start of the page's head: what is read of the served page stops here.
const HEAD_CHARS = 64 * 1024;

/** The version the page names in its head, or null where it names none. */
export function pageBuild(doc = globalThis.document) {
  return doc?.querySelector?.(`meta[name="${BUILD_META}"]`)?.getAttribute('content') ?? null;
}

/**
 * The version the page's own address names when fetched now, past every cache but the offline
 * worker's (which answers with the build it runs), or null when it cannot be read.
 */
export async function servedBuild(href = globalThis.location?.href, fetchPage = globalThis.fetch) {
  try {
    const response = await fetchPage(href, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return null;
    return META.exec((await response.text()).slice(0, HEAD_CHARS))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * OUTDATED_PAGE when the page names a build and its address now serves another; else null (also
 * on a page that names none, or when the page cannot be fetched).
 */
export async function outdatedPageSentence({ doc, href, fetchPage } = {}) {
  const own = pageBuild(doc);
  if (own === null) return null;
  const served = await servedBuild(href, fetchPage);
  return served !== null && served !== own ? OUTDATED_PAGE : null;
}
