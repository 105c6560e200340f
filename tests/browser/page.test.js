// The built page in Chromium: it loads cleanly, every widget renders, the figures it shows are
// the native `normlab` figures, and the interactions work. Screenshots at 1280 and 375 px wide
// are written to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bringIntoView, paintingState, screenshotFile, useSite } from './site.js';
import { ESSAY_WIDGETS } from '../../web/src/widgets/registry.js';
import { ARRANGEMENT_NAMES as NAMES } from '../../web/src/widget/arrangements.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const native = (...args) =>
  JSON.parse(execFileSync(`${root}build/native/normlab`, args, { encoding: 'utf8', maxBuffer: 1 << 28 }));
const WIDGETS = ESSAY_WIDGETS;

let browser, server, page;
const problems = [];

/** A displayed number back as a number ("−0.9259" → -0.9259, "6.5e−5" → 6.5e-5). */
const num = (text) =>
  Number(
    String(text)
      .trim()
      .replace(/−/g, '-')
      .replace(/^step /, ''),
  );
/** The displayed figure agrees with the native one to the places it shows. */
function shows(displayed, value, what) {
  const text = String(displayed).trim().replace(/−/g, '-');
  const places = /e/.test(text) ? null : (text.split('.')[1] ?? '').length;
  const tolerance = places === null ? Math.abs(value) * 0.051 : 0.5 * 10 ** -places + 1e-12;
  assert.ok(Math.abs(num(displayed) - value) <= tolerance, `${what}: shows ${displayed}, the core says ${value}`);
}

const inWidget = (tag, selector) => page.locator(`${tag} >> ${selector}`);
const text = async (tag, selector) => (await inWidget(tag, selector).first().textContent()).trim();

/** Scrolls every widget into view so each starts, and waits until none is still loading. */
async function startAll() {
  for (const tag of WIDGETS) {
    // Brought into view again at each poll until it has started: a section laid out late around
    // it (content-visibility: auto) can move it away from where the first scroll put it. Polled
    // on a timer, not on frames: once in CI the page made no frames for 30 s here (the widget
    // still loading), and a page stuck so is brought to the front once, as in site.js.
    const loaded = (timeout) =>
      page.waitForFunction(
        (t) => {
          const el = document.querySelector(t);
          if (el?.shadowRoot && !el.shadowRoot.querySelector('.loading')) return true;
          el?.scrollIntoView({ block: 'center' });
          return false;
        },
        tag,
        { timeout, polling: 100 },
      );
    await loaded(10000).catch(async () => {
      await page.bringToFront();
      await loaded(50000).catch(async (e) => {
        throw new Error(`${tag} still loading after 60 s: ${e.message}; the page: ${await paintingState(page)}`);
      });
    });
  }
  await page.waitForFunction(
    () =>
      document.querySelector('nl-comparison')?.shadowRoot?.querySelector('[data-status]')?.textContent.includes('done'),
    null,
    { timeout: 60000 },
  );
}

useSite({
  serviceWorkers: 'allow',
  then: async (site) => {
    ({ browser, server } = site);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e}`));
    page.on('requestfailed', (r) => problems.push(`failed request: ${r.url()}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(`${server.url}/index.html`);
    await startAll();
  },
});

test('the page loads with no console errors or failed requests, and every widget renders', async () => {
  for (const tag of WIDGETS) {
    const hasContent = await page.evaluate(
      (t) => document.querySelector(t).shadowRoot.querySelector('.widget').children.length > 0,
      tag,
    );
    assert.ok(hasContent, `${tag} rendered nothing`);
    assert.equal(
      await page.evaluate(
        (t) => document.querySelector(t).shadowRoot.querySelectorAll('.widget > .error:not([hidden])').length,
        tag,
      ),
      0,
      `${tag} shows an error`,
    );
  }
  const katex = await page.locator('.katex').count();
  assert.ok(katex >= 8, `only ${katex} formulas were typeset`);
  assert.deepEqual(problems, []);
});

test('every chart holds real data: finite points, and as many as the series it draws', async () => {
  const charts = await page.evaluate(
    (tags) =>
      tags.flatMap((t) =>
        [...document.querySelector(t).charts].map((c) => ({
          widget: t,
          datasets: c.data.datasets.map((d) => ({
            label: d.label,
            points: d.data.length,
            finite: d.data.every((p) => Number.isFinite(p.y) && Number.isFinite(p.x)),
          })),
        })),
      ),
    WIDGETS,
  );
  const byWidget = {};
  for (const c of charts) (byWidget[c.widget] ??= []).push(c);
  for (const tag of ['nl-covariate-shift', 'nl-running-average', 'nl-comparison', 'nl-loss-curves', 'nl-two-ways']) {
    assert.ok(byWidget[tag]?.length, `${tag} has no chart`);
  }
  for (const c of charts) {
    for (const d of c.datasets) {
      assert.ok(d.points > 0 && d.finite, `${c.widget} / ${d.label}: ${d.points} points, finite: ${d.finite}`);
    }
  }
  const lossLines = byWidget['nl-loss-curves'][0].datasets.filter((d) => !d.label.includes('crosses'));
  assert.deepEqual(
    lossLines.map((d) => d.points),
    [400, 400, 400, 400, 400],
  );
  await page.waitForFunction(() => document.querySelector('nl-covariate-shift').chart.data.datasets.length === 16);
});

test('E16: running-average readouts equal the native figures', async () => {
  const f = native('figures');
  const gaps = f.whole_number_four.widest_gap;
  for (const k of [1, 10, 44, 100])
    shows(await text('nl-running-average', `[data-out="at-${k}"]`), gaps[k - 1], `gap after ${k}`);
  for (const h of ['0.01', '0.001'])
    assert.equal(
      num(await text('nl-running-average', `[data-out="first-under-${h}"]`)),
      f.whole_number_four[`first_under_${h}`],
    );
});

test('E23: the gradient-check table equals the native figures', async () => {
  const v = native('figures').views['batch-four'];
  const cells = await inWidget('nl-gradient-check', '[data-block="dx"] td').allTextContents();
  assert.equal(cells.length, 8);
  cells.forEach((c, k) => shows(c, v.dx[k], `passed down ${k}`));
  const naive = await inWidget('nl-gradient-check', '[data-block="naive"] td').allTextContents();
  naive.forEach((c, k) => shows(c, v.naive[k], `naive ${k}`));
  shows(await text('nl-gradient-check', '[data-out="naiveGap"]'), v.naiveGap, 'naive gap');
  shows(await text('nl-gradient-check', '[data-out="largest"]'), v.largestTrueSlope, 'largest true slope');
});

test('E47, E50: the comparison table and the loss-curve crossings equal the native figures', async () => {
  const summary = native('comparison', '--json').summary;
  for (const s of summary) {
    const row = (table) => `table[data-table="${table}"] tr[data-arrangement="${s.arrangement}"] td`;
    const cells = await inWidget('nl-comparison', row('means')).allTextContents();
    shows(cells[0], s.trainAccuracy, `${s.arrangement} train`);
    shows(cells[1], s.heldoutAccuracy, `${s.arrangement} held out`);
    shows(cells[2], s.finalLoss, `${s.arrangement} loss`);
    const lossAbove = cells[3];
    // Over the seeds: least – largest, the 10–90 % band, and seed by seed against the plain network.
    const [range, band, below, above] = await inWidget('nl-comparison', row('seeds')).allTextContents();
    const [least, largest] = range.split(' – ');
    shows(least, s.heldout.min, `${s.arrangement} least`);
    shows(largest, s.heldout.max, `${s.arrangement} largest`);
    const [low, high] = band.split(' – ');
    shows(low, s.heldout.low, `${s.arrangement} 10 %`);
    shows(high, s.heldout.high, `${s.arrangement} 90 %`);
    const seeds = (t) => (t ? `${t.holds} of ${t.count}` : '–');
    assert.equal(below, seeds(s.belowPlain), `${s.arrangement} below plain`);
    assert.equal(above, seeds(s.abovePlain), `${s.arrangement} above plain`);
    assert.equal(lossAbove, seeds(s.lossAbovePlain), `${s.arrangement} loss above plain`);
  }
  // Behind "Show the numbers", each seed's final loss (the native figures), which the loss-above
  // column counts: a reader comparing each row with the plain network's finds its tally.
  await inWidget('nl-comparison', 'details.numbers summary').click();
  const losses = inWidget('nl-comparison', 'details.numbers table').nth(1);
  await losses.waitFor();
  const byRow = await losses
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  assert.equal(byRow.length, summary.length);
  summary.forEach((s, k) => {
    s.finalLossBySeed.forEach((v, seed) => shows(byRow[k][seed], v, `${s.arrangement} loss at seed ${seed + 1}`));
    if (s.lossAbovePlain) {
      const higher = byRow[k].filter((cell, seed) => num(cell) > num(byRow[0][seed])).length;
      assert.equal(higher, s.lossAbovePlain.holds, `${s.arrangement}: seeds shown above plain`);
    }
  });
  // The finding states each tally in the core's words, as the native command gives them.
  const finding = await text('nl-comparison', '#comparison-finding');
  for (const s of summary.filter((a) => a.belowPlain))
    assert.ok(
      finding.includes(`${NAMES[s.arrangement]} below it in ${s.belowPlain.text}`),
      `${s.arrangement}: ${s.belowPlain.text}`,
    );
  const curves = native('curves', '--json');
  const rows = await inWidget('nl-loss-curves', 'tbody tr').all();
  assert.equal(rows.length, curves.runs.length);
  for (let k = 0; k < rows.length; k++) {
    const cells = await rows[k].locator('td').allTextContents();
    assert.equal(num(cells[0]), curves.runs[k].firstEpochUnder);
    shows(cells[1], curves.runs[k].finalLoss, 'final loss');
  }
  const shift = native('shift', '--json');
  shows(await text('nl-covariate-shift', '[data-out="shift"]'), shift.plain.largestShift, 'largest shift');
  shows(await text('nl-covariate-shift', '[data-out="move"]'), shift.plain.largestEpochMove, 'largest move');
});

test('E12, E13, E20: playground: axes, undo exactly, rows down to two and one, a bad value, step, predict', async () => {
  const pg = 'nl-playground';
  const cell = (i, j) => inWidget(pg, `input[data-i="${i}"][data-j="${j}"]`);
  const answer = async () => (await inWidget(pg, '.answer tbody td').allTextContents()).map(num);

  // Layer: the bands turn to rows and (1, 7) answers -0.9999994, 0.9999994.
  await inWidget(pg, 'button[data-kind="layer"]').click();
  let a = await answer();
  shows(String(a[0]), -0.9999994, 'layer (1, 7)');
  assert.equal(await inWidget(pg, 'tbody tr[data-row="0"] td.band').count(), 2);
  await inWidget(pg, 'button[data-kind="batch"]').click();
  assert.ok((await inWidget(pg, 'td.band[data-j="0"]').count()) > 0);

  // Undo exactly: the answer is the raw block, largest gap below 1e-14.
  await inWidget(pg, 'button[data-undo]').click();
  assert.ok(num(await text(pg, '[data-out="gap"]')) < 1e-14);

  // Reset scale and shift, then remove rows down to two: the first row answers 0 and -1.
  await page.reload();
  await page.locator(pg).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'));
  await inWidget(pg, 'button[data-remove-row="3"]').click();
  await inWidget(pg, 'button[data-remove-row="2"]').click();
  a = await answer();
  assert.ok(
    Math.abs(a[0]) < 5e-5 && Math.abs(a[1] + 1) < 5e-5,
    `two rows: the first answers ${a[0]}, ${a[1]}, not 0.0000 and -1.0000`,
  );
  await inWidget(pg, 'button[data-remove-row="1"]').click();
  a = await answer();
  assert.deepEqual(a.slice(0, 2), [0, 0]);
  assert.ok(await inWidget(pg, 'button[data-remove-row="0"]').isDisabled());

  // A bad value: the core's typed error appears inline; correcting it recovers.
  await inWidget(pg, 'button[data-add-row]').click();
  await cell(1, 1).fill('seven');
  assert.equal(await text(pg, '.error'), "row 2, feature 2: not a number: 'seven'");
  assert.equal(await inWidget(pg, '.error').getAttribute('data-error-name'), 'NonFiniteError');
  await cell(1, 1).fill('');
  assert.equal(await text(pg, '.error'), 'row 2, feature 2: empty; type a number');
  assert.equal(await inWidget(pg, '.error').getAttribute('data-error-name'), 'NonFiniteError');
  await cell(1, 1).fill('Infinity');
  assert.match(await text(pg, '.error'), /Infinity/);
  await cell(1, 1).fill('9');
  assert.ok(await inWidget(pg, '.error').isHidden());

  // Step: the running figures fold a tenth of the way in; Predict uses them.
  await inWidget(pg, 'button[data-step]').click();
  shows((await text(pg, '[data-out="rmean"]')).split(',')[1], 0.8, 'running mean after one step');
  await inWidget(pg, 'button[data-purpose="predict"]').click();
  assert.equal(await inWidget(pg, 'button[data-purpose="predict"]').getAttribute('aria-pressed'), 'true');
  a = await answer();
  shows(String(a[1]), (7 - 0.8) / Math.sqrt(0.9 * 1 + 0.1 * 1 + 1e-5), 'predicting through the running figures');
});

test('loss curves: an arrangement can be hidden and shown again from its button', async () => {
  await bringIntoView(page, 'nl-loss-curves');
  await page.waitForFunction(() => document.querySelector('nl-loss-curves').chart, null, { timeout: 30000 });
  const visible = () =>
    page.evaluate(() => {
      const c = document.querySelector('nl-loss-curves').chart;
      return c.data.datasets.filter((d, k) => c.isDatasetVisible(k) && !d.label.includes('crosses')).length;
    });
  assert.equal(await visible(), 5);
  await inWidget('nl-loss-curves', 'button[data-show="batch"]').click();
  assert.equal(await visible(), 4);
  assert.equal(await inWidget('nl-loss-curves', 'button[data-show="batch"]').getAttribute('aria-pressed'), 'false');
  await inWidget('nl-loss-curves', 'button[data-show="batch"]').click();
  assert.equal(await visible(), 5);
});

test('the comparison can be cancelled and restarted', async () => {
  const c = 'nl-comparison';
  const status = () => inWidget(c, '[data-status]').textContent();
  // Waits until the status line matches; on a deadline, says what the line said instead.
  const statusReaches = async (pattern, timeout = 60000) => {
    await page
      .waitForFunction(
        (source) =>
          new RegExp(source).test(
            document.querySelector('nl-comparison')?.shadowRoot?.querySelector('[data-status]')?.textContent ?? '',
          ),
        pattern.source,
        { timeout },
      )
      .catch(async () => assert.fail(`the status never matched ${pattern}: it says "${await status()}"`));
  };
  // The run is over when Run is enabled again: the status says "done" before the dots are drawn.
  const runEnabled = () =>
    page.waitForFunction(
      () => document.querySelector('nl-comparison')?.shadowRoot?.querySelector('button[data-run]')?.disabled === false,
      null,
      { timeout: 60000 },
    );
  await page.locator(c).scrollIntoViewIfNeeded();
  await statusReaches(/done/);
  await runEnabled();
  // Train again and Cancel in one task: the 125 trainings may otherwise finish before a second click.
  await page.evaluate(() => {
    const root = document.querySelector('nl-comparison').shadowRoot;
    root.querySelector('button[data-run]').click();
    root.querySelector('button[data-cancel]').click();
  });
  await statusReaches(/Cancelled after \d+ of 125/);
  await inWidget(c, 'button[data-run]').click();
  await statusReaches(/done/);
  await runEnabled();
  assert.equal(await inWidget(c, 'table[data-table="means"] tbody tr').count(), 5);
  assert.equal(await inWidget(c, 'table[data-table="seeds"] tbody tr').count(), 5);
});

test('screenshots at 1280 and 375 px wide, with no sideways scrolling at 375', async () => {
  await page.screenshot({ path: screenshotFile('page-1280.png'), fullPage: true });
  // The wide page's workers stop with it: the narrow page has the machine to itself.
  await page.close();
  const narrow = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
  await narrow.goto(`${server.url}/index.html`);
  const saved = page;
  page = narrow;
  await startAll();
  page = saved;
  await narrow.screenshot({ path: screenshotFile('page-375.png'), fullPage: true });
  const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `the page is ${width} px wide at 375`);
  await narrow.close();
});
