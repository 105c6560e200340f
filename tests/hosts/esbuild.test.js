// A host app that does `import 'normlab'`, bundled by esbuild. esbuild leaves
// `new URL('…', import.meta.url)` as it is and copies no file it names, so the bundle is an ES
// module (format 'esm', which keeps import.meta.url) and the host copies the package's assets/
// beside it: the one line of the embedding guide. Without that line the widgets say what is missing.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromiumForTests } from '../../scripts/chromium.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, scratchHost, tool } from './host.js';

let dir, esbuild, server, result, bare;

const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="main.js"></script>\n${WIDGETS_HTML}\n`;

before(async () => {
  dir = scratchHost('esbuild', {
    'src/main.js': "import 'normlab';\n",
    'src/one.js': "import 'normlab/nl-playground';\n",
  });
  esbuild = await tool('esbuild');
  const build = (outdir) =>
    esbuild.build({
      absWorkingDir: dir,
      entryPoints: ['src/main.js'],
      bundle: true,
      format: 'esm',
      outdir,
      logLevel: 'silent',
    });
  result = await build('dist');
  const out = path.join(dir, 'dist');
  // The one line: the package's files beside the bundle.
  cpSync(path.join(dir, 'node_modules/normlab/assets'), out, { recursive: true });
  writeFileSync(path.join(out, 'index.html'), PAGE);
  await build('bare');
  mkdirSync(path.join(dir, 'bare'), { recursive: true });
  writeFileSync(path.join(dir, 'bare', 'index.html'), PAGE);
  server = await serveStatic(dir);
  bare = `${server.url}/bare/index.html`;
});

after(() => server?.close());

test('esbuild bundles the host without an error or a warning', () => {
  assert.deepEqual(result.errors, []);
  assert.deepEqual(result.warnings, []);
});

test("a host importing one element's entry bundles that widget's code and no other's", async () => {
  const { metafile } = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: ['src/one.js'],
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const widgets = Object.keys(metafile.inputs)
    .map((f) => /normlab\/(?:widgets|assets)\/(nl-[a-z-]+?)(?:-[\w-]{8})?\.js$/.exec(f)?.[1])
    .filter(Boolean);
  assert.deepEqual([...new Set(widgets)], ['nl-playground']);
});

test("the widgets work on the page esbuild built, with the package's assets beside the bundle", async () => {
  await checkWidgets(`${server.url}/dist/index.html`, 'esbuild');
});

test('without the assets, a widget says its core module could not be fetched', async () => {
  const browser = await launchChromiumForTests();
  try {
    const page = await browser.newPage();
    await page.goto(bare);
    const alert = page.locator('nl-playground >> [part="body"] .error[role="alert"]');
    await alert.waitFor({ timeout: 30000 });
    assert.match(await alert.textContent(), /\.wasm/);
  } finally {
    await browser.close();
  }
});
