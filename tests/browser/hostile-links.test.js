// Hostile links against every widget of the three chapters, all widgets of a page named
// in one hash: many unknown parts, huge blocks and values, a crowd at the link's bound, deep
// encodings, repeated keys, markup, right-to-left overrides and extreme numbers. After arrival no
// widget is left broken (each shows its body and at most a few notices, none of them longer than a
// line's bound or holding a bidirectional control, and Reset brings back its defaults), no
// main-thread task took much longer than the page's own (200 ms is the aim; see the guard), and
// no training started that the reader did not ask for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESSAY_WIDGETS, MNIST_WIDGETS, TUTORIAL_WIDGETS } from '../../web/src/widgets/registry.js';
import { BLOCK_COLUMNS, BLOCK_ROWS, LINE_CHARS, NOTICES_SHOWN } from '../../web/src/host/limits.js';
import {
  arriveScrolledThrough,
  openScrolledThrough,
  recordLongestTask,
  untilSettled,
  useSiteAndBrowser,
  watchForProblems,
} from './site.js';

const site = useSiteAndBrowser();
const PAGES = { 'index.html': ESSAY_WIDGETS, 'tutorial.html': TUTORIAL_WIDGETS, 'mnist.html': MNIST_WIDGETS };
const LONGEST_TASK = 200; // ms, aimed at (see the guard below)
const OWN_TIMES = 8; // a case's longest task is guarded at this many times the page's own
// A case still running after this long fails by name, with the log so far (the slowest here took
// 109 s, beside a clean-clone run): once in CI this file never ended, and the run's own bound
// would have named only the file.
const CASE_MS = 300000;

const crowdOf = (people) => Array.from({ length: people }, (_, k) => `1,1,${k % 2}%0A`).join('');
const atBoundsBlock = Array.from({ length: BLOCK_ROWS }, (_, i) =>
  Array.from({ length: BLOCK_COLUMNS }, (_, j) => String((i * 7 + j * 3) % 10)).join(','),
).join(';');
const square300 = Array.from({ length: 300 }, () => Array(300).fill('1.5').join(',')).join(';');
const MARKUP = encodeURIComponent('<img src=x onerror="window.pwned=1">');
// A right-to-left override and the other bidirectional controls, and a long text around them.
const BIDI_TEXT = encodeURIComponent(`gnp\u202Eexe.\u2066\u2067\u2068\u200F\u061C${'w'.repeat(1500)}`);
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** One option's value in a case, by its type (o: the option's table entry). */
const CASES = {
  'no link (the page on its own)': { whole: () => '', baseline: true },
  'many unknown parts': { whole: (k) => '~a'.repeat(k === 0 ? 130000 : 20000) },
  'huge values': {
    value: (o) => (o.type === 'block' ? square300 : o.name === 'crowd' ? crowdOf(2000) : 'x'.repeat(10000)),
  },
  'values beyond their bounds': {
    value: (o) => {
      if (o.type === 'block')
        return Array(BLOCK_ROWS * 3)
          .fill('1,2')
          .join(';');
      if (o.name === 'crowd') return crowdOf(400);
      if (o.type === 'number' || o.type === 'integer') return '1e308';
      if (o.type === 'list') return Array(1500).fill('1').join(',');
      return 'y'.repeat(600);
    },
  },
  'values at their bounds': {
    value: (o) => {
      if (o.type === 'block') return atBoundsBlock;
      if (o.name === 'crowd') return crowdOf(340);
      if (o.max !== undefined) return String(o.max);
      return undefined;
    },
  },
  'deep encodings': { value: () => `${'%25'.repeat(2000)}41` },
  'repeated keys': {
    parts: (o) =>
      Array.from({ length: 12 }, (_, k) => `${o.name}:${k % 2 ? 'junk' : encodeURIComponent(String(o.default))}`),
  },
  payloads: {
    value: (o) => {
      if (o.type === 'block') return '1e308,1e308;-1e308,-1e308';
      if (o.type === 'number' || o.type === 'integer') return '-1e308';
      return MARKUP;
    },
    extra: ['__proto__:1', 'constructor:x', 'toString:y', encodeURIComponent('=HYPERLINK("http://x","y")')],
  },
  'right-to-left overrides in long text': {
    value: (o) => (o.type === 'boolean' ? undefined : BIDI_TEXT),
    extra: [`${BIDI_TEXT}:1`],
  },
};

/** Each widget's options table as the page defines it: {tag: [{name, type, default, max, ...}]}. */
async function optionTables(page, url, tags) {
  await page.goto(url);
  await page.waitForFunction((ts) => ts.every((t) => customElements.get(t)), tags);
  return page.evaluate(
    (ts) =>
      Object.fromEntries(ts.map((t) => [t, customElements.get(t).options.map((o) => ({ ...o, live: undefined }))])),
    tags,
  );
}

/** The hash a case gives the page's widgets (k: the widget's place on the page). */
function hashFor(kase, tags, tables) {
  const states = tags.map((tag, k) => {
    if (kase.whole) return `${tag.replace(/^nl-/, '')}=${kase.whole(k)}`;
    const parts = tables[tag].flatMap((o) => {
      if (kase.parts) return kase.parts(o);
      const v = kase.value(o);
      return v === undefined ? [] : [`${o.name}:${v}`];
    });
    return `${tag.replace(/^nl-/, '')}=${[...parts, ...(kase.extra ?? [])].join('~')}`;
  });
  return `#${states.join('&')}`;
}

/** What each widget shows: a body (not a failure), its notices' count, whether it trained. */
function widgetsSeen(page, tags) {
  return page.evaluate(
    (ts) =>
      ts.map((t) => {
        const el = document.querySelector(t);
        const body = el.shadowRoot.querySelector('[part="body"]');
        const failed = body.children.length === 1 && body.querySelector(':scope > p.error[role="alert"]') !== null;
        return {
          tag: t,
          body: body.children.length > 0 && !body.querySelector('.loading') && !failed,
          failure: failed ? body.textContent : '',
          notices: el.shadowRoot.querySelector('[part="notices"]').children.length,
          // What the notices, the body's refusals and the caption show (their longest line).
          shown: [
            ...el.shadowRoot.querySelectorAll(
              '[part="notices"] p, [part="caption"], .error:not(.crowd-refusal), .crowd-refusal > p, .crowd-refusal li, [data-problem], [data-note]',
            ),
          ].map((p) => p.textContent),
          trained: el.trainingWorker !== undefined || el.running === true,
          run: el.shadowRoot.querySelector('[data-run]')?.textContent ?? '',
          status: el.shadowRoot.querySelector('[data-status]')?.textContent ?? '',
        };
      }),
    tags,
  );
}

/**
 * The page's longest main-thread task so far: every task the browser has reported, taken from its
 * buffer too rather than waiting for the observer's callback.
 */
function longestTask(page) {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'longtask', buffered: true });
    const reported = observer.takeRecords().map((e) => e.duration);
    observer.disconnect();
    return Math.max(window.longest, ...reported);
  });
}

/**
 * The longest task on arrival at a url, measured now in a context of its own (nothing an earlier
 * arrival left counts), widgets settled.
 */
async function arrivalLongestTask(url, tags) {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await recordLongestTask(context);
    const { page } = await openScrolledThrough(context, url);
    await untilSettled(page, tags);
    return await longestTask(page);
  } finally {
    await context.close();
  }
}

/** Presses every widget's Reset; ensures each shows its body again, without notices, its state ''. */
async function resetAll(page, tags) {
  await page.evaluate((ts) => {
    for (const t of ts) document.querySelector(t).shadowRoot.querySelector('[data-tool="reset"]').click();
  }, tags);
  await page.waitForFunction(
    (ts) =>
      ts.every((t) => {
        const r = document.querySelector(t).shadowRoot;
        const body = r.querySelector('[part="body"]');
        return (
          body.children.length > 0 &&
          !body.querySelector('.loading') &&
          r.querySelector('[part="notices"]').children.length === 0
        );
      }),
    tags,
    { timeout: 60000 },
  );
  return page.evaluate((ts) => ts.map((t) => document.querySelector(t).state), tags);
}

for (const [name, tags] of Object.entries(PAGES)) {
  test(`hostile links on ${name}: no widget broken, no long task, no training unasked`, async (t) => {
    const url = `${site.server.url}/${name}`;
    // Every case arrives afresh in one page of one context (a navigation costs half a new page;
    // the first visit, reading the options, warms it as a reader's earlier visit would).
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await recordLongestTask(context);
    const page = await context.newPage();
    const problems = watchForProblems(page);
    const tables = await optionTables(page, url, tags);
    let baseline = 0;
    // A case past its bound is failed, but its body runs on in the page (Node does not stop it):
    // the cases after it would race it there, so they are skipped, saying why.
    let stuck = null;
    for (const [caseName, kase] of Object.entries(CASES))
      await t.test(caseName, { timeout: CASE_MS }, async (c) => {
        if (stuck) return c.skip(`the page is still held by "${stuck}", which never ended`);
        stuck = caseName;
        try {
          const hash = hashFor(kase, tags, tables);
          await arriveScrolledThrough(page, `${url}${hash}`, problems);
          await untilSettled(page, tags); // the last slices drawn (one that failed is named below)
          const seen = await widgetsSeen(page, tags);
          const longest = await longestTask(page);
          console.log(
            `${name}, ${caseName} (${hash.length} characters): longest task on arrival ${longest.toFixed(0)} ms (aim ${LONGEST_TASK})`,
          );
          for (const w of seen) {
            assert.ok(w.body, `${w.tag} shows its body (${w.failure})`);
            if (w.tag === 'nl-mnist-lab') assert.ok(!w.trained, 'the MNIST lab trains only when the reader asks');
            assert.ok(w.notices <= NOTICES_SHOWN + 1, `${w.tag} shows ${w.notices} notices`);
            for (const text of w.shown) {
              assert.ok(
                !BIDI.test(text),
                `${w.tag} shows a bidirectional control: ${JSON.stringify(text.slice(0, 200))}`,
              );
              assert.ok(text.length <= LINE_CHARS + 30, `${w.tag} shows a line of ${text.length} characters`);
            }
            if (w.tag === 'nl-rms-timing' && caseName === 'values at their bounds')
              assert.match(
                w.status,
                /^Press Time again to time 51 rounds/,
                'the most rounds a link asks wait for the reader',
              );
            if (w.tag === 'nl-comparison' && caseName === 'values at their bounds') {
              assert.ok(!w.trained, 'the comparison waits for the reader before training on a large crowd');
              assert.equal(w.run, 'Train on this crowd');
            }
          }
          assert.equal(await page.evaluate(() => window.pwned), undefined, 'no markup from a link ran');
          const states = await resetAll(page, tags);
          assert.deepEqual(
            states,
            tags.map(() => ''),
            'Reset brings back every default',
          );
          assert.deepEqual(
            problems.filter((p) => !/^console: Failed to load resource/.test(p)),
            [],
            'no uncaught error on the page',
          );
          // The guard against gross regressions (a link blocking the page for seconds, as a 300 x 300
          // block did for 8 s) compares with the page's own longest task: the page with no link,
          // measured first, and measured again right after a case that went beyond the first
          // measure's bound (on a loaded machine a task stretches several times over from one minute
          // to the next, so an absolute bound fails there). At load 20-29 on 2 cores the cases at
          // their bounds took 4.9 times the page's own (2373 ms against 482 ms); the log gives each
          // case's longest task against the 200 ms aimed at.
          // (A page with no task of 50 ms, the shortest the browser reports as long, counts as 50 ms.)
          // With test files side by side, a neighbour's burst can stretch one arrival's task: a case
          // beyond the bound arrives once more, and its shorter longest task is the one guarded (a
          // link that really blocks the page blocks it on both arrivals).
          if (kase.baseline) baseline = longest;
          if (longest < OWN_TIMES * Math.max(baseline, 50)) return;
          const own = await arrivalLongestTask(url, tags); // the page's own, no link
          const again = await arrivalLongestTask(`${url}${hash}`, tags);
          const bound = OWN_TIMES * Math.max(baseline, own, 50);
          assert.ok(
            Math.min(longest, again) < bound,
            `longest task ${longest} ms, ${again} ms on a second arrival; the page's own ${own} ms now, ${baseline} ms first`,
          );
        } finally {
          stuck = null; // ended, passed or failed
        }
      });
    await context.close();
  });
}
