// The state string and the option reader on their own (no browser needed): values holding the
// separators round-trip, a malformed hash names no widget, and each type reads as documented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOption } from '../../web/src/widget/attributes.js';
import { shownText } from '../../web/src/host/inert.js';
import { STATE_CHARS } from '../../web/src/host/limits.js';
import { hashAnchor, hashOf, hashStates } from '../../web/src/host/hash.js';
import { boundedState, readState, stateString, stateTexts } from '../../web/src/widget/state.js';

const options = [
  { name: 'rows', type: 'block', default: '1,7;1,9' },
  { name: 'kind', type: 'string', default: 'batch', choices: ['batch', 'layer'] },
  { name: 'label', type: 'string', default: '' },
];

test('a state holding its own separators round-trips through a hash', () => {
  const values = { rows: '2,7;1,9', kind: 'layer', label: 'a~b:c&d=e#f%g' };
  const state = stateString(options, values);
  const back = hashStates(hashOf(new Map([['p', state]]))).get('p');
  assert.equal(back, state);
  assert.deepEqual(stateTexts(options, back), { texts: values, problems: [], source: 'state' });
  assert.equal(stateString(options, { rows: '1,7;1,9', kind: 'batch', label: '' }), '');
});

test('hash parts that are not a widget state, or not decodable, are left alone', () => {
  assert.deepEqual([...hashStates('#section&%E0%A4%A=1&playground=kind:layer')], [['playground', 'kind:layer']]);
  const { problems } = stateTexts(options, 'colour:red~kind:%E0%A4%A~nocolon');
  assert.equal(problems.length, 3);
});

test('a hash holding a section anchor and states gives both; the anchor stays first when states are written', () => {
  const hash = '#comparison-section&playground=kind:layer&bowl=round-rate:0.4';
  assert.equal(hashAnchor(hash), 'comparison-section');
  assert.deepEqual(
    [...hashStates(hash)],
    [
      ['playground', 'kind:layer'],
      ['bowl', 'round-rate:0.4'],
    ],
  );
  assert.equal(hashOf(hashStates(hash), hashAnchor(hash)), hash);
  assert.equal(hashAnchor('#playground=kind:layer'), '');
  assert.equal(hashAnchor(''), '');
  assert.equal(hashAnchor('#caf%C3%A9'), 'café');
  assert.equal(hashOf(new Map(), 'café'), '#caf%C3%A9');
  assert.equal(hashOf(new Map([['p', '']]), ''), '');
});

test('each type reads as the guide says', () => {
  const flag = { name: 'autostart', type: 'boolean', default: true };
  assert.deepEqual(
    ['', 'autostart', 'true', 'false', 'no', '0'].map((v) => readOption(flag, v).value),
    [true, true, true, false, true, true],
  );
  const count = { name: 'steps', type: 'integer', default: 100, min: 10, max: 1000 };
  assert.deepEqual(
    ['10', ' 1000 ', '9', '1001', '2.5', '1e2', '', 'x'].map((v) => readOption(count, v).problem === undefined),
    [true, true, false, false, false, false, false, false],
  );
  const rate = { name: 'keep', type: 'number', default: 0.9, min: 0, max: 1 };
  assert.deepEqual(
    ['0.5', '.5', '1e-1', 'Infinity', 'NaN', '0x1', '1.5'].map((v) => readOption(rate, v).problem === undefined),
    [true, true, true, false, false, false, false],
  );
  assert.equal(readOption(options[0], ' 1, 2 ;3,4').value, '1,2;3,4');
  assert.match(
    shownText(readOption(options[0], '1;2,3').problem),
    /^rows="1;2,3" is not allowed: rows takes rows of numbers/,
  );
});

// Copy link never gives a link the widget would refuse or cut (boundedState): the momentum's lists
// as its table has them.
const momentum = [
  { name: 'means', type: 'list', default: ['3', '5', '4'] },
  { name: 'variances', type: 'list', default: ['1', '4', '2'] },
  { name: 'momentum', type: 'number', default: 0.1, min: 0, max: 1 },
  { name: 'batches', type: 'integer', default: 3, min: 1, max: 200 },
];

test("a list's commas are not percent-encoded: a momentum state of 6,027 characters comes back as it went", () => {
  const list = Array(1500).fill('1').join(',');
  const state = `means:${list}~variances:${list}~batches:200`;
  const { values, problems } = readState(momentum, state);
  assert.deepEqual(problems, []);
  const back = boundedState(momentum, values);
  assert.deepEqual(back, { state, leftOut: [] }, 'before: 12,023 characters, beyond the 8,192 a state may have');
  assert.equal(
    stateString(options, { rows: '1,2;3,4', kind: 'batch', label: 'a,b;c:d@e+f g' }),
    'rows:1,2;3,4~label:a,b;c:d@e+f%20g',
  );
});

test('a state past its bound leaves out its longest option and says so; what stays reads back', () => {
  const long = Array(2000).fill('1.25').join(','); // 9,999 characters: each list is beyond a link's 4,096
  const first = boundedState(momentum, { means: long.split(','), batches: 7 });
  assert.equal(first.state, 'batches:7');
  assert.deepEqual(first.leftOut, [
    'The link leaves out the means: its 9,999 characters are more than the 4,096 a link holds.',
  ]);
  // Each within its own bound, together past the state's: the longer is left out.
  const a = Array(1024).fill('1.5').join(',');
  const b = Array(1024).fill('2.5').join(',');
  const bounded = boundedState(momentum, { means: a.split(','), variances: b.split(','), momentum: 0.2 });
  assert.ok(bounded.state.length <= STATE_CHARS);
  assert.equal(bounded.state, `means:${a}~momentum:0.2`);
  assert.match(
    bounded.leftOut[0],
    /^The link leaves out the variances: with it the link's state would be 8,\d{3} characters, more than the 8,192/,
  );
  assert.deepEqual(readState(momentum, bounded.state).problems, []);
});

test("an option the widget would not read back from the link is left out, with the widget's reason", () => {
  // A widget whose own reading refuses a batches of 7 (as a widget's readOptions may).
  const reread = (state) => {
    const read = readState(momentum, state);
    if (read.values.batches === 7) {
      read.problems.push('batches of 7 is not taken here. Using the default.');
      read.values.batches = 3;
    }
    return read;
  };
  const { state, leftOut } = boundedState(momentum, { batches: 7, momentum: 0.5 }, reread);
  assert.equal(state, 'momentum:0.5');
  assert.deepEqual(leftOut, [
    'The link leaves out the batches: opened, the link would not show it (batches of 7 is not taken here. Using the default).',
  ]);
});
