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
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { deployKillSwitch } from '../browser/site-builds.js';
import { missingEngine } from './engines.js';
import {
  ASK_FOR_UPDATE,
  NO_WORKER_NO_COPY,
  NORMLAB_CACHES,
  PROVEN,
  reload,
  servedCopy,
  untilOffline,
} from './offline-copy.js';

const page = `(document.querySelector('meta[name="page"]')?.content ?? 'first')`;
const until = untilOffline(page);
const BOOTED = `customElements.get('nl-playground') !== undefined`;

for (const engine of ['chromium', 'firefox']) {
  const missing = missingEngine(engine);
  test(
    `${engine}: with two tabs open, the kill switch leaves neither on the copy`,
    { skip: missing ?? false },
    async (t) => {
      const { folder, server, tab: first } = await servedCopy(t, engine);
      await first.go(`${server.url}/index.html`);
      await until(first, 'navigator.serviceWorker.controller !== null', 'the offline worker controls the first tab');
      await until(first, PROVEN, 'the build is proven');
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
      // The pages are told as the copy is being deleted: reloaded before it is gone, a page could
      // still come from it.
      await until(
        first,
        `${NORMLAB_CACHES}.then((k) => !k.some((n) => n.startsWith('normlab-precache-')))`,
        'the copy is deleted',
      );
      for (let round = 1; round <= 2; round++)
        for (const [tab, name] of [
          [first, 'the first tab'],
          [second, 'the second tab'],
        ]) {
          await reload(tab, until, `${name} (round ${round})`, BOOTED);
          assert.equal(await tab.run(page), 'after', `${name}, round ${round}: the page as the host serves it now`);
        }
      await until(first, NO_WORKER_NO_COPY, 'no worker and no copy left');
      await second.close();
    },
  );
}
