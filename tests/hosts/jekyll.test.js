// A Jekyll site (Debian's jekyll, 4.3) with a Markdown post holding the elements as raw HTML (kramdown
// passes them through) and a script tag for the package's entry. Jekyll leaves node_modules out of
// a site, so the package is linked into the site's folder as normlab/ (one command), and the site's
// configuration leaves out the MNIST digits (7.85 MB), which a site without the MNIST lab never fetches.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { WIDGETS_WITHOUT_LAB_HTML, checkWidgets, deployedWithoutDigits, pageBytes, scratchHost } from './host.js';

const CONFIG = `title: A blog
exclude: ["normlab/assets/*.bin"]
`;

const LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>{{ page.title }}</title></head>
<body>{{ content }}</body></html>
`;

const post = (title, script, body) => `---
layout: post
title: ${title}
---
# ${title}

<script type="module" src="/normlab/${script}"></script>

${body}
`;

let dir, server;

before(async () => {
  dir = scratchHost('jekyll', {
    '_config.yml': CONFIG,
    '_layouts/post.html': LAYOUT,
    '_posts/2025-01-01-live.md': post('Normalisation, live', 'normlab.js', WIDGETS_WITHOUT_LAB_HTML),
    '_posts/2025-01-02-one.md': post(
      'One playground',
      'widgets/nl-playground.js',
      '<nl-playground kind="layer"></nl-playground>',
    ),
  });
  // The one command: ln -s node_modules/normlab normlab
  symlinkSync('node_modules/normlab', path.join(dir, 'normlab'));
  execFileSync('jekyll', ['build', '--quiet'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  server = await serveStatic(path.join(dir, '_site'));
});

after(() => server?.close());

test('Jekyll renders the post with its elements and copies the package without the digits', (t) => {
  const html = readFileSync(path.join(dir, '_site/2025/01/01/live.html'), 'utf8');
  assert.match(html, /<nl-playground kind="layer"><\/nl-playground>/);
  const bytes = deployedWithoutDigits(path.join(dir, '_site/normlab'));
  t.diagnostic(`the package as the site deploys it: ${(bytes / 1e6).toFixed(2)} MB`);
});

test('the widgets work in the post', async (t) => {
  await checkWidgets(`${server.url}/2025/01/01/live.html`, 'jekyll', { lab: false });
  const { bytes, wasm } = await pageBytes(`${server.url}/2025/01/02/one.html`, 'nl-playground');
  t.diagnostic(`a page with one playground: ${(bytes / 1e3).toFixed(0)} kB (${(wasm / 1e3).toFixed(0)} kB wasm)`);
});
