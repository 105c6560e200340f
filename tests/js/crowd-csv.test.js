// A reader's crowd through wasm: the core reads the CSV text (every bad line named, sizes refused
// by type), and the comparison, the whole-crowd runs and the two numbers train on it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as errors from '../../web/src/errors.js';
import { emvalHandles, heapInUse, nl } from './core.js';

const SEVEN = '150,45,0\n185,90,1\n140,40,0\n175,70,1\n160,50,0\n170,65,1\n155,60,1\n';

test("a crowd's text with bad lines is refused as one DataError listing every line", () => {
  const text = 'height,weight,label\n170,60,1\n170,abc,1\n\n170,60\n170,60,2\n' + SEVEN;
  assert.throws(
    () => nl.crowdFromCsv(text),
    (e) => {
      assert.ok(e instanceof errors.DataError);
      assert.equal(e.name, 'DataError');
      assert.deepEqual(e.lines, [
        { line: 3, reason: "weight 'abc' is not a number" },
        { line: 5, reason: 'has 2 fields, not 3' },
        { line: 6, reason: "label '2' is not 0 or 1" },
      ]);
      assert.match(e.message, /^3 lines of the crowd are refused .*line 3: weight 'abc' is not a number; line 5:/);
      return true;
    },
  );
});

test("a crowd's text or file beyond the limit is refused with SizeError naming its bytes", () => {
  const { maxBytes, maxPeople, minPeople } = nl.crowdCsvLimits();
  assert.deepEqual([maxBytes, maxPeople, minPeople], [65536, 2000, 5]);
  // Longer in characters than the limit: refused by that lower bound of its bytes.
  assert.throws(() => nl.crowdFromCsv('#'.repeat(maxBytes + 1)), {
    name: 'SizeError',
    message: "the crowd's text is at least 65537 bytes; the limit is 65536 bytes (at most 2000 people)",
  });
  assert.throws(() => nl.crowdFromCsv('#'.repeat(1e6)), {
    name: 'SizeError',
    message: "the crowd's text is at least 1000000 bytes; the limit is 65536 bytes (at most 2000 people)",
  });
  // 40,000 characters of two bytes each: within the limit in characters, beyond it in bytes.
  assert.throws(() => nl.crowdFromCsv(`#${'é'.repeat(40000)}`), { name: 'SizeError', message: /is 80001 bytes/ });
  assert.throws(() => nl.checkCrowdCsvSize(1e6), { name: 'SizeError', message: /is 1000000 bytes/ });
  assert.equal(nl.checkCrowdCsvSize(maxBytes), maxBytes);
  assert.throws(() => nl.checkCrowdCsvSize(-1), TypeError);
  assert.throws(() => nl.crowdFromCsv(42), TypeError);
});

test('a crowd too small for the folds or of one label is refused by name', () => {
  assert.throws(() => nl.crowdFromCsv('170,60,1\n120,30,0\n'), { name: 'DataError', message: /has 2 people/ });
  assert.throws(() => nl.crowdFromCsv('1,2,1\n3,4,1\n5,6,1\n7,8,1\n9,9,1\n'), {
    name: 'DataError',
    message: /every one of the 5 people is labelled 1/,
  });
  assert.throws(() => nl.crowdFromCsv(''), { name: 'DataError', message: /holds no people/ });
});

test("a reader's crowd trains: other figures than the essay's crowd, and the essay's crowd is the default", () => {
  const seven = nl.crowdFromCsv(SEVEN);
  assert.equal(seven.measurements.rows, 7);
  assert.deepEqual(Array.from(seven.labels), [0, 1, 0, 1, 0, 1, 1]);
  const mine = nl.runComparison(0, 5, seven);
  assert.equal(
    mine.results.reduce((n, r) => n + r.heldoutCount, 0),
    7,
  );
  assert.notDeepEqual(mine.summary, nl.runComparison(0, 5).summary);
  const curves = nl.wholeCrowd(seven).curves;
  assert.equal(curves.runs.length, 5);
  assert.notEqual(curves.runs[1].finalLoss, nl.wholeCrowd().curves.runs[1].finalLoss);
  const two = nl.twoNumbersViewOf(seven);
  assert.equal(two.people, 7);
  assert.deepEqual(two.x.slice(0, 2), [150, 45]);
  assert.deepEqual(nl.twoNumbersViewOf(nl.crowd()), nl.twoNumbersView());
});

test('a crowd handed in as a value passes the same checks as one read from text', () => {
  const oneLabel = {
    measurements: [
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ],
    labels: [1, 1, 1, 1, 1],
  };
  for (const call of [
    () => nl.runComparison(0, 5, oneLabel),
    () => nl.wholeCrowd(oneLabel),
    () => nl.twoNumbersViewOf(oneLabel),
  ])
    assert.throws(call, { name: 'DataError', message: /every one of the 5 people is labelled 1/ });
  const huge = {
    measurements: [
      [1e308, 60],
      [-1e308, 61],
      [1e308, 62],
      [-1e308, 63],
      [0, 64],
    ],
    labels: [0, 1, 0, 1, 1],
  };
  assert.throws(() => nl.wholeCrowd(huge), { name: 'DataError', message: /the heights spread too widely/ });
  const many = {
    measurements: { rows: 2001, cols: 2, data: new Float64Array(4002).fill(1) },
    labels: new Float64Array(2001),
  };
  assert.throws(() => nl.runComparison(0, 5, many), {
    name: 'SizeError',
    message: /has 2001 people; the limit is 2000/,
  });
});

test('a lone surrogate in the text reads as U+FFFD: its line is refused by number', () => {
  assert.throws(
    () => nl.crowdFromCsv(`${SEVEN}170,\uD800,1\n`),
    (e) => {
      assert.deepEqual(e.lines, [{ line: 8, reason: "weight '\uFFFD' is not a number" }]);
      return true;
    },
  );
  assert.equal(nl.crowdFromCsv(`# \uD800\n${SEVEN}`).labels.length, 7);
});

test('a crowd handed in that is not one is refused by type, and nothing leaks', () => {
  assert.throws(() => nl.runComparison(0, 5, { measurements: [[170, 60]], labels: [1, 0] }), { name: 'ShapeError' });
  assert.throws(() => nl.wholeCrowd({ measurements: [[170, 60]], labels: [2] }), { name: 'DataError' });
  assert.throws(() => nl.twoNumbersViewOf({ labels: [1] }), TypeError);
  const seven = nl.crowdFromCsv(SEVEN);
  const heap = heapInUse();
  const handles = emvalHandles();
  for (let k = 0; k < 20; k++) {
    assert.throws(() => nl.crowdFromCsv('1,2\n3,x,1\n'), { name: 'DataError' });
    assert.throws(() => nl.runComparison(0, 5, { measurements: [[1, 2]], labels: [1] }), {
      name: 'DataError',
      message: /has 1 person; the comparison's 5 folds/,
    });
    nl.twoNumbersViewOf(seven);
  }
  assert.equal(heapInUse(), heap);
  assert.equal(emvalHandles(), handles);
});

test("the embedding guide's crowd attribute example and format block read as crowds", () => {
  const readme = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');
  const attribute = /crowd="([^"]*)"/.exec(readme)[1];
  assert.equal(nl.crowdFromCsv(attribute).labels.length, 6);
  const format = /CSV, one person per line:\n\n```\n([\s\S]*?)```/.exec(readme)[1];
  assert.throws(() => nl.crowdFromCsv(format), { name: 'DataError', message: /has 2 people/ });
});
