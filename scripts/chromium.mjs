// Debian's Chromium driven by playwright-core (no browser download), with the flags this
// machine's closed network needs: the browser tests and the page benchmarks launch it from here.
import { chromium } from 'playwright-core';

/** options: more of chromium.launch's options (e.g. handleSIGHUP: false). */
export function launchChromium(options = {}) {
  return chromium.launch({
    ...options,
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
