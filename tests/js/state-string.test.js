// The state string and the option reader on their own (no browser needed): values holding the
// separators round-trip, a malformed hash names no widget, and each type reads as documented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOption } from '../../web/src/widget/attributes.js';
import { shownText } from '../../web/src/widget/inert.js';
import { hashAnchor, hashOf, hashStates, stateString, stateTexts } from '../../web/src/widget/state.js';

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
  assert.deepEqual(stateTexts(options, back), { texts: values, problems: [] });
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
