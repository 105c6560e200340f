// The layers: normalisers, dense and weight-normalised layers as plain objects. A layer object
// is its state ({kind, groups, eps, keep or momentum, unbiasedRunning, learnShift, scale, shift,
// runningMean, runningVariance} for a normaliser; {kind: 'dense' | 'weightNorm', weights or
// direction and magnitude, bias, activation} for the others). Here it is checked field by field
// for JavaScript types and copied; the core's from_state checks what it means.

import { OptionError } from '../errors.js';

// How each family's responses and gradients are read (see convert.js record()). A normaliser's
// carry the kind and groups of the layer that made them: the core refuses them elsewhere.
const NORM_RESPONSE = {
  kind: 'string',
  groups: 'whole',
  output: 'block',
  standardised: 'block',
  mean: 'numbers',
  variance: 'numbers',
  deviation: 'numbers',
};
const NORM_GRADIENT = {
  kind: 'string',
  groups: 'whole',
  dx: 'block',
  dscale: 'numbers',
  dshift: 'numbers',
  mean: 'numbers',
  variance: 'numbers',
  rows: 'whole',
};
const DENSE_RESPONSE = { input: 'block', score: 'block', output: 'block' };
const DENSE_GRADIENT = { dx: 'block', dweights: 'block', dbias: 'numbers' };
const WEIGHT_NORM_GRADIENT = {
  dx: 'block',
  ddirection: 'block',
  dmagnitude: 'numbers',
  dbias: 'numbers',
  dweights: 'block',
};

export function layersApi(core, h) {
  const { answer, block, toNumbers, record, checkInteger, checkNumber, checkBoolean, checkObject, describe } = h;

  // Names the core has accepted once (it refuses the others with its own OptionError).
  const accepted = new Set();
  const named = (check, name, what) => {
    if (typeof name !== 'string') throw new TypeError(`${what} must be a string, not ${describe(name)}`);
    if (!accepted.has(`${check}:${name}`)) {
      answer(core[check](name));
      accepted.add(`${check}:${name}`);
    }
    return name;
  };
  const specs = new Map(); // the core's default spec per kind

  // ---- normalisers: the public object <-> the core's NormaliserState -----------------------------
  const rateOf = (keep, momentum, what) => {
    if (keep !== undefined && momentum !== undefined)
      throw new OptionError(
        `both keep (${describe(keep)}) and momentum (${describe(momentum)}) were given; they name one rule two ways, so give one`,
      );
    if (keep !== undefined) return { value: checkNumber(keep, `${what}.keep`), convention: 'keep' };
    if (momentum !== undefined) return { value: checkNumber(momentum, `${what}.momentum`), convention: 'momentum' };
    return undefined;
  };
  const normaliserObject = (s) => ({
    kind: s.spec.kind,
    groups: s.spec.groups,
    eps: s.spec.eps,
    [s.spec.rate.convention]: s.spec.rate.value,
    unbiasedRunning: s.spec.unbiasedRunning,
    learnShift: s.spec.learnShift,
    scale: s.scale,
    shift: s.shift,
    runningMean: s.runningMean,
    runningVariance: s.runningVariance,
  });
  const normaliserState = (layer, kind) => {
    const rate = rateOf(layer.keep, layer.momentum, 'the layer');
    if (!rate) throw new TypeError('the layer must carry its running rate as keep or as momentum (a number)');
    const spec = {
      kind,
      groups: checkInteger(layer.groups, "the layer's groups"),
      eps: checkNumber(layer.eps, "the layer's eps"),
      rate,
      unbiasedRunning: checkBoolean(layer.unbiasedRunning, "the layer's unbiasedRunning"),
      learnShift: checkBoolean(layer.learnShift, "the layer's learnShift"),
    };
    const optional = (v, what) => (v === undefined ? new Float64Array(0) : toNumbers(v, what));
    return {
      spec,
      scale: toNumbers(layer.scale, "layer's scale"),
      shift: toNumbers(layer.shift, "layer's shift"),
      runningMean: optional(layer.runningMean, "layer's running mean"),
      runningVariance: optional(layer.runningVariance, "layer's running variance"),
    };
  };

  const denseState = (layer) => ({
    weights: block(layer.weights, 'weight block'),
    bias: toNumbers(layer.bias, 'bias'),
    activation: named('activationNamed', layer.activation, 'the activation'),
  });
  const weightNormState = (layer) => ({
    direction: block(layer.direction, 'direction block'),
    magnitude: toNumbers(layer.magnitude, 'magnitude'),
    bias: toNumbers(layer.bias, 'bias'),
    activation: named('activationNamed', layer.activation, 'the activation'),
  });

  // Each family: its core prefix, how its object crosses and comes back, its response and gradient.
  const families = {
    norm: { prefix: 'norm', object: normaliserObject, response: NORM_RESPONSE, gradient: NORM_GRADIENT },
    dense: {
      prefix: 'dense',
      state: denseState,
      object: (s) => ({ kind: 'dense', ...s }),
      response: DENSE_RESPONSE,
      gradient: DENSE_GRADIENT,
    },
    weightNorm: {
      prefix: 'weightNorm',
      state: weightNormState,
      object: (s) => ({ kind: 'weightNorm', ...s }),
      response: DENSE_RESPONSE,
      gradient: WEIGHT_NORM_GRADIENT,
    },
  };

  /** The family of a layer object and its state, copied and type-checked. */
  const crossing = (layer) => {
    checkObject(layer, 'the layer');
    const kind = layer.kind;
    if (kind === 'dense' || kind === 'weightNorm')
      return { family: families[kind], state: families[kind].state(layer) };
    if (typeof kind === 'string') {
      try {
        named('normKindNamed', kind, "the layer's kind");
      } catch (e) {
        throw new TypeError(`the layer's kind must be dense, weightNorm or a normaliser's kind: ${e.message}`, {
          cause: e,
        });
      }
      return { family: families.norm, state: normaliserState(layer, kind) };
    }
    throw new TypeError(`the layer's kind must be dense, weightNorm or a normaliser's kind, not ${describe(kind)}`);
  };
  const only = (layer, name, what) => {
    const c = crossing(layer);
    if (c.family !== families[name]) throw new TypeError(`this needs ${what}, not a ${c.family.prefix} layer`);
    return c;
  };
  const call = (family, verb, ...args) => answer(core[`${family.prefix}${verb}`](...args));
  /** A response or gradient copied by its family's fields; a normaliser's kind is a name the core knows. */
  const carried = (v, fields, what) => {
    const r = record(v, fields, what);
    if (fields.kind) named('normKindNamed', r.kind, `the ${what}'s kind`);
    return r;
  };

  /** Training pass: a response carrying the answer and what backward needs. Changes nothing. */
  const train = (layer, x) => {
    const { family, state } = crossing(layer);
    return call(family, 'Train', state, block(x, 'input block'));
  };
  /** Predicting pass (the batch layer uses its running figures). */
  const infer = (layer, x) => {
    const { family, state } = crossing(layer);
    return call(family, 'Infer', state, block(x, 'input block'));
  };

  return {
    /**
     * A fresh normaliser. options: kind ('batch' | 'layer' | 'rms' | 'group'; `axis` is another
     * name for it), features (count), eps (1e-5), keep (0.9) or momentum (0.1, PyTorch's name for
     * 1 - keep; not both), groups (group only), unbiasedRunning (false), learnShift (true; false for rms).
     */
    normaliser(options) {
      checkObject(options, 'the options');
      const kind = options.kind ?? options.axis;
      const features = checkInteger(options.features, 'options.features');
      const { eps, keep, momentum, groups, unbiasedRunning, learnShift } = options;
      if (typeof kind !== 'string') throw new TypeError(`options.kind must be a string, not ${describe(kind)}`);
      if (!specs.has(kind)) specs.set(kind, answer(core.normSpec(kind)));
      const spec = { ...specs.get(kind) };
      if (eps !== undefined) spec.eps = checkNumber(eps, 'options.eps');
      spec.rate = rateOf(keep, momentum, 'options') ?? spec.rate;
      if (groups !== undefined) spec.groups = checkInteger(groups, 'options.groups');
      if (unbiasedRunning !== undefined)
        spec.unbiasedRunning = checkBoolean(unbiasedRunning, 'options.unbiasedRunning');
      if (learnShift !== undefined) spec.learnShift = checkBoolean(learnShift, 'options.learnShift');
      return normaliserObject(answer(core.normNew(spec, features)));
    },
    /** A dense layer: weights (inputs x neurons block), bias, activation ('identity' | 'relu' | 'tanh' | 'sigmoid'). */
    dense(options) {
      checkObject(options, 'the options');
      const { weights, bias, activation = 'identity' } = options;
      return families.dense.object(answer(core.denseMake(denseState({ weights, bias, activation }))));
    },
    /** A weight-normalised dense layer: direction (inputs x neurons), magnitude, bias, activation. */
    weightNorm(options) {
      checkObject(options, 'the options');
      const { direction, magnitude, bias, activation = 'identity' } = options;
      const state = weightNormState({ direction, magnitude, bias, activation });
      return families.weightNorm.object(answer(core.weightNormMake(state)));
    },
    /** The weight-normalised form of a dense layer (magnitudes = the weight columns' lengths). */
    weightNormFromDense(dense) {
      const { state } = only(dense, 'dense', 'a dense layer');
      return families.weightNorm.object(answer(core.weightNormFromDense(state)));
    },
    /**
     * What a layer reports about itself: a normaliser's {features, parameterCount, bufferCount,
     * keep, momentum}; a dense layer's {inputs, outputs, parameterCount}; a weight-normalised
     * layer's also {effectiveWeights, directionLengths}.
     */
    describe(layer) {
      const { family, state } = crossing(layer);
      return call(family, 'Describe', state);
    },

    train,
    infer,
    /** Either purpose: {purpose: 'train' (the default) | 'predict'}; returns the answer block. */
    forward(layer, x, options = {}) {
      const { purpose = 'train' } = checkObject(options, 'the options');
      if (purpose !== 'train' && purpose !== 'predict')
        throw new TypeError(`purpose must be 'train' or 'predict', not ${describe(purpose)}`);
      return purpose === 'predict' ? infer(layer, x) : train(layer, x).output;
    },
    /** Backward pass: the gradient (passed-down block, parameter slopes, batch statistics). */
    backward(layer, response, dy) {
      const { family, state } = crossing(layer);
      return call(
        family,
        'Backward',
        state,
        carried(response, family.response, 'response'),
        block(dy, 'arriving slope'),
      );
    },
    /** The next layer: parameters moved by -learningRate * slope, running figures folded in. */
    step(layer, gradient, learningRate) {
      const { family, state } = crossing(layer);
      const g = carried(gradient, family.gradient, 'gradient');
      return family.object(call(family, 'Step', state, g, checkNumber(learningRate, 'the learning rate')));
    },
    /** Finite differences against the analytic slopes: {slopes: [{name, analytic, numeric, largestGap, largestSlope}], largestGap}. */
    checkGradient(layer, x, dy, options = {}) {
      const { step = core.defaultDifferenceStep() } = checkObject(options, 'the options');
      const { family, state } = crossing(layer);
      const args = [block(x, 'input block'), block(dy, 'arriving slope'), checkNumber(step, 'the difference step')];
      return call(family, 'Check', state, ...args);
    },

    /** The wrong backward pass d / s, for comparison only. */
    naiveBackward(layer, response, dy) {
      const { state } = only(layer, 'norm', 'a normaliser');
      const r = carried(response, NORM_RESPONSE, 'response');
      return answer(core.normNaiveBackward(state, r, block(dy, 'arriving slope')));
    },
    /** The wrong direction slope (radial part left in), for comparison only. */
    unprojectedDirectionSlope(layer, dweights) {
      const { state } = only(layer, 'weightNorm', 'a weight-normalised layer');
      return answer(core.weightNormUnprojected(state, block(dweights, 'weight slope')));
    },
    /** The same normaliser with other scale and shift. */
    withScaleShift(layer, scale, shift) {
      const { state } = only(layer, 'norm', 'a normaliser');
      const args = [toNumbers(scale, 'scale'), toNumbers(shift, 'shift')];
      return normaliserObject(answer(core.normWithScaleShift(state, ...args)));
    },
    /** The same batch normaliser with other running figures. */
    withRunning(layer, mean, variance) {
      const { state } = only(layer, 'norm', 'a normaliser');
      const args = [toNumbers(mean, 'running mean'), toNumbers(variance, 'running variance')];
      return normaliserObject(answer(core.normWithRunning(state, ...args)));
    },
    /** Repeated steps on one batch: widest gap per step, running figures, first steps under thresholds. */
    traceRunning(layer, x, options = {}) {
      const { steps = 100, thresholds = [] } = checkObject(options, 'the options');
      const { state } = only(layer, 'norm', 'a normaliser');
      const args = [block(x, 'input block'), checkInteger(steps, 'steps'), toNumbers(thresholds, 'thresholds')];
      const { trace, firstStepUnder } = answer(core.traceRunning(state, ...args));
      const { finalState, ...figures } = trace;
      return { ...figures, finalLayer: normaliserObject(finalState), firstStepUnder };
    },
  };
}
