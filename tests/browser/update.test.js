// A new build, in Chromium: a reader on build A (the offline worker controls the page) while the
// host starts serving build B (a changed page and the worker rewritten with its own digest). The
// new worker installs and waits; the page keeps build A and offers "A new version is ready:
// reload" (a status with a button), also after a plain reload (and within the pause after a failed
// install, when the page does not register again); pressing the button activates
// build B and reloads the page once. A screenshot of the offer is written to
// tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { screenshotFile, useSite, watchForProblems } from './site.js';
import { deployBuild } from './site-builds.js';

let context, page, problems;
const loads = [];

const site = useSite({
  serviceWorkers: 'allow',
  pages: {},
  then: async (s) => {
    context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    problems = watchForProblems(page);
    page.on('load', () => loads.push(Date.now()));
  },
});

const build = () => page.evaluate(() => document.querySelector('meta[name="build"]')?.content ?? 'a');
const workers = () =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { active: Boolean(r?.active), waiting: Boolean(r?.waiting) };
  });
const precacheNames = () =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('normlab-precache-')));
const notice = () => page.locator('.new-version');
// The page's note of a failed install, for the site's folder (page/offline.js).
const FAILED_KEY = 'normlab-offline-failed /service-worker.js';

test('a new build waits, and the page offers it without switching', async () => {
  await page.goto(`${site.server.url}/index.html`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const [buildA] = await precacheNames();
  assert.ok(buildA, 'build A is kept');
  assert.equal(await notice().count(), 0, 'no offer before there is a new build');
  deployBuild(site.folder, 'b');
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await notice().locator('button').waitFor({ timeout: 60000 });
  assert.equal(await notice().getAttribute('role'), 'status');
  assert.match(await notice().textContent(), /^A new version is ready: reload$/);
  assert.equal(await notice().locator('button').textContent(), 'reload');
  assert.deepEqual(await workers(), { active: true, waiting: true });
  assert.equal(await build(), 'a', 'the page is not switched under the reader');
  await page.screenshot({ path: screenshotFile('update-offer.png') });
  // A plain reload keeps build A (the new worker still waits) and offers B again; so does one
  // while an earlier failed install keeps the page from trying again (it still follows the workers).
  await page.evaluate((key) => localStorage.setItem(key, String(Date.now())), FAILED_KEY);
  await page.reload();
  await notice().locator('button').waitFor({ timeout: 60000 });
  await page.evaluate((key) => localStorage.removeItem(key), FAILED_KEY);
  // The reader presses once the page has settled (one still loading reloads after 3 s instead).
  await page.waitForLoadState('networkidle');
  assert.equal(await build(), 'a');
  assert.deepEqual((await precacheNames()).sort(), [buildA, 'normlab-precache-build-b@/'].sort());
});

test('pressing reload activates the new build and reloads the page once', async () => {
  const before = loads.length;
  const reloaded = page.waitForEvent('load', { timeout: 60000 });
  await notice().locator('button').click();
  await reloaded;
  assert.equal(await build(), 'b', 'the page reloaded on the new build');
  // What would reload the page again: the worker's change of control, over once the new build
  // is the only worker and controls the page.
  await page.waitForFunction(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return !r.waiting && !r.installing && navigator.serviceWorker.controller?.state === 'activated';
  });
  await page.waitForLoadState('load');
  assert.equal(loads.length - before, 1, 'one reload');
  assert.deepEqual(await workers(), { active: true, waiting: false });
  assert.deepEqual(await precacheNames(), ['normlab-precache-build-b@/'], "build A's files are gone");
  assert.equal(await notice().count(), 0, 'no offer once the new build runs');
  assert.deepEqual(problems, []);
});

test("the same build again (a host that changed its worker's bytes) takes over without an offer or a reload", async () => {
  const before = loads.length;
  const worker = path.join(site.folder, 'service-worker.js');
  writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// served again by another edge\n`);
  const tookOver = page.evaluate(
    () =>
      new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })),
  );
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await tookOver;
  await page.waitForFunction(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return !r.waiting && !r.installing && navigator.serviceWorker.controller?.state === 'activated';
  });
  assert.equal(await notice().count(), 0, 'nothing offered');
  assert.equal(loads.length, before, 'no reload');
  assert.equal(await build(), 'b');
  assert.deepEqual(await precacheNames(), ['normlab-precache-build-b@/']);
  assert.deepEqual(problems, []);
});
