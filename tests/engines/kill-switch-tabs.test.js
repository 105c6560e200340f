// The kill switch with two tabs of the site open, in Chromium and Firefox: both tabs run on the
// offline copy when the owner serves the kill switch and changes the essay's page. Each open tab
// is told the copy goes and offers nothing; once the copy is deleted the tabs reload one after the
// other, twice over, each reload booted and showing the page as the host now serves it. The first
// reloads while the second still holds the old worker, so its page registers the worker again as
// it loads, which in Chromium calls the kill switch's unregistering off (Firefox does not): the
// last check, that no worker and no copy is left once both have reloaded, is the one that fails
// if the pages did not let the old worker go (the old worker, its copy gone, answers from the
// network, so the pages alone look right either way).
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';
import { siteFolder } from '../browser/site.js';
import { deployKillSwitch } from '../browser/site-builds.js';
import { missingEngine, openEngine, until as untilIn } from './engines.js';

// Counts the page loads of a tab (sessionStorage lives across reloads, apart for each tab).
const COUNT_LOADS = 'sessionStorage.loads = String(Number(sessionStorage.loads || 0) + 1);';
const loads = 'Number(sessionStorage.loads)';
const page = `(document.querySelector('meta[name="page"]')?.content ?? 'first')`;
const state = `navigator.serviceWorker.getRegistrations().then(async (r) => JSON.stringify({ registrations: r.map((g) => [g.active?.state, g.waiting?.state, g.installing?.state]), caches: await caches.keys(), page: ${page}, controlled: navigator.serviceWorker.controller !== null }))`;
const until = (tab, expression, what) => untilIn(tab, expression, what, { ms: 90_000, explain: state });
const ASK_FOR_UPDATE = '(navigator.serviceWorker.getRegistration().then((r) => r?.update()).catch(() => {}), true)';
const normlabCaches = `caches.keys().then((k) => k.filter((n) => n.startsWith('normlab-')))`;
const BOOTED = `customElements.get('nl-playground') !== undefined`;

/** Reloads the tab and waits until the reloaded page has loaded and booted. */
async function reload(tab, name) {
  const before = await tab.run(loads);
  await tab.run('location.reload()').catch(() => {});
  await until(tab, `${loads} === ${before + 1} && document.readyState === 'complete' && ${BOOTED}`, `${name} reloaded`);
}

for (const engine of ['chromium', 'firefox']) {
  const missing = missingEngine(engine);
  test(
    `${engine}: with two tabs open, the kill switch leaves neither on the copy`,
    { skip: missing ?? false },
    async (t) => {
      const folder = scratchFolder('normlab-tabs-');
      cpSync(siteFolder(), folder, { recursive: true });
      const server = await serveStatic(folder, { inject: COUNT_LOADS });
      const first = await openEngine(engine);
      t.after(async () => {
        await first.close();
        await server.close();
      });
      await first.go(`${server.url}/index.html`);
      await until(first, 'navigator.serviceWorker.controller !== null', 'the offline worker controls the first tab');
      await until(
        first,
        `caches.open('normlab-state').then((c) => c.keys()).then((k) => k.some((r) => /booted-/.test(r.url)))`,
        'the build is proven',
      );
      const second = await first.openTab();
      await second.go(`${server.url}/index.html`);
      await until(
        second,
        `navigator.serviceWorker.controller !== null && ${BOOTED}`,
        'the worker controls the second tab',
      );

      deployKillSwitch(folder);
      const index = path.join(folder, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head><meta name="page" content="after">'));
      await first.run(ASK_FOR_UPDATE);
      for (const [tab, name] of [
        [first, 'the first tab'],
        [second, 'the second tab'],
      ]) {
        await until(tab, `document.documentElement.dataset.offline === 'removed'`, `${name} knows the copy goes`);
        assert.equal(await tab.run(`document.querySelector('.new-version') === null`), true, `${name}: no offer`);
      }
      for (let round = 1; round <= 2; round++)
        for (const [tab, name] of [
          [first, 'the first tab'],
          [second, 'the second tab'],
        ]) {
          await reload(tab, `${name} (round ${round})`);
          assert.equal(await tab.run(page), 'after', `${name}, round ${round}: the page as the host serves it now`);
        }
      await until(
        first,
        `navigator.serviceWorker.getRegistrations().then((r) => r.length === 0).then((none) => none && ${normlabCaches}.then((k) => k.length === 0))`,
        'no worker and no copy left',
      );
      await second.close();
    },
  );
}
