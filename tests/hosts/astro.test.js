// An Astro site with an MDX post, built as a static site. A post's imports run only on the
// server, so the package is imported where Astro sends code to the browser: a `<script>` in a
// two-line component the post renders. Astro's Vite follows the package's
// `new URL('./x', import.meta.url)` and copies the .wasm, workers and digits into _astro/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_HTML, checkWidgets, frameworkHost, pageBytes } from './host.js';

/** The versions tested (docs/embedding.md names them). Astro 6 and later need Node 22. */
const ASTRO = { astro: '5.18.2', '@astrojs/mdx': '4.3.9' };

const LAYOUT = `---
const { frontmatter } = Astro.props;
---
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>{frontmatter.title}</title>
  </head>
  <body><slot /></body>
</html>
`;

const FILES = {
  'astro.config.mjs': `import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';

export default defineConfig({ integrations: [mdx()] });
`,
  'src/components/Normlab.astro': "<script>\n  import 'normlab';\n</script>\n",
  'src/layouts/Post.astro': LAYOUT,
  'src/pages/posts/live.mdx': `---
layout: ../../layouts/Post.astro
title: Normalisation, live
---
import Normlab from '../../components/Normlab.astro';

<Normlab />

# Normalisation, live

Layer norm standardises each row of the block below on its own.

${WIDGETS_HTML}
`,
  // A post showing one widget imports that element's entry only.
  'src/components/Playground.astro': "<script>\n  import 'normlab/nl-playground';\n</script>\n",
  'src/pages/posts/one.mdx': `---
layout: ../../layouts/Post.astro
title: One playground
---
import Playground from '../../components/Playground.astro';

<Playground />

<nl-playground kind="layer"></nl-playground>
`,
};

let dir, server, printed;

before(async () => {
  dir = frameworkHost('astro', ASTRO, FILES, ['dist', '.astro']);
  printed = execFileSync(process.execPath, [path.join(dir, 'node_modules/astro/astro.js'), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  server = await serveStatic(path.join(dir, 'dist'));
});

after(() => server?.close());

test("Astro builds the posts with no warning, copying the package's files", () => {
  assert.doesNotMatch(printed, /\bwarn|error/i);
  const assets = readdirSync(path.join(dir, 'dist/_astro'));
  assert.equal(assets.filter((f) => f.endsWith('.wasm')).length, 3, assets.join(' '));
  assert.ok(
    assets.some((f) => f.endsWith('.bin')),
    'the digits',
  );
  const html = readFileSync(path.join(dir, 'dist/posts/live/index.html'), 'utf8');
  assert.match(html, /<nl-playground kind="layer"><\/nl-playground>/);
});

test('the widgets work in the MDX post', async (t) => {
  await checkWidgets(`${server.url}/posts/live/`, 'astro');
  const { bytes, wasm } = await pageBytes(`${server.url}/posts/one/`, 'nl-playground');
  t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
});
