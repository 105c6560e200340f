// Every chapter in the other engines: Firefox ESR and WebKitGTK (Safari's engine family) each
// load the three chapters and a cross-origin embed with no problem reported, every widget draws,
// and every canvas a widget drew is painted on screen: the pixels of a screenshot of the window,
// inside the canvas's rectangle, show the drawing (the canvas's own pixels are not enough: WebKit
// can hold them without painting them). One interaction per page gives the known figure: the
// playground's answer for layer norm, 0.878 after twenty Steps down the stretched bowl, and the
// MNIST lab's held-out accuracies after one epoch, the same in every engine.
// A smoke test per engine; Chromium's is the whole browser suite (tests/browser: every widget
// drawn with no problem, screenshots, the native figures), which this smoke test repeated in 88 s.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { fileURLToPath } from 'node:url';
import { createJobRunner } from '../../web/src/work/job-runner.js';
import { createMnistJobs } from '../../web/src/work/mnist-jobs.js';
import { loadNormlab } from '../../web/src/normlab.js';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { siteFolder } from '../browser/site.js';
import { missingEngine, openEngine } from './engines.js';
import { PAGE_WATCH } from './page-watch.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const WIDTH = 1280;
const HEIGHT = 900;
let site, widgets, host;
const mnistAccuracies = new Map(); // engine -> {arrangement: accuracy text}
const ARRANGEMENTS = ['plain', 'batch', 'layer', 'group'];

/**
 * The held-out accuracy of each arrangement after one epoch at the lab's settings, from the lab's
 * own training job run by the core under Node: the reference every engine must equal.
 */
async function mnistReference(settings) {
  const core = await loadNormlab({ module: 'mnist' });
  core.mnistLoadDigits(readFileSync(fileURLToPath(new URL('../../web/generated/mnist-digits.bin', import.meta.url))));
  const details = [];
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const runner = createJobRunner({
    jobs: createMnistJobs(),
    core: Promise.resolve(core),
    post: (reply) => {
      if (reply.detail) details.push(reply.detail);
      if (reply.type !== 'progress') finish(reply);
    },
  });
  const { learningRate, batchSize, seed } = settings;
  runner.receive({
    type: 'run',
    id: 'r',
    job: 'train',
    input: { learningRate, batchSize, seed, arrangements: ARRANGEMENTS, epochs: 1 },
  });
  const reply = await finished;
  assert.equal(reply.type, 'done', `the reference training: ${JSON.stringify(reply)}`);
  return Object.fromEntries(
    ARRANGEMENTS.map((a) => [a, details.find((d) => d.arrangement === a && d.epoch)?.heldOut.accuracy]),
  );
}

before(async () => {
  site = await serveStatic(siteFolder(), { inject: PAGE_WATCH });
  // The embed: the built site on a second origin (as a CDN serves it) and a post on the first.
  const cdn = scratchFolder('normlab-cdn-');
  cpSync(siteFolder(), cdn, { recursive: true });
  widgets = await serveStatic(cdn, { csp: null });
  const post = scratchFolder('normlab-post-');
  writeFileSync(
    path.join(post, 'post.html'),
    `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title></head>
    <body><h1>A post with two widgets</h1><p>Some words first.</p>
    <script type="module" src="${widgets.url}/normlab-widgets.js"></script>
    <nl-running-average></nl-running-average><nl-bowl></nl-bowl><p>Some words after.</p></body></html>`,
  );
  host = await serveStatic(post, {
    inject: PAGE_WATCH,
    csp: `script-src 'self' ${widgets.url} 'wasm-unsafe-eval'; worker-src ${widgets.url} blob:`,
  });
});

after(async () => {
  await Promise.all([site?.close(), widgets?.close(), host?.close()]);
});

/** Polls a page expression until it is truthy; resolves to its value. */
async function until(tab, expression, what, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await tab.run(expression);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// In the page: the widgets (elements named nl-…) and every canvas inside their shadow roots.
const WIDGETS = `[...document.querySelectorAll('*')].filter((e) => /^nl-[a-z-]+$/.test(e.localName))`;
const ALL_DEFINED = `${WIDGETS}.every((e) => customElements.get(e.localName))`;
const CANVASES_OF = (k) => `(() => {
  const out = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) { if (el.localName === 'canvas') out.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
  const el = ${WIDGETS}[${k}];
  if (el.shadowRoot) walk(el.shadowRoot);
  return (window.__canvases = out).length;
})()`;
// Two animation frames after a scroll: the engine has laid out and painted the new window since.
const SETTLED = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`;
const CANVAS_FACTS = (k) => `(() => {
  const c = window.__canvases[${k}];
  const r = c.getBoundingClientRect();
  let ink = -1;
  const context = c.getContext('2d');
  if (context && c.width && c.height) {
    const d = context.getImageData(0, 0, c.width, c.height).data;
    ink = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) ink++;
  }
  return { x: r.x, y: r.y, width: r.width, height: r.height, ink, innerWidth, innerHeight, label: c.getAttribute('aria-label') };
})()`;

/** Distinct colours a screenshot shows inside a rectangle (CSS pixels, clipped to the window). */
function coloursIn(png, rect) {
  const scale = png.width / rect.innerWidth;
  const x0 = Math.max(0, Math.floor(rect.x * scale));
  const y0 = Math.max(0, Math.floor(rect.y * scale));
  const x1 = Math.min(png.width, Math.floor((rect.x + rect.width) * scale));
  const y1 = Math.min(png.height, Math.floor((rect.y + rect.height) * scale));
  const colours = new Set();
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const k = (y * png.width + x) * 4;
      colours.add((png.data[k] << 16) | (png.data[k + 1] << 8) | png.data[k + 2]);
    }
  return colours.size;
}

/**
 * Reads a page as a reader would, top to bottom: each widget is brought into view and must draw
 * without an error; each canvas it drew is then brought into view and must be on screen.
 * Returns the number of canvases checked.
 */
async function everyWidgetDrawsAndPaints(tab, page) {
  const count = await tab.run(`${WIDGETS}.length`);
  assert.ok(count > 0, `${page}: no widgets`);
  await until(tab, ALL_DEFINED, `${page}: every widget defined`);
  let checked = 0;
  const blank = [];
  for (let k = 0; k < count; k++) {
    const tag = await tab.run(`${WIDGETS}[${k}].scrollIntoView({ block: 'start' }) ?? ${WIDGETS}[${k}].localName`);
    // A widget training in its workers as it starts takes over 30 s on a loaded 2-core machine.
    await until(tab, `${WIDGETS}[${k}].drawn === true`, `${page}: ${tag} to draw`, 120_000);
    await tab.run(SETTLED);
    const error = await tab.run(
      `${WIDGETS}[${k}].shadowRoot.querySelector('[part="body"] > .error[role="alert"]:not([hidden])')?.textContent ?? null`,
    );
    assert.equal(error, null, `${page}: ${tag} shows an error`);
    const canvases = await tab.run(CANVASES_OF(k));
    for (let c = 0; c < canvases; c++) {
      await tab.run(`window.__canvases[${c}].scrollIntoView({ block: 'center' }) ?? true`);
      await tab.run(SETTLED);
      // A chart drawn from a worker's results may still be empty; it gets ten seconds. A canvas with
      // no box (in a view the widget is not showing, as the loss curves' small multiples) has
      // nothing to paint: waiting for its ink took 50 s of the essay in Firefox.
      let facts = await tab.run(CANVAS_FACTS(c));
      if (facts.width < 8 || facts.height < 8) continue;
      for (const end = Date.now() + 10_000; facts.ink === 0 && Date.now() < end;) {
        await tab.run(SETTLED);
        facts = await tab.run(CANVAS_FACTS(c));
      }
      if (facts.ink === 0 || facts.width < 8 || facts.height < 8) continue; // nothing drawn to paint
      // What is drawn reaches the screen in a later frame: screenshots are taken until it shows,
      // for at most ten seconds.
      let colours = 0;
      for (const end = Date.now() + 10_000; colours < 4 && Date.now() < end;) {
        colours = coloursIn(PNG.sync.read(await tab.screenshot()), facts);
        if (colours < 4) await tab.run(SETTLED);
      }
      checked++;
      if (colours < 4) blank.push(`${tag} canvas ${c} (${facts.label}): ${colours} colour(s) on screen`);
    }
  }
  assert.deepEqual(blank, [], `${page}: canvases drawn but not on screen`);
  return checked;
}

async function noProblems(tab, page) {
  assert.deepEqual(await tab.run('window.__problems'), [], `${page}: problems reported`);
}

const inWidget = (tag, selector) => `document.querySelector('${tag}').shadowRoot.querySelector('${selector}')`;

async function essay(tab) {
  await tab.go(`${site.url}/index.html`);
  const canvases = await everyWidgetDrawsAndPaints(tab, 'essay');
  // The playground's block under layer norm: the first row's answer for (1, 7).
  await tab.run(`${inWidget('nl-playground', 'button[data-kind="layer"]')}.click() ?? true`);
  const answer = await until(
    tab,
    `[...${inWidget('nl-playground', '.answer tbody')}?.querySelectorAll('td') ?? []].map((td) => td.textContent.trim()).join(' ')`,
    'the playground to answer',
  );
  assert.match(answer, /^[−-]0\.9999994 0\.9999994\b/, `playground under layer norm answers ${answer}`);
  await noProblems(tab, 'essay');
  return canvases;
}

async function tutorial(tab) {
  await tab.go(`${site.url}/tutorial.html`);
  const canvases = await everyWidgetDrawsAndPaints(tab, 'tutorial');
  await tab.run(
    `(() => { const step = ${inWidget('nl-bowl', '[data-bowl="stretched"] [data-step]')}; for (let k = 0; k < 20; k++) step.click(); return true; })()`,
  );
  const loss = await until(tab, `${inWidget('nl-bowl', '[data-out="stretched-loss"]')}.textContent.trim()`, 'the bowl');
  assert.equal(loss, '0.878', 'the stretched bowl after twenty Steps');
  await noProblems(tab, 'tutorial');
  return canvases;
}

async function mnist(tab, engine) {
  await tab.go(`${site.url}/mnist.html`);
  const canvases = await everyWidgetDrawsAndPaints(tab, 'MNIST');
  // One epoch at the lab's default settings.
  await tab.run(`${WIDGETS}.find((e) => e.localName === 'nl-mnist-lab').scrollIntoView() ?? true`);
  await tab.run(
    `(() => { const f = ${inWidget('nl-mnist-lab', '[data-setting="epochs"]')}; f.value = '1'; f.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`,
  );
  await tab.run(`${inWidget('nl-mnist-lab', '[data-act="train"]')}.click() ?? true`);
  await until(
    tab,
    `document.querySelector('nl-mnist-lab').shadowRoot.textContent.includes('Trained 1 epoch')`,
    'one epoch',
    90_000,
  );
  const settings = await tab.run(`({ ...document.querySelector('nl-mnist-lab').settings })`);
  const accuracies = await tab.run(`(() => {
    const root = document.querySelector('nl-mnist-lab').shadowRoot;
    const cell = (a) => root.querySelector('[data-row="' + a + '"] [data-cell="accuracy"]').textContent.trim();
    return Object.fromEntries(${JSON.stringify(ARRANGEMENTS)}.map((a) => [a, cell(a)]));
  })()`);
  mnistAccuracies.set(engine, accuracies);
  const reference = await mnistReference(settings);
  for (const a of ARRANGEMENTS)
    assert.equal(
      Number(accuracies[a]),
      Number(reference[a].toFixed(4)),
      `${engine}, ${a}: held-out accuracy after one epoch`,
    );
  await noProblems(tab, 'MNIST');
  return canvases;
}

async function embed(tab) {
  await tab.go(`${host.url}/post.html`);
  const canvases = await everyWidgetDrawsAndPaints(tab, 'embed');
  await noProblems(tab, 'embed');
  return canvases;
}

for (const engine of ['firefox', 'webkit']) {
  const missing = missingEngine(engine);
  test(`${engine}: the chapters and an embed draw, paint and compute`, { skip: missing ?? false }, async (t) => {
    const tab = await openEngine(engine, { width: WIDTH, height: HEIGHT });
    try {
      const started = Date.now();
      const painted = {
        essay: await essay(tab),
        tutorial: await tutorial(tab),
        mnist: await mnist(tab, engine),
        embed: await embed(tab),
      };
      t.diagnostic(`${engine}: canvases painted on screen ${JSON.stringify(painted)} in ${Date.now() - started} ms`);
      t.diagnostic(`${engine}: MNIST accuracies after one epoch ${JSON.stringify(mnistAccuracies.get(engine))}`);
    } finally {
      await tab.close();
    }
  });
}
