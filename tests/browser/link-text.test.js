// Text from a link reaches the screen inert (host/inert.js): a 4,000-character value is shown
// as its first 80 characters and its length, a right-to-left override in it cannot reverse the
// sentence around it, and the value sits in a <bdi>. Copy link gives a link the widget reads back
// as it is, within the bounds (a momentum link of 6,048 characters came back at 12,044, which the
// widget then ignored without a word), or says what it leaves out. The playground's group count
// must divide its features, and says so in a sentence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BLOCK_COLUMNS, BLOCK_ROWS, QUOTED_CHARS, STATE_CHARS } from '../../web/src/host/limits.js';
import { screenshotFile, useOneWidgetSite } from './site.js';

const site = useOneWidgetSite();
const RLO = '\u202E';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LONG = 'x'.repeat(4000);

/** One widget alone (one.html), opened at a hash; resolves once it has drawn. */
async function openWidget(tag, hash = '', attrs = '') {
  const page = await site.context.newPage();
  await page.goto(`${site.server.url}/one.html?tag=${tag}${attrs ? `&attrs=${encodeURIComponent(attrs)}` : ''}${hash}`);
  await page.waitForFunction(() => document.body.lastElementChild?.drawn === true, null, { timeout: 60000 });
  return page;
}

/** What an element in the widget shows: its text, whether it holds a <bdi>, and its text's geometry. */
function shown(page, tag, selector) {
  return page.evaluate(
    ([t, s]) => {
      const el = document.querySelector(t).shadowRoot.querySelector(s);
      /** The left edge of the first occurrence of a word in the element's text nodes. */
      const leftOf = (word) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const at = n.data.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(n, at);
          range.setEnd(n, at + word.length);
          return range.getBoundingClientRect().left;
        }
        return null;
      };
      return {
        text: el.textContent,
        bdi: el.querySelector('bdi') !== null,
        which: leftOf('which'),
        number: leftOf('number'),
      };
    },
    [tag, selector],
  );
}

const refusals = [
  // [tag, hash, where the refusal is shown, what it reads before the value]
  ['nl-mean-spread', (v) => `#mean-spread=numbers:3,4,${v}`, '[data-note]', 'number 3: not a number: '],
  [
    'nl-weight-norm',
    (v) => `#weight-norm=magnitude:1,${v},0.5`,
    '[data-problem]',
    'NonFiniteError: the magnitude of neuron 2 reads ',
  ],
  ['nl-batch-by-hand', (v) => `#batch-by-hand=scale:1,${v},1`, '[data-problem]', 'γ of feature 2: not a number: '],
];

for (const [tag, hash, where, before] of refusals) {
  test(`${tag}: a 4,000-character text in a link is refused in a short sentence, its length said`, async () => {
    const page = await openWidget(tag, hash(LONG));
    const { text, bdi } = await shown(page, tag, where);
    assert.ok(text.startsWith(`${before}'${'x'.repeat(QUOTED_CHARS)}…' (4,000 characters)`), text);
    assert.ok(text.length < 250, `${text.length} characters shown (before: over 4,000)`);
    assert.ok(bdi, 'the value sits in a <bdi>');
    await page.close();
  });

  test(`${tag}: a right-to-left override in a link cannot reverse the refusal`, async () => {
    const page = await openWidget(tag, hash(encodeURIComponent(`ab${RLO}cd`)));
    const { text } = await shown(page, tag, where);
    assert.ok(text.startsWith(`${before}'abcd'`), text);
    assert.ok(!BIDI.test(text), `a bidirectional control in ${JSON.stringify(text)}`);
    await page.close();
  });
}

test('the weight norm refusal reads in order after a right-to-left override: "which" left of "number"', async () => {
  const page = await openWidget('nl-weight-norm', `#weight-norm=magnitude:1,${encodeURIComponent(`ab${RLO}cd`)},0.5`);
  const { which, number } = await shown(page, 'nl-weight-norm', '[data-problem]');
  // Reversed, ", which is not a number" ran right to left: "number" stood left of "which".
  assert.ok(which !== null && number !== null && which < number, `which at ${which}, number at ${number}`);
  await page.close();
});

test('notices quote a long or right-to-left value made inert, and the caption is capped', async () => {
  const tag = 'nl-playground';
  const state = `kind:${encodeURIComponent(`la${RLO}yer`)}~${'z'.repeat(4000)}:1`;
  const caption = `${RLO}${'c'.repeat(500)}`;
  const page = await openWidget(tag, `#playground=${state}`, `caption=${caption}`);
  const notices = await page.evaluate(() =>
    [...document.querySelector('nl-playground').shadowRoot.querySelectorAll('[part="notices"] p')].map((p) => ({
      text: p.textContent,
      bdi: p.querySelectorAll('bdi').length,
    })),
  );
  assert.equal(notices.length, 2);
  assert.match(notices[0].text, /^The link's part "z{80}…" \(4,002 characters\) names no option of this widget/);
  assert.match(
    notices[1].text,
    /^In the link, kind="layer" is not allowed: kind takes one of batch, layer, rms, group\./,
  );
  for (const n of notices) {
    assert.ok(!BIDI.test(n.text), n.text);
    assert.ok(n.bdi >= 1 && n.text.length < 300, JSON.stringify(n));
  }
  const captionText = await page.locator(`${tag} >> [part="caption"]`).textContent();
  assert.equal(captionText, `${'c'.repeat(160)}… (501 characters)`);
  await page.screenshot({
    path: screenshotFile('link-text-notices.png'),
    clip: { x: 0, y: 0, width: 900, height: 220 },
  });
  await page.close();
});

/** Presses Copy link; resolves with the link copied and the status shown. */
async function copyLink(page, tag) {
  await page.locator(`${tag} >> [data-tool="copy-link"]`).click();
  const status = page.locator(`${tag} >> [data-tool-status]`);
  await status.filter({ hasText: /./ }).waitFor();
  const said = await status.textContent();
  const link = said.startsWith('Link copied.')
    ? await page.evaluate(() => navigator.clipboard.readText())
    : await page.locator(`${tag} >> [data-link]`).inputValue();
  return { link, said };
}

const notices = (page, tag) => page.locator(`${tag} >> [part="notices"] p`).allTextContents();

const list = (n, v) => Array(n).fill(v).join(',');
const atBounds = Array.from({ length: BLOCK_ROWS }, (_, i) =>
  Array.from({ length: BLOCK_COLUMNS }, (_, j) => String((i * 7 + j * 3) % 10)).join(','),
).join(';');

const bigStates = [
  // The issue's momentum link: 6,048 characters, each list within the 4,096 a list may have.
  ['nl-momentum', `means:${list(1500, '1')}~variances:${list(1500, '2')}~batches:200`],
  ['nl-playground', `rows:${atBounds}~kind:group~groups:4`],
  ['nl-running-average', `rows:${atBounds}~steps:1000`],
];

for (const [tag, state] of bigStates)
  test(`${tag}: Copy link on a large link gives the same link, which the widget reads without a notice`, async () => {
    const id = tag.replace(/^nl-/, '');
    const page = await openWidget(tag, `#${id}=${state}`);
    assert.deepEqual(await notices(page, tag), []);
    const { link, said } = await copyLink(page, tag);
    assert.equal(said, 'Link copied.');
    const copied = decodeURIComponent(link.split(`#${id}=`)[1]);
    assert.ok(copied.length <= STATE_CHARS, `${copied.length} characters (before: 12,023 for the momentum)`);
    assert.equal(copied, state);
    const fresh = await site.context.newPage();
    await fresh.goto(link);
    await fresh.waitForFunction(() => document.body.lastElementChild?.drawn === true, null, { timeout: 60000 });
    assert.deepEqual(await notices(fresh, tag), [], 'the widget reads its own link without a notice');
    assert.equal(await fresh.evaluate(() => document.body.lastElementChild.state), state);
    await fresh.close();
    await page.close();
  });

test('Copy link says when it keeps the numbers the widget started with: 13 are more than a link holds', async () => {
  const tag = 'nl-mean-spread';
  const page = await openWidget(tag);
  // The reader adds numbers until the list is longer than a link's 12.
  for (let k = 0; k < 10; k++) await page.locator(`${tag} >> [data-add]`).click();
  const { link, said } = await copyLink(page, tag);
  assert.ok(!link.includes('#mean-spread='), link);
  assert.equal(
    said,
    'Link copied. The link keeps the numbers the widget started with: the one shown is not one a link can hold (numbers has 13 values, more than the 12 it takes).',
  );
  await page.close();
});

test('the playground refuses a group count that does not divide the features, in a sentence', async () => {
  const tag = 'nl-playground';
  const page = await openWidget(tag, '#playground=kind:group~groups:3');
  assert.deepEqual(await notices(page, tag), [
    "3 groups cannot split the block's 2 features into equal groups: the group count must divide the features (here 1 or 2). Using 2.",
  ]);
  const note = page.locator(`${tag} >> .axis-note`);
  assert.equal(
    await note.textContent(),
    'Group: the sums run along contiguous groups of 1 feature in each row (2 groups).',
  );
  // The reader types 3: the note says why, never "groups of 0.666… features".
  await page.locator(`${tag} >> [data-groups]`).fill('3');
  await note.filter({ hasText: 'cannot split' }).waitFor();
  assert.equal(
    await note.textContent(),
    "Group: 3 groups cannot split the block's 2 features into equal groups: the group count must divide the features (here 1 or 2).",
  );
  assert.equal(await page.locator(`${tag} >> .error`).getAttribute('data-error-name'), 'GroupError');
  const { link, said } = await copyLink(page, tag);
  assert.ok(!link.includes('groups:'), link);
  assert.match(said, /The link leaves out the groups: opened, the link would not show it \(3 groups cannot split/);
  await page.close();
  const beyond = await openWidget(tag, '#playground=kind:group~groups:99');
  assert.match((await notices(beyond, tag))[0], /groups="99" is not allowed: groups takes a whole number from 1 to 16/);
  await beyond.close();
});
