// A host app that does `import 'normlab'`, built by Parcel 2 from an HTML entry (`parcel build
// src/index.html --public-url ./`, a site served from any folder) with no configuration but one
// line in its package.json: `"@parcel/resolver-default": {"packageExports":
// true}`, for the per-element entries ('normlab/nl-playground'). Parcel copies each file a literal
// `new URL('./x', import.meta.url)` names (the .wasm, the workers, the digits) and names the copies
// through an import map it writes inline into the page; the package's workers, handed their
// compiled core, never ask for those names (a worker has no import map). The site's policy is
// the guide's with the map's hash in script-src.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { CONTENT_SECURITY_POLICY, serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, frameworkHost, pageBytes } from './host.js';

/** The version tested (docs/embedding.md names it). */
const PARCEL = { parcel: '2.16.4' };

const page = (script, widgets) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${script}"></script>\n${widgets}\n`;

let dir, server;
const printed = {};

/** Runs `parcel build` on an HTML entry into a folder; ensures: returns what it printed. */
function parcel(entry, out) {
  const bin = path.join(dir, 'node_modules/parcel/lib/bin.js');
  const run = spawnSync(
    process.execPath,
    [bin, 'build', entry, '--dist-dir', out, '--public-url', './', '--no-cache'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return run.stdout + run.stderr;
}

/** The hashes of a built page's inline scripts (Parcel's import map), as script-src sources. */
function inlineScriptHashes(file) {
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script[^>]*>([^<]+)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  );
}

before(async () => {
  dir = frameworkHost(
    'parcel',
    PARCEL,
    {
      'package.json': `${JSON.stringify(
        {
          name: 'host-parcel',
          private: true,
          type: 'module',
          dependencies: PARCEL,
          '@parcel/resolver-default': { packageExports: true },
        },
        null,
        2,
      )}\n`,
      'src/index.html': page('./main.js', WIDGETS_HTML),
      'src/main.js': "import 'normlab';\n",
      // A post showing one widget imports that element's entry only.
      'one/index.html': page('./one.js', '<nl-playground kind="layer"></nl-playground>'),
      'one/one.js': "import 'normlab/nl-playground';\n",
    },
    ['dist', 'dist-one', '.parcel-cache'],
  );
  printed.all = parcel('src/index.html', 'dist');
  printed.one = parcel('one/index.html', 'dist-one');
  const hashes = [
    ...inlineScriptHashes(path.join(dir, 'dist/index.html')),
    ...inlineScriptHashes(path.join(dir, 'dist-one/index.html')),
  ];
  const csp = CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
  server = await serveStatic(dir, { csp });
});

after(() => server?.close());

test("Parcel builds the host with no diagnostic and no polyfill installed, copying the package's files", () => {
  // A diagnostic names its plugin (@parcel/...); a Node polyfill would be "Auto installing".
  for (const text of Object.values(printed)) assert.doesNotMatch(text, /@parcel\/|auto install|error/i);
  const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  assert.equal(json.devDependencies, undefined, 'Parcel added a dependency to the host');
  const out = readdirSync(path.join(dir, 'dist'));
  assert.equal(out.filter((f) => f.endsWith('.wasm')).length, 3, out.join(' '));
  assert.ok(
    out.some((f) => f.endsWith('.bin')),
    'the digits',
  );
  const one = readdirSync(path.join(dir, 'dist-one'));
  assert.deepEqual(
    one.filter((f) => f.endsWith('.bin')),
    [],
  );
});

test('the widgets work on the page Parcel built, their workers included, under a strict policy', async (t) => {
  await checkWidgets(`${server.url}/dist/index.html`, 'parcel');
  const { bytes, wasm } = await pageBytes(`${server.url}/dist-one/index.html`, 'nl-playground');
  t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
  assert.ok(bytes < 2e6, `${bytes} bytes`);
});
