// The Transformer in the wasm core: its starting slopes equal the native `normlab
// starting-slopes` output byte for byte, the digit-reversal training in pieces takes the same
// steps however it is cut, and bad settings are refused by name with the core's typed errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nativeOutput, nl, testCore } from './core.js';

test('native and wasm print the starting slopes of the stated setting byte for byte', () => {
  const native = nativeOutput('starting-slopes').trim();
  const wasm = testCore.transformerStartingSlopesView(6, 64, 'layer', 1);
  assert.equal(wasm, native);
  const v = nl.startingSlopesView();
  assert.deepEqual(v, JSON.parse(native)); // the wrapper's defaults are the stated setting
  assert.equal(v.post.length, 6);
});

test("the across-depths view's last figure at depth 6 is the per-block view's last block", () => {
  const across = nl.slopesAcrossDepthsView({ width: 16, norm: 'rms', seed: 3 });
  assert.deepEqual(across.depths, [1, 2, 3, 4, 6, 8, 12]);
  const six = nl.startingSlopesView({ depth: 6, width: 16, norm: 'rms', seed: 3 });
  const k = across.depths.indexOf(6);
  assert.equal(across.post[k], six.post[5]);
  assert.equal(across.pre[k], six.pre[5]);
  assert.equal(across.preExpected[across.depths.indexOf(4)], across.pre[0] / 2);
});

test("the page's readouts and expected lines are the core's arithmetic, as its view draws them", () => {
  const across = nl.slopesAcrossDepthsView({ width: 16, norm: 'layer', seed: 2 });
  const expected = nl.slopesExpectations(across.depths, across.post[0], across.pre[0]);
  assert.deepEqual([...expected.post], across.postExpected);
  assert.deepEqual([...expected.pre], across.preExpected);
  assert.equal(nl.lastOverFirst(across.pre), across.pre.at(-1) / across.pre[0]);
  assert.equal(nl.lastOverFirst([3]), 1);
  assert.throws(() => nl.lastOverFirst([]), { name: 'SizeError', message: /0 figures/ });
  assert.throws(() => nl.lastOverFirst([0, 1]), { name: 'NonFiniteError', message: /ratio of the last figure/ });
  assert.throws(() => nl.slopesExpectations([2, 1], 1, 1), {
    name: 'OptionError',
    message: /depth 1 does not come after depth 2/,
  });
  assert.throws(() => nl.slopesExpectations([1, 49], 1, 1), { name: 'SizeError', message: /depth 49/ });
  assert.throws(() => nl.slopesExpectations('1,2', 1, 1), { name: 'TypeError', message: /depths must be an array/ });
});

const SMALL = { digits: 3, width: 8, heads: 2, hidden: 16, depth: 2, placement: 'post', learningRate: 0.01 };

test("the chapter's slopes sentence judged through the wrapper on the native ensemble: parts that can fail, refusals by name", () => {
  // Four draws at the opening setting (seed 1), as the native command prints them.
  const e = JSON.parse(nativeOutput('starting-slopes-ensemble', '--draws', '4'));
  const given = {
    blocks: { post: e.perBlock.post.band.median, pre: e.perBlock.pre.band.median },
    depths: e.acrossDepths.depths,
    across: { post: e.acrossDepths.post.band, pre: e.acrossDepths.pre.band },
  };
  const judged = nl.slopesSentence(given);
  assert.deepEqual(Object.keys(judged).sort(), [
    'deepBandAboveShallow',
    'postAbovePre',
    'postRises',
    'preAboveCurve',
    'preFalls',
    'preLargestFirst',
  ]);
  // Each part is the comparison it names, on the same figures.
  const post = given.blocks.post;
  const pre = given.blocks.pre;
  assert.equal(judged.postRises, post.at(-1) > post[0]);
  assert.equal(judged.postAbovePre, post.at(-1) > pre.at(-1));
  assert.equal(judged.preLargestFirst, Math.max(...pre) === pre[0]);
  assert.equal(judged.deepBandAboveShallow, given.across.post.low.at(-1) > given.across.post.high[0]);
  // Swapping the placements makes the post-norm parts fail.
  const swapped = nl.slopesSentence({ ...given, blocks: { post: pre, pre: post } });
  assert.equal(swapped.postRises, false);
  assert.equal(swapped.preLargestFirst, false);
  assert.throws(() => nl.slopesSentence({ ...given, blocks: { post, pre: pre.slice(1) } }), { name: 'ShapeError' });
  assert.throws(() => nl.slopesSentence({ ...given, depths: [...given.depths].reverse() }), { name: 'OptionError' });
  assert.throws(() => nl.slopesSentence({ ...given, blocks: { post: [...post.slice(1), NaN], pre } }), {
    name: 'NonFiniteError',
  });
  assert.throws(() => nl.slopesSentence(null), { name: 'TypeError' });
});

test('a reversal training in pieces of 2 and 3 steps takes the same steps as one piece of 5', () => {
  // Batches of 16: the check's loss over 48 digits, which five steps lower (over 12 they need not).
  const settings = { ...SMALL, warmupSteps: 3, steps: 5, batch: 16, seed: 9 };
  const start = nl.reversalTrainingStart(settings);
  assert.equal(start.steps, 0);
  assert.ok(start.parameters instanceof Float64Array && start.parameters.length > 100);
  const whole = nl.reversalTrainingContinue(settings, start, 5);
  const a = nl.reversalTrainingContinue(settings, start, 2);
  const b = nl.reversalTrainingContinue(settings, a.training, 3);
  assert.deepEqual([...a.losses, ...b.losses], [...whole.losses]);
  assert.deepEqual(b.training.parameters, whole.training.parameters);
  const check = nl.reversalTrainingCheck(settings, b.training);
  assert.ok(check.accuracy >= 0 && check.accuracy <= 1);
  assert.ok(check.loss < nl.reversalTrainingCheck(settings, start).loss);
});

test('the Transformer refuses by name: sizes, a piece past the run, a foreign state, a normaliser', () => {
  const settings = { ...SMALL, steps: 4 };
  const start = nl.reversalTrainingStart(settings);
  assert.throws(() => nl.reversalTrainingContinue(settings, start, 5), { name: 'SizeError', message: /5 steps/ });
  assert.throws(() => nl.reversalTrainingContinue({ ...settings, width: 16 }, start, 1), { name: 'ShapeError' });
  assert.throws(() => nl.reversalTrainingStart({ ...settings, heads: 3 }), { name: 'ShapeError', message: /heads 3/ });
  assert.throws(() => nl.reversalTrainingStart({ ...settings, placement: 'middle' }), {
    name: 'TypeError',
    message: /placement/,
  });
  assert.throws(() => nl.startingSlopesView({ depth: 49 }), { name: 'SizeError', message: /depth 49/ });
  assert.throws(() => nl.startingSlopesView({ norm: 'batch' }), { name: 'TypeError', message: /normaliser/ });
  assert.throws(() => nl.startingSlopesView({ seed: 2 ** 32 }), { name: 'SizeError', message: /seed/ });
});
