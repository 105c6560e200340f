// The JavaScript face of the core: the only module that imports the WebAssembly glue.
//
//   import { loadNormlab } from './normlab.js';
//   const nl = await loadNormlab();
//   const layer = nl.normaliser({ kind: 'batch', features: 2 });
//   const response = nl.train(layer, [[1, 7], [1, 9], [7, 1], [23, 7]]);
//
// Blocks go in as arrays of rows or as {rows, cols, data} and come out as
// {rows, cols, data: Float64Array}. Layers, responses and gradients are plain objects: there is
// nothing to delete(). Every figure is computed by the core; this module only checks JS types,
// converts, dispatches on a layer's kind and turns core refusals into typed Errors.
// It works on the main thread, in a worker and in Node.

import createNormlabCore from '../generated/normlab_core.js';
import { errorFromCore } from './errors.js';

export * from './errors.js';

const NORMALISER_KINDS = ['batch', 'layer', 'rms', 'group'];

function isNode() {
  return typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
}

async function nodeWasmBinary() {
  // Node has no fetch for file URLs: read the bytes and hand them to the glue.
  const fsName = 'node:fs/promises';
  const { readFile } = await import(/* @vite-ignore */ fsName);
  const wasmName = '../generated/normlab_core.wasm';
  return readFile(new URL(wasmName, import.meta.url));
}

/**
 * Loads the core once and returns its API. Options: wasmBinary (the module's bytes, when the
 * caller has them already); createCore (another build's module factory, for benchmarks).
 */
export async function loadNormlab({ wasmBinary, createCore = createNormlabCore } = {}) {
  if (!wasmBinary && isNode()) wasmBinary = await nodeWasmBinary();
  const core = await createCore(wasmBinary ? { wasmBinary } : {});
  return createApi(core);
}

// ---- conversions and type checks (no arithmetic) ------------------------------------------------

function describe(v) {
  if (v === null) return 'null';
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'string' ? `the string "${v}"` : `a ${typeof v}`;
}

function checkNumber(v, what) {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, not ${describe(v)}`);
  return v;
}

/** A block from an array of rows or from {rows, cols, data}. */
export function toBlock(x, what = 'block') {
  if (Array.isArray(x)) {
    const rows = x.length;
    const cols = rows > 0 && Array.isArray(x[0]) ? x[0].length : 0;
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const row = x[i];
      if (!Array.isArray(row))
        throw new TypeError(`row ${i + 1} of the ${what} must be an array, not ${describe(row)}`);
      if (row.length !== cols) {
        return { rows: 0, cols: 0, data: new Float64Array(0), ragged: { row: i + 1, length: row.length, cols } };
      }
      for (let j = 0; j < cols; j++)
        data[i * cols + j] = checkNumber(row[j], `row ${i + 1}, feature ${j + 1} of the ${what}`);
    }
    return { rows, cols, data };
  }
  if (
    x &&
    typeof x === 'object' &&
    Number.isInteger(x.rows) &&
    x.rows >= 0 &&
    Number.isInteger(x.cols) &&
    x.cols >= 0 &&
    (x.data instanceof Float64Array || Array.isArray(x.data))
  ) {
    return { rows: x.rows, cols: x.cols, data: x.data };
  }
  throw new TypeError(`the ${what} must be an array of rows or {rows, cols, data}, not ${describe(x)}`);
}

function toNumbers(v, what) {
  if (v instanceof Float64Array) return v;
  if (!Array.isArray(v)) throw new TypeError(`the ${what} must be an array of numbers, not ${describe(v)}`);
  v.forEach((n, k) => checkNumber(n, `entry ${k + 1} of the ${what}`));
  return v;
}

function checkObject(v, what) {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new TypeError(`the ${what} must be an object, not ${describe(v)}`);
  return v;
}

/** A block as an array of rows (for display). */
export function toRows(block) {
  const rows = [];
  for (let i = 0; i < block.rows; i++) rows.push(Array.from(block.data.subarray(i * block.cols, (i + 1) * block.cols)));
  return rows;
}

// ---- the API ----------------------------------------------------------------------------------

function createApi(core) {
  // Unwraps a core answer: a refusal becomes a throw of its Error subclass.
  const answer = (r) => {
    if (r && r.error) throw errorFromCore(r.error);
    return r;
  };
  const block = (x, what) => {
    const b = toBlock(x, what);
    if (b.ragged) {
      // Ragged rows cannot even be laid out as a block; phrased as the core's Block::from_rows does.
      const { row, length, cols } = b.ragged;
      throw errorFromCore({
        name: 'ShapeError',
        message: `the length of row ${row} is ${length} but the length of row 1 is ${cols}`,
      });
    }
    return b;
  };

  const verbs = {
    norm: {
      train: core.normTrain,
      infer: core.normInfer,
      backward: core.normBackward,
      step: core.normStep,
      check: core.normCheck,
    },
    dense: {
      train: core.denseTrain,
      infer: core.denseInfer,
      backward: core.denseBackward,
      step: core.denseStep,
      check: core.denseCheck,
    },
    weightNorm: {
      train: core.weightNormTrain,
      infer: core.weightNormInfer,
      backward: core.weightNormBackward,
      step: core.weightNormStep,
      check: core.weightNormCheck,
    },
  };
  const family = (layer) => {
    checkObject(layer, 'layer');
    if (NORMALISER_KINDS.includes(layer.kind)) return verbs.norm;
    if (layer.kind === 'dense') return verbs.dense;
    if (layer.kind === 'weightNorm') return verbs.weightNorm;
    throw new TypeError(
      `the layer's kind must be one of ${[...NORMALISER_KINDS, 'dense', 'weightNorm'].join(', ')}, not ${describe(layer.kind)}`,
    );
  };
  const normaliserOnly = (layer) => {
    if (family(layer) !== verbs.norm) throw new TypeError(`this needs a normaliser, not a ${layer.kind} layer`);
    return layer;
  };

  return {
    /**
     * A fresh normaliser. options: kind ('batch' | 'layer' | 'rms' | 'group'; `axis` is accepted
     * as another name for it), features (count), eps (1e-5), keep (0.9) or momentum (0.1, PyTorch's
     * name for 1 - keep), groups (group only), unbiasedRunning (false), learnShift (true; false
     * for rms).
     */
    normaliser(options) {
      checkObject(options, 'options');
      const kind = options.kind ?? options.axis;
      if (!NORMALISER_KINDS.includes(kind)) {
        throw new TypeError(`options.kind must be one of ${NORMALISER_KINDS.join(', ')}, not ${describe(kind)}`);
      }
      if (!Number.isInteger(options.features) || options.features < 0) {
        throw new TypeError(`options.features must be a whole number, not ${describe(options.features)}`);
      }
      for (const name of ['eps', 'keep', 'momentum']) {
        if (options[name] !== undefined) checkNumber(options[name], `options.${name}`);
      }
      if (options.groups !== undefined && !(Number.isInteger(options.groups) && options.groups >= 0)) {
        throw new TypeError(`options.groups must be a whole number, not ${describe(options.groups)}`);
      }
      return answer(core.makeNormaliser({ ...options, kind }));
    },
    /** A dense layer: weights (inputs x neurons block), bias, activation ('identity' | 'relu' | 'tanh' | 'sigmoid'). */
    dense({ weights, bias, activation = 'identity' } = {}) {
      return answer(
        core.makeDense({ weights: block(weights, 'weight block'), bias: toNumbers(bias, 'bias'), activation }),
      );
    },
    /** A weight-normalised dense layer: direction (inputs x neurons), magnitude, bias, activation. */
    weightNorm({ direction, magnitude, bias, activation = 'identity' } = {}) {
      return answer(
        core.makeWeightNorm({
          direction: block(direction, 'direction block'),
          magnitude: toNumbers(magnitude, 'magnitude'),
          bias: toNumbers(bias, 'bias'),
          activation,
        }),
      );
    },
    /** The weight-normalised form of a dense layer (magnitudes = the weight columns' lengths). */
    weightNormFromDense(dense) {
      return answer(core.weightNormFromDense(dense));
    },

    /** Training pass: a response carrying the answer and what backward needs. Changes nothing. */
    train(layer, x) {
      return answer(family(layer).train(layer, block(x, 'input block')));
    },
    /** Predicting pass (the batch layer uses its running figures). */
    infer(layer, x) {
      return answer(family(layer).infer(layer, block(x, 'input block')));
    },
    /** Either purpose: {purpose: 'train' (the default) | 'predict'}; returns the answer block. */
    forward(layer, x, { purpose = 'train' } = {}) {
      if (purpose !== 'train' && purpose !== 'predict')
        throw new TypeError(`purpose must be 'train' or 'predict', not ${describe(purpose)}`);
      return purpose === 'predict' ? this.infer(layer, x) : this.train(layer, x).output;
    },
    /** Backward pass: the gradient (passed-down block, parameter slopes, batch statistics). */
    backward(layer, response, dy) {
      checkObject(response, 'response');
      return answer(family(layer).backward(layer, response, block(dy, 'arriving slope')));
    },
    /** The next layer: parameters moved by -stride * slope, running figures folded in. */
    step(layer, gradient, stride) {
      checkObject(gradient, 'gradient');
      checkNumber(stride, 'the stride');
      return answer(family(layer).step(layer, gradient, stride));
    },
    /** Finite differences against the analytic slopes: {slopes: [{name, analytic, numeric, largestGap, largestSlope}], largestGap}. */
    checkGradient(layer, x, dy, { step = core.defaultDifferenceStep() } = {}) {
      checkNumber(step, 'the difference step');
      return answer(family(layer).check(layer, block(x, 'input block'), block(dy, 'arriving slope'), step));
    },

    /** The wrong backward pass d / s, for comparison only. */
    naiveBackward(layer, response, dy) {
      checkObject(response, 'response');
      return answer(core.normNaiveBackward(normaliserOnly(layer), response, block(dy, 'arriving slope')));
    },
    /** The wrong direction slope (radial part left in), for comparison only. */
    unprojectedDirectionSlope(layer, dweights) {
      if (family(layer) !== verbs.weightNorm) throw new TypeError('this needs a weight-normalised layer');
      return answer(core.weightNormUnprojected(layer, block(dweights, 'weight slope')));
    },
    withScaleShift(layer, scale, shift) {
      return answer(
        core.normWithScaleShift(normaliserOnly(layer), toNumbers(scale, 'scale'), toNumbers(shift, 'shift')),
      );
    },
    withRunning(layer, mean, variance) {
      return answer(
        core.normWithRunning(
          normaliserOnly(layer),
          toNumbers(mean, 'running mean'),
          toNumbers(variance, 'running variance'),
        ),
      );
    },
    /** Repeated steps on one batch: widest gap per step, running figures, first steps under thresholds. */
    traceRunning(layer, x, { steps = 100, thresholds = [] } = {}) {
      if (!Number.isInteger(steps) || steps < 0)
        throw new TypeError(`steps must be a whole number, not ${describe(steps)}`);
      return answer(
        core.traceRunning(normaliserOnly(layer), block(x, 'input block'), steps, toNumbers(thresholds, 'thresholds')),
      );
    },

    /** The crowd: {measurements: (25, 2) block of height cm and weight kg, labels: 1 adult, 0 not}. */
    crowd() {
      return core.crowd();
    },
    /** How many trainings the comparison holds (5 seeds x 5 arrangements x 5 folds). */
    comparisonPlanSize() {
      return core.comparisonPlanSize();
    },
    /** Runs trainings [begin, end) of the comparison: {results, summary} (summary of those alone). */
    runComparison(begin, end) {
      if (!Number.isInteger(begin) || !Number.isInteger(end))
        throw new TypeError('begin and end must be whole numbers');
      return JSON.parse(answer(core.runComparison(begin, end)));
    },
    /** The per-arrangement table from results gathered piece by piece: {results, summary}. */
    summariseComparison(results) {
      if (!Array.isArray(results)) throw new TypeError(`the results must be an array, not ${describe(results)}`);
      return JSON.parse(answer(core.summariseComparison(results)));
    },
    /**
     * The five whole-crowd runs and what they measure: {curves, twoWays, covariateShift}, series
     * as Float64Arrays; covariateShift.plain/batch.unitMean is flat, epochs x units, epoch after epoch.
     */
    wholeCrowd() {
      return core.wholeCrowd();
    },
    /** The same as JSON text, as the native `normlab` prints it. */
    wholeCrowdJson() {
      return core.wholeCrowdJson();
    },
    /** The gradient-check widget's figures: which = 'batch-four' | 'layer-three' | 'layer-four'; dy optional. */
    gradientCheckView(which, dy) {
      if (typeof which !== 'string') throw new TypeError(`the case must be a string, not ${describe(which)}`);
      return JSON.parse(
        answer(core.gradientCheckView(which, dy === undefined ? undefined : block(dy, 'arriving slope'))),
      );
    },
    /** Twenty of the crowd under layer, RMS and batch normalisation. */
    twoNumbersView() {
      return JSON.parse(core.twoNumbersView());
    },
    /** Weight normalisation on three tanh neurons: slopes, checks and one step both ways. */
    weightNormView() {
      return JSON.parse(core.weightNormView());
    },
    /** Every edge case run through the core: [{group, case, outcome: {error} | {answer}}]. */
    behavioursView() {
      return JSON.parse(core.behavioursView());
    },
    /** The checklist of a complete layer, answered from the core's settings: [{question, answer}]. */
    checklistView() {
      return JSON.parse(core.checklistView());
    },
    /** Largest absolute difference between two blocks of one shape. */
    largestGap(a, b) {
      return answer(core.largestGap(block(a, 'first block'), block(b, 'second block')));
    },
    /** Sums down each column (D numbers). */
    columnSums(a) {
      return answer(core.columnSums(block(a)));
    },
    /** Sums along each row (N numbers). */
    rowSums(a) {
      return answer(core.rowSums(block(a)));
    },
    /** Every measurement as the JSON text the native `normlab measurements` prints. */
    measurementsJson() {
      return core.measurementsJson();
    },
    /** The fixed reference figures, as the same JSON text the native `normlab figures --json` prints. */
    referenceFiguresJson() {
      return core.referenceFiguresJson();
    },
    /** Bytes the core's allocator has handed out and not taken back (for leak checks). */
    heapInUse() {
      return core.heapInUse();
    },
    /** Size of the wasm memory in bytes (it only grows). */
    memoryBytes() {
      return core.HEAPU8.byteLength;
    },
    toRows,
  };
}
