// Widgets restarted by attribute changes, and the training worker spoken to directly, in Chromium.
// Two quick attribute changes start a widget twice; only the last start may draw, so one click
// acts once and every chart is drawn on the canvas the reader sees. The built worker answers
// malformed requests with an error reply, looks jobs up by its own names only, and stops when a
// run is cancelled. A page with every widget computes the whole-crowd runs once, and fetches and
// compiles the wasm once for the page and its workers.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { siteFolder, useSite, watchForProblems } from './site.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let browser, server, page, problems;

/**
 * Counts the workers a page makes, the jobs it asks them for and the compiled modules it hands
 * them (window.workerLog).
 */
function countWorkers() {
  window.workerLog = { workers: 0, jobs: [], modules: 0 };
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.workerLog.workers += 1;
    }
    postMessage(message, ...rest) {
      if (message?.type === 'run') window.workerLog.jobs.push(message.job);
      if (message?.module instanceof WebAssembly.Module) window.workerLog.modules += 1;
      return super.postMessage(message, ...rest);
    }
  };
}

useSite({
  serviceWorkers: 'allow',
  pages: {
    'host.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module" src="normlab-widgets.js"></script>
    <nl-playground></nl-playground>
    <nl-running-average></nl-running-average>
    <nl-covariate-shift></nl-covariate-shift>`,
  },
  then: async (site) => {
    ({ browser, server } = site);
    page = await browser.newPage({ viewport: { width: 1280, height: 4000 } });
    problems = watchForProblems(page);
    await page.goto(`${server.url}/host.html`);
  },
});

const inWidget = (tag, selector) => page.locator(`${tag} >> ${selector}`);

/** Waits until a widget shows its content (not its loading line) and `selector` inside it. */
function drawn(tag, selector) {
  return page.waitForFunction(
    ([t, s]) => {
      const r = document.querySelector(t)?.shadowRoot;
      return r && !r.querySelector('.loading') && r.querySelector(s);
    },
    [tag, selector],
    { timeout: 30000 },
  );
}

/**
 * Waits until the widget's latest start has drawn (the start of a change made just before sets
 * drawn back to false at once, and a start that a later one replaced never sets it).
 */
function latestDrawn(tag) {
  return page.waitForFunction((t) => document.querySelector(t).drawn === true, tag, { timeout: 30000 });
}

/** Two attribute changes in one task: the second arrives while the first start is pending. */
function twoQuickChanges(tag, name, first, second) {
  return page.evaluate(
    ([t, n, a, b]) => {
      const el = document.querySelector(t);
      el.setAttribute(n, a);
      el.setAttribute(n, b);
    },
    [tag, name, first, second],
  );
}

test('playground: after two quick attribute changes, one Add-a-row click adds one row and one Step steps once', async () => {
  const pg = 'nl-playground';
  await drawn(pg, '.answer td');
  await twoQuickChanges(pg, 'kind', 'layer', 'batch');
  await latestDrawn(pg); // and the first start, ahead of it, has ended
  await drawn(pg, '.answer td');
  assert.equal(await inWidget(pg, 'button[data-kind="batch"]').getAttribute('aria-pressed'), 'true');
  assert.equal(await inWidget(pg, 'table.grid tbody tr').count(), 4);
  await inWidget(pg, 'button[data-add-row]').click();
  assert.equal(await inWidget(pg, 'table.grid tbody tr').count(), 5, 'one click added more than one row');
  await inWidget(pg, 'button[data-step]').click();
  assert.equal((await inWidget(pg, '[data-out="steps"]').textContent()).trim(), '1');
  await inWidget(pg, 'button[data-step]').click();
  assert.equal((await inWidget(pg, '[data-out="steps"]').textContent()).trim(), '2');
});

test('playground: moved elsewhere in the page, it starts afresh and one click still adds one row', async () => {
  const pg = 'nl-playground';
  await page.evaluate(() => {
    const el = document.querySelector('nl-playground');
    const box = document.createElement('div');
    document.body.prepend(box);
    box.append(el);
  });
  await latestDrawn(pg);
  await drawn(pg, '.answer td');
  assert.equal(await inWidget(pg, 'table.grid tbody tr').count(), 4);
  await inWidget(pg, 'button[data-add-row]').click();
  assert.equal(await inWidget(pg, 'table.grid tbody tr').count(), 5, 'one click added more than one row');
  assert.equal((await inWidget(pg, '[data-out="steps"]').textContent()).trim(), '0');
});

test('running averages: after two quick attribute changes the chart is drawn on the canvas on the page', async () => {
  const ra = 'nl-running-average';
  await drawn(ra, 'canvas');
  await twoQuickChanges(ra, 'keep', '0.8', '0.7');
  await latestDrawn(ra);
  await drawn(ra, '[data-keep-out]');
  assert.equal((await inWidget(ra, '[data-keep-out]').textContent()).trim(), '0.7');
  const chart = await page.evaluate(() => {
    const el = document.querySelector('nl-running-average');
    const canvas = el.shadowRoot.querySelector('canvas');
    const c = el.chart;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let k = 3; k < pixels.length; k += 4) if (pixels[k] > 0) painted += 1;
    return {
      charts: el.charts.size,
      onThePage: c?.canvas === canvas && canvas.isConnected,
      points: c?.data.datasets[0].data.length,
      painted,
    };
  });
  assert.equal(chart.charts, 1, `${chart.charts} charts alive`);
  assert.ok(chart.onThePage, "the chart draws on a canvas that is not the page's");
  assert.equal(chart.points, 100);
  assert.ok(chart.painted > 500, `only ${chart.painted} pixels painted: the chart is blank`);
});

test('covariate shift: after two quick attribute changes only the last start draws, with its sixteen lines', async () => {
  const cs = 'nl-covariate-shift';
  await drawn(cs, '[data-out="shift"]');
  await twoQuickChanges(cs, 'network', 'batch', 'plain');
  await page.waitForFunction(
    () => {
      const el = document.querySelector('nl-covariate-shift');
      return el.chart?.data.datasets.length === 16 && !el.shadowRoot.querySelector('[data-status]');
    },
    null,
    { timeout: 30000 },
  );
  await latestDrawn(cs);
  const state = await page.evaluate(() => {
    const el = document.querySelector('nl-covariate-shift');
    return {
      charts: el.charts.size,
      onThePage: el.chart.canvas === el.shadowRoot.querySelector('canvas'),
      lines: el.chart.data.datasets.length,
      pressed: el.shadowRoot.querySelector('[aria-pressed="true"][data-net]').dataset.net,
      gap: el.shadowRoot.querySelector('[data-out="gap"]').textContent,
    };
  });
  assert.deepEqual(state, {
    charts: 1,
    onThePage: true,
    lines: 16,
    pressed: 'plain',
    gap: 'no shift (no normaliser)',
  });
  assert.deepEqual(problems, []);
});

test('the built worker answers every malformed request, knows only its own jobs, and stops when cancelled', async () => {
  const assets = path.resolve(root, siteFolder(), 'assets');
  const worker = readdirSync(assets).find((f) => /^crowd-worker-.*\.js$/.test(f));
  assert.ok(worker, `no worker in ${assets}`);
  const probe = await browser.newPage();
  const probeProblems = watchForProblems(probe);
  await probe.goto(`${server.url}/host.html`);
  const replies = await probe.evaluate(async (url) => {
    const w = new Worker(url, { type: 'module' });
    const got = [];
    const waitFor = (test) =>
      new Promise((resolve, reject) => {
        const deadline = performance.now() + 20000;
        const check = () => {
          if (got.some(test)) resolve();
          else if (performance.now() > deadline) reject(new Error(`no such reply in ${JSON.stringify(got)}`));
          else setTimeout(check, 5);
        };
        check();
      });
    w.onmessage = (e) => got.push(e.data);
    for (const m of [
      null,
      42,
      {},
      { type: 'run' },
      { type: 'bogus', id: 'b' },
      { type: 'run', id: 't', job: 'toString' },
      { type: 'run', id: 'k', job: 'constructor' },
      { type: 'run', id: 'p', job: '__proto__' },
    ])
      w.postMessage(m);
    w.postMessage({ type: 'run', id: 'c', job: 'comparison' });
    await waitFor((r) => r.id === 'c' && r.type === 'progress');
    w.postMessage({ type: 'cancel', id: 'c' });
    await waitFor((r) => r.id === 'c' && r.type !== 'progress');
    w.postMessage({ type: 'run', id: 'after', job: 'wholeCrowd', part: 'twoWays' });
    await waitFor((r) => r.id === 'after');
    w.terminate();
    return got.filter((r) => r.type !== 'progress');
  }, `${server.url}/assets/${worker}`);
  assert.equal(replies[0]?.type, 'ready', 'the worker says it is ready before any reply');
  const errors = replies.filter((r) => r.type === 'error');
  assert.equal(errors.length, 8, JSON.stringify(replies));
  assert.ok(
    errors.every((r) => r.name === 'ProtocolError'),
    JSON.stringify(errors),
  );
  assert.deepEqual(
    errors.map((r) => r.id),
    [null, null, null, null, 'b', 't', 'k', 'p'],
  );
  for (const job of ['toString', 'constructor', '__proto__']) {
    const r = errors.find((e) => e.message.endsWith(`not the string "${job}"`));
    assert.ok(r, `no error naming ${job}`);
    assert.doesNotMatch(r.message, /function|native code|\{/);
  }
  assert.deepEqual(
    replies.filter((r) => r.id === 'c').map((r) => r.type),
    ['cancelled'],
  );
  const done = replies.find((r) => r.id === 'after');
  assert.equal(done.type, 'done');
  assert.equal(done.result.twoWays.byRunning.length, 400);
  assert.deepEqual(probeProblems, []);
  await probe.close();
});

test('a page with every widget computes the whole-crowd runs once, fetches the wasm once and hands it to each worker of one pool', async () => {
  const tall = await browser.newPage({ viewport: { width: 1280, height: 20000 } });
  const tallProblems = watchForProblems(tall);
  const wasmFetches = [];
  // The page's and its workers' requests; the offline worker's own (it keeps every module for a
  // later visit when it installs) are not the page's loading.
  tall.context().on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm') && !r.serviceWorker()) wasmFetches.push(r.url());
  });
  await tall.addInitScript(countWorkers);
  await tall.goto(`${server.url}/index.html`);
  await tall.waitForFunction(
    () =>
      ['nl-loss-curves', 'nl-two-ways', 'nl-covariate-shift'].every((t) => {
        const r = document.querySelector(t)?.shadowRoot;
        return r?.querySelector('canvas') && !r.querySelector('.loading') && !r.querySelector('[data-status]');
      }) &&
      document.querySelector('nl-comparison').shadowRoot.querySelector('[data-status]')?.textContent.includes('done'),
    null,
    { timeout: 60000 },
  );
  const log = await tall.evaluate(() => window.workerLog);
  // The whole-crowd runs once; the comparison in shares spread over the pool, then its summary.
  const count = (job) => log.jobs.filter((j) => j === job).length;
  assert.deepEqual([...new Set(log.jobs)].toSorted(), ['comparison', 'comparisonSummary', 'wholeCrowd']);
  assert.equal(count('wholeCrowd'), 1);
  assert.equal(count('comparisonSummary'), 1);
  const cores = await tall.evaluate(() => navigator.hardwareConcurrency);
  assert.ok(
    log.workers >= 1 && log.workers <= Math.min(cores, 4),
    `${log.workers} workers on ${cores} cores: the pool starts at most one a core, and four`,
  );
  assert.equal(log.modules, log.workers, 'a worker was not handed the compiled module');
  assert.equal(wasmFetches.length, 1, `the wasm was fetched ${wasmFetches.length} times`);
  assert.deepEqual(tallProblems, []);
  await tall.close();
});
