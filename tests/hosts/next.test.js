// A Next.js app (App Router) exported as a static site (`output: 'export'`), built by each of
// Next's bundlers, Turbopack (the default) and webpack (`next build --webpack`). A client
// component imports 'normlab' at its top and holds the elements: Next prerenders it in Node
// (the package imports there without defining anything) and the browser defines the elements as
// it hydrates. Next's bundlers follow the package's `new URL('./x', import.meta.url)` and copy
// the .wasm, workers and digits into _next/static/media/. No other configuration.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, frameworkHost, pageBytes } from './host.js';

/** The versions tested (docs/embedding.md names them). */
export const NEXT = { next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1' };

const indent = (text, spaces) => text.replace(/^/gm, ' '.repeat(spaces));

const FILES = {
  'next.config.mjs': "export default { output: 'export' };\n",
  'app/layout.jsx': `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <head>
        <link rel="icon" href="data:," />
      </head>
      <body>{children}</body>
    </html>
  );
}
`,
  'app/widgets.jsx': `'use client';
import 'normlab';

export default function Widgets() {
  return (
    <>
${indent(WIDGETS_HTML, 6)}
    </>
  );
}
`,
  'app/page.jsx': `import Widgets from './widgets';

export default function Page() {
  return <Widgets />;
}
`,
  // A post showing one widget imports that element's entry only.
  'app/one/playground.jsx': `'use client';
import 'normlab/nl-playground';

export default function Playground() {
  return <nl-playground kind="layer"></nl-playground>;
}
`,
  'app/one/page.jsx': `import Playground from './playground';

export default function Page() {
  return <Playground />;
}
`,
};

let dir;
const builds = {};

/** Runs `next build` with the bundler's flags; ensures: its export is in out-<bundler>/, and returns what it printed. */
function build(bundler, flags) {
  const printed = execFileSync(
    process.execPath,
    [path.join(dir, 'node_modules/next/dist/bin/next'), 'build', ...flags],
    {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  renameSync(path.join(dir, 'out'), path.join(dir, `out-${bundler}`));
  return printed;
}

before(() => {
  dir = frameworkHost('next', NEXT, FILES, ['.next', 'out', 'out-turbopack', 'out-webpack']);
});

for (const [bundler, flags] of [
  ['turbopack', []],
  ['webpack', ['--webpack']],
]) {
  test(`next build with ${bundler} exports the pages with no warning, copying the package's files`, async () => {
    builds[bundler] = build(bundler, flags);
    // Where CI is set (as in CI), Next notes that it found no build cache of its own: a note about
    // the host's CI settings, not about the package; every other warning fails.
    const printed = builds[bundler].replace(/^⚠ No build cache found\..*$/gm, '');
    assert.doesNotMatch(printed, /⚠|warn|error/i);
    const media = readdirSync(path.join(dir, `out-${bundler}`, '_next/static/media'));
    assert.equal(media.filter((f) => f.endsWith('.wasm')).length, 3, media.join(' '));
    assert.ok(
      media.some((f) => f.endsWith('.bin')),
      'the digits',
    );
    // The prerendered page holds the elements as the component wrote them.
    const html = readFileSync(path.join(dir, `out-${bundler}`, 'index.html'), 'utf8');
    assert.match(html, /<nl-playground kind="layer"><\/nl-playground>/);
    assert.ok(existsSync(path.join(dir, `out-${bundler}`, 'one.html')));
  });

  test(`the widgets work on the page Next.js built with ${bundler}`, async (t) => {
    assert.ok(builds[bundler], 'built');
    // Next's pages run inline scripts: no Content-Security-Policy here (a Next site with one uses nonces).
    const served = await serveStatic(path.join(dir, `out-${bundler}`), { csp: null });
    try {
      const { requested } = await checkWidgets(`${served.url}/`, `next-${bundler}`);
      assert.ok(requested.some((u) => /\/_next\/static\/media\/normlab_core-[^/]+\.wasm$/.test(u)));
      const { bytes, wasm } = await pageBytes(`${served.url}/one.html`, 'nl-playground');
      t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
    } finally {
      await served.close();
    }
  });
}
