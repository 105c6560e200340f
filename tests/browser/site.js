// The browser tests' one set-up: before a test file's tests, the built site (or a copy of it with
// the file's own pages) is served on 127.0.0.1 and Chromium launched; after them, both are
// closed. Also the helpers most files share.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  launchChromiumForTests,
  TASK_TRACE,
  recordLongestTask,
  tracedTasks,
  watchForProblems,
} from '../../scripts/chromium.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

export { launchChromiumForTests, TASK_TRACE, recordLongestTask, tracedTasks, watchForProblems };

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The path of a screenshot the tests write for a person to look at (tests/browser/screenshots/). */
export function screenshotFile(name) {
  const folder = path.join(root, 'tests/browser/screenshots');
  mkdirSync(folder, { recursive: true });
  return path.join(folder, name);
}

/** The built site the browser tests read: NORMLAB_DIST, or dist/ at the top of the checkout. */
export function siteFolder() {
  return path.resolve(root, process.env.NORMLAB_DIST ?? 'dist');
}

/**
 * Serves a site and launches Chromium before a test file's tests, and closes both after them.
 * options: pages {path: text}: written into a copy of the built site (the site itself under
 * `under`, e.g. 'normlab', when given); folder(): a folder of the file's own to serve instead;
 * serve: serveStatic's options (e.g. {csp: null}); serviceWorkers: 'allow' for a file that reads
 * the chapters' offline worker or what a reader with it sees, else 'block' (see below); then(site):
 * the file's own set-up (Node 20 runs a file's top-level before hooks at the same time, so it goes
 * here).
 * ensures: the returned object's server, browser and folder are set once the tests start.
 */
export function useSite({
  pages,
  under = '',
  folder,
  serve = {},
  serviceWorkers = 'block',
  then = async () => {},
} = {}) {
  const site = { server: null, browser: null, folder: null };
  before(async () => {
    site.folder = folder ? folder() : pages ? copyOfSite(pages, under) : siteFolder();
    site.server = await serveStatic(site.folder, serve);
    site.browser = withServiceWorkers(await launchChromiumForTests(), serviceWorkers);
    await then(site);
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

/**
 * The browser with every new context's service workers as given, unless a context asks otherwise.
 * A chapter registers its offline worker on every visit, and in a fresh context the worker then
 * copies the whole build: 1.1 to 1.7 s of CPU, a fifth of a chapter's arrival (8 against 6.7 s for
 * the essay). Only the files that read the worker, or a page as its reader sees it with one, pay it.
 */
function withServiceWorkers(browser, serviceWorkers) {
  const newContext = browser.newContext.bind(browser);
  // (Playwright's browser.newPage makes its context through browser.newContext.)
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
  return browser;
}

/** The built site served as it is (see useSite). */
export function useSiteAndBrowser(then) {
  return useSite({ then });
}

function copyOfSite(pages, under) {
  const folder = scratchFolder('normlab-site-');
  cpSync(siteFolder(), path.join(folder, under), { recursive: true });
  for (const [name, text] of Object.entries(pages)) writeFileSync(path.join(folder, name), text);
  return folder;
}

/**
 * A copy of the built site with one more page, one.html: one widget on a bare page, named in the
 * query (?tag=nl-comparison), its attributes in &attrs= (URL-encoded name=value pairs). The page
 * counts the widget's events: window.changes (each nl-change's state), window.dones (nl-done).
 * serviceWorkers: as useSite's.
 * ensures: besides useSite's, the returned object's context (one browser context allowed the
 * clipboard) is set once the tests start (after `then(site)`, a file's own set-up).
 */
export function useOneWidgetSite(then = async () => {}, { serviceWorkers } = {}) {
  return useSite({
    serviceWorkers,
    pages: {
      'one.js': `const q = new URLSearchParams(location.search);
      const el = document.createElement(q.get('tag'));
      for (const [k, v] of new URLSearchParams(q.get('attrs') ?? '')) el.setAttribute(k, v);
      el.addEventListener('nl-change', (e) => window.changes.push(e.detail.state));
      el.addEventListener('nl-done', () => window.dones++);
      window.changes = [];
      window.dones = 0;
      document.body.append(el);`,
      'one.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
      <script type="module" src="./normlab-widgets.js"></script><script type="module" src="./one.js"></script>`,
    },
    then: async (site) => {
      site.context = await site.browser.newContext();
      await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
      await then(site);
    },
  });
}

// How often a wait for widgets to draw or settle asks the page. Playwright's default, every
// animation frame, makes the page run a frame 60 times a second for as long as the wait lasts
// (about a tenth of a core, measured on the essay: 0.64 s of CPU in 5 s against 0.10 s every
// 100 ms); these waits last seconds, while workers compute, so a tenth of a second late costs
// little.
const SETTLING_POLL_MS = 100;

/**
 * Opens a page, scrolls through it so every widget starts (the page grows as its sections are
 * laid out, so its height is read again at every step), and waits until no widget is loading.
 * Each step of the scroll waits for the widgets it brought near the window to start, as a reader
 * pausing there would see them start.
 */
export async function openScrolledThrough(browser, url, pageOptions = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...pageOptions });
  const problems = watchForProblems(page);
  await arriveScrolledThrough(page, url, problems);
  return { page, problems };
}

/**
 * Takes a page to a url as a new document, by way of about:blank (a url differing from the page's
 * own only in its hash would otherwise move within the document). problems (watchForProblems'
 * list) is emptied once the page before is left; width, when given, sizes the blank page first.
 */
export async function arriveAfresh(page, url, { problems, width, timeout } = {}) {
  await page.goto('about:blank');
  if (problems) problems.length = 0;
  if (width) await page.setViewportSize({ width, height: 900 });
  await page.goto(url, timeout ? { timeout } : {});
}

const TALLEST_PAGE = 200000; // px, seven times the tallest chapter's height

/**
 * As openScrolledThrough, in a page there is: it goes to about:blank first, so that a url that
 * differs from the page's own only in its hash is a new arrival, not a move within the document.
 * Navigating a page is half the cost of making one (a renderer started, the wasm compiled again).
 * problems: the page's list (watchForProblems), emptied once the page before is left (what that
 * page's leaving aborted, a worker's script still loading, is not this arrival's); a failure
 * quotes it.
 */
export async function arriveScrolledThrough(page, url, problems = [], { width } = {}) {
  // A page given a hostile link takes over 30 s to load on a loaded 2-core machine.
  await arriveAfresh(page, url, { problems, width, timeout: 120000 });
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    // The tallest page, the tutorial at 320 px, is 28,000 px: one still growing past this grows
    // without end (a layout that feeds itself), which the scroll would otherwise follow for ever.
    if (y > TALLEST_PAGE) throw new Error(`${url.slice(0, 200)} grew past ${TALLEST_PAGE} px while scrolled through`);
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await nearbyStarted(page);
  }
  // A widget defined after the fast scroll had passed it (a loaded machine) never came near the
  // window: each one not started yet is brought into view, as a reader going back would.
  for (let k = 0, last = Infinity; ; k++) {
    const waiting = await page.evaluate(
      () => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('nl-') && !e.started).length,
    );
    if (waiting === 0 || k > 100) break;
    // Widgets start from an IntersectionObserver, which the browser runs only as it paints. Twice
    // in CI every later widget stayed unstarted here: a page making no progress is brought to the
    // front once (as a reader's click on its tab would), and a failure says whether it painted.
    if (k === 5 && waiting >= last) await page.bringToFront();
    last = Math.min(last, waiting);
    await page.evaluate(() =>
      [...document.querySelectorAll('*')].find((e) => e.localName.startsWith('nl-') && !e.started).scrollIntoView(),
    );
    await nearbyStarted(page);
  }
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('nl-') && e.shadowRoot)
          .every((e) => e.shadowRoot.querySelector('.widget') && !e.shadowRoot.querySelector('.loading')),
      null,
      { timeout: 60000, polling: SETTLING_POLL_MS },
    )
    .catch(async (e) => {
      // Which widgets never drew, and how far each came, so that a failure names its cause.
      const stuck = await page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .filter((w) => w.localName.startsWith('nl-'))
          .filter((w) => !w.shadowRoot?.querySelector('.widget') || w.shadowRoot.querySelector('.loading'))
          .map((w) => {
            const r = w.getBoundingClientRect();
            const section = w.closest('section');
            return (
              `${w.localName} (${customElements.get(w.localName) ? 'defined' : 'not defined'}, started ${w.started}, ` +
              `top ${r.top.toFixed(0)} height ${r.height.toFixed(0)}, section ${section?.className || '-'})`
            );
          }),
      );
      throw new Error(
        `${e.message}: widgets not drawn: ${stuck.join(', ')}; the page: ${await paintingState(page)}; problems: ${problems.join(' | ')}`,
      );
    });
}

/**
 * In the page: records each text the widget's status line takes in window.statusTexts (a live
 * region: a screen reader speaks every change), for a test to count them.
 */
export function recordStatusTexts(tag) {
  const said = document.querySelector(tag).shadowRoot.querySelector('[data-status]');
  window.statusTexts = [];
  new MutationObserver(() => window.statusTexts.push(said.textContent)).observe(said, {
    childList: true,
    characterData: true,
    subtree: true,
  });
}

/**
 * Waits (at most 2 s: the caller goes on and catches stragglers itself) until every widget
 * defined and laid out within the widgets' start margin (300 px) of the window has started.
 */
function nearbyStarted(page) {
  return page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('nl-') && 'started' in e)
          .every((e) => {
            const r = e.getBoundingClientRect();
            const near = r.width > 0 && r.bottom > -300 && r.top < innerHeight + 300;
            return e.started || !near;
          }),
      null,
      { timeout: 2000 },
    )
    .catch(() => {});
}

/**
 * Waits until each widget named (selectors; every widget of the page when none are named) has
 * settled: it has drawn its latest start (every slice it asked for has run, nl-done has fired), or
 * it shows work under way that the reader can cancel (its Cancel enabled: a long computation in
 * its workers, which a loaded machine can stretch to minutes). A widget that failed does neither,
 * so the wait gives up after `timeout` ms without throwing and returns the widgets not settled,
 * for the caller's assertions to name.
 */
export async function untilSettled(page, selectors = null, { timeout = 60000 } = {}) {
  await page.waitForFunction(allSettled, selectors, { timeout, polling: SETTLING_POLL_MS }).catch(() => {});
  return page.evaluate(unsettled, selectors);
}

// In the page (each self-contained, as the page receives it): whether every widget named (or every
// widget) has settled; which have not.
const allSettled = (names) =>
  (names ?? [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('nl-')).map((e) => e.localName))
    .map((s) => document.querySelector(s))
    .every((e) => e?.drawn === true || e?.shadowRoot?.querySelector('[data-cancel]:not([disabled])'));
const unsettled = (names) =>
  (
    names ?? [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('nl-')).map((e) => e.localName)
  ).filter((s) => {
    const e = document.querySelector(s);
    return !(e?.drawn === true || e?.shadowRoot?.querySelector('[data-cancel]:not([disabled])'));
  });

/** The focused element inside a widget's shadow root, as tag and data attributes, or null. */
export function focusIn(page, tag) {
  return page.evaluate((t) => {
    const a = document.querySelector(t).shadowRoot.activeElement;
    if (!a) return null;
    return `${a.localName}${Object.entries(a.dataset)
      .map(([k, v]) => `[${k}=${v}]`)
      .join('')}`;
  }, tag);
}

/**
 * The address a test opens for a chapter it reads as a whole but whose Transformer figures it does
 * not check (tutorial-transformer.test.js checks them at their defaults): on the tutorial, a link
 * asking the starting slopes for 4 draws instead of 32, landing on the first section. Their draws
 * at seven depths are most of a scroll through the tutorial: 10 s against 24 s here.
 */
export const withFewDraws = (name) => (name === 'tutorial.html' ? `${name}#scale&starting-slopes=draws:4` : name);

/**
 * Whether a page still paints, for a failure to name its cause: a frame within a second or not,
 * its visibility and focus, and where it is scrolled. (Widgets start from an IntersectionObserver
 * and wake their sections over two animation frames: a page that makes no frames starts none.)
 */
export async function paintingState(page) {
  const painting = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const t0 = performance.now();
        requestAnimationFrame(() => resolve(`a frame after ${(performance.now() - t0).toFixed(0)} ms`));
        setTimeout(() => resolve('no frame within 1 s'), 1000);
      }),
  );
  const where = await page.evaluate(
    () =>
      `${document.visibilityState}, focus ${document.hasFocus()}, scrolled ${scrollY.toFixed(0)} of ${document.documentElement.scrollHeight}`,
  );
  return `${where}, ${painting}`;
}

/**
 * Opens one of the site's pages (name) at the given width, scrolled through: in the test file's one
 * page, navigated afresh (arriveScrolledThrough) and sized to the width, so a test leaves it open
 * for the next. Returns the page and its problems since this arrival.
 */
export async function openPage(site, name, { width = 1280 } = {}) {
  if (!site.page || site.page.isClosed()) {
    site.page = await site.browser.newPage({ viewport: { width, height: 900 } });
    site.problems = watchForProblems(site.page);
  }
  await arriveScrolledThrough(site.page, `${site.server.url}/${name}`, site.problems, { width });
  return { page: site.page, problems: site.problems };
}

/**
 * Brings a widget into view until it has started (selector: the widget's element). The page's
 * sections change height as they are laid out, so a widget scrolled to once can be pushed out of
 * the window before its observer saw it; a reader would scroll on, and so does this.
 */
export async function bringIntoView(page, selector, { timeout = 60000 } = {}) {
  const until = Date.now() + timeout;
  for (;;) {
    await page.locator(selector).first().scrollIntoViewIfNeeded();
    const started = await page
      .waitForFunction((s) => document.querySelector(s)?.started === true, selector, { timeout: 1500 })
      .then(
        () => true,
        () => false,
      );
    if (started) return;
    if (Date.now() > until) throw new Error(`${selector} never started after being brought into view`);
  }
}
