// A React 19 app in TypeScript (the shape of Vite's react-ts template, strict), built by Vite 7
// and served by its development server: `tsc` checks the elements' props from the package's own
// declarations (a wrong one is refused), and the app changes a widget's option through React
// state after it drew (React 19 sets the property) and hears its nl-done through the `onnl-done`
// prop. The one line of configuration is for Vite 7's development server.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromiumForTests, watchForProblems } from '../../scripts/chromium.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, WRONG_PROPS_TSX, checkWidgets, frameworkHost, pageBytes } from './host.js';

/** The versions tested (docs/embedding.md names them). */
const REACT = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@types/react': '19.3.3',
  '@types/react-dom': '19.3.0',
  typescript: '5.9.3',
  vite: '7.3.8',
  '@vitejs/plugin-react': '5.2.0',
};

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    types: ['vite/client'],
    skipLibCheck: true,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    jsx: 'react-jsx',
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noUncheckedSideEffectImports: true,
  },
  include: ['src'],
};

// The host page's elements as JSX: numbers as numbers; the playground's kind from React state.
const WIDGETS_JSX = WIDGETS_HTML.replace('width="5"', 'width={5}')
  .replace('epochs="1"', 'epochs={1}')
  .replace(
    '<nl-playground kind="layer"></nl-playground>',
    '<nl-playground kind={kind} onnl-done={(e) => console.log(e.detail.state)}></nl-playground>',
  );

const FILES = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><link rel="icon" href="data:," /><title>host</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
  // Vite 7's development server pre-bundles dependencies away from the files they name: the one
  // line keeps the package as it is (Vite 8's server needs nothing).
  'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({ plugins: [react()], optimizeDeps: { exclude: ['normlab'] } });
`,
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  'src/App.tsx': `import { useState } from 'react';
import 'normlab';

export default function App() {
  const [kind, setKind] = useState<'layer' | 'rms'>('layer');
  // ?one: a page with one playground, to weigh.
  if (new URLSearchParams(location.search).has('one')) return <nl-playground kind="layer"></nl-playground>;
  return (
    <>
      <button onClick={() => setKind('rms')}>RMS</button>
      ${WIDGETS_JSX.split('\n').join('\n      ')}
    </>
  );
}
`,
  'src/Wrong.tsx': WRONG_PROPS_TSX,
};

let dir, server;

before(async () => {
  dir = frameworkHost('react', REACT, FILES, ['dist']);
  server = null;
});

after(() => server?.close());

test('tsc --strict passes the app and refuses the wrong props', () => {
  execFileSync(process.execPath, [path.join(dir, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
});

test('Vite 7 builds the app with no warning', () => {
  const printed = execFileSync(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  assert.doesNotMatch(printed, /warn|error/i);
});

test("the widgets work on Vite 7's development server, with the package kept out of its pre-bundling", async () => {
  const { createServer } = await import(path.join(dir, 'node_modules/vite/dist/node/index.js'));
  const dev = await createServer({ root: dir, logLevel: 'silent', server: { host: '127.0.0.1', port: 0 } });
  await dev.listen();
  try {
    const { requested } = await checkWidgets(`${dev.resolvedUrls.local[0]}index.html`, 'react-vite7-dev');
    assert.ok(requested.some((u) => /\/node_modules\/normlab\/assets\/normlab_core-[^/]+\.wasm$/.test(u)));
  } finally {
    await dev.close();
  }
});

test('the widgets work in the React app; a kind set through React state redraws the playground', async (t) => {
  server = await serveStatic(path.join(dir, 'dist'));
  await checkWidgets(`${server.url}/index.html`, 'react');
  const browser = await launchChromiumForTests();
  try {
    const page = await browser.newPage();
    const problems = watchForProblems(page);
    const said = (state) => page.waitForEvent('console', { predicate: (m) => m.text() === state, timeout: 60000 });
    const layer = said('kind:layer');
    await page.goto(`${server.url}/index.html`);
    await layer;
    const before = await page.locator('nl-playground >> .answer td').allTextContents();
    const rms = said('kind:rms');
    await page.click('body > #root > button');
    await page.waitForFunction(() =>
      document.querySelector('nl-playground')?.shadowRoot?.querySelector('[data-kind="rms"][aria-pressed="true"]'),
    );
    await page.waitForFunction((b) => {
      const cells = [...(document.querySelector('nl-playground')?.shadowRoot?.querySelectorAll('.answer td') ?? [])];
      return cells.length > 0 && cells.map((c) => c.textContent).join() !== b.join();
    }, before);
    assert.equal(await page.evaluate(() => document.querySelector('nl-playground').getAttribute('kind')), 'rms');
    // The onnl-done prop heard the widget finish drawing under the new kind.
    await rms;
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
  const { bytes, wasm } = await pageBytes(`${server.url}/index.html?one`, 'nl-playground');
  t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
});
