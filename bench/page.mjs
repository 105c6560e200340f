// The three pages (essay, tutorial, MNIST) in headless Chromium at 1280 x 900 and 375 x 812:
// the longest main-thread task while
// loading, while reading through to the end, when jumping to each section by its link, and for
// each interaction type with every widget's controls; the time from navigation to every widget
// on screen drawn and to the comparison's table filled; the bytes a reader downloads (gzipped as
// a static host serves them), how often the wasm is fetched and how many workers start; the
// essay's readiness (painted, every widget on screen drawn) on a first visit and on a second one
// answered by the offline worker.
// Loading and reading: median of NORMLAB_BENCH_RUNS fresh loads (3 by default); jumps and
// interactions: one fresh load each, the worst printed. NORMLAB_DIST: the built site (dist/).
// Each task is given twice: its wall time (PerformanceObserver 'longtask', what a reader waits;
// 0 = none over 50 ms) and the main thread's own CPU time in it (from a Chromium trace), which
// other processes sharing the machine do not inflate.
// One unmeasured load comes first: the browser's own start-up (a renderer of its own user
// interface takes ~300 ms of CPU during one of the first loads after launch) then falls on it, not
// on a measured scenario, most of the time (it can still come a few seconds later).
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium } from '../scripts/chromium.mjs';
import { ESSAY_WIDGETS, MNIST_WIDGETS, TUTORIAL_WIDGETS } from '../web/src/widgets/registry.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(root, process.env.NORMLAB_DIST ?? 'dist');
const ALL_PAGES = [
  { name: 'index', file: 'index.html', widgets: ESSAY_WIDGETS },
  { name: 'tutorial', file: 'tutorial.html', widgets: TUTORIAL_WIDGETS },
  { name: 'mnist', file: 'mnist.html', widgets: MNIST_WIDGETS },
];
const RUNS = Number(process.env.NORMLAB_BENCH_RUNS ?? 3);
const ONLY = process.env.NORMLAB_BENCH_ONLY?.split(',');
const unknown = ONLY?.filter((name) => !ALL_PAGES.some((p) => p.name === name)) ?? [];
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`NORMLAB_BENCH_RUNS must be a whole number of 1 or more, not ${process.env.NORMLAB_BENCH_RUNS}`);
  process.exit(2);
}
if (unknown.length > 0) {
  const names = ALL_PAGES.map((p) => p.name).join(', ');
  console.error(`NORMLAB_BENCH_ONLY names pages among ${names}, not ${unknown.join(', ')}`);
  process.exit(2);
}
const PAGES = ALL_PAGES.filter((p) => !ONLY || ONLY.includes(p.name));
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
const SETTLE_MS = 1500;
const TARGET_TASK_MS = 50;
const TARGET_SECOND_VISIT_MS = 300;
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

/** Starts a trace of the page's tasks; stop() gives their CPU times, mark(label) names a moment. */
async function traceTasks(browser, tab) {
  await browser.startTracing(tab, { categories: ['toplevel', 'blink.user_timing', '__metadata'] });
  return {
    mark: (label) => tab.evaluate((l) => performance.mark(`bench:${l}`), label),
    async stop() {
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
      const marks = new Map();
      for (const e of traceEvents) if (e.name.startsWith?.('bench:')) marks.set(e.name.slice(6), e);
      const pid = [...marks.values()][0]?.pid;
      const mainThreads = new Set(
        traceEvents
          .filter((e) => e.name === 'thread_name' && e.pid === pid && e.args.name === 'CrRendererMain')
          .map((e) => e.tid),
      );
      const tasks = traceEvents.filter(
        (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === pid && mainThreads.has(e.tid),
      );
      /** The longest task's CPU time (ms) ending after mark `from` (the start: any) and starting before `to`. */
      const longestCpu = (from, to) => {
        const a = from ? marks.get(from).ts : -Infinity;
        const b = to ? marks.get(to).ts : Infinity;
        return Math.max(0, ...tasks.filter((e) => e.ts + e.dur > a && e.ts < b).map((e) => (e.tdur ?? 0) / 1000));
      };
      return { longestCpu };
    },
  };
}

async function openPage(browser, page, viewport, hash = '') {
  const context = await browser.newContext({ viewport });
  const tab = await context.newPage();
  const requests = [];
  context.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await tab.addInitScript(watchPage);
  const trace = await traceTasks(browser, tab);
  await tab.goto(`${server.url}/${page.file}${hash}`);
  return { context, tab, requests, trace };
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
  const { context, tab, requests, trace } = await openPage(browser, page, viewport);
  const screen = await onScreenDrawn(tab, page.widgets);
  await tab.waitForTimeout(SETTLE_MS);
  const load = await longestSince(tab, 0);
  await trace.mark('read');
  const t0 = await now(tab);
  await readThrough(tab);
  await tab.waitForTimeout(SETTLE_MS);
  const reading = await longestSince(tab, t0);
  await trace.mark('end');
  const workers = await tab.evaluate(() => window.workersStarted);
  const cpu = await trace.stop();
  await context.close();
  return {
    load,
    loadCpu: cpu.longestCpu(null, 'read'),
    reading,
    readingCpu: cpu.longestCpu('read', 'end'),
    drawn: screen.at,
    visible: screen.visible,
    workers,
    ...transferred(requests),
  };
}

/** Each section's link clicked (or its hash set) on a freshly loaded page, nothing scrolled. */
async function jumps(browser, page, viewport) {
  const probe = await openPage(browser, page, viewport);
  const ids = await probe.tab.evaluate(() => [...document.querySelectorAll('main section[id]')].map((s) => s.id));
  await probe.trace.stop();
  await probe.context.close();
  const out = [];
  for (const id of ids) {
    const { context, tab, trace } = await openPage(browser, page, viewport);
    await tab.waitForTimeout(SETTLE_MS);
    await trace.mark('jump');
    const t0 = await now(tab);
    const link = tab.locator(`nav a[href="#${id}"]`).first();
    if ((await link.count()) > 0 && (await link.isVisible())) await link.click();
    else await tab.evaluate((h) => (location.hash = h), id);
    const screen = await onScreenDrawn(tab, page.widgets);
    await tab.waitForTimeout(SETTLE_MS);
    const longest = await longestSince(tab, t0);
    await trace.mark('end');
    const cpu = (await trace.stop()).longestCpu('jump', 'end');
    out.push({ id, longest, cpu, drawn: screen.at === null ? null : Math.max(0, screen.at - t0) });
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
  const { context, tab, trace } = await openPage(browser, page, viewport);
  await readThrough(tab);
  await tab.evaluate(() => scrollTo(0, 0));
  const worst = {}; // type -> {longest, where, cpu, cpuWhere}
  const actions = []; // {type, tag, mark}
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
        const mark = `act${actions.length}`;
        await trace.mark(mark);
        const t0 = await now(tab);
        try {
          await interact(tab, control, type);
        } catch {
          continue; // a control the previous one removed or covered
        }
        await tab.waitForTimeout(800);
        await trace.mark(`${mark}-end`);
        actions.push({ type, tag, mark });
        const longest = await longestSince(tab, t0);
        worst[type] ??= { longest: 0, where: '-', cpu: 0, cpuWhere: '-' };
        if (longest > worst[type].longest) Object.assign(worst[type], { longest, where: tag });
      }
    }
  }
  const cpu = await trace.stop();
  for (const { type, tag, mark } of actions) {
    const longest = cpu.longestCpu(mark, `${mark}-end`);
    if (longest > worst[type].cpu) Object.assign(worst[type], { cpu: longest, cpuWhere: tag });
  }
  await context.close();
  return worst;
}

/** From navigation to #measurements until the comparison's table has its five rows. */
async function comparisonFilled(browser, viewport) {
  const { context, tab, trace } = await openPage(browser, { file: 'index.html' }, viewport, '#measurements');
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
  await trace.mark('end');
  const cpu = (await trace.stop()).longestCpu(null, 'end');
  await context.close();
  return { at, longest, cpu };
}

/** From navigation until the page is ready: painted and every widget on screen drawn; and its first widget drawn. */
async function readyAt(tab) {
  const screen = await onScreenDrawn(tab, ESSAY_WIDGETS);
  const painted = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  const first = await tab
    .waitForFunction(
      (tag) => {
        const m = performance.getEntriesByName(`${tag} drawn`)[0];
        return m ? m.startTime + m.duration : false;
      },
      ESSAY_WIDGETS[0],
      { timeout: 20000 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  return { ready: screen.at === null || painted === undefined ? null : Math.max(screen.at, painted), first };
}

/**
 * The essay's first and second visits in one browser context, each from navigation until ready
 * (readyAt): first from the network, then again once the offline worker controls the page and
 * has kept the build (the second visit's files all come from its cache).
 */
async function twoVisits(browser, viewport) {
  const context = await browser.newContext({ viewport });
  const tab = await context.newPage();
  await tab.addInitScript(watchPage);
  const url = `${server.url}/index.html`;
  await tab.goto(url);
  const first = await readyAt(tab);
  await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  await tab.waitForTimeout(SETTLE_MS);
  await tab.goto(url);
  const second = await readyAt(tab);
  const fromWorker = await tab.evaluate(
    () => performance.getEntriesByType('resource').filter((e) => e.workerStart > 0).length,
  );
  await context.close();
  return { first, second, fromWorker };
}

const server = await serveStatic(dist);
// A browser that goes away under the benchmark (killed, crashed, or closed by a signal) costs the
// scenario it was measuring, not the rest: the scenario is named as not measured, a fresh browser
// measures the next one, and the benchmark exits 1 at the end. Playwright's own signal handlers
// are off: on SIGINT, SIGTERM or SIGHUP it closes the browser and leaves the script running, which
// then fails in whatever it was waiting for with "Target page, context or browser has been
// closed"; here the signal is named and the benchmark stops.
let browser;
let stopping = null; // the signal that stops the benchmark
const notMeasured = []; // the scenarios lost, each with its cause

async function launch() {
  const b = await launchChromium({ handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  b.on('disconnected', () => {
    if (b === browser && !stopping) console.log('  !! the browser went away under the benchmark (killed or crashed)');
  });
  browser = b;
  await startUp().catch((e) =>
    console.log(`  !! the unmeasured first load failed: ${String(e?.message).split('\n')[0]}`),
  );
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, async () => {
    if (stopping) return;
    stopping = signal;
    console.log(`!! ${signal}: the benchmark stops; the figures above were measured before it`);
    await Promise.allSettled([browser?.close(), server.close()]);
    process.exit(128 + osConstants.signals[signal]);
  });

/**
 * Measures one scenario (what: its name). ensures: its result, or null when it failed: then the
 * failure is printed and kept for the end, and a fresh browser (its start-up on an unmeasured
 * load) is ready for the next scenario, since a scenario cut short may have left its trace or
 * its context open.
 */
async function attempt(what, measure) {
  try {
    return await measure();
  } catch (e) {
    if (stopping) await new Promise(() => {}); // the signal's handler ends the process
    const why = String(e?.message ?? e).split('\n')[0];
    console.log(`  !! not measured: ${what}: ${why}`);
    notMeasured.push(`${what}: ${why}`);
    const lost = browser;
    browser = null; // closed here, not gone away
    await lost.close().catch(() => {});
    await launch();
    return null;
  }
}

/** One load of the first page, not measured: the browser's own start-up falls on it. */
async function startUp() {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  const tab = await context.newPage();
  await tab.goto(`${server.url}/${PAGES[0].file}`);
  await tab.waitForTimeout(3000);
  await context.close();
}
const summary = [];
const both = (wall, cpu) => `${ms(wall)} wall, ${ms(cpu)} CPU`;
const worstOf = (xs, key) => xs.reduce((a, b) => (b[key] > a[key] ? b : a));
/** The results of `runs` attempts of a scenario that were measured. */
async function repeated(what, runs, measure) {
  const out = [];
  for (let k = 0; k < runs; k++) {
    const r = await attempt(`${what}, run ${k + 1} of ${runs}`, measure);
    if (r) out.push(r);
  }
  return out;
}
try {
  console.log(
    `pages in headless Chromium (${path.relative(root, dist) || '.'}); longest main-thread task: wall time (0 ms = none over 50 ms), and its CPU time; one unmeasured load first: the browser's own start-up`,
  );
  await launch();
  for (const page of PAGES) {
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width} x ${viewport.height}`;
      const where = `${page.file} at ${size}`;
      const loads = await repeated(`${where}, loading and reading`, RUNS, () => loadAndRead(browser, page, viewport));
      const jumped = (await attempt(`${where}, jumping by link`, () => jumps(browser, page, viewport))) ?? [];
      const used = (await attempt(`${where}, interactions`, () => interactions(browser, page, viewport))) ?? {};
      console.log(where);
      const m = (key) => (loads.length ? median(loads.map((r) => r[key] ?? Infinity)) : null);
      const drawn = m('drawn');
      const of = `median of ${loads.length}${loads.length < RUNS ? ` measured of ${RUNS}` : ''}`;
      if (loads.length) {
        console.log(`  loading:            ${both(m('load'), m('loadCpu'))} (${of})`);
        console.log(`  reading to the end: ${both(m('reading'), m('readingCpu'))} (${of})`);
      } else console.log('  loading and reading: not measured');
      const jumpWall = jumped.length ? worstOf(jumped, 'longest') : null;
      const jumpCpu = jumped.length ? worstOf(jumped, 'cpu') : null;
      const jumpDrawn = jumped.length
        ? jumped.reduce((a, b) => (b.drawn === null || b.drawn > (a.drawn ?? -1) ? b : a))
        : null;
      if (jumped.length)
        console.log(
          `  jumping by link:    ${ms(jumpWall.longest)} wall (#${jumpWall.id}), ${ms(jumpCpu.cpu)} CPU (#${jumpCpu.id}); each: ${jumped.map((j) => `${j.id} ${Math.round(j.longest)}/${Math.round(j.cpu)}`).join(', ')}`,
        );
      else console.log('  jumping by link:    not measured');
      console.log(`  interactions, the worst of each type:${Object.keys(used).length ? '' : ' not measured'}`);
      for (const [type, w] of Object.entries(used))
        console.log(
          `    ${`${type}:`.padEnd(15)} ${ms(w.longest)} wall (${w.where}), ${ms(w.cpu)} CPU (${w.cpuWhere})`,
        );
      console.log(
        `  widgets on screen drawn: ${loads.length ? `${ms(Number.isFinite(drawn) ? drawn : null)} after navigation (${loads[0].visible.join(', ') || 'none on screen'})` : 'not measured'}; after a jump, at worst ${jumpDrawn ? `${ms(jumpDrawn.drawn)} (#${jumpDrawn.id})` : 'not measured'}`,
      );
      if (loads.length)
        console.log(
          `  transferred: ${loads[0].files} files, ${(m('raw') / 1024).toFixed(0)} KB raw, ${(m('gz') / 1024).toFixed(1)} KB gzipped; wasm fetched ${m('wasmFetches')}x; workers started ${m('workers')}`,
        );
      const interactionWall = Math.max(0, ...Object.values(used).map((w) => w.longest));
      const interactionCpu = Math.max(0, ...Object.values(used).map((w) => w.cpu));
      summary.push({
        page: page.name,
        size,
        complete: loads.length === RUNS && jumped.length > 0 && Object.keys(used).length > 0,
        longest: Math.max(m('load') ?? 0, m('reading') ?? 0, jumpWall?.longest ?? 0, interactionWall),
        cpu: Math.max(m('loadCpu') ?? 0, m('readingCpu') ?? 0, jumpCpu?.cpu ?? 0, interactionCpu),
        drawn: Math.max(Number.isFinite(drawn) ? drawn : 0, jumpDrawn ? (jumpDrawn.drawn ?? Infinity) : 0),
        gz: m('gz'),
      });
    }
  }
  if (PAGES.some((p) => p.name === 'index')) {
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width} x ${viewport.height}`;
      const visits = await repeated(`index.html at ${size}, two visits`, RUNS, () => twoVisits(browser, viewport));
      const m = (visit, key) => {
        const x = visits.length ? median(visits.map((v) => v[visit][key] ?? Infinity)) : Infinity;
        return Number.isFinite(x) ? x : null;
      };
      if (visits.length)
        console.log(
          `index.html at ${size}, ready (painted, widgets on screen drawn): ${ms(m('first', 'ready'))} on a first visit, ${ms(m('second', 'ready'))} on the second from the offline worker's cache (${visits[0].fromWorker} files from it); its first widget (${ESSAY_WIDGETS[0]}) drawn ${ms(m('first', 'first'))}, then ${ms(m('second', 'first'))} (median of ${visits.length})`,
        );
      const second = m('second', 'ready') ?? Infinity;
      summary.push({ page: 'second visit', size, second, complete: visits.length === RUNS });
    }
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width} x ${viewport.height}`;
      const runs = await repeated(`index.html#measurements at ${size}`, RUNS, () =>
        comparisonFilled(browser, viewport),
      );
      const at = runs.length ? median(runs.map((r) => r.at ?? Infinity)) : Infinity;
      const longest = runs.length ? median(runs.map((r) => r.longest)) : null;
      const cpu = runs.length ? median(runs.map((r) => r.cpu)) : null;
      if (runs.length)
        console.log(
          `index.html#measurements at ${size}: comparison table filled ${ms(Number.isFinite(at) ? at : null)} after navigation; longest task ${both(longest, cpu)} (median of ${runs.length})`,
        );
      summary.push({ page: 'comparison', size, longest, cpu, drawn: at, complete: runs.length === RUNS });
    }
  }
  console.log(
    'targets: every longest task <= 50 ms; essay page <= 300 KB gzipped; widgets drawn and comparison filled < 1 s; the essay ready within 300 ms on a second visit',
  );
  for (const s of summary) {
    const partly = s.complete ? '' : ' (from the scenarios measured; see "not measured" above)';
    if (s.page === 'second visit') {
      const met = s.second <= TARGET_SECOND_VISIT_MS ? 'met' : 'MISSED';
      console.log(
        `  essay's second visit ${s.size}: ready ${ms(Number.isFinite(s.second) ? s.second : null)}: ${met}${partly}`,
      );
      continue;
    }
    const parts = [
      `longest task ${both(s.longest, s.cpu)}: ${s.longest <= TARGET_TASK_MS ? 'met' : s.cpu <= TARGET_TASK_MS ? 'met in CPU, not in wall time' : 'MISSED'}`,
      `ready ${ms(Number.isFinite(s.drawn) ? s.drawn : null)}: ${s.drawn < 1000 ? 'met' : 'MISSED'}`,
    ];
    if (s.page === 'index' && s.gz !== null)
      parts.push(`${(s.gz / 1024).toFixed(1)} KB gzipped: ${s.gz <= 300 * 1024 ? 'met' : 'MISSED'}`);
    console.log(`  ${s.page} ${s.size}: ${parts.join('; ')}${partly}`);
  }
  if (notMeasured.length > 0) {
    console.log(`!! ${notMeasured.length} scenario(s) not measured:`);
    for (const what of notMeasured) console.log(`!!   ${what}`);
    process.exitCode = 1;
  }
} finally {
  const last = browser;
  browser = null; // closed here, not gone away
  await last?.close();
  await server.close();
}
