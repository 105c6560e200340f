// A way out of a broken build, in Chromium and Firefox: a reader on a working build takes a new
// version whose page throws before it boots; the host then deploys a fix, and one reload gives the
// reader the fix (the broken build's worker, never proven by a booted page, answers from the
// network first, and the fix's worker does not wait for an offer the broken page could never
// make). Then the owner serves the kill switch: the open page does not offer it as a new version,
// and the next reload leaves no worker and no copy behind, even when a page registered the worker
// again meanwhile.
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { siteFolder } from '../browser/site.js';
import { deployBuild, deployKillSwitch } from '../browser/site-builds.js';
import { missingEngine, openEngine, until as untilIn } from './engines.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

// Counts the page loads of this tab (sessionStorage lives across reloads).
const COUNT_LOADS = 'sessionStorage.loads = String(Number(sessionStorage.loads || 0) + 1);';

const build = `(document.querySelector('meta[name="build"]')?.content ?? 'first')`;
const loads = () => `Number(sessionStorage.loads)`;
const state = `navigator.serviceWorker.getRegistrations().then(async (r) => JSON.stringify({ registrations: r.map((g) => [g.active?.state, g.waiting?.state, g.installing?.state]), caches: await caches.keys(), build: ${build} }))`;
const until = (tab, expression, what) => untilIn(tab, expression, what, { ms: 90_000, explain: state });
// Asks the page's registration for a new version and answers at once; the wait is on what follows.
const ASK_FOR_UPDATE = '(navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => {}), true)';
const normlabCaches = `caches.keys().then((k) => k.filter((n) => n.startsWith('normlab-')).sort())`;

for (const engine of ['chromium', 'firefox']) {
  const missing = missingEngine(engine);
  test(
    `${engine}: a broken build is left with one reload once a fix is deployed`,
    { skip: missing ?? false },
    async (t) => {
      const folder = scratchFolder('normlab-rescue-');
      cpSync(siteFolder(), folder, { recursive: true });
      const server = await serveStatic(folder, { inject: COUNT_LOADS });
      const tab = await openEngine(engine);
      t.after(async () => {
        await tab.close();
        await server.close();
      });
      await tab.go(`${server.url}/index.html`);
      await until(tab, 'navigator.serviceWorker.controller !== null', 'the offline worker controls the page');
      // The next page is answered by the worker and boots: the first build is proven.
      const firstLoads = await tab.run(loads());
      await tab.run('location.reload()').catch(() => {});
      await until(
        tab,
        `${loads()} === ${firstLoads + 1} && document.readyState === 'complete'`,
        'the page reloaded on build a',
      );
      await until(
        tab,
        `caches.open('normlab-state').then((c) => c.keys()).then((k) => k.some((r) => /booted-/.test(r.url)))`,
        'the first build is proven',
      );

      deployBuild(folder, 'b', { broken: true });
      // Asked for, not awaited (an update's promise need not settle soon): the wait is on the offer.
      await tab.run(ASK_FOR_UPDATE);
      await until(tab, `Boolean(document.querySelector('.new-version button'))`, 'the offer of build b');
      await tab.run(`(document.querySelector('.new-version button').click(), true)`);
      await until(tab, `${build} === 'b' && document.readyState === 'complete'`, 'the reader is on build b');
      assert.equal(await tab.run(`customElements.get('nl-playground') === undefined`), true, 'build b does not boot');

      deployBuild(folder, 'c');
      const before = await tab.run(loads());
      await tab.run('location.reload()').catch(() => {});
      await until(
        tab,
        `${build} === 'c' && customElements.get('nl-playground') !== undefined`,
        'one reload brings build c, which boots',
      );
      assert.equal(await tab.run(loads()), before + 1, 'one reload');

      deployKillSwitch(folder);
      // Found by the open page, the kill switch is not offered as a new version.
      // (Firefox refuses the update once the kill switch has unregistered: the install ran all the same.)
      await tab.run(ASK_FOR_UPDATE);
      await until(tab, `document.documentElement.dataset.offline === 'removed'`, 'the page knows the copy goes');
      assert.equal(await tab.run(`document.querySelector('.new-version') === null`), true, 'no offer');
      // A page that loaded while the kill switch installed (a reload, another tab) registers the
      // worker again as it loads, which calls the kill switch's unregistering off (in Chromium): the
      // kill switch then waits beside the old worker, and the pages that find it there let it go.
      // Done once the worker is unregistered (by the kill switch and this page, which found it
      // waiting), so that it is the page after the reload that must let it go again.
      await until(tab, `navigator.serviceWorker.getRegistration().then((r) => r === undefined)`, 'unregistered');
      await tab.run(`navigator.serviceWorker.register('./service-worker.js').then(() => true)`);
      const beforeSwitch = await tab.run(loads());
      await tab.run('location.reload()').catch(() => {});
      await until(
        tab,
        `${loads()} === ${beforeSwitch + 1} && document.readyState === 'complete'`,
        'the page reloaded after the kill switch',
      );
      await until(
        tab,
        `navigator.serviceWorker.getRegistrations().then((r) => r.length === 0).then((none) => none && ${normlabCaches}.then((k) => k.length === 0))`,
        'the kill switch leaves no worker and no copy',
      );
      assert.equal(await tab.run(build), 'c');
    },
  );
}
