// The embedding script on a host's page (another origin than the chapters) registers no offline
// worker: only normlab's own chapters do (web/src/page/offline.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useOneWidgetSite } from './site.js';

const host = useOneWidgetSite(undefined, { serviceWorkers: 'allow' });

test('the embedding script registers no offline worker on a host page', async () => {
  const page = await host.context.newPage();
  // Every call to register, counted from the page's first script on.
  await page.addInitScript(() => {
    window.registerCalls = 0;
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      window.registerCalls += 1;
      return register.apply(this, args);
    };
  });
  await page.goto(`${host.server.url}/one.html?tag=nl-playground`);
  await page.waitForFunction(() => document.querySelector('nl-playground')?.drawn === true, null, {
    timeout: 60000,
  });
  // The chapters call register from their load event's listener: once the load event has been
  // dispatched here (goto waits for it), a call would have been made.
  await page.waitForFunction(() => document.readyState === 'complete');
  assert.equal(await page.evaluate(() => window.registerCalls), 0, 'the embedding script asked to register');
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  // The chapter's own page, from the same site, does register it (so the checks above can fail).
  await page.goto(`${host.server.url}/tutorial.html`);
  await page.waitForFunction(() => document.readyState === 'complete');
  assert.equal(await page.evaluate(() => window.registerCalls), 1, 'the chapter asked to register once');
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1, null, {
    timeout: 60000,
  });
  await page.close();
});
