// The MNIST digits kept in WebKit, whose dedicated workers' requests do not pass through the
// offline worker: the lab's worker keeps the digits it fetched beside the offline worker's copies,
// and on the next visit the lab trains from them without asking the host. (WebKit does not load
// a worker's modules through the offline worker either, so its lab cannot train with the host
// gone: it says why. Chromium's run with the network off is tests/browser/offline.test.js.)
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { readWorker } from '../../scripts/vite-offline.mjs';
import { siteFolder } from '../browser/site.js';
import { missingEngine, openEngine, until as untilIn } from './engines.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const lab = `document.querySelector('nl-mnist-lab')`;
const press = (act) => `(${lab}.shadowRoot.querySelector('[data-act="${act}"]').click(), true)`;
const status = `${lab}.shadowRoot.querySelector('[data-out="status"]').textContent`;
const until = (tab, expression, what) => untilIn(tab, expression, what, { ms: 180_000, explain: status });
const keptBytes = `caches.open('normlab-on-first-use').then(async (c) => { const [r] = await c.keys(); return r ? (await (await c.match(r)).arrayBuffer()).byteLength : 0; })`;

test(
  'webkit: the lab keeps the digits it fetched and trains from them on the next visit',
  { skip: missingEngine('webkit') ?? false },
  async (t) => {
    const folder = scratchFolder('normlab-offline-digits-');
    cpSync(siteFolder(), folder, { recursive: true });
    const [digits] = readWorker(readFileSync(path.join(folder, 'service-worker.js'), 'utf8')).onFirstUse;
    let asked = 0;
    const server = await serveStatic(folder, {
      intercept: (url) => {
        if (url.pathname.endsWith('.bin')) asked += 1;
        return null;
      },
    });
    const tab = await openEngine('webkit');
    t.after(async () => {
      await tab.close();
      await server.close();
    });
    const train = async () => {
      await until(tab, `Boolean(${lab}?.shadowRoot) && document.readyState === 'complete'`, 'the chapter is loaded');
      await tab.run(`(${lab}.scrollIntoView(), true)`);
      await until(tab, `Boolean(${lab}.shadowRoot.querySelector('[data-act="train"]'))`, 'the lab is drawn');
      await tab.run(press('train'));
      await until(tab, `/^Training/.test(${status})`, 'the lab trains');
      await tab.run(press('cancel'));
    };
    await tab.go(`${server.url}/mnist.html`);
    await until(tab, 'navigator.serviceWorker.controller !== null', 'the offline worker controls the page');
    await train();
    await until(tab, `${keptBytes}.then((n) => n === ${digits.bytes})`, 'the digits are kept whole');
    await tab.run('(location.reload(), true)').catch(() => {});
    await train();
    assert.equal(asked, 1, 'the second visit trains from the kept digits');

    // With the host gone, the chapter comes from the offline copy, and the lab says why it cannot train.
    await server.close();
    await tab.run('(location.reload(), true)').catch(() => {});
    await until(tab, `Boolean(${lab}?.shadowRoot) && document.readyState === 'complete'`, 'the chapter, offline');
    await tab.run(`(${lab}.scrollIntoView(), true)`);
    await until(tab, `Boolean(${lab}.shadowRoot.querySelector('[data-act="train"]'))`, 'the lab is drawn, offline');
    await tab.run(press('train'));
    await until(tab, `/cannot train offline/.test(${status})`, 'the lab says why it cannot train offline');
  },
);
