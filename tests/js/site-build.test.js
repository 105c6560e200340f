// A page of the site left open across a deploy: the version its head names against the one its
// address serves now (web/src/host/site-build.js), with the document and the fetch stood in for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BUILD_META,
  OUTDATED_PAGE,
  outdatedPageSentence,
  pageBuild,
  servedBuild,
} from '../../web/src/host/site-build.js';

/** A document whose head names `version` (none when null). */
const documentNaming = (version) => ({
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

test('the served build is read from the page fetched afresh, past the HTTP cache', async () => {
  const { fetchPage, calls } = servingPage('build-2');
  assert.equal(await servedBuild(href, fetchPage), 'build-2');
  assert.deepEqual(calls, [{ href, init: { cache: 'no-store', credentials: 'same-origin' } }]);
  assert.equal(await servedBuild(href, servingPage(null).fetchPage), null, 'a page naming no build');
  assert.equal(await servedBuild(href, servingPage('build-2', { status: 404 }).fetchPage), null, 'an error status');
  assert.equal(await servedBuild(href, servingPage('build-2', { fails: true }).fetchPage), null, 'no answer');
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
