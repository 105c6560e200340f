// A host app that does `import 'normlab'` with Vite: its production build, and its dev server,
// which pre-bundles dependencies. Either finds the package's .wasm, workers and digits through
// their `new URL('…', import.meta.url)` references.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, scratchHost, tool } from './host.js';

const INDEX = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/src/main.js"></script>
${WIDGETS_HTML}
`;

let dir, vite;
const closing = [];

before(async () => {
  dir = scratchHost('vite', { 'index.html': INDEX, 'src/main.js': "import 'normlab';\n" });
  vite = await tool('vite');
});

after(async () => {
  for (const close of closing) await close();
});

test("Vite's production build of the host works", async () => {
  const warnings = [];
  const logger = vite.createLogger('warn');
  logger.warn = (message) => warnings.push(message);
  await vite.build({ root: dir, configFile: false, logLevel: 'warn', customLogger: logger, build: { outDir: 'dist' } });
  // A note of how long the build's plugins took (a busy machine) says nothing of the package.
  assert.deepEqual(
    warnings.filter((w) => !w.includes('[PLUGIN_TIMINGS]')),
    [],
  );
  const server = await serveStatic(`${dir}/dist`);
  closing.push(() => server.close());
  await checkWidgets(`${server.url}/index.html`, 'vite-build');
});

test("the host works on Vite's dev server, through its dependency pre-bundling", async () => {
  const server = await vite.createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  closing.push(() => server.close());
  const url = server.resolvedUrls.local[0];
  const { requested } = await checkWidgets(`${url}index.html`, 'vite-dev');
  // The page loaded the package as Vite pre-bundled it, not from its own folder.
  assert.ok(requested.some((u) => /\/node_modules\/\.vite\/deps\/normlab\.js/.test(u)));
  assert.ok(requested.some((u) => u.endsWith('.wasm')));
});
