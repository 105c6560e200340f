// A copy of the built site with one more page, one.html: one widget on a bare page, named in the
// query (?tag=nl-comparison), its attributes in &attrs= (URL-encoded name=value pairs). The page
// counts the widget's events: window.changes (each nl-change's state), window.dones (nl-done).
// Served on 127.0.0.1 with Chromium and one context allowed the clipboard, before a file's tests.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { launchChromium, siteFolder } from './chromium.js';

/**
 * ensures: the returned object's server, browser and context are set once the tests start (after
 * `then(site)`, a file's own set-up) and closed after them.
 */
export function useOneWidgetSite(then = async () => {}) {
  const site = { server: null, browser: null, context: null };
  before(async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'normlab-one-'));
    cpSync(siteFolder(), folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'one.js'),
      `const q = new URLSearchParams(location.search);
      const el = document.createElement(q.get('tag'));
      for (const [k, v] of new URLSearchParams(q.get('attrs') ?? '')) el.setAttribute(k, v);
      el.addEventListener('nl-change', (e) => window.changes.push(e.detail.state));
      el.addEventListener('nl-done', () => window.dones++);
      window.changes = [];
      window.dones = 0;
      document.body.append(el);`,
    );
    writeFileSync(
      path.join(folder, 'one.html'),
      `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
      <script type="module" src="./normlab-widgets.js"></script><script type="module" src="./one.js"></script>`,
    );
    site.server = await serveStatic(folder);
    site.browser = await launchChromium();
    site.context = await site.browser.newContext();
    await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await then(site);
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
