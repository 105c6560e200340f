// A host app that does `import 'normlab'`, built by webpack 5 in production mode with no
// configuration of its own for the package: webpack follows the package's
// `new URL('…', import.meta.url)` references, emitting the .wasm, the workers and the digits.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, scratchHost, tool } from './host.js';

let server, stats;

before(async () => {
  const dir = scratchHost('webpack', { 'src/main.js': "import 'normlab';\n" });
  const { default: webpack } = await tool('webpack');
  const out = path.join(dir, 'dist');
  stats = await new Promise((resolve, reject) =>
    webpack(
      { mode: 'production', context: dir, entry: './src/main.js', output: { path: out }, performance: false },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  writeFileSync(
    path.join(out, 'index.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="main.js"></script>\n${WIDGETS_HTML}\n`,
  );
  server = await serveStatic(out);
});

after(() => server?.close());

test('webpack 5 builds the host without an error or a warning', () => {
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  assert.deepEqual(
    errors.map((e) => e.message),
    [],
  );
  assert.deepEqual(
    warnings.map((w) => w.message),
    [],
  );
});

test('the widgets work on the page webpack built', async () => {
  await checkWidgets(`${server.url}/index.html`, 'webpack');
});
