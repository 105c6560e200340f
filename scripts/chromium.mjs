// Debian's Chromium driven by playwright-core (no browser download), with the flags this
// machine's closed network needs: the browser tests and the page benchmarks launch it from here.
import { chromium } from 'playwright-core';

/** The Chromium binary: CHROMIUM_PATH, or Debian's. */
export const CHROMIUM_BINARY = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every Chromium launched here takes. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** options: more of chromium.launch's options (e.g. handleSIGHUP: false). */
export function launchChromium(options = {}) {
  return chromium.launch({ ...options, executablePath: CHROMIUM_BINARY, args: CHROMIUM_FLAGS });
}

/**
 * Collects a page's console errors, uncaught errors and failed requests, for a test to assert none.
 * A request the browser aborted because the page was left (a navigation began after it did, as a
 * test going from page to page does while a font is still loading) is the reader's doing, not a
 * failure of the site, and is not collected; any other failure is, with the browser's reason.
 */
export function watchForProblems(page) {
  const problems = [];
  let navigations = 0;
  const startedAt = new WeakMap();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e}`));
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations += 1;
    startedAt.set(r, navigations);
  });
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    const left = reason === 'net::ERR_ABORTED' && startedAt.has(r) && navigations > startedAt.get(r);
    if (!left) problems.push(`failed request: ${r.url()} (${reason})`);
  });
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
