// The build a page of normlab's own site belongs to, and whether the site now serves another. The
// build stamps each of its pages with <meta name="normlab-build" content=VERSION>
// (scripts/vite-offline.mjs); the offline worker keeps only pages that name its version
// (page/service-worker.js). A page left open across a deploy still names the old build, whose
// hashed files the new build no longer holds: a file it asks for then answers 404, and the reader's
// remedy is a reload, not the embedding guide's advice. A page whose own address is gone, or read
// from an offline copy since let go, is told that instead. A page without the tag (an author's
// page embedding the widgets) never asks.
export const BUILD_META = 'normlab-build';

/** The sentence for a page whose build the site no longer serves. */
export const OUTDATED_PAGE =
  "This page belongs to an older build of normlab than the site now serves, and that build's files are gone: reload the page to get the new one.";

/**
 * The sentence for a page the host now says is gone from its address (status 404 or 410): a
 * reload would not bring it back. (Said of a page from the network too: a chapter a deploy took
 * away while it was open.)
 */
export const gonePageSentence = (status) =>
  `This page is gone from its address (the host answers ${status} for it), and so are the files it still had to load: the site may have moved or been taken down.`;

/**
 * The sentence for a page read from the offline copy after the page let the copy go (its site
 * gone, moved or replaced; page/offline.js marks the page's root data-offline=LET_GO_MARK) and
 * whose address no longer serves its build: what it serves now, a reload shows.
 */
export const COPY_LET_GO =
  'This page came from the offline copy, which has been let go because the site at this address has changed; the files it still had to load are no longer there: reload to see what the address serves now.';

/** The page root's data-offline once the page has let its offline copy go (page/offline.js). */
export const LET_GO_MARK = 'let-go';

/** A host's word that a page is gone from its address (as the offline worker reads it). */
const GONE = new Set([404, 410]);

// The query that sends the check past the offline worker, which answers only its own addresses
// (with its own build's page, whatever the request's cache mode), to the host.
const CHECK_QUERY = 'normlab-build-check';
// The tag sits in the page's head: the served page is read until its head ends, or this much.
const HEAD_CHARS = 64 * 1024;
// A host that does not answer within this long is taken as not telling.
const PATIENCE_MS = 5000;

/**
 * The value of the normlab-build meta tag in a page's text, or null: attributes in any order,
 * quoted or not (a host may rewrite the page), as the browser reads the page's own tag.
 */
export function buildNamedIn(html) {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map(
      [...tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)].map((m) => [
        m[1].toLowerCase(),
        m[2] ?? m[3] ?? m[4],
      ]),
    );
    if (attributes.get('name') === BUILD_META) return attributes.get('content') ?? null;
  }
  return null;
}

/** The version the page names in its head, or null where it names none. */
export function pageBuild(doc = globalThis.document) {
  return doc?.querySelector?.(`meta[name="${BUILD_META}"]`)?.getAttribute('content') ?? null;
}

/** The start of a response's text: up to the end of the head, or HEAD_CHARS. */
async function headOf(response) {
  const reader = response.body?.getReader();
  if (!reader) return (await response.text()).slice(0, HEAD_CHARS);
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < HEAD_CHARS && !/<\/head>/i.test(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return text;
}

/**
 * What the page's own address answers when the host is asked now (past the HTTP cache and the
 * offline worker): {status, build} (build: the version a page answered in full names, or null),
 * or null when it cannot be read within PATIENCE_MS.
 */
async function servedPage(href = globalThis.location?.href, fetchPage = globalThis.fetch) {
  try {
    const url = new URL(href);
    url.hash = '';
    url.searchParams.set(CHECK_QUERY, String(Date.now()));
    const response = await fetchPage(url.href, {
      cache: 'no-store',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(PATIENCE_MS),
    });
    if (!response.ok) {
      response.body?.cancel().catch(() => {});
      return { status: response.status, build: null };
    }
    return { status: response.status, build: buildNamedIn(await headOf(response)) };
  } catch {
    return null;
  }
}

/** The version the page's own address names when the host is asked now, or null (as servedPage). */
export async function servedBuild(href, fetchPage) {
  return (await servedPage(href, fetchPage))?.build ?? null;
}

/**
 * Why a page of the site found its files gone, asking its address: gonePageSentence(status) when it
 * answers 404 or 410; on a page that let its offline copy go, COPY_LET_GO unless the address still
 * serves the page's build (also when it cannot be read: the site there changed); else
 * OUTDATED_PAGE when it serves another build. Null otherwise, and on a page that names no build
 * (an author's, which never asks).
 */
export async function outdatedPageSentence({ doc = globalThis.document, href, fetchPage } = {}) {
  const own = pageBuild(doc);
  if (own === null) return null;
  const letGo = doc?.documentElement?.dataset?.offline === LET_GO_MARK;
  const served = await servedPage(href, fetchPage);
  if (served !== null && GONE.has(served.status)) return gonePageSentence(served.status);
  // A page that let its copy go: unless its address still serves its build (then the file's own
  // cause stands), the site there changed.
  if (letGo) return served?.build === own ? null : COPY_LET_GO;
  return served !== null && served.build !== null && served.build !== own ? OUTDATED_PAGE : null;
}
