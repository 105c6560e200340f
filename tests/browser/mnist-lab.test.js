// The MNIST lab in Chromium, beyond one epoch: a digit drawn while the networks train gets the
// four networks' probabilities at once; the seed and epochs fields put back what is not a number
// they take; the lab's settings, the circle's turn and the freedom widget's width and groups are
// in the state string and come back from a link; the lab's workers answer a malformed message
// with an error reply; nothing is drawn while the lab is off screen, and it is drawn on return;
// the lab over seeds fills a row per seed with the core's summary and tallies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshotFile, useSiteAndBrowser, watchForProblems } from './site.js';
import { drawStroke, workersHeld } from './mnist-pad.js';

let browser, page, problems;

const lab = (selector) => page.locator(`nl-mnist-lab >> ${selector}`);
const labProperty = (name) => page.evaluate((n) => document.querySelector('nl-mnist-lab')[n], name);

async function setField(selector, value) {
  await lab(selector).fill(String(value));
  await lab(selector).dispatchEvent('change');
}

useSiteAndBrowser(async (site) => {
  browser = site.browser;
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchForProblems(page);
  await page.goto(`${site.server.url}/mnist.html`);
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
  await lab('[data-act="train"]').waitFor();
});

test('an emptied or fractional seed or epochs field goes back to the number in use, never 0', async () => {
  await setField('[data-setting="seed"]', 7);
  assert.equal(await page.evaluate(() => document.querySelector('nl-mnist-lab').settings.seed), 7);
  for (const text of ['', '2.5', '-1', '4294967296']) {
    await setField('[data-setting="seed"]', text);
    assert.equal(await lab('[data-setting="seed"]').inputValue(), '7', `seed field after "${text}"`);
    assert.equal(await page.evaluate(() => document.querySelector('nl-mnist-lab').settings.seed), 7);
  }
  await setField('[data-setting="seed"]', 1);
  for (const text of ['', '0', '1.5', '21']) {
    await setField('[data-setting="epochs"]', text);
    assert.equal(await lab('[data-setting="epochs"]').inputValue(), '3', `epochs field after "${text}"`);
  }
});

test("the lab's settings are in its state string, and a link with them sets the fields", async () => {
  await lab('[data-setting="learningRate"]').selectOption('0.03');
  await lab('[data-setting="batchSize"]').selectOption('128');
  await setField('[data-setting="seed"]', 9);
  await setField('[data-setting="epochs"]', 2);
  const state = await labProperty('state');
  assert.equal(state, 'epochs:2~learning-rate:0.03~batch-size:128~seed:9');
  await page.waitForFunction(() => location.hash.includes('mnist-lab=epochs:2'));
  // The other two widgets: the circle turned by a key, the freedom widget's width and groups.
  const circle = page.locator('nl-mnist-circle');
  await circle.scrollIntoViewIfNeeded();
  // A widget's state follows its controls once it has drawn (before, it is its configuration).
  const drawn = (tag) => page.waitForFunction((t) => document.querySelector(t).drawn === true, tag);
  await drawn('nl-mnist-circle');
  await page.locator('nl-mnist-circle >> [data-view]').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await page.locator('nl-mnist-circle >> [data-inputs]').uncheck();
  const circleState = await page.evaluate(() => document.querySelector('nl-mnist-circle').state);
  // On a phone an upward or downward swipe over the picture scrolls the page.
  assert.equal(
    await page.locator('nl-mnist-circle >> [data-view]').evaluate((c) => getComputedStyle(c).touchAction),
    'pan-y',
  );
  assert.equal(circleState, 'yaw:0.5~pitch:0.4~inputs:false');
  await page.locator('nl-mnist-freedom').scrollIntoViewIfNeeded();
  await drawn('nl-mnist-freedom');
  await page.locator('nl-mnist-freedom >> [data-width]').fill('12');
  await page.locator('nl-mnist-freedom >> [data-groups]').fill('3');
  await page.locator('nl-mnist-freedom >> [data-compute]').click();
  const freedomState = await page.evaluate(() => document.querySelector('nl-mnist-freedom').state);
  assert.equal(freedomState, 'width:12~groups:3');
  // The link, opened in a fresh page, shows the same settings.
  await page.waitForFunction(() => location.hash.includes('mnist-freedom=width:12'));
  const link = await page.evaluate(() => location.href);
  const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await other.goto(link);
    const otherLab = (selector) => other.locator(`nl-mnist-lab >> ${selector}`);
    await other.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
    await otherLab('[data-act="train"]').waitFor();
    assert.equal(await otherLab('[data-setting="learningRate"]').inputValue(), '0.03');
    assert.equal(await otherLab('[data-setting="batchSize"]').inputValue(), '128');
    assert.equal(await otherLab('[data-setting="seed"]').inputValue(), '9');
    assert.equal(await otherLab('[data-setting="epochs"]').inputValue(), '2');
    assert.equal(await other.evaluate(() => document.querySelector('nl-mnist-lab').state), state);
    // A reader's wheel ends the page's re-landing on the linked widget (it would scroll back to the
    // lab for two seconds), as it does for a reader who moves on.
    await other.mouse.move(600, 400);
    await other.mouse.wheel(0, 10);
    await other.locator('nl-mnist-circle').scrollIntoViewIfNeeded();
    await other.locator('nl-mnist-circle >> [data-view]').waitFor();
    assert.equal(await other.evaluate(() => document.querySelector('nl-mnist-circle').state), circleState);
    assert.equal(await other.locator('nl-mnist-circle >> [data-inputs]').isChecked(), false);
    await other.locator('nl-mnist-freedom').scrollIntoViewIfNeeded();
    await other.locator('nl-mnist-freedom >> [data-width]').waitFor();
    assert.equal(await other.locator('nl-mnist-freedom >> [data-width]').inputValue(), '12');
    assert.equal(await other.locator('nl-mnist-freedom >> [data-groups]').inputValue(), '3');
  } finally {
    await other.close();
  }
  // Back to the defaults for the training below.
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
  await lab('[data-setting="learningRate"]').selectOption('0.1');
  await lab('[data-setting="batchSize"]').selectOption('64');
  await setField('[data-setting="seed"]', 1);
  await setField('[data-setting="epochs"]', 3);
  assert.equal(await labProperty('state'), '');
});

test('the degrees of freedom: Enter computes, the answer is said, a refusal in words drops the old caption', async () => {
  const freedom = (selector) => page.locator(`nl-mnist-freedom >> ${selector}`);
  await page.locator('nl-mnist-freedom').scrollIntoViewIfNeeded();
  await freedom('[data-width]').fill('16');
  await freedom('[data-groups]').fill('4');
  await freedom('[data-groups]').press('Enter');
  assert.equal(await freedom('[data-out="how"]').getAttribute('aria-live'), 'polite');
  assert.match(await freedom('[data-out="how"]').textContent(), /^d = 16, g = 4: rank 8 \(d − 2g = 8\)\./);
  await freedom('[data-width]').fill('');
  await freedom('[data-width]').press('Enter');
  assert.equal(await freedom('[data-problem]').textContent(), 'width: empty; type a whole number');
  assert.equal(await freedom('[data-out="how"]').textContent(), '');
  await freedom('[data-width]').fill('128');
  await freedom('[data-groups]').fill('5');
  await freedom('[data-groups]').press('Enter');
  assert.equal(await freedom('[data-problem]').getAttribute('data-error-name'), 'GroupError');
  assert.doesNotMatch(await freedom('[data-problem]').textContent(), /Error/);
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
});

// The tests below need the networks still training: 20 epochs (cancelled at the end).

test('a digit drawn while the networks train gets ten probabilities summing to 1 from each', async () => {
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
  await lab('[data-setting="learningRate"]').selectOption('0.1');
  await lab('[data-setting="batchSize"]').selectOption('64');
  await setField('[data-setting="seed"]', 1);
  await setField('[data-setting="epochs"]', 20);
  await lab('[data-act="train"]').click();
  await page.waitForFunction(() => document.querySelector('nl-mnist-lab').series.layer.loss.length > 0, null, {
    timeout: 120000,
  });
  await drawStroke(page);
  const answered = await page.waitForFunction(
    () => {
      const el = document.querySelector('nl-mnist-lab');
      const p = el.lastProbabilities;
      return p && Object.keys(p).length === 4 && { p, running: el.running, epochs: el.trained.epochs };
    },
    null,
    { timeout: 20000 },
  );
  const { p, running, epochs } = await answered.jsonValue();
  assert.equal(running, true, 'answered while the networks still train');
  // The settings hold still while the networks train with them, and the table names them.
  for (const setting of ['learningRate', 'batchSize', 'seed', 'epochs'])
    assert.equal(await lab(`[data-setting="${setting}"]`).isDisabled(), true, `${setting} while training`);
  assert.equal(
    await lab('[data-out="trained-with"]').textContent(),
    'Results in your browser (learning rate 0.1, batch size 64, seed 1)',
  );
  assert.ok(epochs < 20, `answered before the training ended (${epochs} epochs done)`);
  for (const [arrangement, probabilities] of Object.entries(p)) {
    assert.equal(probabilities.length, 10);
    const sum = probabilities.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-5, `${arrangement}: probabilities sum to ${sum}`);
  }
  const shown = await lab('[data-p="group-0"]').textContent();
  assert.match(shown, /^\d\.\d{3}$/);
  // The pad's note, a live region, says each network's answer once the pen is lifted.
  const note = lab('[data-out="drawn"]');
  assert.equal(await note.getAttribute('role'), 'status');
  const answer = (what) =>
    new RegExp(`^${what}: plain \\d \\(\\d\\.\\d{3}\\), batch \\d .*group \\d \\(\\d\\.\\d{3}\\)\\.$`);
  await page.waitForFunction(
    (source) =>
      new RegExp(source).test(
        document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-out="drawn"]')?.textContent,
      ),
    answer('Your drawing').source,
  );
  // The keyboard alternative: Enter in the digit field shows that held-out digit and its answers.
  await lab('[data-digit]').fill('7');
  await lab('[data-digit]').press('Enter');
  await page.waitForFunction(
    (source) =>
      new RegExp(source).test(
        document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-out="drawn"]')?.textContent,
      ),
    answer('Held-out digit number 7, labelled \\d').source,
  );
  await lab('[data-digit]').fill('');
  await lab('[data-digit]').press('Enter');
  assert.match(await note.textContent(), /no held-out digit number \(empty\)/);
});

test('a malformed message to a lab worker gets an error reply, and the worker keeps training', async () => {
  const replies = await page.evaluate(async () => {
    const worker = document.querySelector('nl-mnist-lab').lab.workers[0].worker;
    const requests = [
      'hello',
      { type: 'run', id: 'm1', job: 'nonsense' },
      { type: 'run', id: 'm2', job: 'classify', input: 5 },
      { type: 'run', id: 'm3', job: 'classify', input: { image: 'not pixels' } },
      { type: 'pause' },
    ];
    const got = [];
    await new Promise((resolve) => {
      const listen = ({ data }) => {
        if (data.type !== 'error') return;
        got.push(data);
        if (got.length === requests.length) {
          worker.removeEventListener('message', listen);
          resolve();
        }
      };
      worker.addEventListener('message', listen);
      for (const r of requests) worker.postMessage(r);
    });
    return got.map(({ id, name, message }) => ({ id, name, message }));
  });
  const byId = (id) => replies.filter((r) => r.id === id);
  assert.equal(byId(null).length, 2, JSON.stringify(replies));
  assert.ok(byId(null).every((r) => r.name === 'ProtocolError'));
  assert.equal(byId('m1')[0].name, 'ProtocolError');
  assert.match(byId('m1')[0].message, /job must be one of .*, not the string "nonsense"/);
  assert.equal(byId('m2')[0].name, 'TypeError');
  assert.match(byId('m2')[0].message, /input must be an object, not 5/);
  assert.equal(byId('m3')[0].name, 'TypeError');
  const before = await page.evaluate(() => document.querySelector('nl-mnist-lab').series.plain.loss.length);
  await page.waitForFunction((n) => document.querySelector('nl-mnist-lab').series.plain.loss.length > n, before, {
    timeout: 60000,
  });
});

test('off screen or in a hidden tab the lab draws nothing while it trains, and draws on return', async () => {
  const updates = () => page.evaluate(() => document.querySelector('nl-mnist-lab').lossChart.$updates ?? 0);
  const points = () =>
    page.evaluate(() =>
      Object.values(document.querySelector('nl-mnist-lab').series).reduce((n, s) => n + s.loss.length, 0),
    );
  const morePoints = async () =>
    page.waitForFunction(
      (n) =>
        Object.values(document.querySelector('nl-mnist-lab').series).reduce((m, s) => m + s.loss.length, 0) > n + 2,
      await points(),
      { timeout: 60000 },
    );
  const drawnAgain = async (n) =>
    page.waitForFunction((k) => (document.querySelector('nl-mnist-lab').lossChart.$updates ?? 0) > k, n, {
      timeout: 10000,
    });
  await page.evaluate(() => {
    const chart = document.querySelector('nl-mnist-lab').lossChart;
    const update = chart.update.bind(chart);
    chart.update = (mode) => {
      chart.$updates = (chart.$updates ?? 0) + 1;
      update(mode);
    };
  });
  // Off screen.
  await page.locator('nl-mnist-freedom').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The lab's own drawing has seen it leave: from here on no frame of its draws.
  await page.waitForFunction(() => document.querySelector('nl-mnist-lab').frames.showing === false);
  let before = await updates();
  await morePoints();
  assert.equal(await updates(), before, 'no redraw while off screen');
  await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
  await drawnAgain(before);
  // A hidden tab.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction(() => document.querySelector('nl-mnist-lab').frames.showing === false);
  before = await updates();
  await morePoints();
  assert.equal(await updates(), before, 'no redraw while the tab is hidden');
  await page.evaluate(() => {
    delete document.hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await drawnAgain(before);
});

test('cancel stops the training at once; Train continues the same networks; no console errors', async () => {
  const lossPoints = () =>
    page.evaluate(() =>
      Object.fromEntries(
        Object.entries(document.querySelector('nl-mnist-lab').series).map(([a, s]) => [a, s.loss.map((p) => p.x)]),
      ),
    );
  const count = (points) => Object.values(points).reduce((n, xs) => n + xs.length, 0);
  await lab('[data-act="pause"]').click();
  assert.match(await lab('[data-out="status"]').textContent(), /^Paused after epoch \d+ of 20\. Resume continues\.$/);
  await lab('[data-act="cancel"]').click(); // a paused training is cancelled too
  await page.waitForFunction(() =>
    document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent.includes('Cancelled'),
  );
  assert.equal(await labProperty('running'), false);
  assert.equal(await lab('[data-setting="learningRate"]').isDisabled(), false, 'the settings are free again');
  await workersHeld(page);
  const stopped = await lossPoints();
  // Each worker answers again: a training still running would have posted between the answers.
  await workersHeld(page);
  assert.equal(count(await lossPoints()), count(stopped), 'no progress after the cancel');
  await setField('[data-setting="epochs"]', 1);
  await lab('[data-act="train"]').click();
  // The curves carry on from where the cancel left them (a network ahead of the others may
  // already have reached the new target).
  await page.waitForFunction(
    (n) => Object.values(document.querySelector('nl-mnist-lab').series).reduce((m, s) => m + s.loss.length, 0) > n,
    count(stopped),
    { timeout: 60000 },
  );
  const now = await lossPoints();
  for (const [arrangement, xs] of Object.entries(now)) {
    const before = stopped[arrangement];
    if (xs.length > before.length)
      assert.ok(
        xs[before.length] > before.at(-1),
        `${arrangement}: epoch ${xs[before.length]} follows ${before.at(-1)}`,
      );
  }
  await lab('[data-act="cancel"]')
    .click()
    .catch(() => {}); // (the training may have ended)
  assert.deepEqual(problems, []);
});

test('M12, M14: Train over seeds fills a row per seed, the core summarises them and tallies the findings; a rerun keeps nothing', async () => {
  await lab('[data-setting="batchSize"]').selectOption('256');
  await setField('[data-setting="seed"]', 1);
  await setField('[data-setting="epochs"]', 2);
  await setField('[data-seeds-count]', 2);
  assert.match(await labProperty('state'), /~seeds:2$/);
  const t0 = Date.now();
  await lab('[data-seeds-run]').click();
  await lab('[data-seeds-status]')
    .filter({ hasText: /^8 networks trained over seeds 1 and 2 in/ })
    .waitFor({ timeout: 300000 });
  console.log(`# the lab over 2 seeds (2 epochs at batch 256): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const rows = await lab('[data-seeds-table] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())),
  );
  assert.deepEqual(
    rows.map((r) => r[0]),
    ['1', '2', 'median', 'least', 'largest'],
  );
  const pairs = rows.map((r) => r.slice(1).map((cell) => cell.split(' → ').map(Number)));
  for (const row of pairs) for (const pair of row) assert.equal(pair.length, 2);
  // Of two seeds the median is the midpoint, the least and largest the two.
  for (let j = 0; j < 4; j++)
    for (let e = 0; e < 2; e++) {
      const [x, y] = [pairs[0][j][e], pairs[1][j][e]];
      assert.ok(Math.abs(pairs[2][j][e] - (x + y) / 2) <= 0.0005 + 1e-12, `median ${pairs[2][j][e]} of ${x}, ${y}`);
      assert.equal(pairs[3][j][e], Math.min(x, y));
      assert.equal(pairs[4][j][e], Math.max(x, y));
    }
  const finding = await lab('[data-seeds-finding]').textContent();
  const m =
    /^Over seeds 1 and 2: every normalised network is ahead of the plain one on held-out accuracy after epoch 1 in (\d) of 2 seeds[^,]*, and after epoch 2 in (\d) of 2 seeds.*\. Medians after epoch 1: plain \(no normalisation\) [01]\.\d{3}, batch norm/.exec(
      finding,
    );
  assert.ok(m, finding);
  // The tallies are the rows' own: the three normalised networks above the plain one, per seed.
  for (const e of [0, 1]) {
    const ahead = [0, 1].filter((s) => [1, 2, 3].every((j) => pairs[s][j][e] > pairs[s][0][e])).length;
    assert.equal(Number(m[e + 1]), ahead, `after epoch ${e + 1}: ${finding}`);
  }
  // And group norm (the fourth column) against layer norm (the third), counted the same way (M14).
  const group =
    /\. Group norm is ahead of layer norm after epoch 1 in (\d) of 2 seeds[^,]*, and after epoch 2 in (\d) of 2 seeds[^.]*\. Medians/.exec(
      finding,
    );
  assert.ok(group, finding);
  // (Accuracies over 2,000 digits step by 0.0005 and print to 0.001: two that print alike may
  // still differ, so a seed whose two print alike may count either way.)
  for (const e of [0, 1]) {
    const ahead = [0, 1].filter((s) => pairs[s][3][e] > pairs[s][2][e]).length;
    const aheadOrLevel = [0, 1].filter((s) => pairs[s][3][e] >= pairs[s][2][e]).length;
    const counted = Number(group[e + 1]);
    assert.ok(ahead <= counted && counted <= aheadOrLevel, `group against layer after epoch ${e + 1}: ${finding}`);
  }
  await lab('[data-seeds-table]').screenshot({ path: screenshotFile('mnist-lab-over-seeds.png') });
  // A rerun shows nothing of the last one; cancelled, it says how far it came and gives no finding.
  await lab('[data-seeds-run]').click();
  assert.equal(await lab('[data-seeds-finding]').textContent(), 'The finding appears when every seed is done.');
  const cells = await lab('[data-seeds-table] tbody td').evaluateAll((tds) => tds.map((td) => td.textContent));
  assert.ok(
    cells.every((c) => c === '– → –'),
    cells.join(' | '),
  );
  await lab('[data-seeds-cancel]').click();
  await lab('[data-seeds-status]').filter({ hasText: 'Cancelled after' }).waitFor();
  assert.match(
    await lab('[data-seeds-finding]').textContent(),
    /^Cancelled after \d of 8 networks, 0 of 2 seeds whole(: the table holds (those \d|that one))?; no finding\.$/,
  );
  // The median, least and largest are over whole seeds only (none here), and the caption says so.
  assert.match(
    await lab('[data-seeds-caption]').textContent(),
    /; median, least and largest over the seeds whole so far \(none yet: 0 of 2 seeds whole\)$/,
  );
  const summaries = await lab('[data-seeds-table] tbody tr[data-summary] td').evaluateAll((tds) =>
    tds.map((td) => td.textContent),
  );
  assert.ok(
    summaries.every((c) => c === '– → –'),
    summaries.join(' | '),
  );
  assert.ok(await lab('[data-seeds-run]').isEnabled());
  assert.deepEqual(problems, []);
});
