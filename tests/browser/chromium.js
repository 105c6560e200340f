// Debian's Chromium driven by playwright-core (no browser download), with the flags this
// machine's closed network needs.
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../scripts/serve-static.mjs';

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Collects a page's console errors, uncaught errors and failed requests, for a test to assert none. */
export function watchForProblems(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e}`));
  page.on('requestfailed', (r) => problems.push(`failed request: ${r.url()}`));
  return problems;
}

/** Records the longest main-thread task (PerformanceObserver 'longtask') in window.longest. */
export function recordLongestTask(page) {
  return page.addInitScript(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The built site the browser tests read: NORMLAB_DIST, or dist/ at the top of the checkout. */
export function siteFolder() {
  return process.env.NORMLAB_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));
}

/**
 * Serves the built site and launches Chromium before a test file's tests and closes both after
 * them; the returned object's `server` and `browser` are set once the tests start. A file's own
 * set-up goes in `then` (Node 20 runs a file's top-level before hooks at the same time).
 */
export function useSiteAndBrowser(then = async () => {}) {
  const site = { server: null, browser: null };
  before(async () => {
    site.server = await serveStatic(siteFolder());
    site.browser = await launchChromium();
    await then(site);
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

/**
 * Opens a page, scrolls through it so every widget starts (the page grows as its sections are
 * laid out, so its height is read again at every step), and waits until no widget is loading.
 */
export async function openScrolledThrough(browser, url, pageOptions = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...pageOptions });
  const problems = watchForProblems(page);
  await page.goto(url);
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(70);
  }
  // A widget defined after the fast scroll had passed it (a loaded machine) never came near the
  // window: each one not started yet is brought into view, as a reader going back would.
  for (let k = 0; ; k++) {
    const waiting = await page.evaluate(
      () => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('nl-') && !e.started).length,
    );
    if (waiting === 0 || k > 100) break;
    await page.evaluate(() =>
      [...document.querySelectorAll('*')].find((e) => e.localName.startsWith('nl-') && !e.started).scrollIntoView(),
    );
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('nl-') && e.shadowRoot)
        .every((e) => e.shadowRoot.querySelector('.widget') && !e.shadowRoot.querySelector('.loading')),
    null,
    { timeout: 60000 },
  );
  return { page, problems };
}
