// A host app that does `import 'normlab'`, bundled by Rollup 4 with the two plugins an author of
// a browser bundle uses: @rollup/plugin-node-resolve, to find the package in node_modules, and
// @web/rollup-plugin-import-meta-assets, which copies each file a literal
// `new URL('./x', import.meta.url)` names (the .wasm, the workers, the digits) into the output
// and points the URL at the copy. Rollup itself copies no such file. That config is all.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, frameworkHost, pageBytes } from './host.js';

/** The versions tested (docs/embedding.md names them). */
const ROLLUP = {
  rollup: '4.69.3',
  '@rollup/plugin-node-resolve': '16.0.3',
  '@web/rollup-plugin-import-meta-assets': '2.3.3',
};

const CONFIG = `import { nodeResolve } from '@rollup/plugin-node-resolve';
import { importMetaAssets } from '@web/rollup-plugin-import-meta-assets';

export default {
  input: 'src/main.js',
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve(), importMetaAssets()],
};
`;

const page = (script, widgets) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${script}"></script>\n${widgets}\n`;

let dir, server;
const printed = {};

/** Runs `rollup -c` with the given flags; ensures: returns what it printed (Rollup says all on stderr). */
function rollup(...flags) {
  const run = spawnSync(process.execPath, [path.join(dir, 'node_modules/rollup/dist/bin/rollup'), '-c', ...flags], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout + run.stderr;
}

before(async () => {
  dir = frameworkHost(
    'rollup',
    ROLLUP,
    {
      'rollup.config.mjs': CONFIG,
      'src/main.js': "import 'normlab';\n",
      // A post showing one widget imports that element's entry only.
      'src/one.js': "import 'normlab/nl-playground';\n",
    },
    ['dist', 'dist-one'],
  );
  printed.all = rollup();
  printed.one = rollup('--input', 'src/one.js', '--dir', 'dist-one');
  writeFileSync(path.join(dir, 'dist/index.html'), page('main.js', WIDGETS_HTML));
  writeFileSync(path.join(dir, 'dist-one/index.html'), page('one.js', '<nl-playground kind="layer"></nl-playground>'));
  server = await serveStatic(dir);
});

after(() => server?.close());

test("Rollup bundles the host with no warning, copying the package's files", () => {
  // A warning is a line starting with (!).
  for (const text of Object.values(printed)) assert.doesNotMatch(text, /\(!\)|warn|error/i);
  assert.match(printed.all, /created \S*dist/);
  const out = readdirSync(path.join(dir, 'dist'), { recursive: true });
  assert.equal(out.filter((f) => f.endsWith('.wasm')).length, 3, out.join(' '));
  assert.ok(
    out.some((f) => f.endsWith('.bin')),
    'the digits',
  );
  // The page of one playground gets the cores (one module names all three) and no digits.
  const one = readdirSync(path.join(dir, 'dist-one'), { recursive: true });
  assert.equal(one.filter((f) => f.endsWith('.wasm')).length, 3, one.join(' '));
  assert.deepEqual(
    one.filter((f) => f.endsWith('.bin')),
    [],
  );
});

test('the widgets work on the page Rollup built', async (t) => {
  await checkWidgets(`${server.url}/dist/index.html`, 'rollup');
  const { bytes, wasm } = await pageBytes(`${server.url}/dist-one/index.html`, 'nl-playground');
  t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
  assert.ok(bytes < 2e6, `${bytes} bytes`);
});
