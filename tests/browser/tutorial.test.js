// The tutorial chapter in Chromium: it loads cleanly, every instrument renders from the core,
// the figures of the tutorial's "Try it yourself" list appear after the interactions it names,
// and the chapter and the essay link to each other. Screenshots at 1280 and 375 px wide are
// written to tests/browser/screenshots/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bringIntoView, screenshotFile, untilSettled, useSite, watchForProblems } from './site.js';
import { TUTORIAL_WIDGETS } from '../../web/src/widgets/registry.js';
import { nl } from '../js/core.js';

const INSTRUMENTS = TUTORIAL_WIDGETS;

let page, problems;

const inWidget = (tag, selector) => page.locator(`${tag} >> ${selector}`);
const readout = async (tag, name) => (await inWidget(tag, `[data-out="${name}"]`).textContent()).trim();

const site = useSite({
  serviceWorkers: 'allow', // its reader's page, warnings and all
  then: async () => {
    page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchForProblems(page);
    page.on('console', (m) => {
      if (m.type() === 'warning') problems.push(`warning: ${m.text()}`);
    });
    await page.goto(`${site.server.url}/tutorial.html`);
    for (const tag of INSTRUMENTS) {
      await bringIntoView(page, tag);
      await page.waitForFunction(
        (t) => {
          const el = document.querySelector(t);
          return el?.shadowRoot && !el.shadowRoot.querySelector('.loading');
        },
        tag,
        { timeout: 30000 },
      );
    }
  },
});

test('every instrument renders, shows no error, and the page logs no problem', async () => {
  for (const tag of INSTRUMENTS) {
    const state = await page.evaluate((t) => {
      const body = document.querySelector(t).shadowRoot.querySelector('.widget');
      return {
        children: body.children.length,
        errors: [...body.querySelectorAll('.error')].map((e) => e.textContent.trim()).filter(Boolean),
      };
    }, tag);
    assert.ok(state.children > 0, `${tag} rendered nothing`);
    assert.deepEqual(state.errors, [], `${tag} shows an error`);
  }
  const formulas = await page.locator('.katex').count();
  assert.ok(formulas >= 15, `only ${formulas} formulas were typeset`);
  assert.deepEqual(problems, []);
});

test('T2: Step 20 times on the stretched bowl shows loss 0.878; 5 times on the round bowl, 0.0043', async () => {
  for (let k = 0; k < 20; k++) await inWidget('nl-bowl', '[data-bowl="stretched"] [data-step]').click();
  for (let k = 0; k < 5; k++) await inWidget('nl-bowl', '[data-bowl="round"] [data-step]').click();
  assert.equal(await readout('nl-bowl', 'stretched-steps'), '20');
  assert.equal(await readout('nl-bowl', 'stretched-loss'), '0.878');
  assert.equal(await readout('nl-bowl', 'stretched-at'), '(0.937, 0.00317)');
  assert.equal(await readout('nl-bowl', 'round-loss'), '0.0043');
  assert.equal(await readout('nl-bowl', 'stretched-limit'), '0.04');
});

test('T4: at learning rate 0.045 the stretched bowl diverges, its steep factor -1.25', async () => {
  await inWidget('nl-bowl', '[data-bowl="stretched"] [data-rate]').fill('0.045');
  await inWidget('nl-bowl', '[data-bowl="stretched"] [data-rate]').dispatchEvent('change');
  assert.equal(await readout('nl-bowl', 'stretched-factors'), '0.91, −1.25');
  assert.match(await inWidget('nl-bowl', '[data-bowl="stretched"] [data-verdict]').textContent(), /diverges/);
  assert.ok(Number(await readout('nl-bowl', 'stretched-loss')) > 41);
});

test('T8: the calculator answers 3, 4, 5 and shows 21.9 after typing 50', async () => {
  assert.equal(await readout('nl-mean-spread', 'mean'), '4');
  assert.equal(await readout('nl-mean-spread', 'variance'), '0.667');
  assert.equal(await readout('nl-mean-spread', 'deviation'), '0.816');
  await inWidget('nl-mean-spread', '[data-k="2"]').fill('50');
  assert.equal(await readout('nl-mean-spread', 'mean'), '19');
  assert.equal(await readout('nl-mean-spread', 'deviation'), '21.9');
  await inWidget('nl-mean-spread', '[data-k="2"]').fill('');
  assert.equal(await inWidget('nl-mean-spread', '[data-note]').getAttribute('data-error-name'), 'NonFiniteError');
  // The number refused is marked, as the playground marks a bad cell, and the sentence as an error.
  assert.equal(await inWidget('nl-mean-spread', '[data-k="2"]').getAttribute('aria-invalid'), 'true');
  assert.equal(await inWidget('nl-mean-spread', '[data-k="1"]').getAttribute('aria-invalid'), 'false');
  assert.match(await inWidget('nl-mean-spread', '[data-note]').getAttribute('class'), /\berror\b/);
  await inWidget('nl-mean-spread', '[data-k="2"]').fill('5');
  assert.equal(await readout('nl-mean-spread', 'deviation'), '0.816');
  assert.equal(await inWidget('nl-mean-spread', '[data-k="2"]').getAttribute('aria-invalid'), 'false');
});

test('T14: batch norm by hand: feature 2 has mean 4 and variance 9; scale 2, shift 1 on feature 1 give -1, 3, -1, 3', async () => {
  assert.equal(await readout('nl-batch-by-hand', 'mean'), '4');
  assert.equal(await readout('nl-batch-by-hand', 'variance'), '9');
  await inWidget('nl-batch-by-hand', '[data-scale="0"]').fill('2');
  await inWidget('nl-batch-by-hand', '[data-shift="0"]').fill('1');
  await inWidget('nl-batch-by-hand', '[data-feature="0"]').click();
  const column = await page.evaluate(() =>
    [...document.querySelector('nl-batch-by-hand').shadowRoot.querySelectorAll('[data-output] tr')].map((r) =>
      r.children[1].textContent.trim(),
    ),
  );
  assert.deepEqual(column, ['−1', '3', '−1', '3']);
});

test('T21: running averages at momentum 0.1: running mean 1.093 and variance 1.37 after three batches', async () => {
  const last = await page.evaluate(() =>
    [...document.querySelector('nl-momentum').shadowRoot.querySelectorAll('tbody tr')].map((r) =>
      [...r.children].map((c) => c.textContent.trim()),
    ),
  );
  assert.deepEqual(
    last.map((r) => r.slice(3)),
    [
      ['0.3', '1'],
      ['0.77', '1.3'],
      ['1.093', '1.37'],
    ],
  );
});

test('T28: one example under each toggle: LayerNorm -0.65, -0.76, 1.41; RMSNorm 0.17, 0.09, 1.72', async () => {
  const example = () => inWidget('nl-toggles', '[data-example-out]').textContent();
  assert.match(await example(), /BatchNorm: −1, −1, −1\./);
  await inWidget('nl-toggles', '[data-kind="layer"]').click();
  assert.match(await example(), /LayerNorm: −0\.65, −0\.76, 1\.41\./);
  await inWidget('nl-toggles', '[data-kind="rms"]').click();
  assert.match(await example(), /RMSNorm: 0\.17, 0\.09, 1\.72\./);
});

test('T44: parameter counts: 6, 6, 3 at width 3 and 1,536 for layer norm at width 768', async () => {
  const learned = () =>
    page.evaluate(() =>
      [...document.querySelector('nl-parameter-count').shadowRoot.querySelectorAll('tbody tr')].map((r) =>
        r.children[1].textContent.trim(),
      ),
    );
  assert.deepEqual(await learned(), ['6', '6', '3']);
  await inWidget('nl-parameter-count', '[data-preset="768"]').click();
  assert.equal((await learned())[1], '1,536');
});

test('T5, T6, T40: the drift and the stacks count their findings over five seeds from the one shown: 5 of 5 each', async () => {
  const line = async (tag) => (await inWidget(tag, '[data-over-seeds]').textContent()).trim();
  assert.equal(
    await line('nl-drift'),
    'Seeds 1 to 5, 5 layers: without normalisation the spread climbs at every layer in 5 of 5 seeds; ' +
      'with layer norm before each ReLU it stays between 0.5 and 0.7 at every layer in 5 of 5 seeds.',
  );
  const stacks = nl.residualOverSeedsView({ firstSeed: 1, seeds: 5, depth: 24 });
  assert.ok(stacks.postFewestRises >= 3, "post-norm's slope jumps up again at 3 blocks or more at every seed");
  assert.equal(
    await line('nl-pre-post-norm'),
    "Seeds 1 to 5, 24 blocks: pre-norm's slope never jumps up again toward the output in 5 of 5 seeds; " +
      `post-norm's does in 5 of 5 seeds, at ${stacks.postFewestRises} to ${stacks.postMostRises} blocks a seed.`,
  );
  // Another seed: the five counted move with it, and the counts are the core's for those five.
  const seed = inWidget('nl-drift', '[data-seed]');
  await seed.fill('7');
  await seed.dispatchEvent('change');
  const drift = nl.driftOverSeedsView({ firstSeed: 7, seeds: 5, layers: 5 });
  assert.equal(
    await line('nl-drift'),
    `Seeds 7 to 11, 5 layers: without normalisation the spread climbs at every layer in ${drift.climbs.text}; ` +
      `with layer norm before each ReLU it stays between 0.5 and 0.7 at every layer in ${drift.level.text}.`,
  );
  // At the largest seed the five counted end there: every one is a seed a reader can type.
  await seed.fill('4294967295');
  await seed.dispatchEvent('change');
  assert.match(await line('nl-drift'), /^Seeds 4294967291 to 4294967295, 5 layers: /);
  await seed.fill('1');
  await seed.dispatchEvent('change');
  assert.match(await line('nl-drift'), /^Seeds 1 to 5, /);
});

test('an emptied or fractional seed field is put back to the seed in use, never read as seed 0, and says so', async () => {
  for (const tag of ['nl-drift', 'nl-batch-size', 'nl-pre-post-norm']) {
    const seed = inWidget(tag, '[data-seed]');
    const before = await seed.inputValue();
    assert.notEqual(before, '0', `${tag} starts from a seed other than 0`);
    for (const typed of ['', '1.5']) {
      await seed.fill(typed);
      await seed.dispatchEvent('change');
      assert.equal(await seed.inputValue(), before, `${tag} after typing '${typed}'`);
      const note = await inWidget(tag, '[role="status"]:near([data-seed])').first().textContent();
      assert.match(note, new RegExp(`A seed is a whole number from 0 to 4294967295; .* so ${before} stays`), tag);
    }
    await seed.fill(before);
    await seed.dispatchEvent('change');
  }
});

test('the chapter and the essay link to each other', async () => {
  assert.ok((await page.locator('a[href="./index.html"]').count()) > 0);
  const essay = await site.browser.newPage();
  await essay.goto(`${site.server.url}/index.html`, { waitUntil: 'domcontentloaded' });
  assert.ok((await essay.locator('a[href="./tutorial.html"]').count()) > 0);
  await essay.close();
});

test('screenshots at 1280 and 375 px wide, with no sideways scrolling at 375', async () => {
  // A full page's screenshot takes over 30 s on a loaded 2-core machine.
  await page.screenshot({ path: screenshotFile('tutorial-1280.png'), fullPage: true, timeout: 120000 });
  const narrow = await site.browser.newPage({ viewport: { width: 375, height: 800 } });
  await narrow.goto(`${site.server.url}/tutorial.html`);
  for (const tag of INSTRUMENTS) await bringIntoView(narrow, tag);
  assert.deepEqual(await untilSettled(narrow, INSTRUMENTS), [], 'instruments neither drawn nor at work at 375 px');
  await narrow.screenshot({ path: screenshotFile('tutorial-375.png'), fullPage: true, timeout: 120000 });
  const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await narrow.close();
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 375 px`);
});
