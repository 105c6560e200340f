// The boundary holds against an adversarial caller: shapes that would wrap, sizes that cannot be
// allocated, callbacks that run during a call, integers beyond 32 bits and layer objects edited
// by hand each get a typed error (or a TypeError for a wrong JavaScript type), leave the module
// usable and leak nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as errors from '../../web/src/errors.js';
import { normlabApi } from '../../web/src/normlab.js';
import { nl, testCore, heapInUse, emvalHandles, memoryBytes, wholeNumberFour } from './core.js';

const batch = () => nl.normaliser({ kind: 'batch', features: 2 });
const stillWorks = () => assert.equal(nl.train(batch(), wholeNumberFour).variance[1], 9);

/** Asserts call throws Type and that the message names each of names. */
function refuses(call, Type, ...names) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Type, `${e?.name}: ${e?.message} is not a ${Type.name}`);
    for (const n of names) assert.ok(e.message.includes(n), `"${e.message}" does not name ${n}`);
    return true;
  });
  stillWorks();
}

test('shapes whose cell count wraps 32 bits are refused before anything is read or written', () => {
  const wide = nl.normaliser({ kind: 'layer', features: 65537 });
  const block = { rows: 65536, cols: 65537, data: new Float64Array(65536) };
  refuses(() => nl.infer(wide, block), errors.ShapeError, '65536 by 65537', '65536 numbers');
  refuses(() => nl.largestGap({ rows: 2, cols: 2 ** 31, data: [] }, wholeNumberFour), errors.ShapeError, '2147483648');
  // The core refuses the same block when it arrives without the wrapper's check.
  const state = {
    spec: testCore.normSpec('layer'),
    scale: wide.scale,
    shift: wide.shift,
    runningMean: new Float64Array(0),
    runningVariance: new Float64Array(0),
  };
  for (const refused of [testCore.normInfer(state, block), testCore.rowSums({ rows: 2, cols: 2 ** 31, data: [] })]) {
    assert.ok(refused.error, 'the core read a block whose data does not fill its shape');
    assert.ok(['ShapeError', 'SizeError'].includes(refused.error.name), refused.error.name);
  }
  stillWorks();
});

test('a layer too large to allocate is a SizeError naming its size, and leaves the heap as it was', () => {
  stillWorks();
  const before = heapInUse();
  const memory = memoryBytes();
  refuses(() => nl.normaliser({ kind: 'batch', features: 1e9 }), errors.SizeError, '1000000000');
  assert.equal(heapInUse(), before);
  assert.equal(memoryBytes(), memory, 'the wasm memory grew for a layer that was refused');
  refuses(() => nl.normaliser({ kind: 'layer', features: 2 ** 26 + 1 }), errors.SizeError, '67108865');
  assert.equal(heapInUse(), before);
});

test('no caller code runs during a core call, and data holding non-numbers is a TypeError', () => {
  let ran = false;
  const sneaky = {
    valueOf() {
      ran = true;
      nl.normaliser({ kind: 'batch', features: 4e6 });
      return 4;
    },
  };
  refuses(() => nl.train(batch(), { rows: 2, cols: 2, data: [3, sneaky, 5, 6] }), TypeError, 'number 2');
  assert.equal(ran, false, 'valueOf ran');
  refuses(() => nl.train(batch(), { rows: 1, cols: 2, data: ['1', 7] }), TypeError, 'number 1', 'string');
  refuses(() => nl.train(batch(), { rows: 1, cols: 2, data: [null, 7] }), TypeError, 'number 1', 'null');
  refuses(() => nl.train(batch(), [[1, true]]), TypeError, 'row 1, feature 2');
  // A getter that grows the wasm memory runs while the wrapper copies, before the call: the
  // answer is still the block's own.
  const row = [1, 9];
  let grown = false;
  Object.defineProperty(row, 0, {
    get() {
      const memory = memoryBytes();
      nl.normaliser({ kind: 'batch', features: 4e6 });
      grown ||= memoryBytes() > memory;
      return 1;
    },
  });
  const r = nl.train(batch(), [[1, 7], row, [7, 1], [23, 7]]);
  assert.deepEqual(Array.from(r.mean), [8, 6]);
  assert.deepEqual(Array.from(nl.train(batch(), { rows: 2, cols: 2, data: [3, 4, 5, 6] }).mean), [4, 5]);
  assert.ok(grown, 'the getter did not grow the wasm memory, so this proves nothing');
});

test('integers beyond 32 bits are refused, not wrapped', () => {
  refuses(() => nl.normaliser({ kind: 'batch', features: 2 ** 32 + 2 }), errors.SizeError, '4294967298');
  refuses(() => nl.normaliser({ kind: 'group', features: 4, groups: 2 ** 32 + 2 }), errors.SizeError, '4294967298');
  refuses(() => nl.train(batch(), { rows: 2 ** 32 + 1, cols: 2, data: [1, 2] }), errors.SizeError, '4294967297');
  refuses(() => nl.runComparison(0, 2 ** 32 + 1), errors.SizeError, '4294967297');
  refuses(() => nl.traceRunning(batch(), wholeNumberFour, { steps: 2 ** 32 }), errors.SizeError, '4294967296');
  const [result] = nl.runComparison(0, 1).results;
  refuses(() => nl.summariseComparison([{ ...result, seed: 2 ** 32 + 1 }]), errors.SizeError, '4294967297');
  refuses(() => nl.summariseComparison([{ ...result, seed: -1 }]), TypeError, 'seed');
  refuses(() => nl.normaliser({ kind: 'batch', features: 2.5 }), TypeError, '2.5');
});

test('layer objects are checked field by field; no engine or binding error escapes', () => {
  const layer = batch();
  const cases = [
    [{ ...layer, scale: undefined }, TypeError, 'scale'],
    [{ ...layer, eps: '1e-5' }, TypeError, 'eps'],
    [{ ...layer, groups: -1 }, TypeError, 'groups'],
    [{ ...layer, learnShift: 1 }, TypeError, 'learnShift'],
    [{ ...layer, momentum: undefined }, TypeError, 'keep or as momentum'],
    [{ ...layer, kind: 'mystery' }, TypeError, 'mystery'],
    [{ ...layer, kind: undefined }, TypeError, 'kind'],
    [{ ...layer, scale: [1, 2, 3] }, errors.ShapeError, 'length is 2'],
    [{ ...layer, runningVariance: [1, -1] }, errors.NormError, 'variance'],
    [{ ...layer, keep: 0.5 }, errors.OptionError, 'both keep (0.5) and momentum (0.1)'],
    [{ kind: 'dense', weights: [[1]], bias: [0] }, TypeError, 'activation'],
    [{ kind: 'dense', weights: [[1]], bias: [0], activation: 'softmax' }, errors.OptionError, 'softmax'],
    [
      { kind: 'weightNorm', direction: [[0]], magnitude: [1], bias: [0], activation: 'identity' },
      errors.ZeroDirectionError,
    ],
    [null, TypeError, 'null'],
    [[1, 2], TypeError, 'array'],
  ];
  for (const [edited, Type, ...names] of cases) refuses(() => nl.train(edited, wholeNumberFour), Type, ...names);
  // A response or gradient of another shape is refused, not read out of bounds.
  const response = nl.train(layer, wholeNumberFour);
  refuses(() => nl.backward(layer, { ...response, mean: [1] }, wholeNumberFour), errors.ShapeError);
  refuses(() => nl.backward(layer, { ...response, output: undefined }, wholeNumberFour), TypeError, 'output');
  const gradient = nl.backward(layer, response, wholeNumberFour);
  refuses(() => nl.step(layer, { ...gradient, variance: [1] }, 0.1), errors.ShapeError);
  refuses(() => nl.step(layer, { ...gradient, rows: 'four' }, 0.1), TypeError, 'rows');
  const dense = nl.dense({ weights: [[1, 2, 3]], bias: [0, 0, 0] });
  const dr = nl.train(dense, [[1], [1]]);
  refuses(
    () =>
      nl.backward(dense, { ...dr, input: { rows: 1, cols: 1, data: [1] } }, [
        [1, 1, 1],
        [1, 1, 1],
      ]),
    errors.ShapeError,
  );
});

test('keep edited alongside momentum is refused; each spelling alone is used exactly', () => {
  const momentum = batch();
  assert.equal(momentum.momentum, 0.1);
  assert.ok(!('keep' in momentum), 'a layer object carries one spelling of its running rate');
  const keep = nl.normaliser({ kind: 'batch', features: 2, keep: 0.5 });
  assert.ok(!('momentum' in keep));
  const stepped = (layer) => {
    const g = nl.backward(layer, nl.train(layer, wholeNumberFour), wholeNumberFour);
    return Array.from(nl.step(layer, g, 0).runningMean);
  };
  assert.deepEqual(stepped(keep), [4, 3]);
  assert.deepEqual(stepped({ ...momentum, momentum: 0.5 }), [4, 3]);
  const edited = { ...momentum };
  delete edited.momentum;
  assert.deepEqual(stepped({ ...edited, keep: 0.5 }), [4, 3]);
  assert.deepEqual(nl.describe(keep), { features: 2, parameterCount: 4, bufferCount: 4, keep: 0.5, momentum: 0.5 });
});

test("a group layer with one group stays 'group', through every verb", () => {
  const one = nl.normaliser({ kind: 'group', features: 2, groups: 1 });
  assert.equal(one.kind, 'group');
  const g = nl.backward(one, nl.train(one, wholeNumberFour), wholeNumberFour);
  assert.equal(nl.step(one, g, 0.1).kind, 'group');
  assert.equal(nl.withScaleShift(one, [2, 2], [0, 0]).kind, 'group');
});

test('every refusal of a garbage argument is a typed error or a TypeError', () => {
  const garbage = [undefined, null, NaN, -1, 2 ** 53, 'x', Symbol('s'), {}, [], [[]], () => 1, new Proxy({}, {})];
  const layer = batch();
  const calls = {
    normaliser: (v) => nl.normaliser(v),
    train: (v) => nl.train(layer, v),
    trainLayer: (v) => nl.train(v, wholeNumberFour),
    infer: (v) => nl.infer(layer, v),
    backward: (v) => nl.backward(layer, v, wholeNumberFour),
    step: (v) => nl.step(layer, v, 0.1),
    learningRate: (v) => nl.step(layer, nl.backward(layer, nl.train(layer, wholeNumberFour), wholeNumberFour), v),
    checkGradient: (v) => nl.checkGradient(layer, wholeNumberFour, wholeNumberFour, { step: v }),
    dense: (v) => nl.dense({ weights: v, bias: [0] }),
    weightNorm: (v) => nl.weightNorm(v),
    traceRunning: (v) => nl.traceRunning(layer, wholeNumberFour, { steps: v }),
    withRunning: (v) => nl.withRunning(layer, v, [1, 1]),
    runComparison: (v) => nl.runComparison(v, 1),
    summariseComparison: (v) => nl.summariseComparison([v]),
    gradientCheckView: (v) => nl.gradientCheckView(v),
    largestGap: (v) => nl.largestGap(v, wholeNumberFour),
  };
  let refused = 0;
  for (const [name, call] of Object.entries(calls)) {
    for (const v of garbage) {
      try {
        call(v);
      } catch (e) {
        assert.ok(e instanceof errors.NormError || e instanceof TypeError, `${name}(${String(v)}): ${e}`);
        assert.ok(!/BindingError|Cannot read|is not a function/.test(e.message), `${name}: ${e.message}`);
        refused++;
      }
    }
  }
  assert.ok(refused > 150, `only ${refused} garbage calls were refused`);
  stillWorks();
});

test('nothing leaks per refused call: 1,000 refusals of each kind leave the heap and the handles as they were', () => {
  const layer = batch();
  const response = nl.train(layer, wholeNumberFour);
  const gradient = nl.backward(layer, response, wholeNumberFour);
  const kinds = [
    () => nl.train(layer, [[NaN, 1]]), // NonFiniteError in the core
    () => nl.train(layer, [[1, 2, 3]]), // ShapeError in the core
    () => nl.backward(layer, { ...response, mean: [1] }, wholeNumberFour), // a response of another shape
    () => nl.step(layer, gradient, NaN), // LearningRateError
    () => nl.normaliser({ kind: 'batch', features: 1e9 }), // SizeError
    () => nl.normaliser({ kind: 'group', features: 6, groups: 4 }), // GroupError
    () => nl.train({ ...layer, keep: 0.5 }, wholeNumberFour), // OptionError in the wrapper
    () => nl.train({ ...layer, scale: undefined }, wholeNumberFour), // TypeError in the wrapper
    () => nl.dense({ weights: [[1]], bias: [0], activation: 'softmax' }), // OptionError from a name
    () => testCore.normTrain({}, {}), // a malformed wire object handed to the module itself
  ];
  const attempt = (call) => {
    try {
      call();
    } catch {
      return;
    }
    assert.fail(`${call} was not refused`);
  };
  for (const call of kinds) attempt(call);
  for (const call of kinds) {
    const heap = heapInUse();
    const handles = emvalHandles();
    for (let k = 0; k < 1000; k++) attempt(call);
    assert.equal(heapInUse(), heap, `${call}: the heap in use grew from ${heap} to ${heapInUse()}`);
    assert.equal(emvalHandles(), handles, `${call}: live handles grew from ${handles} to ${emvalHandles()}`);
  }
});

test('a refusal never crosses as a raw WebAssembly exception: the module answers {error} values', () => {
  const wire = testCore.normSpec('batch');
  const refused = testCore.normNew(wire, 1e9);
  assert.equal(refused.error.name, 'SizeError');
  assert.ok(refused.error.message.includes('1000000000'));
  assert.equal(testCore.normSpec('mystery').error.name, 'OptionError');
});

test('a C++ exception escaping the module (an argument it had no memory to copy) reaches callers as a SizeError', () => {
  const broken = Object.create(testCore);
  broken.normTrain = () => {
    throw new WebAssembly.Exception(new WebAssembly.Tag({ parameters: [] }), []);
  };
  const api = normlabApi(broken);
  refuses(() => api.train(batch(), wholeNumberFour), errors.SizeError, 'normTrain');
  assert.equal(api.infer(batch(), wholeNumberFour).rows, 4);
});

test("detached buffers, display of a forged block and methods taken off the API get the wrapper's own errors", () => {
  const detached = new Float64Array([1, 1]);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  refuses(() => nl.withScaleShift(batch(), detached, [0, 1]), errors.ShapeError, 'length is 0');
  refuses(() => nl.toRows({ rows: 2 ** 53, cols: 1, data: new Float64Array(0) }), errors.SizeError, '9007199254740992');
  refuses(() => nl.toRows({ rows: 3, cols: 1, data: new Float64Array(2) }), errors.ShapeError, '3 by 1');
  const lying = new Float64Array([1, 7, 1, 9]);
  Object.defineProperty(lying, 'length', { value: 2 });
  assert.deepEqual(Array.from(nl.train(batch(), { rows: 2, cols: 2, data: lying }).mean), [1, 8]);
  const { forward, train } = nl;
  assert.equal(forward(batch(), wholeNumberFour).rows, 4);
  assert.equal(train(batch(), wholeNumberFour).mean[1], 6);
});

test('error names survive minification: each is written out, not read from the class', () => {
  for (const [name, Type] of Object.entries(errors).filter(
    ([, v]) => typeof v === 'function' && v.prototype instanceof Error,
  ))
    assert.ok(Object.hasOwn(Type.prototype, 'name') && Type.prototype.name === name, name);
});

test('rows may be typed arrays, as data may', () => {
  const rows = [new Float64Array([1, 7]), [1, 9], new Float32Array([7, 1]), new Int32Array([23, 7])];
  assert.deepEqual(Array.from(nl.train(batch(), rows).mean), [8, 6]);
  refuses(() => nl.train(batch(), [[1, 7], new DataView(new ArrayBuffer(16))]), TypeError, 'row 2');
  refuses(() => nl.train(batch(), [new Float64Array([1, 7]), new Float64Array([1])]), errors.ShapeError, 'row 2');
});

test('no finite input answers a silently wrong number or runs for hours', () => {
  // A difference step whose double leaves the doubles answered every numeric slope 0 or NaN.
  const faint = nl.dense({ weights: [[1e-10]], bias: [0] });
  refuses(() => nl.checkGradient(faint, [[1]], [[1]], { step: 1.7e308 }), errors.OptionError, 'half the largest');
  // A gradient check's cost grows with the square of its block; a trace with its steps.
  const wide = nl.normaliser({ kind: 'layer', features: 1000 });
  const big = { rows: 1000, cols: 1000, data: new Float64Array(1e6).fill(1) };
  refuses(() => nl.checkGradient(wide, big, big), errors.SizeError, 'cell evaluations');
  const one = nl.normaliser({ kind: 'batch', features: 1 });
  refuses(() => nl.traceRunning(one, [[1], [2]], { steps: 10001 }), errors.SizeError, '10001 steps');
  refuses(() => nl.traceRunning(batch(), wholeNumberFour, { steps: 3, thresholds: [NaN] }), errors.NonFiniteError);
  // A batch whose spread is beyond a double: the refusal names the reader's rows, not a figure
  // computed from them (the running variance the steps would fold in).
  const huge = [
    [1e308, 1e308],
    [-1e308, -1e308],
  ];
  refuses(
    () => nl.traceRunning(batch(), huge, { steps: 3 }),
    errors.NonFiniteError,
    'the values in rows 1-2 are too large to standardise: their spread is beyond a double',
  );
  refuses(() => nl.traceRunning(one, [[1], [2], [1e200], [3]], { steps: 3 }), errors.NonFiniteError, 'in row 3 are');
  assert.equal(nl.traceRunning(one, [[1e150], [-1e150], [3]], { steps: 3 }).widestGap.length, 3);
  // A direction below the normal doubles: v / |v| is 1 / sqrt(2), not 0.70720.
  const tiny = nl.weightNorm({ direction: [[1e-320], [1e-320]], magnitude: [1], bias: [0] });
  for (const w of nl.describe(tiny).effectiveWeights.data) assert.ok(Math.abs(w - Math.SQRT1_2) < 1e-15, `${w}`);
  const thin = nl.weightNorm({ direction: [[1e-300], [0]], magnitude: [1e300], bias: [0] });
  refuses(() => nl.unprojectedDirectionSlope(thin, [[1e300], [1]]), errors.NonFiniteError, 'unprojected');
});

test("a normaliser's response or gradient carries its kind, and another kind's is refused even when counts fit", () => {
  const square = [
    [1, 7],
    [3, 2],
  ];
  const layer = nl.normaliser({ kind: 'layer', features: 2 });
  const byColumns = nl.train(batch(), square);
  assert.equal(byColumns.kind, 'batch');
  assert.equal(byColumns.groups, 1);
  refuses(() => nl.backward(layer, byColumns, square), errors.ShapeError, 'comes from a batch normaliser');
  refuses(() => nl.naiveBackward(layer, byColumns, square), errors.ShapeError, 'comes from a batch normaliser');
  const byRows = nl.backward(layer, nl.train(layer, square), square);
  assert.equal(byRows.kind, 'layer');
  refuses(() => nl.step(batch(), byRows, 0.1), errors.ShapeError, 'comes from a layer normaliser');
  refuses(() => nl.backward(layer, { ...byColumns, kind: 'mystery' }, square), errors.OptionError, 'mystery');
  refuses(() => nl.backward(layer, { ...byColumns, kind: 1 }, square), TypeError, "response's kind");
  refuses(() => nl.step(batch(), { ...byRows, groups: -1 }, 0.1), TypeError, "gradient's groups");
});
