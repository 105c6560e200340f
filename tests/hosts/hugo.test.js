// A Hugo site (Debian's hugo, 0.111) with a Markdown post holding the elements as raw HTML and a
// script tag for the package's entry. The site's configuration lets raw HTML through and mounts
// the installed package as /normlab/, leaving out the MNIST digits (7.85 MB), which a site
// without the MNIST lab never fetches.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_WITHOUT_LAB_HTML, checkWidgets, deployedWithoutDigits, pageBytes, scratchHost } from './host.js';

const CONFIG = `baseURL = "http://example.org/"
title = "A blog"

[markup.goldmark.renderer]
unsafe = true

[[module.mounts]]
source = "node_modules/normlab"
target = "static/normlab"
excludeFiles = "**.bin"
`;

const LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>{{ .Title }}</title></head>
<body>{{ .Content }}</body></html>
`;

const post = (title, script, body) => `---
title: ${title}
---
# ${title}

<script type="module" src="/normlab/${script}"></script>

${body}
`;

let dir, server;

before(async () => {
  dir = scratchHost('hugo', {
    'hugo.toml': CONFIG,
    'layouts/_default/single.html': LAYOUT,
    'content/posts/live.md': post('Normalisation, live', 'normlab.js', WIDGETS_WITHOUT_LAB_HTML),
    'content/posts/one.md': post(
      'One playground',
      'widgets/nl-playground.js',
      '<nl-playground kind="layer"></nl-playground>',
    ),
  });
  execFileSync('hugo', ['--quiet'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  server = await serveStatic(path.join(dir, 'public'));
});

after(() => server?.close());

test('Hugo renders the post with its elements and mounts the package without the digits', (t) => {
  const html = readFileSync(path.join(dir, 'public/posts/live/index.html'), 'utf8');
  assert.match(html, /<nl-playground kind="layer"><\/nl-playground>/);
  const bytes = deployedWithoutDigits(path.join(dir, 'public/normlab'));
  t.diagnostic(`the package as the site deploys it: ${(bytes / 1e6).toFixed(2)} MB`);
});

test('the widgets work in the post', async (t) => {
  await checkWidgets(`${server.url}/posts/live/`, 'hugo', { lab: false });
  const { bytes, wasm } = await pageBytes(`${server.url}/posts/one/`, 'nl-playground');
  t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
});
