// The embedding script on a host's page (another origin than the chapters) registers no offline
// worker: only normlab's own chapters do (web/src/page/offline.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useOneWidgetSite } from './site.js';

const host = useOneWidgetSite();

test('the embedding script registers no offline worker on a host page', async () => {
  const page = await host.context.newPage();
  await page.goto(`${host.server.url}/one.html?tag=nl-playground`);
  await page.waitForFunction(() => document.querySelector('nl-playground')?.drawn === true, null, {
    timeout: 60000,
  });
  // The chapters register theirs once the page has loaded: the same moment here would show it.
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  // The chapter's own page, from the same site, does register it (so the check above can fail).
  await page.goto(`${host.server.url}/tutorial.html`);
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1, null, {
    timeout: 60000,
  });
  await page.close();
});
