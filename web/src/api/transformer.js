// The small Transformer (in the tutorial's module): the slopes a stack starts with, per block
// and across depths, as the core's views; and the digit-reversal training in pieces, whose state
// (parameters and Adam's moments) the caller holds between two pieces. Arguments are checked and
// copied before each call; nothing here computes a figure.

export const PLACEMENTS = Object.freeze(['post', 'pre']);
export const TRANSFORMER_NORMS = Object.freeze(['layer', 'rms']);

/** The Transformer capability: composed into the loaded core's API by normlab.js. */
export function transformerApi(
  core,
  { answer, toNumbers, checkInteger, checkNumber, checkObject, checkString, describe },
) {
  const view = (json) => JSON.parse(answer(json));
  const options = (v, what) => (v === undefined ? {} : checkObject(v, what));
  const seed = (v) => checkInteger(v, 'the seed', 4294967295);
  const norm = (v) => checkString(v, 'the normaliser', TRANSFORMER_NORMS);

  /** The run's settings, every field checked for its type (the core checks the sizes). */
  const settings = (given) => {
    const {
      digits = 4,
      width = 32,
      heads = 4,
      hidden = 4 * width,
      depth = 2,
      placement = 'pre',
      norm: n = 'layer',
      learningRate = 1e-3,
      warmupSteps = 0,
      steps = 100,
      batch = 16,
      seed: s = 1,
    } = options(given, 'the training settings');
    return {
      digits: checkInteger(digits, 'the number of digits'),
      width: checkInteger(width, 'the width'),
      heads: checkInteger(heads, 'the number of heads'),
      hidden: checkInteger(hidden, 'the hidden width'),
      depth: checkInteger(depth, 'the depth'),
      placement: checkString(placement, 'the placement', PLACEMENTS),
      norm: norm(n),
      learningRate: checkNumber(learningRate, 'the learning rate'),
      warmupSteps: checkInteger(warmupSteps, 'the warm-up steps'),
      steps: checkInteger(steps, 'the number of steps'),
      batch: checkInteger(batch, 'the batch'),
      seed: seed(s),
    };
  };
  const training = (v) => {
    checkObject(v, 'the training');
    return {
      parameters: toNumbers(v.parameters, "training's parameters"),
      firstMoment: toNumbers(v.firstMoment, "training's first moment"),
      secondMoment: toNumbers(v.secondMoment, "training's second moment"),
      steps: checkInteger(v.steps, 'the steps taken'),
    };
  };

  return {
    /**
     * Each block's feed-forward weight slope size at initialisation, post-norm beside pre-norm,
     * averaged over 4 draws: {depth, width, heads, hidden, ..., norm, draws, seed, post, pre}.
     */
    startingSlopesView(given) {
      const { depth = 6, width = 64, norm: n = 'layer', seed: s = 1 } = options(given, 'the slopes options');
      const args = [checkInteger(depth, 'the depth'), checkInteger(width, 'the width'), norm(n), seed(s)];
      return view(core.transformerStartingSlopesView(...args));
    },
    /**
     * Draws first + 1 .. first + count of the starting-slopes ensemble (the core seeds draw k as
     * its ensemble does, so workers can share the draws): {post, pre}, each a Float64Array per
     * draw of the slope size per block, first to last. The core refuses draws beyond 64.
     */
    startingSlopesDraws(given) {
      const {
        depth = 6,
        width = 64,
        norm: n = 'layer',
        seed: s = 1,
        first = 0,
        count = 1,
      } = options(given, 'the slopes options');
      const d = checkInteger(depth, 'the depth');
      const args = [d, checkInteger(width, 'the width'), norm(n), seed(s)];
      const answerOf = answer(
        core.transformerStartingSlopesDraws(
          ...args,
          checkInteger(first, 'the first draw'),
          checkInteger(count, 'the draws'),
        ),
      );
      const rows = (flat) => Array.from({ length: flat.length / d }, (_, k) => flat.slice(k * d, (k + 1) * d));
      return { post: rows(answerOf.post), pre: rows(answerOf.pre) };
    },
    /** The last block's slope at depths 1 to 12, measured and as the paper expects it. */
    slopesAcrossDepthsView(given) {
      const { width = 64, norm: n = 'layer', seed: s = 1 } = options(given, 'the slopes options');
      return view(core.transformerSlopesAcrossDepthsView(checkInteger(width, 'the width'), norm(n), seed(s)));
    },
    /**
     * How many times the first figure the last one is (a stack's last block's slope over its first
     * block's, or the deepest stack's over the shallowest's): a number.
     */
    lastOverFirst(figures) {
      return answer(core.slopesLastOverFirst(toNumbers(figures, 'the figures')));
    },
    /**
     * What Xiong and colleagues' analysis expects of the last block's slope at each of the depths
     * (increasing, 1 to 12), drawn through the first depth's figures: {post, pre}, Float64Arrays,
     * post-norm the same at every depth, pre-norm shrinking like 1 / sqrt(depth).
     */
    slopesExpectations(depths, postFirst, preFirst) {
      if (!Array.isArray(depths)) throw new TypeError(`the depths must be an array, not ${describe(depths)}`);
      const given = Float64Array.from(depths, (d, k) => checkInteger(d, `depth ${k + 1}`));
      return answer(
        core.slopesExpectations(
          given,
          checkNumber(postFirst, 'the first post-norm figure'),
          checkNumber(preFirst, 'the first pre-norm figure'),
        ),
      );
    },
    /**
     * The chapter's sentence beside the starting slopes, judged part by part on one seed's draws:
     * blocks {post, pre}, each block's median at one depth; depths (increasing, 1 to 12) and
     * across {post, pre}, the last block's band at each ({median, low, high}, as bandOf gives).
     * {postRises, postAbovePre, preLargestFirst, deepBandAboveShallow, preFalls, preAboveCurve}.
     */
    slopesSentence(given) {
      const { blocks, depths, across } = checkObject(given, "the sentence's figures");
      if (!Array.isArray(depths)) throw new TypeError(`the depths must be an array, not ${describe(depths)}`);
      const line = (list, what) => toNumbers(list, what);
      const band = (b, what) => {
        checkObject(b, what);
        return [
          line(b.median, `${what}'s medians`),
          line(b.low, `${what}'s 10 % line`),
          line(b.high, `${what}'s 90 % line`),
        ];
      };
      checkObject(blocks, 'the blocks');
      checkObject(across, 'the bands across depths');
      return answer(
        core.slopesSentence(
          line(blocks.post, "post-norm's block medians"),
          line(blocks.pre, "pre-norm's block medians"),
          Float64Array.from(depths, (d, k) => checkInteger(d, `depth ${k + 1}`)),
          ...band(across.post, "post-norm's band"),
          ...band(across.pre, "pre-norm's band"),
        ),
      );
    },
    /** A fresh digit-reversal training: {parameters, firstMoment, secondMoment, steps: 0}. */
    reversalTrainingStart(given) {
      return answer(core.reversalTrainingStart(settings(given)));
    },
    /** count more steps: {training (as above), losses: Float64Array, one per step before it}. */
    reversalTrainingContinue(given, state, count) {
      const args = [settings(given), training(state), checkInteger(count, 'the number of steps')];
      return answer(core.reversalTrainingContinue(...args));
    },
    /** {loss, accuracy}: the loss and the share of reversed digits right on a batch no step trained on. */
    reversalTrainingCheck(given, state) {
      return answer(core.reversalTrainingCheck(settings(given), training(state)));
    },
    /**
     * {unseen: {loss, accuracy}, learned}: the run on the 1,024 strings no step drew, and whether
     * it learned the task there as the core's ensemble decides it (reversal_ensemble.hpp).
     */
    reversalTrainingUnseen(given, state) {
      return answer(core.reversalTrainingUnseen(settings(given), training(state)));
    },
  };
}
