// Nothing stale: every widget that runs a job the reader can cancel or run again shows nothing of
// its last run once the next one starts (no finding, no numbers behind it, no table rows, no chart
// points), and after Cancel says what holds instead: how far the run came, how many of its parts
// the figures left standing hold, and that there is no finding. Each widget alone on a page
// (one.html); a screenshot of each after Cancel goes to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshotFile, useOneWidgetSite, watchForProblems } from './site.js';

const site = useOneWidgetSite();

/** One widget alone on a page, with the given attributes (name=value&...). */
async function open(tag, attrs = '') {
  const page = await site.context.newPage();
  const problems = watchForProblems(page);
  await page.addInitScript(installShown);
  await page.goto(`${site.server.url}/one.html?tag=${tag}&attrs=${encodeURIComponent(attrs)}`);
  await page.waitForFunction(
    (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-run], [data-act="train"]'),
    tag,
    { timeout: 60000 },
  );
  return { page, problems, inWidget: (selector) => page.locator(`${tag} >> ${selector}`) };
}

/**
 * Gives the page window.shown(tag): what a widget shows of a run: its finding, whether the numbers
 * behind it are there, the cells of its summary tables, its readouts and how many points (with a
 * figure) its charts plot, its status and progress.
 */
function installShown() {
  window.shown = (tag) => {
    const w = document.querySelector(tag);
    const $$ = (s) => [...w.shadowRoot.querySelectorAll(s)];
    return {
      finding: $$('[data-alternative] .finding')
        .map((p) => p.textContent.trim())
        .join(' '),
      findingId: w.shadowRoot.querySelector('[data-alternative] .finding')?.id ?? null,
      numbers: $$('[data-alternative] details.numbers').length,
      cells: $$('table.summary tbody td').map((td) => td.textContent.trim()),
      rows: $$('table.summary tbody tr').length,
      readouts: $$('.readouts [data-out]').map((b) => b.textContent.trim()),
      points: [...w.charts]
        .flatMap((c) => c.data.datasets.flatMap((d) => d.data))
        .filter((p) => (typeof p === 'object' ? p?.y : p) != null).length,
      status: w.shadowRoot.querySelector('[data-status]').textContent.trim(),
      progress: w.shadowRoot.querySelector('progress').value,
    };
  };
}

const read = (page, tag) => page.evaluate((t) => window.shown(t), tag);

/**
 * Presses Run and reads what the widget shows in the same task, before any of the new run's
 * figures can come; with `cancel`, presses Cancel in that task too (a run that may end within a
 * second would otherwise be over before a second click).
 */
const pressRunAndRead = async (page, tag, { cancel = false } = {}) => {
  // Run is enabled again only once the last run is over (its status may say "done" before).
  await page.waitForFunction(
    (t) => document.querySelector(t)?.shadowRoot?.querySelector('[data-run]')?.disabled === false,
    tag,
  );
  return page.evaluate(
    ([t, thenCancel]) => {
      const root = document.querySelector(t).shadowRoot;
      root.querySelector('[data-run]').click();
      const now = window.shown(t);
      if (thenCancel) root.querySelector('[data-cancel]').click();
      return now;
    },
    [tag, cancel],
  );
};

/**
 * Once the new run has come as far as `what` says ('progress': its bar has moved; 'rows': its
 * table has a row; 'results': a result is in), reads what the widget shows and presses Cancel, in
 * the same task: the run cannot end between the two.
 */
const readAndCancelOnce = (page, tag, what) =>
  page
    .waitForFunction(
      ([t, w]) => {
        const el = document.querySelector(t);
        const root = el.shadowRoot;
        const come = {
          progress: () => root.querySelector('progress').value > 0,
          rows: () => root.querySelectorAll('table.summary tbody tr').length > 0,
          results: () => el.results.length > 0,
        }[w]();
        if (!come) return false;
        const now = window.shown(t);
        root.querySelector('[data-cancel]').click();
        return now;
      },
      [tag, what],
      { timeout: 300000, polling: 'raf' },
    )
    .then((handle) => handle.jsonValue());

/** Waits until the run has ended (Run enabled again) with a status beginning with `start`. */
const statusSays = (page, tag, start, timeout = 300000) =>
  page.waitForFunction(
    ([t, s]) => {
      const root = document.querySelector(t).shadowRoot;
      return (
        !root.querySelector('[data-run]').disabled && root.querySelector('[data-status]').textContent.startsWith(s)
      );
    },
    [tag, start],
    { timeout },
  );

/**
 * The new run's start shows nothing of the last run: asserted on what `pressRunAndRead` read.
 * old: the last run's finding; id: the finding's id (charts name it in aria-describedby).
 */
function assertNothingOf(now, old, id, pending) {
  assert.notEqual(now.finding, old);
  assert.equal(now.finding, pending);
  assert.equal(now.findingId, id, 'the charts still name the finding');
  assert.equal(now.numbers, 0, "the last run's numbers behind the finding");
  assert.ok(
    now.cells.every((c) => c === '–'),
    `table cells of the last run: ${now.cells.join(' ')}`,
  );
  assert.ok(
    now.readouts.every((r) => r === '–'),
    `readouts of the last run: ${now.readouts.join(' ')}`,
  );
  assert.equal(now.points, 0, 'chart points of the last run');
}

async function screenshot(inWidget, name) {
  await inWidget('.widget').screenshot({ path: screenshotFile(`${name}.png`) });
}

test('the timing: Time again empties the last timings and finding; Cancel says how many widths the table holds', async () => {
  const tag = 'nl-rms-timing';
  const { page, problems, inWidget } = await open(tag, 'rounds=3');
  try {
    await statusSays(page, tag, '7 widths timed', 120000);
    const before = await read(page, tag);
    assert.match(before.finding, /^In this browser RMSNorm was faster than layer norm/);
    assert.equal(before.rows, 14, 'a row per width in each of its two tables');
    await inWidget('[data-rounds]').fill('51');
    await inWidget('[data-rounds]').dispatchEvent('change');
    const now = await pressRunAndRead(page, tag);
    assertNothingOf(now, before.finding, 'rms-timing-finding', 'The percentages appear as each width is timed.');
    assert.equal(now.rows, 0);
    // While the new run times its widths, the table grows from nothing and no finding stands.
    const during = await readAndCancelOnce(page, tag, 'rows');
    assert.equal(during.finding, now.finding);
    await statusSays(page, tag, 'Cancelled');
    const after = await read(page, tag);
    const m =
      /^Cancelled after (\d) of 7 widths: the table and chart hold (?:those (\d)|that (one)); no finding\.$/.exec(
        after.finding,
      );
    assert.ok(m, after.finding);
    assert.equal(m[2] ?? (m[3] && '1'), m[1], 'the parts the finding says the figures hold');
    assert.equal(after.rows, 2 * Number(m[1]), 'the rows the finding counts, in each of the two tables');
    assert.equal(after.status, `Cancelled after ${m[1]} of 7 widths.`);
    assert.equal(after.numbers, 0);
    await screenshot(inWidget, 'stale-rms-timing-cancelled');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the comparison: Train again empties the last table, dots and finding; Cancel leaves a sentence, not them', async () => {
  const tag = 'nl-comparison';
  const { page, problems, inWidget } = await open(tag);
  try {
    await statusSays(page, tag, '125 trainings', 120000);
    const before = await read(page, tag);
    assert.match(before.finding, /^Seed by seed, against the plain network's .*Held-out accuracy, mean over 5 seeds/);
    assert.equal(before.rows, 10, 'a row per arrangement in each of its two tables');
    assert.ok(before.points > 0);
    const now = await pressRunAndRead(page, tag, { cancel: true });
    assertNothingOf(now, before.finding, 'comparison-finding', 'The dots appear when the trainings are done.');
    assert.equal(now.rows, 0);
    await statusSays(page, tag, 'Cancelled');
    const after = await read(page, tag);
    assert.match(after.finding, /^Cancelled after \d+ of 125 trainings; no finding\.$/);
    assert.equal(after.rows, 0);
    assert.equal(after.points, 0);
    // Trained again to the end, it shows its finding and table once more.
    await inWidget('[data-run]').click();
    await statusSays(page, tag, '125 trainings', 120000);
    const again = await read(page, tag);
    assert.match(again.finding, /^Seed by seed, against the plain network's .*Held-out accuracy, mean over 5 seeds/);
    assert.equal(again.rows, 10);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the starting slopes: Draw again empties the last bands and finding at once; Cancel says how many draws the chart holds', async () => {
  const tag = 'nl-starting-slopes';
  const { page, problems, inWidget } = await open(tag, 'depth=2&width=16&draws=4');
  try {
    await statusSays(page, tag, '4 draws drawn at 2 blocks', 300000);
    const before = await read(page, tag);
    assert.match(
      before.finding,
      /^With 2 blocks, post-norm's .* Over 4 draws, median and 10 to 90 % band: with 2 blocks/,
    );
    assert.ok(before.points > 0, 'the bands are drawn');
    assert.ok(
      before.readouts.every((r) => r !== '–'),
      before.readouts.join(' '),
    );
    // Pressed, the last figures go in the same task, before the settling moment the run waits.
    const now = await pressRunAndRead(page, tag);
    assertNothingOf(now, before.finding, 'slopes-finding', 'The finding appears when every draw is in.');
    const during = await readAndCancelOnce(page, tag, 'progress');
    assert.equal(during.finding, now.finding, 'no finding while the draws come in');
    await statusSays(page, tag, 'Cancelled');
    const after = await read(page, tag);
    const m =
      /^Cancelled with ([0-4]) of 4 draws in at 2 blocks(: the first chart holds (those \d|that one), the second the draws in at each depth)?; no finding\.$/.exec(
        after.finding,
      );
    assert.ok(m, after.finding);
    assert.equal(after.status, `Cancelled with ${m[1]} of 4 draws in at 2 blocks.`);
    // The first chart's title counts this run's draws, not the last run's four.
    const blocksTitle = await page.evaluate(() => {
      const text = document.querySelector('nl-starting-slopes').blocksChart.scales.x.options.title.text;
      return Array.isArray(text) ? text.join(' ') : text; // as many lines as fit the axis
    });
    assert.equal(blocksTitle, `block (${m[1]} of 4 draws)`);
    // The two ratio readouts say over how many draws their medians are, short of all four.
    if (m[1] !== '0' && m[1] !== '4')
      for (const r of after.readouts.slice(0, 2))
        assert.match(r, new RegExp(`^\\d+(\\.\\d+)? \\(over ${m[1]} of 4 draws\\)$`));
    // The depth-12-over-depth-1 readout has a figure only when the second chart holds both depths.
    const depthsIn = await page.evaluate(() =>
      document.querySelector('nl-starting-slopes').depthsChart.data.datasets.flatMap((d) => d.data.map((p) => p.x)),
    );
    const both = depthsIn.includes(1) && depthsIn.includes(12);
    assert.equal(after.readouts[2] !== '–', both, `${after.readouts[2]} with depths ${[...new Set(depthsIn)]}`);
    await screenshot(inWidget, 'stale-starting-slopes-cancelled');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the warm-up: Train empties the last curves and finding; Cancel says how many seeds each band holds', async () => {
  const tag = 'nl-warm-up';
  const { page, problems, inWidget } = await open(tag, 'depth=1&width=16&steps=50&warmup=10&seeds=2');
  try {
    await inWidget('[data-run]').click();
    await statusSays(page, tag, '8 trainings of 50 steps', 300000);
    const before = await read(page, tag);
    assert.match(before.finding, /^After 50 steps at 0\.01, judged on strings no step trained on/);
    assert.equal(before.points, 600); // each stack's median and band edges, 50 steps each
    await inWidget('[data-steps]').selectOption('300');
    const now = await pressRunAndRead(page, tag);
    assertNothingOf(now, before.finding, 'warm-up-finding', 'The finding appears when every seed has trained.');
    const during = await readAndCancelOnce(page, tag, 'progress');
    assert.equal(during.finding, now.finding, 'no finding while the stacks train');
    await statusSays(page, tag, 'Cancelled');
    const after = await read(page, tag);
    const m =
      /^(Cancelled after ([0-8]) of 8 trainings, [\d,]+ of 2,400 steps)(: the bands hold the seeds each stack finished, of 2: post-norm (\d), post-norm, warm-up (\d), pre-norm (\d), pre-norm, warm-up (\d))?; no finding\.$/.exec(
        after.finding,
      );
    assert.ok(m, after.finding);
    assert.equal(after.status, `${m[1]}.`);
    // Each stack's count of seeds, which differ from stack to stack, adds up to the trainings.
    if (m[3]) assert.equal(Number(m[4]) + Number(m[5]) + Number(m[6]) + Number(m[7]), Number(m[2]));
    // The settings line no longer says every stack trained once for each seed, unqualified.
    assert.match(
      await inWidget('[data-about]').textContent(),
      /Cancelled before every training ended: a band holds the seeds its stack finished\./,
    );
    // Only trainings run to the end are in the bands: each stack's curves are 300 steps or none.
    const lengths = await page.evaluate(() =>
      document.querySelector('nl-warm-up').chart.data.datasets.map((d) => d.data.length),
    );
    assert.ok(
      lengths.every((n) => n === 0 || n === 300),
      lengths.join(' '),
    );
    await screenshot(inWidget, 'stale-warm-up-cancelled');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the batch-size sweep: Train empties the last accuracies and finding; Cancel says how many networks the table holds', async () => {
  const tag = 'nl-mnist-batch-size';
  const { page, problems, inWidget } = await open(tag, 'digits=1024&seeds=1');
  try {
    await inWidget('[data-run]').click();
    await statusSays(page, tag, '24 networks trained', 600000);
    const before = await read(page, tag);
    assert.match(before.finding, /^Over seed 1, on the same 1,024 digits: /);
    assert.ok(before.cells.every((c) => /^[01]\.\d{3}$|^0\.\d+$/.test(c)));
    const now = await pressRunAndRead(page, tag);
    assertNothingOf(now, before.finding, 'mnist-batch-finding', 'The lines appear as the networks finish.');
    assert.equal(now.rows, 6, 'the table keeps its batch sizes, every accuracy a dash');
    // With networks of the new run measured, still no finding: only theirs are in the table.
    const during = await readAndCancelOnce(page, tag, 'results');
    assert.equal(during.finding, now.finding);
    assert.ok(during.cells.filter((c) => c !== '–').length < 24);
    await statusSays(page, tag, 'Cancelled');
    const after = await read(page, tag);
    const m =
      /^Cancelled after (\d+) of 24 networks: the table and chart hold (?:those (\d+)|that (one)), 0 of 1 seed whole; no finding\.$/.exec(
        after.finding,
      );
    assert.ok(m, after.finding);
    assert.equal(m[2] ?? (m[3] && '1'), m[1], 'the parts the finding says the figures hold');
    const accuracies = after.cells.filter((c) => c !== '–'); // each row: 4 networks (the rate is in its head)
    assert.equal(accuracies.length, Number(m[1]), `the accuracies shown: ${after.cells.join(' ')}`);
    // The caption does not speak of the whole seed the table does not hold.
    assert.equal(
      await inWidget('[data-caption]').textContent(),
      'Held-out accuracy (2,000 digits) at seed 1 (not all of its networks trained)',
    );
    await screenshot(inWidget, 'stale-mnist-batch-size-cancelled');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the MNIST lab: fresh networks leave nothing of the last ones (figures, hidden-unit maps, answers on the pad)', async () => {
  const tag = 'nl-mnist-lab';
  const { page, problems, inWidget } = await open(tag, 'epochs=1');
  const text = (selector) => inWidget(selector).evaluateAll((els) => els.map((e) => e.textContent.trim()));
  try {
    await inWidget('[data-act="train"]').click();
    await page.waitForFunction(
      (t) =>
        /^Trained 1 epoch/.test(
          document.querySelector(t)?.shadowRoot?.querySelector('[data-out="status"]')?.textContent,
        ),
      tag,
      { timeout: 300000 },
    );
    await inWidget('[data-act="activations"]').click();
    await inWidget('[data-maps] canvas').first().waitFor();
    await inWidget('[data-act="digit"]').click();
    await page.waitForFunction((t) => document.querySelector(t).lastProbabilities, tag);
    assert.ok((await text('[data-p]')).every((p) => /^[01]\.\d{3}$/.test(p)));
    // Another seed: Train starts four fresh networks. What they leave is judged where it happens,
    // with no clock: the maps, the answers and the pad's sentence in the task of the press, and the
    // table (drawn in frames, while in sight) at its first drawing after it, which must come before
    // the new networks end their epoch (a later look could meet their own first figures).
    await inWidget('[data-results]').scrollIntoViewIfNeeded();
    await inWidget('[data-setting="seed"]').fill('2');
    await inWidget('[data-setting="seed"]').dispatchEvent('change');
    const fresh = await page.evaluate(async (t) => {
      const widget = document.querySelector(t);
      const root = widget.shadowRoot;
      const texts = (s) => [...root.querySelectorAll(s)].map((e) => e.textContent.trim());
      const rows = () => texts('[data-results] tbody td');
      const drawn = new Promise((resolve) => {
        const watcher = new MutationObserver(() => {
          watcher.disconnect();
          resolve(rows());
        });
        watcher.observe(root.querySelector('[data-results] tbody'), {
          subtree: true,
          childList: true,
          characterData: true,
        });
        widget.addEventListener('nl-trained', () => resolve('not drawn before the new networks finished'));
      });
      root.querySelector('[data-act="train"]').click();
      const atPress = {
        running: !root.querySelector('[data-act="cancel"]').disabled,
        maps: root.querySelectorAll('[data-maps] canvas').length,
        silent: root.querySelector('[data-out="silent"]').textContent,
        answers: texts('[data-p]'),
        drawn: root.querySelector('[data-out="drawn"]').textContent,
      };
      return { ...atPress, table: await drawn };
    }, tag);
    assert.ok(fresh.running, 'the press started a training');
    assert.equal(fresh.maps, 0, "the last networks' maps");
    assert.equal(fresh.silent, '');
    assert.ok(
      fresh.answers.every((p) => p === '–'),
      `the last networks' answers: ${fresh.answers.join(' ')}`,
    );
    assert.match(fresh.drawn, /\. The networks are new: draw, or show a digit, to ask them\.$/);
    // Each row: held-out accuracy, training loss, time per epoch, epochs.
    assert.deepEqual(fresh.table, Array(4).fill(['–', '–', '–', '0']).flat(), "the last networks' figures");
    await inWidget('[data-act="cancel"]').click();
    assert.match(await inWidget('[data-out="status"]').textContent(), /^Cancelled/);
    await screenshot(inWidget, 'stale-mnist-lab-cancelled');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
