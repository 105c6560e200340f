// Bring your own crowd: a pasted or chosen CSV of (height, weight, label) rows replaces the essay's
// crowd in the comparison, the loss curves and the row of two numbers. A refusal names every bad
// line and loses nothing; sizes beyond the limit are refused by type; the crowd travels in the state.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useOneWidgetSite, watchForProblems } from './site.js';

// Seven people whose labels height and weight tell apart.
const SEVEN = 'height,weight,label\n150,45,0\n185,90,1\n140,40,0\n175,70,1\n160,50,0\n170,65,1\n155,60,1\n';

const site = useOneWidgetSite();

/** Opens one widget and waits until it has drawn (nl-done). */
async function open(tag, attrs = '') {
  const page = await site.context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${site.server.url}/one.html?tag=${tag}&attrs=${encodeURIComponent(attrs)}`);
  await page.waitForFunction(() => window.dones > 0, null, { timeout: 90000 });
  return { page, problems };
}

const inWidget = (page, tag, selector) => page.locator(`${tag} >> ${selector}`);

/** Waits for the next nl-done after `dones` and returns the text of the widget's selector. */
async function nextDone(page, dones, tag, selector) {
  await page.waitForFunction((n) => window.dones > n, dones, { timeout: 120000 });
  return inWidget(page, tag, selector).first().textContent();
}

test('comparison: a pasted crowd with one bad line is refused naming that line; nothing is lost; a good one trains and changes the table; back to the essay', async () => {
  const tag = 'nl-comparison';
  const { page, problems } = await open(tag);
  // Both of its tables: the means, and held-out accuracy over the seeds.
  const tables = (p) => inWidget(p, tag, 'table.summary tbody').allTextContents();
  const table = () => tables(page);
  await page.waitForFunction(() =>
    document.querySelector('nl-comparison')?.shadowRoot?.querySelector('tbody tr[data-arrangement]'),
  );
  const essay = await table();
  await inWidget(page, tag, 'details[data-crowd] summary').click();
  const bad = SEVEN.replace('175,70,1', '175,7O,1'); // a letter O on line 5
  await inWidget(page, tag, '[data-crowd-text]').fill(bad);
  await inWidget(page, tag, '[data-crowd-use]').click();
  const refusal = inWidget(page, tag, '[data-crowd-refusal]');
  await refusal.locator('li').first().waitFor();
  assert.equal(await refusal.getAttribute('data-error-name'), 'DataError');
  assert.deepEqual(await refusal.locator('li').allTextContents(), ["line 5: weight '7O' is not a number"]);
  assert.match(
    await refusal.textContent(),
    /^One line of your crowd could not be read \(a row is height,weight,label\)\. Your text is kept/,
  );
  // Nothing else lost: the text stays as typed, the table and the state are the essay's.
  assert.equal(await inWidget(page, tag, '[data-crowd-text]').inputValue(), bad);
  assert.deepEqual(await table(), essay);
  assert.equal(await page.evaluate(() => document.querySelector('nl-comparison').state), '');

  const dones = await page.evaluate(() => window.dones);
  await inWidget(page, tag, '[data-crowd-text]').fill(SEVEN);
  await inWidget(page, tag, '[data-crowd-use]').click();
  await page.waitForFunction((n) => window.dones > n + 1, dones, { timeout: 120000 }); // drawn, then trained
  const mine = await table();
  assert.notDeepEqual(mine, essay);
  assert.equal(await inWidget(page, tag, '[data-crowd-status]').textContent(), 'Your crowd: 7 people.');
  assert.equal(await inWidget(page, tag, '[data-crowd-refusal]').isVisible(), false);
  assert.equal(
    await page.evaluate(() => 'crowdUse' in document.querySelector('nl-comparison').shadowRoot.activeElement.dataset),
    true,
    'focus is back on "Use this crowd"',
  );
  assert.equal(await inWidget(page, tag, '[data-crowd-text]').inputValue(), SEVEN);
  const state = await page.evaluate(() => document.querySelector('nl-comparison').state);
  assert.equal(state, `crowd:${encodeURIComponent(SEVEN).replaceAll('%2C', ',')}`);
  assert.ok((await page.evaluate(() => window.changes)).includes(state), 'nl-change carried the crowd');

  // The link opens the same crowd's table in a fresh page.
  const link = await page.evaluate(() => document.querySelector('nl-comparison').link);
  const fresh = await site.context.newPage();
  await fresh.goto(link);
  await fresh.waitForFunction(() => window.dones > 0, null, { timeout: 120000 });
  await fresh.waitForFunction(() =>
    document.querySelector('nl-comparison')?.shadowRoot?.querySelector('tbody tr[data-arrangement]'),
  );
  assert.deepEqual(await tables(fresh), mine);
  await fresh.close();

  const again = await page.evaluate(() => window.dones);
  await inWidget(page, tag, '[data-crowd-essay]').click();
  await page.waitForFunction((n) => window.dones > n + 1, again, { timeout: 120000 });
  assert.deepEqual(await table(), essay);
  assert.equal(await page.evaluate(() => document.querySelector('nl-comparison').state), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('two numbers: a crowd chosen as a file works; a file beyond the limit is refused by its size', async () => {
  const tag = 'nl-two-numbers';
  const { page, problems } = await open(tag);
  const caption = () => inWidget(page, tag, 'table caption').textContent();
  assert.equal(await caption(), "The first 20 of the essay's 25 people");
  await inWidget(page, tag, 'details[data-crowd] summary').click();
  let dones = await page.evaluate(() => window.dones);
  await inWidget(page, tag, '[data-crowd-file]').setInputFiles({
    name: 'crowd.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SEVEN.replaceAll('\n', '\r\n')),
  });
  assert.equal(await nextDone(page, dones, tag, 'table caption'), 'The first 7 of your 7 people');
  assert.equal(await inWidget(page, tag, 'tbody tr th').first().textContent(), '1');
  assert.equal(await inWidget(page, tag, 'tbody tr td').first().textContent(), '150');
  assert.equal(await inWidget(page, tag, '[data-crowd-text]').inputValue(), SEVEN); // a text box ends lines with LF

  // 70,000 bytes: refused before it is read, with its size; the crowd in use stays.
  await inWidget(page, tag, '[data-crowd-file]').setInputFiles({
    name: 'big.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${'#'.repeat(69999)}\n`),
  });
  const refusal = inWidget(page, tag, '[data-crowd-refusal]');
  await refusal.filter({ hasText: /70000 bytes/ }).waitFor();
  assert.equal(await refusal.getAttribute('data-error-name'), 'SizeError');
  assert.match(await refusal.textContent(), /^The crowd's text is 70000 bytes; the limit is 65536 bytes/);
  assert.equal(await caption(), 'The first 7 of your 7 people');

  // Pasted text beyond the limit: the same refusal, the text kept.
  const long = `${SEVEN}#${'x'.repeat(66000)}\n`;
  await inWidget(page, tag, '[data-crowd-text]').fill(long);
  await inWidget(page, tag, '[data-crowd-use]').click();
  await refusal.filter({ hasText: `The crowd's text is at least ${long.length} bytes` }).waitFor();
  assert.equal((await inWidget(page, tag, '[data-crowd-text]').inputValue()).length, long.length);
  assert.equal(await caption(), 'The first 7 of your 7 people');

  // Too few people, or one label: refused by name.
  await inWidget(page, tag, '[data-crowd-text]').fill('170,60,1\n120,30,0\n');
  await inWidget(page, tag, '[data-crowd-use]').click();
  await refusal.filter({ hasText: /has 2 people; the comparison's 5 folds/ }).waitFor();

  dones = await page.evaluate(() => window.dones);
  await inWidget(page, tag, '[data-crowd-essay]').click();
  assert.equal(await nextDone(page, dones, tag, 'table caption'), "The first 20 of the essay's 25 people");
  // Focus is not lost to the page: back on the essay's crowd (its button now disabled), the
  // status line that says so has it.
  assert.equal(
    await page.evaluate(() => document.querySelector('nl-two-numbers').shadowRoot.activeElement?.dataset.crowdStatus),
    '',
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test("two numbers: the sentence under the table holds for the reader's crowd, whatever it is", async () => {
  const tag = 'nl-two-numbers';
  const { page, problems } = await open(tag);
  const summary = inWidget(page, tag, '[data-summary]');
  /** Uses the crowd, holds the arrangement, and waits for its sentence to match. */
  const says = async (crowd, kind, pattern) => {
    if (crowd) {
      const dones = await page.evaluate(() => window.dones);
      await inWidget(page, tag, '[data-crowd-text]').fill(crowd);
      await inWidget(page, tag, '[data-crowd-use]').click();
      await nextDone(page, dones, tag, 'table caption');
    }
    await inWidget(page, tag, `button[data-kind="${kind}"]`).click();
    await summary
      .filter({ hasText: pattern })
      .waitFor({ timeout: 30000 })
      .catch(async () => assert.fail(`${kind}: "${await summary.textContent()}" does not match ${pattern}`));
  };
  await says(null, 'rms', /^No centring: each row keeps its proportions, so the people stay apart\.$/);
  await inWidget(page, tag, 'details[data-crowd] summary').click();
  // Two people in the same proportions (150, 50 and 120, 40) print alike under RMS.
  await says('150,50,0\n120,40,1\n160,60,0\n170,65,1\n155,62,1\n', 'rms', /5 different rows go in, 4 come out\.$/);
  await says(null, 'batch', /^Down the columns, 5 heights have a spread worth dividing by/);
  // Every height the same: nothing to divide by down that column.
  await says('160,50,0\n160,60,1\n160,55,0\n160,70,1\n160,45,0\n', 'batch', /the 5 heights are all the same/);
  // A row whose two numbers are equal comes out 0, 0 under layer norm.
  await says('60,60,0\n185,90,1\n140,40,0\n175,70,1\n160,50,0\n', 'layer', /comes out as 0, 0 \(1 of these 5 people\)/);
  assert.deepEqual((await inWidget(page, tag, 'tbody tr').first().locator('td').allTextContents()).slice(2), [
    '0.0000',
    '0.0000',
  ]);
  await says(null, 'rms', /^No centring: each row keeps its proportions, so the people stay apart\.$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('loss curves: a crowd attribute trains in the worker; a bad one is refused by line and the essay crowd is used', async () => {
  const tag = 'nl-loss-curves';
  const essay = await open(tag);
  const crossings = (page) => inWidget(page, tag, 'tbody').last().textContent(); // the crossings table
  const essayCrossings = await crossings(essay.page);
  const mine = await open(tag, new URLSearchParams({ crowd: SEVEN }).toString());
  assert.notEqual(await crossings(mine.page), essayCrossings);
  assert.equal(await inWidget(mine.page, tag, '[data-crowd-status]').textContent(), 'Your crowd: 7 people.');
  assert.equal(
    await mine.page.evaluate(() => document.querySelector('nl-loss-curves').state),
    `crowd:${encodeURIComponent(SEVEN).replaceAll('%2C', ',')}`,
  );
  const bad = await open(tag, new URLSearchParams({ crowd: `${SEVEN}1,2\n3,x,1\n` }).toString());
  assert.equal(await crossings(bad.page), essayCrossings);
  assert.deepEqual(await inWidget(bad.page, tag, '[data-crowd-refusal] li').allTextContents(), [
    'line 9: has 2 fields, not 3',
    "line 10: weight 'x' is not a number",
  ]);
  for (const p of [essay, mine, bad]) {
    assert.deepEqual(p.problems, []);
    await p.page.close();
  }
});

test('loss curves: focus stays in the widget while a chosen crowd trains, and comes back to "Use this crowd"', async () => {
  const tag = 'nl-loss-curves';
  const { page, problems } = await open(tag);
  // 400 people: the five whole-crowd runs take long enough to be seen training.
  const rows = Array.from({ length: 400 }, (_, k) => `${150 + (k % 40)},${45 + ((k * 7) % 50)},${k % 2}`);
  await inWidget(page, tag, 'details[data-crowd] summary').click();
  await inWidget(page, tag, '[data-crowd-text]').fill(`height,weight,label\n${rows.join('\n')}\n`);
  const dones = await page.evaluate(() => window.dones);
  // Every frame from the click until the widget is done: where is focus?
  await page.evaluate((n) => {
    window.focusSeen = [];
    const look = () => {
      const widget = document.querySelector('nl-loss-curves');
      const inside = widget.shadowRoot.activeElement;
      window.focusSeen.push(inside ? inside.className || inside.tagName : document.activeElement.tagName);
      if (window.dones <= n) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, dones);
  await inWidget(page, tag, '[data-crowd-use]').click();
  await page.waitForFunction((n) => window.dones > n, dones, { timeout: 120000 });
  await page.waitForFunction(
    () => 'crowdUse' in (document.querySelector('nl-loss-curves')?.shadowRoot?.activeElement?.dataset ?? {}),
  );
  const seen = await page.evaluate(() => window.focusSeen);
  assert.ok(seen.includes('loading'), `the training message held focus (${[...new Set(seen)]})`);
  assert.ok(!seen.includes('BODY'), `focus never fell to the page (${seen.filter((f, k) => f !== seen[k - 1])})`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a crowd longer than a link holds is left out of the state, and Copy link says so', async () => {
  const tag = 'nl-two-numbers';
  const { page } = await open(tag);
  const rows = Array.from({ length: 300 }, (_, k) => `${140 + (k % 50)},${40 + (k % 40)},${k % 2}`).join('\n');
  const dones = await page.evaluate(() => window.dones);
  await inWidget(page, tag, 'details[data-crowd] summary').click();
  await inWidget(page, tag, '[data-crowd-text]').fill(rows);
  await inWidget(page, tag, '[data-crowd-use]').click();
  assert.equal(await nextDone(page, dones, tag, 'table caption'), 'The first 20 of your 300 people');
  assert.equal(await page.evaluate(() => document.querySelector('nl-two-numbers').state), '');
  await inWidget(page, tag, '[data-tool="copy-link"]').click();
  const status = inWidget(page, tag, '[data-tool-status]');
  await status.filter({ hasText: /./ }).waitFor();
  assert.match(
    await status.textContent(),
    new RegExp(
      `The link leaves out the crowd: its ${rows.length.toLocaleString('en')} characters are more than the 2,048 a link holds\\.$`,
    ),
  );
  await page.close();
});
