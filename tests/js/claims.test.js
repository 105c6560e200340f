// The claims ledger (docs/claims.md) against the checkout: every claim of the seed documents is
// either shown by an instrument that is on its page and checked by tests that carry its id and
// assert something, or says why it is not shown; the counts the ledger states are its rows'. And
// the verdicts the ledger gives "on our numbers" for the essay's measurements, checked against the
// native figures.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { nativeOutput, nl } from './core.js';
import { asserts, claimIds, testDeclarations } from './test-declarations.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const ledger = read('docs/claims.md');
const PAGES = ['web/index.html', 'web/tutorial.html', 'web/mnist.html'];

/**
 * The ledger's rows: a list item "- **E1**, where. claim" followed by indented "- key: value" lines.
 * Returns [{id, where, claim, fields: {key: value}}].
 */
function rows() {
  const out = [];
  for (const [, id, head, body] of ledger.matchAll(/^- \*\*([EMT]\d+)\*\*, ([^\n]*)\n((?: {2,}[^\n]*\n)*)/gm)) {
    const fields = {};
    for (const [, key, value] of body.matchAll(/^ {2}- ([\w ]+): ([^\n]*(?:\n {4}[^\n-][^\n]*)*)/gm))
      fields[key] = value.replace(/\s+/g, ' ').trim();
    out.push({ id, head, fields });
  }
  return out;
}

/** `<nl-tag>` on `web/page.html` pairs of a "shown by" value. */
const instruments = (value) =>
  [...value.matchAll(/`<(nl-[\w-]+)>` on `(web\/\w+\.html)`/g)].map(([, tag, page]) => ({ tag, page }));
/** `tests/file`: "test name" pairs of a "checked by" value. */
const checks = (value) =>
  [...value.matchAll(/`(tests\/[\w./-]+)`: "([^"]+)"/g)].map(([, file, name]) => ({ file, name }));

const all = rows();

test('the ledger has rows for all three seed documents, each id once', () => {
  const ids = all.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'an id appears twice');
  for (const prefix of ['E', 'T', 'M']) assert.ok(ids.filter((id) => id.startsWith(prefix)).length >= 10, prefix);
  // Every item that looks like a row was read as one (a malformed row is not silently skipped).
  assert.equal(all.length, [...ledger.matchAll(/^- \*\*[EMT]\d+\*\*/gm)].length);
  const keys = new Set(['shown by', 'checked by', 'not shown', 'ours']);
  for (const { id, fields } of all)
    for (const key of Object.keys(fields)) assert.ok(keys.has(key), `${id}: "${key}" is not a field of a row`);
});

test('every row has either a shown-by with its checking test, or a reason it is not shown', () => {
  const problems = [];
  for (const { id, fields } of all) {
    const shown = 'shown by' in fields;
    if (shown === 'not shown' in fields) problems.push(`${id}: needs exactly one of "shown by" and "not shown"`);
    else if (shown) {
      if (instruments(fields['shown by']).length === 0)
        problems.push(`${id}: "shown by" names no \`<nl-tag>\` on \`web/page.html\``);
      if (checks(fields['checked by'] ?? '').length === 0)
        problems.push(`${id}: shown, but "checked by" names no \`tests/file\`: "test"`);
    } else {
      if (fields['not shown'].length < 20) problems.push(`${id}: the reason is too short to be one`);
      if ('checked by' in fields) problems.push(`${id}: not shown, yet checked by a test`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every "shown by" names a widget tag that is on the page it names', () => {
  const html = Object.fromEntries(PAGES.map((p) => [p, read(p)]));
  const missing = [];
  for (const { id, fields } of all)
    for (const { tag, page } of instruments(fields['shown by'] ?? '')) {
      assert.ok(PAGES.includes(page), `${id}: ${page} is not a chapter`);
      if (!html[page].includes(`<${tag}`)) missing.push(`${id}: <${tag}> is not on ${page}`);
    }
  assert.deepEqual(missing, []);
});

/** Every Catch2 and node:test test in the checkout's tests folder, by file: {file: [{name, tags, body}]}. */
const declared = Object.fromEntries(
  readdirSync(path.join(root, 'tests'), { recursive: true })
    .map((file) => `tests/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.(cpp|test\.js)$/.test(file) && !file.includes('node_modules'))
    .map((file) => [file, testDeclarations(read(file))]),
);

test('every named test is declared: its file is in the checkout and declares a test of that name', () => {
  const missing = [];
  for (const { id, fields } of all)
    for (const { file, name } of checks(fields['checked by'] ?? '')) {
      if (!existsSync(path.join(root, file))) missing.push(`${id}: ${file} does not exist`);
      else if ((declared[file] ?? []).filter((t) => t.name === name).length !== 1)
        missing.push(`${id}: ${file} declares no test (or more than one) named "${name}"`);
    }
  assert.deepEqual(missing, []);
});

test("every named test carries the row's id in its name or tags, and asserts something", () => {
  const problems = [];
  for (const { id, fields } of all)
    for (const { file, name } of checks(fields['checked by'] ?? '')) {
      const found = (declared[file] ?? []).find((t) => t.name === name);
      if (!found) continue; // the test above names it
      if (!claimIds(found).has(id)) problems.push(`${id}: ${file}: "${name}" does not name ${id}`);
      if (!asserts(found)) problems.push(`${id}: ${file}: "${name}" holds no REQUIRE, CHECK, assert or expect`);
    }
  assert.deepEqual(problems, []);
});

test("every shown row's id is carried by a declared test", () => {
  const carried = new Set(Object.values(declared).flatMap((tests) => tests.flatMap((t) => [...claimIds(t)])));
  const bare = all.filter((r) => 'shown by' in r.fields && !carried.has(r.id)).map((r) => r.id);
  assert.deepEqual(bare, []);
});

test('the test reader finds cases, tags and assertions, not a name in a comment', () => {
  const cpp = [
    '// TEST_CASE("in a comment", "[E1]") { CHECK(1); }',
    'TEST_CASE("a case with (brackets) and \\"quotes\\"", "[core][E2][T3]") {',
    '    const char* s = "}"; // }',
    '    CHECK(s);',
    '}',
    'TEST_CASE("[M4] a case that asserts nothing") { int k = 0; (void)k; }',
  ].join('\n');
  const found = testDeclarations(cpp);
  assert.deepEqual(
    found.map((t) => [t.name, [...claimIds(t)], asserts(t)]),
    [
      ['a case with (brackets) and "quotes"', ['E2', 'T3'], true],
      ['[M4] a case that asserts nothing', ['M4'], false],
    ],
  );
  const js = "test('E5, T6: a title', () => {\n  const r = /[)'\"]/;\n  assert.ok(r);\n});\ntest(`T7 x`, () => {});";
  assert.deepEqual(
    testDeclarations(js).map((t) => [t.name, [...claimIds(t)], asserts(t)]),
    [
      ['E5, T6: a title', ['E5', 'T6'], true],
      ['T7 x', ['T7'], false],
    ],
  );
});

test('every id a test names is a checked row, and that row cites the test', () => {
  const cited = new Set(
    all.flatMap(({ id, fields }) => checks(fields['checked by'] ?? '').map((c) => `${id} ${c.file} ${c.name}`)),
  );
  const problems = [];
  for (const [file, tests] of Object.entries(declared))
    for (const t of tests)
      for (const id of claimIds(t))
        if (!cited.has(`${id} ${file} ${t.name}`))
          problems.push(`${file}: "${t.name}" names ${id}, whose row does not cite it`);
  assert.deepEqual(problems, []);
});

test('the counts the ledger states are the counts of its rows', () => {
  const shown = all.filter((r) => 'shown by' in r.fields).length;
  const stated = /(\d+) claims: (\d+) shown and checked, (\d+) not shown/.exec(ledger);
  assert.ok(stated, 'the ledger states its counts as "N claims: S shown and checked, U not shown"');
  assert.deepEqual(stated.slice(1).map(Number), [all.length, shown, all.length - shown]);
});

// The essay's measurement claims on our crowd. The ledger's "ours" lines say which of them hold;
// these tests are what its "checked by" lines name for them.
const { comparison, curves, covariateShift } = JSON.parse(nativeOutput('measurements', '--json'));
const summary = Object.fromEntries(comparison.summary.map((s) => [s.arrangement, s]));
const run = Object.fromEntries(curves.runs.map((r) => [r.arrangement, r]));

test('E47: our crowd: the batch layer holds out below the plain network under every seed', () => {
  const { plain, batch } = summary;
  batch.heldoutBySeed.forEach((a, seed) => assert.ok(a < plain.heldoutBySeed[seed], `seed ${seed + 1}`));
  assert.ok(batch.heldoutMax < plain.heldoutAccuracy, "every batch seed under the plain network's mean");
});

test('E48: our crowd: the activation normalisers fit the training rows less well; only the batch layer ends at a lower loss', () => {
  for (const a of ['batch', 'layer', 'rms']) assert.ok(summary[a].trainAccuracy < summary.plain.trainAccuracy, a);
  assert.ok(summary.batch.finalLoss < summary.plain.finalLoss, 'batch');
  for (const a of ['layer', 'rms']) assert.ok(summary[a].finalLoss > summary.plain.finalLoss, a);
});

test("E68: our crowd: layer norm and RMS hold out inside the plain network's seed spread, below it in 2 of 5 seeds each", () => {
  const { plain } = summary;
  for (const a of ['layer', 'rms']) {
    const held = summary[a];
    assert.ok(held.heldoutAccuracy >= plain.heldoutMin && held.heldoutAccuracy <= plain.heldoutMax, a);
    const below = held.heldoutBySeed.filter((x, seed) => x < plain.heldoutBySeed[seed]).length;
    assert.equal(below, 2, `${a} below the plain network in ${below} of 5 seeds`);
    // The tally the seeds table shows is the core's, and says the same.
    assert.equal(held.belowPlain.holds, below, a);
    assert.equal(held.belowPlain.count, 5, a);
  }
  assert.ok(summary.layer.heldoutAccuracy < plain.heldoutAccuracy, 'layer norm a little below on the mean');
  assert.ok(summary.rms.heldoutAccuracy >= plain.heldoutAccuracy - 1e-12, 'RMS level on the mean');
});

test("E69: the first visit trains 130 networks: the comparison's 125 and the whole crowd's 5", () => {
  assert.equal(comparison.results.length, 125);
  assert.equal(new Set(comparison.results.map((r) => r.seed)).size, 5);
  assert.equal(curves.runs.length, 5);
  assert.equal(comparison.results.length + curves.runs.length, 130);
});

test("E49: our crowd: weight normalisation's held-out mean lies within the plain network's seed spread", () => {
  const { plain, weightNorm } = summary;
  assert.ok(weightNorm.heldoutAccuracy >= plain.heldoutMin && weightNorm.heldoutAccuracy <= plain.heldoutMax);
});

test('E51: our crowd: the row layers end the whole-crowd run at a lower loss than the plain network', () => {
  for (const a of ['layer', 'rms']) assert.ok(run[a].finalLoss < run.plain.finalLoss, a);
});

test('E52: our crowd: weight normalisation crosses the threshold with the plain network and parts by the end', () => {
  const { plain, weightNorm } = run;
  assert.equal(weightNorm.losses[0], plain.losses[0]);
  assert.equal(weightNorm.firstEpochUnder, plain.firstEpochUnder);
  assert.notEqual(weightNorm.finalLoss, plain.finalLoss);
});

test('E1: our crowd: the hidden means do not settle; their last hundred epochs move as far as epochs 11 to 100', () => {
  for (const network of ['plain', 'batch']) {
    const means = covariateShift[network].unitMean;
    /** The largest move any unit's mean makes in one epoch, over epochs [from, to). */
    const largestMove = (from, to) => {
      let largest = 0;
      for (let e = Math.max(from, 1); e < to; e += 1)
        means[e].forEach((m, unit) => (largest = Math.max(largest, Math.abs(m - means[e - 1][unit]))));
      return largest;
    };
    const epochs = means.length;
    assert.ok(epochs >= 200, `${epochs} epochs`);
    assert.ok(largestMove(epochs - 100, epochs) >= largestMove(10, 100), network);
  }
});

test('T12, M7: the chapters agree on what scale and shift restore: batch norm all, layer and group norm not', () => {
  const tutorial = read('web/tutorial.html').replace(/\s+/g, ' ');
  const mnist = read('web/mnist.html').replace(/\s+/g, ' ');
  // The tutorial's summary no longer says that every normaliser narrows nothing ...
  assert.doesNotMatch(tutorial, /normalising never narrows/);
  assert.match(
    tutorial,
    /When predicting, batch norm is a fixed rescaling .* so it narrows nothing a trained network can represent/,
  );
  // ... and sends the reader to the MNIST chapter's count for layer and group norm,
  assert.match(tutorial, /Layer and group norm are different[^<]*<a href="\.\/mnist\.html#freedom">/);
  // which says the same of batch norm beside the instrument that counts the lost directions.
  const freedom = /<section id="freedom">.*?<\/section>/.exec(mnist)[0];
  assert.match(freedom, /<nl-mnist-freedom>/);
  assert.match(freedom, /so batch norm narrows nothing a trained network can represent; layer and group norm do/);
});

test('T32, T47: our crowd: RMS holds out level with layer norm in every seed and ends the whole-crowd run lower', () => {
  const { layer, rms } = summary;
  // Held out: RMS right at least as often as layer norm under every seed, each mean inside the other's seed range.
  rms.heldoutBySeed.forEach((a, seed) => assert.ok(a >= layer.heldoutBySeed[seed], `seed ${seed + 1}`));
  assert.ok(rms.heldoutAccuracy >= layer.heldoutMin && rms.heldoutAccuracy <= layer.heldoutMax);
  assert.ok(layer.heldoutAccuracy >= rms.heldoutMin && layer.heldoutAccuracy <= rms.heldoutMax);
  // On the training rows RMS fits less well, and its final loss over the folds is higher.
  assert.ok(rms.trainAccuracy < layer.trainAccuracy);
  assert.ok(rms.finalLoss > layer.finalLoss);
  // The whole-crowd run: RMS ends below layer norm.
  assert.ok(run.rms.finalLoss < run.layer.finalLoss);
});

test("E62: our crowd: the plain network's hidden spreads move both ways; the largest grows more than fourfold", () => {
  const deviations = covariateShift.plain.unitDeviation;
  const first = deviations[0];
  const last = deviations[deviations.length - 1];
  const ratios = first.map((d, unit) => last[unit] / d);
  const grown = ratios.filter((r) => r > 1).length;
  assert.ok(grown > ratios.length / 2, `${grown} of ${ratios.length} grow`);
  assert.ok(grown < ratios.length, 'some shrink');
  assert.ok(Math.max(...ratios) > 4, `largest ratio ${Math.max(...ratios)}`);
  // No unit goes the essay's way from its 0.819: the fourfold grower starts far below it.
  const unit = ratios.indexOf(Math.max(...ratios));
  assert.ok(first[unit] < 0.1 && last[unit] < 1, `unit ${unit + 1}: ${first[unit]} to ${last[unit]}`);
});

const views = JSON.parse(nativeOutput('figures')).views;

test('E64: our weight-normalisation block: the unprojected slope misses by about a seventh of the largest, not six tenths', () => {
  const w = views.weight_norm;
  assert.deepEqual(w.directionLengths, [1, 2.5, 0.5]);
  const ratio = w.unprojectedGap / w.largestDirectionSlope;
  assert.ok(ratio > 0.1 && ratio < 0.2, `ratio ${ratio}`);
  assert.ok(w.directionGap < 1e-8 && w.unprojectedGap > 1000 * w.directionGap);
});

test('E65: RMS keeps a shift that starts at zero, so a fresh RMS layer is the conventional x / rms(x)', () => {
  const rms = nl.normaliser({ kind: 'rms', features: 3 });
  assert.deepEqual(Array.from(rms.shift), [0, 0, 0]);
  const rows = [
    [1, 2, 3],
    [4, 5, 6],
  ];
  const out = nl.train(rms, rows).output.data;
  rows.flat().forEach((x, k) => {
    const row = rows[Math.floor(k / 3)];
    const r = Math.sqrt(row.reduce((a, v) => a + v * v, 0) / 3 + rms.eps);
    assert.ok(Math.abs(out[k] - x / r) < 1e-12, `entry ${k}`);
  });
  const answer = views.checklist.find((q) => /scale and shift/.test(q.question)).answer;
  assert.match(answer, /RMS keeps a shift that stays at 0/);
});

test("E67: the naive block's first column has the wrong sign in 2 of 4 entries, not every one", () => {
  const { cols, dx, naive } = views['batch-four'];
  const column = (block) => block.filter((_, k) => k % cols === 0);
  const wrong = column(naive).map((n, k) => Math.sign(n) !== Math.sign(column(dx)[k]));
  assert.deepEqual(wrong, [true, false, false, true]);
  // The second column: the naive block is wrong in sign in 3 of 4 entries.
  const second = (block) => block.filter((_, k) => k % cols === 1);
  assert.equal(second(naive).filter((n, k) => Math.sign(n) !== Math.sign(second(dx)[k])).length, 3);
});
