// Values arriving from a link or an attribute are bounded before any work (host/limits.js):
// the state's length and parts, a block's rows, columns and characters, a crowd's characters in
// a link, the notices a widget shows; CSV cells a spreadsheet would run as formulas are neutralised.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOption } from '../../web/src/widget/attributes.js';
import { inertPieces, quoted, shownText } from '../../web/src/host/inert.js';
import { numbersCsv, neutralised } from '../../web/src/widget/export.js';
import { noticeSentences } from '../../web/src/widget/frame.js';
import {
  BLOCK_CHARS,
  BLOCK_COLUMNS,
  BLOCK_ROWS,
  CROWD_CHARS,
  HASH_STATES,
  LINE_CHARS,
  NOTICES_SHOWN,
  QUOTED_CHARS,
  STATE_CHARS,
  STATE_PARTS,
} from '../../web/src/host/limits.js';
import { hashStates } from '../../web/src/host/hash.js';
import { readOptions, stateTexts } from '../../web/src/widget/state.js';

const options = [
  { name: 'rows', type: 'block', default: '1,7;1,9' },
  { name: 'kind', type: 'string', default: 'batch', choices: ['batch', 'layer'] },
  { name: 'steps', type: 'integer', default: 100, min: 10, max: 1000 },
  { name: 'crowd', type: 'string', default: '', maxInState: CROWD_CHARS },
];

/** A stand-in for a widget: its state's texts over its attributes (readOptions's requires). */
const widgetWith = (state, attributes = {}) => ({
  stated: stateTexts(options, state),
  getAttribute: (name) => attributes[name] ?? null,
  constructor: { options },
});

// The bounds are read before the text is: a state's length before it is split, a block's
// characters before its rows are; the notices of the length cases come only from those checks.
test('130,000 unknown parts: refused by its length before a part is read, one notice', () => {
  const { texts, problems } = stateTexts(options, '~a'.repeat(130000));
  assert.deepEqual(texts, {});
  assert.equal(problems.length, 1);
  assert.match(problems[0], new RegExp(`more than the ${STATE_CHARS}`));
});

test('more parts than a state may have: the first are read, one notice counts them', () => {
  const state = [...Array(STATE_PARTS - 1).fill('x:1'), 'kind:layer', 'kind:batch', 'steps:20'].join('~');
  const { texts, problems } = stateTexts(options, state);
  assert.equal(texts.kind, 'layer', 'parts past the bound are not read, repeated keys among them');
  assert.equal(texts.steps, undefined);
  assert.match(problems[0], new RegExp(`^The state has ${STATE_PARTS + 2} parts, more than the ${STATE_PARTS}`));
  assert.equal(problems.length, 1 + STATE_PARTS - 1);
  assert.equal(noticeSentences(problems).length, NOTICES_SHOWN + 1);
  assert.equal(noticeSentences(problems).at(-1), `… and ${problems.length - NOTICES_SHOWN} more notices.`);
  assert.deepEqual(noticeSentences(problems.slice(0, 2)), problems.slice(0, 2));
});

test("a link's settings are named as the link's, each sentence starting upper-case", () => {
  const { problems } = readOptions({
    stated: stateTexts(options, `colour:red~kind:${'q'.repeat(20)}`, 'link'),
    getAttribute: () => null,
    constructor: { options },
  });
  assert.match(shownText(problems[0]), /^The link's part "colour:red" names no option of this widget/);
  assert.match(shownText(problems[1]), /^In the link, kind="q{20}" is not allowed/);
  const long = stateTexts(options, 'a'.repeat(STATE_CHARS + 1), 'link').problems;
  assert.match(
    long[0],
    new RegExp(`^The link's settings are ${STATE_CHARS + 1} characters long, .*; they are ignored`),
  );
  const many = stateTexts(
    options,
    Array(STATE_PARTS + 1)
      .fill('x:1')
      .join('~'),
    'link',
  ).problems;
  assert.match(many[0], new RegExp(`^The link's settings have ${STATE_PARTS + 1} parts`));
});

test('repeated keys within the bound: the last wins, without a notice', () => {
  assert.deepEqual(stateTexts(options, 'kind:batch~kind:layer'), {
    texts: { kind: 'layer' },
    problems: [],
    source: 'state',
  });
});

test('deep encodings are decoded once, and refused as the value they decode to', () => {
  const deep = `kind:${'%25'.repeat(500)}32`;
  const { values, problems } = readOptions(widgetWith(deep));
  assert.equal(values.kind, 'batch');
  assert.equal(problems.length, 1);
  assert.ok(problems[0].length < 300, 'the notice quotes at most 40 characters of the value');
});

test('a notice quotes a long unknown part in at most 40 characters', () => {
  const { problems } = stateTexts(options, `${'z'.repeat(5000)}:1`);
  assert.ok(problems[0].length < 300);
});

test('a block beyond its rows, columns or characters: the default, and a notice naming the bound', () => {
  const tall = Array.from({ length: BLOCK_ROWS + 1 }, () => '1,2').join(';');
  const wide = Array.from({ length: BLOCK_COLUMNS + 1 }, () => '1').join(',');
  const long = Array.from({ length: 10 }, () => `1.${'0'.repeat(BLOCK_CHARS / 10)}`).join(';');
  const square300 = Array.from({ length: 300 }, () => Array(300).fill('1.5').join(',')).join(';');
  for (const [raw, words] of [
    [tall, `${BLOCK_ROWS + 1} rows, more than the ${BLOCK_ROWS}`],
    [wide, `row of ${BLOCK_COLUMNS + 1} values, more than the ${BLOCK_COLUMNS}`],
    [long, `more than the ${BLOCK_CHARS} it may have`],
    [square300, `more than the ${BLOCK_CHARS} it may have`],
  ]) {
    const { value, problem } = readOption(options[0], raw);
    assert.equal(value, '1,7;1,9');
    assert.ok(problem.includes(words), problem);
    assert.ok(shownText(problem).endsWith('Using the default, 1,7;1,9.'));
  }
  const most = Array.from({ length: BLOCK_ROWS }, () => Array(BLOCK_COLUMNS).fill('1').join(',')).join(';');
  assert.equal(readOption(options[0], most).value, most, 'a block at the bounds is read');
});

test('a crowd in a state beyond the characters a link holds is replaced by the default', () => {
  const crowd = '1,1,1\n'.repeat(400);
  const { values, problems } = readOptions(widgetWith(`crowd:${encodeURIComponent(crowd)}`));
  assert.equal(values.crowd, '');
  assert.match(problems[0], new RegExp(`${crowd.length} characters long, more than the ${CROWD_CHARS}`));
  const fits = '1,1,1\n'.repeat(300);
  assert.equal(readOptions(widgetWith(`crowd:${encodeURIComponent(fits)}`)).values.crowd, fits);
});

test('steps beyond their range: the default', () => {
  for (const steps of ['1e9', '99999999999999999999', '-5', '1e308'])
    assert.equal(readOptions(widgetWith(`steps:${steps}`)).values.steps, 100, steps);
});

test('a hash naming more widgets than a page reads: the first ones', () => {
  const hash = `#${Array.from({ length: 1000 }, (_, k) => `w${k}=a:1`).join('&')}`;
  assert.equal(hashStates(hash).size, HASH_STATES);
});

test('CSV cells that begin with =, +, - or @ are neutralised; numbers are not', () => {
  for (const cell of ['=HYPERLINK("http://x","y")', '+SUM(1)', '-cmd', '@A1', '=1+1', '-', '+'])
    assert.equal(neutralised(cell), `'${cell}`, cell);
  for (const cell of ['-0.5', '+3', '-1e-7', '12', 'batch', '', 'a=b', '-Infinity'])
    assert.equal(neutralised(cell), cell, cell);
  const csv = numbersCsv(
    [{ caption: '=evil()', rows: [['=HYPERLINK("u","v")', '-2.5']] }],
    [{ label: '@x', points: [[1, -2]] }],
  );
  assert.equal(csv, `table: =evil()\n"'=HYPERLINK(""u"",""v"")",-2.5\n\nseries,x,y\n'@x,1,-2\n`);
});

// Text from a link reaches the screen inert (host/inert.js): capped, and unable to reorder the
// words around it.
const RLO = '\u202E';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

test('a quoted value is capped at QUOTED_CHARS characters, then "…" and its whole length', () => {
  const long = 'x'.repeat(4000);
  assert.equal(shownText(quoted(long)), `"${'x'.repeat(QUOTED_CHARS)}…" (4,000 characters)`);
  assert.equal(shownText(quoted('abc')), '"abc"');
  assert.equal(shownText(quoted('x'.repeat(QUOTED_CHARS))), `"${'x'.repeat(QUOTED_CHARS)}"`, 'at the bound: whole');
  // A surrogate pair at the cut is left whole or left out, never halved.
  const emoji = `${'x'.repeat(QUOTED_CHARS - 1)}${'😀'.repeat(10)}`;
  assert.ok(!/[\uD800-\uDBFF]…/.test(quoted(emoji)), 'no lone high surrogate before the ellipsis');
});

test('bidirectional controls in a value are dropped, and the value is isolated from its sentence', () => {
  const hostile = `evil${RLO}gnp.exe\u2066\u2069\u200F\u061C\u202A\u202B\u202C\u202D\u2067\u2068\u200E`;
  const q = quoted(hostile);
  assert.equal(q, '"\u2068evilgnp.exe\u2069"', 'only the isolate inert() adds');
  const pieces = inertPieces(`kind=${q} is not allowed: kind takes one of batch, layer.`);
  assert.deepEqual(pieces, [
    { text: 'kind="', isolated: false },
    { text: 'evilgnp.exe', isolated: true },
    { text: '" is not allowed: kind takes one of batch, layer.', isolated: false },
  ]);
  // A line that carries text never made inert (a core's message quoting a field) loses its controls.
  assert.equal(shownText(`DataError: height 'a${RLO}b' is not a number`), "DataError: height 'ab' is not a number");
  assert.equal(shownText(`x \u2068${RLO}y\u2069 z`), 'x y z', 'an isolate holding a control is no isolate of inert()');
});

test('every notice a hostile state or attribute gives holds no bidirectional control but balanced isolates', () => {
  const state = [
    `kind:${encodeURIComponent(`${RLO}reyal`)}`,
    `${encodeURIComponent(`no${RLO}such`)}:1`,
    `rows:${encodeURIComponent(`1,2;3${RLO}`)}`,
    `steps:${encodeURIComponent(`5${RLO}0`)}`,
  ].join('~');
  const { problems } = readOptions(widgetWith(state));
  assert.equal(problems.length, 4);
  for (const problem of problems) {
    const outside = problem.replace(/\u2068[^\u2066-\u2069\u202A-\u202E\u200E\u200F\u061C]*\u2069/g, '');
    assert.ok(!BIDI.test(outside), `a stray control in ${JSON.stringify(problem)}`);
    assert.ok(!shownText(problem).includes(RLO));
  }
});

test('a notice quoting a 4,000-character value stays short', () => {
  const { problems } = readOptions(widgetWith(`kind:${'q'.repeat(200)}~${'z'.repeat(4000)}:1`));
  for (const problem of problems) assert.ok(shownText(problem).length < 300, shownText(problem));
  assert.match(shownText(problems[0]), /"z{80}…" \(4,002 characters\) names no option/);
  assert.match(shownText(problems[1]), /^In the state, kind="q{80}…" \(200 characters\) is not allowed/);
});

test('a line on screen is capped at LINE_CHARS characters, then "…" and its whole length', () => {
  const line = `SizeError: ${'w'.repeat(5000)}`;
  const shown = shownText(line);
  assert.equal(shown, `${line.slice(0, LINE_CHARS)}… (5,011 characters)`);
  assert.equal(shownText('short'), 'short');
});
