// A page of the site left open across a deploy: the version its head names against the one its
// address serves now (web/src/host/site-build.js), with the document and the fetch stood in for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BUILD_META,
  COPY_LET_GO,
  LET_GO_MARK,
  OUTDATED_PAGE,
  buildNamedIn,
  gonePageSentence,
  outdatedPageSentence,
  pageBuild,
  servedBuild,
} from '../../web/src/host/site-build.js';

/** A document whose head names `version` (none when null); `offline`: its root's data-offline. */
const documentNaming = (version, offline) => ({
  documentElement: { dataset: offline ? { offline } : {} },
  querySelector: (selector) =>
    version !== null && selector === `meta[name="${BUILD_META}"]`
      ? { getAttribute: (name) => (name === 'content' ? version : null) }
      : null,
});

/** A fetch that answers every address with a page naming `version`, counting its calls. */
function servingPage(version, { status = 200, fails = false } = {}) {
  const calls = [];
  const fetchPage = async (href, init) => {
    calls.push({ href, init });
    if (fails) throw new TypeError('Failed to fetch');
    const head = version === null ? '' : `<meta name="${BUILD_META}" content="${version}">`;
    return new Response(`<!doctype html><html><head>${head}<title>x</title></head><body></body></html>`, { status });
  };
  return { fetchPage, calls };
}

const href = 'https://example.org/normlab/mnist.html#lab';

test('a page names its build from its head; one without the tag names none', () => {
  assert.equal(pageBuild(documentNaming('build-1a2b')), 'build-1a2b');
  assert.equal(pageBuild(documentNaming(null)), null);
  assert.equal(pageBuild(undefined), null, 'no document (a worker)');
});

test('the served build is read from the page fetched afresh, past the HTTP cache and the offline worker', async () => {
  const { fetchPage, calls } = servingPage('build-2');
  assert.equal(await servedBuild(href, fetchPage), 'build-2');
  assert.equal(calls.length, 1);
  const asked = new URL(calls[0].href);
  // A query the offline worker matches to none of its files (it answers only its own addresses),
  // the page's own address otherwise, without its hash.
  assert.equal(`${asked.origin}${asked.pathname}`, 'https://example.org/normlab/mnist.html');
  assert.match(asked.search, /^\?normlab-build-check=\d+$/);
  assert.equal(asked.hash, '');
  assert.equal(calls[0].init.cache, 'no-store');
  assert.equal(calls[0].init.credentials, 'same-origin');
  assert.ok(calls[0].init.signal instanceof AbortSignal, 'a host that never answers is given up on');
  assert.equal(await servedBuild(href, servingPage(null).fetchPage), null, 'a page naming no build');
  assert.equal(await servedBuild(href, servingPage('build-2', { status: 404 }).fetchPage), null, 'an error status');
  assert.equal(await servedBuild(href, servingPage('build-2', { fails: true }).fetchPage), null, 'no answer');
});

test('the tag is read however a host writes it, and only from a meta tag of that name', () => {
  for (const html of [
    `<meta name="${BUILD_META}" content="build-9">`,
    `<META CONTENT='build-9' NAME='${BUILD_META}'>`,
    `<meta content=build-9 name=${BUILD_META}>`,
    `<meta charset="utf-8"><meta name="viewport" content="x"><meta name="${BUILD_META}" content="build-9" />`,
  ])
    assert.equal(buildNamedIn(html), 'build-9', html);
  assert.equal(buildNamedIn(`<meta name="viewport" content="build-9">`), null);
  assert.equal(buildNamedIn(`<p>name="${BUILD_META}" content="build-9"</p>`), null);
});

test('the reload sentence comes only when the page names a build and its address now serves another', async () => {
  const outdated = servingPage('build-new');
  assert.equal(
    await outdatedPageSentence({ doc: documentNaming('build-old'), href, fetchPage: outdated.fetchPage }),
    OUTDATED_PAGE,
  );
  assert.match(OUTDATED_PAGE, /reload the page/);
  for (const [what, served] of [
    ['the same build', servingPage('build-old')],
    ['a page that cannot be fetched', servingPage('build-new', { fails: true })],
    ['an error status', servingPage('build-new', { status: 500 })],
  ])
    assert.equal(
      await outdatedPageSentence({ doc: documentNaming('build-old'), href, fetchPage: served.fetchPage }),
      null,
      what,
    );
  // An author's page embedding the widgets names no build: the site is never fetched.
  const embedder = servingPage('build-new');
  assert.equal(await outdatedPageSentence({ doc: documentNaming(null), href, fetchPage: embedder.fetchPage }), null);
  assert.equal(embedder.calls.length, 0);
});

test('a page whose own address answers 404 or 410 is told its site is gone, not to reload', async () => {
  for (const status of [404, 410]) {
    const gone = servingPage('build-new', { status });
    const said = await outdatedPageSentence({ doc: documentNaming('build-old'), href, fetchPage: gone.fetchPage });
    assert.equal(said, gonePageSentence(status));
    assert.match(said, new RegExp(`^This page is gone from its address \\(the host answers ${status} for it\\)`));
    assert.doesNotMatch(said, /reload/);
  }
  // The same build's page gone too: the page, not the build, is what the host no longer has.
  const same = servingPage('build-old', { status: 404 });
  assert.equal(
    await outdatedPageSentence({ doc: documentNaming('build-old'), href, fetchPage: same.fetchPage }),
    gonePageSentence(404),
  );
  // An author's page names no build: it never asks, and is never told.
  const embedder = servingPage(null, { status: 404 });
  assert.equal(await outdatedPageSentence({ doc: documentNaming(null), href, fetchPage: embedder.fetchPage }), null);
  assert.equal(embedder.calls.length, 0);
});

test('a page that let its offline copy go says the site changed, unless its address still serves its build', async () => {
  const letGo = documentNaming('build-old', LET_GO_MARK);
  for (const [what, served, said] of [
    ['another build', servingPage('build-new'), COPY_LET_GO],
    ["another site's page", servingPage(null), COPY_LET_GO],
    ['no answer', servingPage('build-new', { fails: true }), COPY_LET_GO],
    ['its own build still', servingPage('build-old'), null],
    ['gone (404)', servingPage('build-old', { status: 404 }), gonePageSentence(404)],
  ])
    assert.equal(await outdatedPageSentence({ doc: letGo, href, fetchPage: served.fetchPage }), said, what);
  assert.match(COPY_LET_GO, /reload to see what the address serves now\.$/);
  // The kill switch marks the page otherwise: a healthy site's page is told nothing of the copy.
  const killed = documentNaming('build-old', 'removed');
  assert.equal(await outdatedPageSentence({ doc: killed, href, fetchPage: servingPage('build-old').fetchPage }), null);
  // An author's page names no build: whatever its root says, it never asks and is never told.
  const embedder = servingPage('build-new');
  const author = documentNaming(null, LET_GO_MARK);
  assert.equal(await outdatedPageSentence({ doc: author, href, fetchPage: embedder.fetchPage }), null);
  assert.equal(embedder.calls.length, 0);
});
