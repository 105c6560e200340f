// The MNIST chapter in Chromium: the lab fetches the digits, trains all four networks for one
// epoch with no console errors, the curves hold finite points, the table fills, the hidden-unit
// maps draw, a drawn digit gets ten probabilities summing to 1 from each network, and the
// circle and the degrees of freedom come from the core. Prints the time from Train to the first
// epoch of all four and the main thread's longest task meanwhile, traced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bringIntoView, TASK_TRACE, screenshotFile, tracedTasks, useSite, watchForProblems } from './site.js';
import { drawStroke, workersHeld } from './mnist-pad.js';

let browser, server, page, problems;
let training; // the page's and its workers' tasks from Train to the end of the epoch (tracedTasks)
const digitRequests = []; // the page's and its workers' requests for the digit asset

const lab = (selector) => page.locator(`nl-mnist-lab >> ${selector}`);

useSite({
  then: async (site) => {
    ({ browser, server } = site);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchForProblems(page);
    page.on('request', (r) => {
      if (r.url().includes('mnist-digits')) digitRequests.push(r.url());
    });
    await page.goto(`${server.url}/mnist.html`);
  },
});

test('the digits are not fetched before the reader starts the lab', async () => {
  await bringIntoView(page, 'nl-mnist-lab');
  await lab('[data-act="train"]').waitFor();
  assert.deepEqual(digitRequests, []);
  assert.equal((await lab('[data-parameters="plain"]').textContent()).trim(), '134,794');
  assert.equal((await lab('[data-parameters="group"]').textContent()).trim(), '135,562');
});

test('one epoch of all four networks trains with finite curves and a filled table', async () => {
  await lab('[data-setting="epochs"]').fill('1');
  await lab('[data-setting="epochs"]').dispatchEvent('change');
  // The main thread traced while the networks train.
  await browser.startTracing(page, { categories: TASK_TRACE });
  await lab('[data-act="train"]').click();
  await page.waitForFunction(
    () => document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent.includes('Trained 1 epoch'),
    null,
    {
      timeout: 240000,
    },
  );
  training = tracedTasks((await browser.stopTracing()).toString());
  const curves = await page.evaluate(() => {
    const s = document.querySelector('nl-mnist-lab').series;
    return Object.fromEntries(
      Object.entries(s).map(([a, v]) => [a, { loss: v.loss.map((p) => p.y), accuracy: v.accuracy.map((p) => p.y) }]),
    );
  });
  for (const [arrangement, c] of Object.entries(curves)) {
    assert.ok(c.loss.length >= 10, `${arrangement}: ${c.loss.length} loss points`);
    assert.ok(c.accuracy.length >= 3, `${arrangement}: ${c.accuracy.length} accuracy points`);
    assert.ok([...c.loss, ...c.accuracy].every(Number.isFinite), `${arrangement}: every point finite`);
    const accuracy = Number(await lab(`[data-row="${arrangement}"] [data-cell="accuracy"]`).textContent());
    assert.ok(accuracy > 0.5 && accuracy <= 1, `${arrangement}: held-out accuracy ${accuracy} after one epoch`);
  }
  assert.equal(digitRequests.length, 1, 'the digits cross the network once, whatever the number of workers');
  const firstEpoch = await page.evaluate(() => document.querySelector('nl-mnist-lab').firstEpochAt);
  console.log(`from Train to the first epoch of all four networks: ${(firstEpoch / 1000).toFixed(2)} s`);
});

test('Train again continues the same networks; pause holds them and resume carries on', async () => {
  const points = () => page.evaluate(() => document.querySelector('nl-mnist-lab').series.layer.loss.length);
  const before = await points();
  await lab('[data-act="train"]').click();
  await lab('[data-act="pause"]').click();
  await page.waitForFunction(() =>
    document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent.includes('Paused after epoch'),
  );
  await workersHeld(page); // a call under way when Pause arrived still reports
  const paused = await points();
  // Each worker answers again: a training not held would have posted between these answers.
  await workersHeld(page);
  assert.equal(await points(), paused, 'no progress while paused');
  await lab('[data-act="pause"]').click(); // now labelled Resume
  await page.waitForFunction(
    () => document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent.includes('Trained 2 epochs'),
    null,
    {
      timeout: 240000,
    },
  );
  assert.ok((await points()) > before, 'the curves carry on from the first epoch');
  assert.equal((await lab('[data-row="group"] [data-cell="epochs"]').textContent()).trim(), '2');
});

test('the hidden units draw as on/off maps with silent-unit counts', async () => {
  await lab('[data-act="activations"]').click();
  await page.waitForFunction(
    () => document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelectorAll('[data-maps] canvas').length === 12,
  );
  assert.match(await lab('[data-out="silent"]').textContent(), /never fire/);
});

test('a drawn digit gets ten probabilities summing to 1 from each network', async () => {
  await drawStroke(page);
  await page.waitForFunction(() => {
    const el = document.querySelector('nl-mnist-lab');
    return el.lastProbabilities && !el.classifying;
  });
  const p = await page.evaluate(() => document.querySelector('nl-mnist-lab').lastProbabilities);
  assert.deepEqual(Object.keys(p).sort(), ['batch', 'group', 'layer', 'plain']);
  for (const [arrangement, probabilities] of Object.entries(p)) {
    assert.equal(probabilities.length, 10);
    const sum = probabilities.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-5, `${arrangement}: probabilities sum to ${sum}`);
  }
  // The keyboard alternative: a held-out digit by number.
  await lab('[data-digit]').fill('3');
  await lab('[data-act="digit"]').click();
  await page.waitForFunction(() => /labelled \d/.test(document.querySelector('nl-mnist-lab')?.shadowRoot?.textContent));
});

test('M6: the circle and the degrees of freedom come from the core', async () => {
  const circle = page.locator('nl-mnist-circle');
  await circle.scrollIntoViewIfNeeded();
  await page.locator('nl-mnist-circle >> strong').waitFor();
  const distance = Number(await page.locator('nl-mnist-circle >> strong').textContent());
  assert.ok(distance < 1e-14, `largest distance from the circle ${distance}`);
  await page.locator('nl-mnist-circle >> [data-view]').focus();
  await page.keyboard.press('ArrowLeft');
  await bringIntoView(page, 'nl-mnist-freedom');
  await page.locator('nl-mnist-freedom >> [data-rows] tr').first().waitFor();
  const rows = await page.locator('nl-mnist-freedom >> [data-rows] tr').allTextContents();
  for (const [d, g, rank] of [
    [3, 1, 1],
    [8, 1, 6],
    [16, 1, 14],
    [12, 3, 6],
    [16, 4, 8],
    [128, 8, 112],
  ])
    assert.ok(
      rows.some((r) => r.replace(/\s+/g, ' ').trim().startsWith(`${d}${g}${rank}`)) ||
        rows.some((r) => r === `${d}${g}${rank}${d - 2 * g}`),
      `d ${d}, g ${g}: rank ${rank} in ${rows}`,
    );
});

test('no console errors, and the main thread never blocked long', async () => {
  await page.screenshot({ path: screenshotFile('mnist-1280.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.ok(training, 'the epoch was traced (the training case ran to its end)');
  const { main, workers } = training;
  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log(
    `while training, the page's thread: ${main.tasks} tasks, ${ms(main.cpu)} of CPU, the longest ${ms(main.wall)} (${ms(main.itsCpu)} CPU), the busiest ${ms(main.mostCpu)} CPU; the workers: ${ms(workers.cpu)} of CPU, the busiest task ${ms(workers.mostCpu)}`,
  );
  // A guard against gross regressions, training on the page's thread: its busiest task against
  // the workers' busiest, a training slice, in one trace and in CPU time, which a loaded machine
  // does not stretch as it stretches wall-clock time (a task waiting for a core while the workers
  // and the test files beside this one hold both: once 765 ms of wall-clock time in a whole run).
  // Quiet, 13 to 20 ms against 170 to 220 ms; on one core 28 against 343 ms. The page's total CPU
  // is not compared: its work (progress up to 60 times a second, a chart redrawn every 250 ms)
  // grows with the epoch's wall-clock time, the workers' does not (one core: 0.19 to 0.36 of it).
  assert.ok(main.tasks > 0 && workers.tasks > 0, 'the trace holds the page and its workers');
  assert.ok(workers.mostCpu > 0, "the trace holds the tasks' CPU times");
  assert.ok(
    main.mostCpu < workers.mostCpu / 2,
    `a task on the page's thread used ${main.mostCpu} ms of CPU, the workers' busiest ${workers.mostCpu} ms`,
  );
});

test('the essay links to the chapter', async () => {
  await page.goto(`${server.url}/index.html`);
  await page.locator('a[href="./mnist.html"]').click();
  await page.waitForURL(/mnist\.html$/);
  assert.equal(await page.locator('h1').textContent(), 'Four networks learn handwritten digits');
});
