// The MNIST lab: the digits (handed to this module instance once), the four networks' training
// in short calls, held-out evaluation, activation maps, a drawn digit's probabilities, and the
// normalisers' geometry. Arguments are checked and copied before each call; nothing here
// computes a figure.

export const MNIST_ARRANGEMENTS = ['plain', 'batch', 'layer', 'group'];

/** The MNIST capability: composed into the loaded core's API by normlab.js. */
export function mnistApi(core, { answer, checkInteger, checkNumber, checkObject, checkString, describe }) {
  const arrangement = (v) => checkString(v, 'the arrangement', MNIST_ARRANGEMENTS);
  const seed = (v) => checkInteger(v, 'the seed');
  const floats = (v, what) => {
    if (!(v instanceof Float32Array) && !Array.isArray(v))
      throw new TypeError(`${what} must be a Float32Array or an array of numbers, not ${describe(v)}`);
    const out = new Float32Array(checkInteger(v.length, `${what}'s length`, 1 << 20));
    for (let k = 0; k < out.length; k++) out[k] = checkNumber(v[k], `${what}[${k}]`);
    return out;
  };
  // A fresh copy; a detached array reads as empty, which the core refuses by its length.
  const copyFloats = (v) => {
    const out = new Float32Array(v.length);
    if (out.length) out.set(v);
    return out;
  };
  const network = (v) => {
    checkObject(v, 'the network');
    const a = arrangement(v.arrangement);
    const values = v.values;
    if (!(values instanceof Float32Array))
      throw new TypeError(`the network's values must be a Float32Array, not ${describe(values)}`);
    return { arrangement: a, values: copyFloats(values) };
  };

  return {
    /** Hands the digit asset's bytes (ArrayBuffer or Uint8Array) to this module instance. */
    mnistLoadDigits(bytes) {
      let view;
      if (bytes instanceof ArrayBuffer) view = bytes.byteLength ? new Uint8Array(bytes) : new Uint8Array(0);
      else if (bytes instanceof Uint8Array) view = bytes;
      else throw new TypeError(`the digit asset must be an ArrayBuffer or a Uint8Array, not ${describe(bytes)}`);
      const copy = new Uint8Array(view.length); // a detached buffer reads as empty: the core refuses it
      if (copy.length) copy.set(view);
      return answer(core.mnistLoadDigits(copy));
    },
    /** A fresh network of an arrangement: {arrangement, values: Float32Array, parameterCount}. */
    mnistInitial(kind, s = 1) {
      return answer(core.mnistInitial(arrangement(kind), seed(s)));
    },
    /** {arrangement, parameterCount, stateSize}. */
    mnistDescribe(kind) {
      return answer(core.mnistDescribe(arrangement(kind)));
    },
    /**
     * Trains batches [first, first + count) of an epoch; returns {network, losses, accuracies,
     * batchesPerEpoch} (per batch, before its step).
     */
    mnistTrainBatches(net, options = {}) {
      checkObject(options, 'the training options');
      const { learningRate = 0.1, batchSize = 64, seed: s = 1, epoch = 0, first = 0, count = 1 } = options;
      const args = [
        network(net),
        checkNumber(learningRate, 'the learning rate'),
        checkInteger(batchSize, 'the batch size'),
      ];
      args.push(seed(s), checkInteger(epoch, 'the epoch'), checkInteger(first, 'the first batch'));
      args.push(checkInteger(count, 'the number of batches'));
      return answer(core.mnistTrainBatches(...args));
    },
    /** {loss, accuracy, correct, count} on the held-out (default) or the training digits, predicting. */
    mnistEvaluate(net, part = 'heldOut') {
      return answer(core.mnistEvaluate(network(net), checkString(part, 'the part', ['heldOut', 'training'])));
    },
    /** {shown, units, maps: [Uint8Array (shown x units)] per hidden layer, silent: [count] per layer}. */
    mnistActivations(net, shown = 64) {
      return answer(core.mnistActivations(network(net), checkInteger(shown, 'the number of digits shown')));
    },
    /** The ten class probabilities (Float64Array) of a 28 x 28 image with pixels in [0, 1]. */
    mnistClassify(net, image) {
      return answer(core.mnistClassify(network(net), floats(image, 'the image')));
    },
    /** Held-out digit i: {label, pixels: Float32Array(784)}. */
    mnistHeldOutDigit(index) {
      return answer(core.mnistHeldOutDigit(checkInteger(index, 'the digit')));
    },
    /** The rank of a layer (groups 1) or group normaliser's Jacobian at a random row. */
    mnistJacobianRank(width, groups = 1, s = 1) {
      const args = [checkInteger(width, 'the width'), checkInteger(groups, 'the group count'), seed(s)];
      return answer(core.mnistJacobianRank(...args));
    },
    /** Random 3-D points and their layer-norm outputs, with the largest distance from the circle. */
    mnistCircle(count = 200, s = 1) {
      return answer(core.mnistCircle(checkInteger(count, 'the number of points'), seed(s)));
    },
    /**
     * The batch-size sweep's plan for `digits` training digits and a learning rate at batch 64:
     * [{batchSize, learningRate, batches}] for batch sizes 2 to 64.
     */
    mnistSweepPlan(digits, baseRate) {
      return answer(
        core.mnistSweepPlan(checkInteger(digits, 'the number of digits'), checkNumber(baseRate, 'the learning rate')),
      );
    },
    /** One network of the sweep trained in one call, then measured held out: {loss, accuracy, correct, count}. */
    mnistSweepTrial(kind, batchSize, digits, baseRate, s = 1) {
      const args = [
        arrangement(kind),
        checkInteger(batchSize, 'the batch size'),
        checkInteger(digits, 'the number of digits'),
      ];
      args.push(checkNumber(baseRate, 'the learning rate'), seed(s));
      return answer(core.mnistSweepTrial(...args));
    },
    /** The state digest after one epoch on the first digits (native = wasm check). */
    mnistDigestAfterFirstDigits(kind, count = 512) {
      return answer(core.mnistDigestAfterFirstDigits(arrangement(kind), checkInteger(count, 'the number of digits')));
    },
  };
}
