// A way out of a broken build, in Chromium and Firefox: a reader on a working build takes a new
// version whose page throws before it boots; the host then deploys a fix, and one reload gives the
// reader the fix (the broken build's worker, never proven by a booted page, answers from the
// network first, and the fix's worker does not wait for an offer the broken page could never
// make). Then the owner serves the kill switch: the open page does not offer it as a new version,
// and the next reload leaves no worker and no copy behind, even when a page registered the worker
// again meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployBuild, deployKillSwitch } from '../browser/site-builds.js';
import { missingEngine } from './engines.js';
import { ASK_FOR_UPDATE, LOADS, NO_WORKER_NO_COPY, PROVEN, reload, servedCopy, untilOffline } from './offline-copy.js';

const build = `(document.querySelector('meta[name="build"]')?.content ?? 'first')`;
const until = untilOffline(build);

for (const engine of ['chromium', 'firefox']) {
  const missing = missingEngine(engine);
  test(
    `${engine}: a broken build is left with one reload once a fix is deployed`,
    { skip: missing ?? false },
    async (t) => {
      const { folder, server, tab } = await servedCopy(t, engine);
      await tab.go(`${server.url}/index.html`);
      await until(tab, 'navigator.serviceWorker.controller !== null', 'the offline worker controls the page');
      // The next page is answered by the worker and boots: the first build is proven.
      await reload(tab, until, 'the page reloaded on build a');
      await until(tab, PROVEN, 'the first build is proven');

      deployBuild(folder, 'b', { broken: true });
      // Asked for, not awaited (an update's promise need not settle soon): the wait is on the offer.
      await tab.run(ASK_FOR_UPDATE);
      await until(tab, `Boolean(document.querySelector('.new-version button'))`, 'the offer of build b');
      await tab.run(`(document.querySelector('.new-version button').click(), true)`);
      await until(tab, `${build} === 'b' && document.readyState === 'complete'`, 'the reader is on build b');
      assert.equal(await tab.run(`customElements.get('nl-playground') === undefined`), true, 'build b does not boot');

      deployBuild(folder, 'c');
      const before = await tab.run(LOADS);
      await tab.run('location.reload()').catch(() => {});
      await until(
        tab,
        `${build} === 'c' && customElements.get('nl-playground') !== undefined`,
        'one reload brings build c, which boots',
      );
      assert.equal(await tab.run(LOADS), before + 1, 'one reload');

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
      await reload(tab, until, 'the page reloaded after the kill switch');
      await until(tab, NO_WORKER_NO_COPY, 'the kill switch leaves no worker and no copy');
      assert.equal(await tab.run(build), 'c');
    },
  );
}
