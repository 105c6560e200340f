// The three pages (essay, tutorial, MNIST) in headless Chromium at 1280 x 900 and 375 x 812:
// the longest main-thread task (PerformanceObserver 'longtask': 0 = none over 50 ms) while
// loading, while reading through to the end, when jumping to each section by its link, and for
// each interaction type with every widget's controls; the time from navigation to every widget
// on screen drawn and to the comparison's table filled; the bytes a reader downloads (gzipped as
// a static host serves them), how often the wasm is fetched and how many workers start.
// Loading and reading: median of NORMLAB_BENCH_RUNS fresh loads (3 by default); jumps and
// interactions: one fresh load each, the worst printed. NORMLAB_DIST: the built site (dist/).
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium } from '../tests/browser/chromium.js';
import { ESSAY_WIDGETS, MNIST_WIDGETS, TUTORIAL_WIDGETS } from '../web/src/widgets/chapters.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(root, process.env.NORMLAB_DIST ?? 'dist');
const RUNS = Number(process.env.NORMLAB_BENCH_RUNS ?? 3);
const ONLY = process.env.NORMLAB_BENCH_ONLY?.split(',');
const PAGES = [
  { name: 'index', file: 'index.html', widgets: ESSAY_WIDGETS },
  { name: 'tutorial', file: 'tutorial.html', widgets: TUTORIAL_WIDGETS },
  { name: 'mnist', file: 'mnist.html', widgets: MNIST_WIDGETS },
].filter((p) => !ONLY || ONLY.includes(p.name));
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
const SETTLE_MS = 1500;
const TARGET_TASK_MS = 50;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x === null || x === undefined ? 'never' : `${Math.round(x)} ms`);

/** Every long task (start, duration) in window.tasks, the workers started in window.workersStarted. */
function watchPage() {
  window.tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.workersStarted = 0;
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.workersStarted += 1;
    }
  };
}

const now = (page) => page.evaluate(() => performance.now());
const longestSince = (page, t0) =>
  page.evaluate((t) => Math.max(0, ...window.tasks.filter((e) => e.start + e.duration > t).map((e) => e.duration)), t0);

async function openPage(browser, page, viewport, hash = '') {
  const context = await browser.newContext({ viewport });
  const tab = await context.newPage();
  const requests = [];
  context.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await tab.addInitScript(watchPage);
  await tab.goto(`${server.url}/${page.file}${hash}`);
  return { context, tab, requests };
}

/** The widgets in the window now, and the time from navigation until each has drawn (null: never). */
async function onScreenDrawn(tab, tags, timeout = 20000) {
  const visible = await tab.evaluate(
    (all) =>
      all.filter((t) => {
        const r = document.querySelector(t)?.getBoundingClientRect();
        return r && r.bottom > 0 && r.top < innerHeight;
      }),
    tags,
  );
  const drawnAt = () =>
    tab.evaluate(
      (all) =>
        all.map((t) => {
          const m = performance.getEntriesByName(`${t} drawn`)[0];
          return m ? m.startTime + m.duration : null;
        }),
      visible,
    );
  const deadline = Date.now() + timeout;
  let at = await drawnAt();
  while (at.includes(null) && Date.now() < deadline) {
    await tab.waitForTimeout(100);
    at = await drawnAt();
  }
  return { visible, at: at.includes(null) ? null : Math.max(0, ...at) };
}

async function readThrough(tab) {
  let still = 0;
  while (still < 3) {
    const moved = await tab.evaluate(() => {
      const before = scrollY;
      scrollBy(0, innerHeight * 0.8);
      return scrollY !== before;
    });
    still = moved ? 0 : still + 1;
    await tab.waitForTimeout(250);
  }
}

function transferred(requests) {
  let raw = 0;
  let gz = 0;
  const files = new Set(requests);
  for (const f of files) {
    const file = path.join(dist, f === '/' ? 'index.html' : f);
    try {
      if (!statSync(file).isFile()) continue;
    } catch {
      continue;
    }
    const bytes = readFileSync(file);
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  const wasmFetches = requests.filter((f) => f.endsWith('.wasm')).length;
  return { files: files.size, raw, gz, wasmFetches };
}

/** Loading, then reading through to the end: one fresh load. */
async function loadAndRead(browser, page, viewport) {
  const { context, tab, requests } = await openPage(browser, page, viewport);
  const screen = await onScreenDrawn(tab, page.widgets);
  await tab.waitForTimeout(SETTLE_MS);
  const load = await longestSince(tab, 0);
  const t0 = await now(tab);
  await readThrough(tab);
  await tab.waitForTimeout(SETTLE_MS);
  const reading = await longestSince(tab, t0);
  const workers = await tab.evaluate(() => window.workersStarted);
  await context.close();
  return { load, reading, drawn: screen.at, visible: screen.visible, workers, ...transferred(requests) };
}

/** Each section's link clicked (or its hash set) on a freshly loaded page, nothing scrolled. */
async function jumps(browser, page, viewport) {
  const probe = await openPage(browser, page, viewport);
  const ids = await probe.tab.evaluate(() => [...document.querySelectorAll('main section[id]')].map((s) => s.id));
  await probe.context.close();
  const out = [];
  for (const id of ids) {
    const { context, tab } = await openPage(browser, page, viewport);
    await tab.waitForTimeout(SETTLE_MS);
    const t0 = await now(tab);
    const link = tab.locator(`nav a[href="#${id}"]`).first();
    if ((await link.count()) > 0 && (await link.isVisible())) await link.click();
    else await tab.evaluate((h) => (location.hash = h), id);
    await tab.waitForTimeout(SETTLE_MS + 1000);
    out.push({ id, longest: await longestSince(tab, t0) });
    await context.close();
  }
  return out;
}

const CONTROLS = [
  { type: 'button', selector: 'button' },
  { type: 'select', selector: 'select' },
  { type: 'slider', selector: 'input[type="range"]' },
  { type: 'checkbox', selector: 'input[type="checkbox"], input[type="radio"]' },
  { type: 'typing', selector: 'input[type="number"], input[type="text"]:not([readonly]), textarea' },
  { type: 'numbers shown', selector: 'details.numbers > summary' },
];
const PER_TYPE = 4; // controls of one type tried per widget

async function interact(tab, control, type) {
  if (type === 'button' || type === 'checkbox' || type === 'numbers shown') await control.click({ timeout: 2000 });
  else if (type === 'select') {
    const values = await control.evaluate((s) => [...s.options].map((o) => o.value));
    const current = await control.inputValue();
    await control.selectOption(values[(values.indexOf(current) + 1) % values.length], { timeout: 2000 });
  } else if (type === 'slider') {
    await control.focus();
    await tab.keyboard.press('ArrowRight');
  } else if (type === 'typing') {
    await control.click({ timeout: 2000 });
    await tab.keyboard.press('End');
    await tab.keyboard.type('1');
    await tab.keyboard.press('Backspace');
  }
}

/** Every widget's controls, a few of each type, each used once; the longest task after each. */
async function interactions(browser, page, viewport) {
  const { context, tab } = await openPage(browser, page, viewport);
  await readThrough(tab);
  await tab.evaluate(() => scrollTo(0, 0));
  const worst = {}; // type -> {longest, where}
  for (const tag of page.widgets) {
    const widget = tab.locator(tag).first();
    if ((await widget.count()) === 0) continue;
    await widget.scrollIntoViewIfNeeded();
    await tab
      .waitForFunction((t) => performance.getEntriesByName(`${t} drawn`).length > 0, tag, { timeout: 20000 })
      .catch(() => {});
    await tab.waitForTimeout(300);
    for (const { type, selector } of CONTROLS) {
      const controls = widget.locator(`[part="body"] ${selector}`);
      const count = Math.min(await controls.count(), PER_TYPE);
      for (let k = 0; k < count; k++) {
        const control = controls.nth(k);
        if (!(await control.isVisible()) || !(await control.isEnabled())) continue;
        const t0 = await now(tab);
        try {
          await interact(tab, control, type);
        } catch {
          continue; // a control the previous one removed or covered
        }
        await tab.waitForTimeout(800);
        const longest = await longestSince(tab, t0);
        if (!worst[type] || longest > worst[type].longest) worst[type] = { longest, where: tag };
      }
    }
  }
  await context.close();
  return worst;
}

/** From navigation to #measurements until the comparison's table has its five rows. */
async function comparisonFilled(browser, viewport) {
  const { context, tab } = await openPage(browser, { file: 'index.html' }, viewport, '#measurements');
  const at = await tab
    .waitForFunction(
      () => {
        const rows = document.querySelector('nl-comparison')?.shadowRoot?.querySelectorAll('table.summary tbody tr');
        return rows?.length >= 5 && performance.now();
      },
      null,
      { timeout: 60000, polling: 'raf' },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  await tab.waitForTimeout(SETTLE_MS);
  const longest = await longestSince(tab, 0);
  await context.close();
  return { at, longest };
}

const server = await serveStatic(dist);
const browser = await launchChromium();
const summary = [];
try {
  console.log(`pages in headless Chromium (${path.relative(root, dist) || '.'}); 0 ms = no task over 50 ms`);
  for (const page of PAGES) {
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width} x ${viewport.height}`;
      const loads = [];
      for (let k = 0; k < RUNS; k++) loads.push(await loadAndRead(browser, page, viewport));
      const m = (key) => median(loads.map((r) => r[key] ?? Infinity));
      const drawn = m('drawn');
      const jumped = await jumps(browser, page, viewport);
      const worstJump = jumped.reduce((a, b) => (b.longest > a.longest ? b : a), { id: '-', longest: 0 });
      const used = await interactions(browser, page, viewport);
      console.log(`${page.file} at ${size}`);
      console.log(`  longest task while loading:         ${ms(m('load'))} (median of ${RUNS})`);
      console.log(`  longest task reading to the end:    ${ms(m('reading'))} (median of ${RUNS})`);
      console.log(
        `  longest task jumping by link:       ${ms(worstJump.longest)} (#${worstJump.id}; ${jumped.map((j) => `${j.id} ${Math.round(j.longest)}`).join(', ')})`,
      );
      for (const [type, w] of Object.entries(used))
        console.log(`  longest task, interaction ${`${type}:`.padEnd(14)}${ms(w.longest)} (${w.where})`);
      console.log(
        `  widgets on screen drawn:            ${ms(Number.isFinite(drawn) ? drawn : null)} after navigation (${loads[0].visible.join(', ') || 'none on screen'})`,
      );
      console.log(
        `  transferred: ${loads[0].files} files, ${(m('raw') / 1024).toFixed(0)} KB raw, ${(m('gz') / 1024).toFixed(1)} KB gzipped; wasm fetched ${m('wasmFetches')}x; workers started ${m('workers')}`,
      );
      const interaction = Math.max(0, ...Object.values(used).map((w) => w.longest));
      summary.push({
        page: page.name,
        size,
        longest: Math.max(m('load'), m('reading'), worstJump.longest, interaction),
        drawn,
        gz: m('gz'),
      });
    }
  }
  if (PAGES.some((p) => p.name === 'index')) {
    for (const viewport of VIEWPORTS) {
      const runs = [];
      for (let k = 0; k < RUNS; k++) runs.push(await comparisonFilled(browser, viewport));
      const at = median(runs.map((r) => r.at ?? Infinity));
      console.log(
        `index.html#measurements at ${viewport.width} x ${viewport.height}: comparison table filled ${ms(Number.isFinite(at) ? at : null)} after navigation; longest task ${ms(median(runs.map((r) => r.longest)))} (median of ${RUNS})`,
      );
      summary.push({ page: 'comparison', size: `${viewport.width} x ${viewport.height}`, drawn: at });
    }
  }
  console.log('targets: every longest task <= 50 ms; essay page <= 300 KB gzipped; drawn and filled < 1 s');
  for (const s of summary) {
    const parts = [];
    if (s.longest !== undefined)
      parts.push(`longest task ${ms(s.longest)} ${s.longest <= TARGET_TASK_MS ? 'met' : 'MISSED'}`);
    if (s.drawn !== undefined) parts.push(`ready ${ms(s.drawn)} ${s.drawn < 1000 ? 'met' : 'MISSED'}`);
    if (s.page === 'index' && s.gz !== undefined)
      parts.push(`${(s.gz / 1024).toFixed(1)} KB gz ${s.gz <= 300 * 1024 ? 'met' : 'MISSED'}`);
    console.log(`  ${s.page} ${s.size}: ${parts.join('; ')}`);
  }
} finally {
  await browser.close();
  await server.close();
}
