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
 * How long a test waits for a page to answer an evaluate: Playwright bounds its waits but not an
 * evaluate, so a page whose main thread never returns (a script looping, a renderer hung) would hold
 * its test, then its file's process, then the whole run until CI ends it, naming nothing. The
 * slowest evaluate of the browser tests, axe-core's scan of a chapter, answers within 6 s.
 */
export const ANSWER_MS = 180000;

/**
 * Chromium for a test (as launchChromium): every evaluate of a page or frame (page.evaluate goes
 * through its main frame's) fails after ANSWER_MS without an answer, quoting the start of what it
 * asked; one pending as its page crashes fails at once, from Playwright itself. The frames of every
 * page share one class, bounded once, from the first page made: any page of the process is bounded
 * from then on. The benchmarks, whose evaluates run for minutes, never make one. (Locators' and
 * element handles' evaluates are not bounded; the tests use them for short reads.)
 */
export async function launchChromiumForTests(options = {}) {
  const browser = await launchChromium(options);
  const newContext = browser.newContext.bind(browser);
  // (Playwright's browser.newPage makes its context through browser.newContext.)
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    const newPage = context.newPage.bind(context);
    context.newPage = async (...more) => withBoundedEvaluate(await newPage(...more));
    return context;
  };
  return browser;
}

function withBoundedEvaluate(page) {
  const frames = Object.getPrototypeOf(page.mainFrame());
  if (frames.evaluate.bounded) return page;
  const evaluate = frames.evaluate;
  frames.evaluate = function evaluateWithin(fn, ...more) {
    let timer;
    const unanswered = new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        const asked = String(fn).replace(/\s+/g, ' ').slice(0, 160);
        reject(
          new Error(`a page gave no answer within ${ANSWER_MS / 1000} s (its main thread busy or hung) to ${asked}`),
        );
      }, ANSWER_MS);
      timer.unref();
    });
    return Promise.race([evaluate.call(this, fn, ...more), unanswered]).finally(() => clearTimeout(timer));
  };
  frames.evaluate.bounded = true;
  return page;
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

/**
 * The tasks in a Chromium trace (browser.startTracing(page) with TASK_TRACE's categories, then
 * stopTracing's buffer) of the traced page's renderer processes (the frames the trace started
 * with, and those it committed since), for their main thread and for their dedicated workers
 * together: how many, the longest in wall-clock time with the CPU time its thread spent in it, the
 * most CPU time in one task and the CPU time of all, in ms. The browser traces every process; other
 * pages' renderers are left out. A task that waits while other threads and processes hold every
 * core is long in wall-clock time only; CPU time is the thread's own work.
 */
export function tracedTasks(trace) {
  const events = JSON.parse(trace).traceEvents;
  const frames = events.find((e) => e.name === 'TracingStartedInBrowser')?.args.data.frames ?? [];
  const ids = new Set(frames.map((f) => f.frame));
  const committed = events
    .filter((e) => e.name === 'FrameCommittedInBrowser' && ids.has(e.args.data.frame))
    .map((e) => e.args.data);
  const pages = new Set([...frames, ...committed].map((f) => f.processId));
  const threads = (name) =>
    new Set(
      events
        .filter((e) => e.name === 'thread_name' && pages.has(e.pid) && name.test(e.args.name))
        .map((e) => `${e.pid}:${e.tid}`),
    );
  const summary = (on) => {
    const tasks = events.filter((e) => e.name === 'RunTask' && on.has(`${e.pid}:${e.tid}`) && e.dur !== undefined);
    const longest = tasks.reduce((a, b) => (b.dur > a.dur ? b : a), { dur: 0, tdur: 0 });
    const cpu = tasks.map((t) => (t.tdur ?? 0) / 1000);
    return {
      tasks: tasks.length,
      wall: longest.dur / 1000,
      itsCpu: (longest.tdur ?? 0) / 1000,
      mostCpu: Math.max(0, ...cpu),
      cpu: cpu.reduce((a, b) => a + b, 0),
    };
  };
  return { main: summary(threads(/^CrRendererMain$/)), workers: summary(threads(/^DedicatedWorker thread$/)) };
}

/** The trace categories tracedTasks reads. */
export const TASK_TRACE = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Records the longest main-thread task (PerformanceObserver 'longtask') in window.longest. */
export function recordLongestTask(page) {
  return page.addInitScript(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}
