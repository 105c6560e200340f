// The tutorial's instruments: each call converts and checks its arguments, asks the core for the
// instrument's view and hands back the parsed figures. Nothing here computes a figure.

/** The tutorial's capability: composed into the loaded core's API by normlab.js. */
export function tutorialApi(
  core,
  { answer, block, toNumbers, checkInteger, checkNumber, checkBoolean, checkString, checkObject },
) {
  const view = (json) => JSON.parse(answer(json));
  const seed = (v) => checkInteger(v, 'the seed');
  /** The options object of a call: absent means every default; anything else must be an object. */
  const options = (v, what) => (v === undefined ? {} : checkObject(v, what));

  return {
    /** The tutorial's 4 x 3 table as a block. */
    tutorialTable() {
      return core.tutorialTable();
    },
    /** Figure 1: descent on the 'stretched' or 'round' bowl: path, factors, stable limit, contours. */
    bowlView(which, learningRate, steps) {
      const w = checkString(which, 'the bowl', ['stretched', 'round']);
      const rate = checkNumber(learningRate, 'the learning rate');
      const count = checkInteger(steps, 'the number of steps');
      return view(core.tutorialBowlView(w, rate, count));
    },
    /** The house-price nudge and the toy bowl's curvature ratio. */
    nudgeView() {
      return view(core.tutorialNudgeView());
    },
    /** Figure 2: spreads and histograms per layer, plain and with layer norm, for a seed. */
    driftView(given) {
      const { seed: s = 1, layers = 5, bins = 24 } = options(given, 'the drift options');
      const args = [seed(s), checkInteger(layers, 'the number of layers'), checkInteger(bins, 'the number of bins')];
      return view(core.tutorialDriftView(...args));
    },
    /**
     * Figure 2's finding over `seeds` seeds from `firstSeed` on (5 by default, at most 32): in how
     * many the plain spread climbs at every layer, and in how many the spread with layer norm stays
     * inside its band (levelLow to levelHigh) at every layer, each as a tally with its words.
     */
    driftOverSeedsView(given) {
      const { firstSeed = 1, seeds = 5, layers = 5 } = options(given, 'the drift-over-seeds options');
      const args = [
        seed(firstSeed),
        checkInteger(seeds, 'the number of seeds'),
        checkInteger(layers, 'the number of layers'),
      ];
      return view(core.tutorialDriftOverSeedsView(...args));
    },
    /** Figure 3: mean, distances, squares, variance, deviation and the standardised list. */
    meanAndSpreadView(numbers) {
      return view(core.tutorialMeanAndSpreadView(toNumbers(numbers, 'list of numbers')));
    },
    /** Figure 4: batch norm worked column by column, with a scale and shift per feature. */
    batchByHandView(table, scale, shift) {
      const args = [block(table, 'table'), toNumbers(scale, 'scales'), toNumbers(shift, 'shifts')];
      return view(core.tutorialBatchByHandView(...args));
    },
    /** Figure 5: running averages through the core's step, in either naming of the rate. */
    runningAverageView(given) {
      const {
        means = [3, 5, 4],
        variances = [1, 4, 2],
        momentum,
        keep,
        unbiasedRunning = false,
        batchSize = 4,
        batches = 3,
      } = options(given, 'the running-average options');
      const args = [toNumbers(means, 'batch means'), toNumbers(variances, 'batch variances')];
      if (momentum !== undefined && keep !== undefined)
        throw new TypeError('give the running rate as momentum or as keep, not both');
      const convention = keep === undefined ? 'momentum' : 'keep';
      const rate = checkNumber(keep === undefined ? (momentum ?? 0.1) : keep, `the ${convention}`);
      args.push(rate, convention, checkBoolean(unbiasedRunning, 'unbiasedRunning'));
      args.push(checkInteger(batchSize, 'the batch size'), checkInteger(batches, 'the number of batches'));
      return view(core.tutorialRunningAverageView(...args));
    },
    /** Figure 6: 10,000 seeded bell-curve numbers cut into batches of the size given. */
    batchSizeView(given) {
      const { seed: s = 1, batchSize = 2 } = options(given, 'the batch-size options');
      return view(core.tutorialBatchSizeView(seed(s), checkInteger(batchSize, 'the batch size')));
    },
    /** Figure 7: a table under batch, layer and RMS normalisation, with the row statistics. */
    underEachToggleView(table) {
      return view(core.tutorialUnderEachToggleView(block(table, 'table')));
    },
    /** Pre-norm and post-norm residual stacks of the depth given, at initialisation. */
    residualStacksView(given) {
      const { seed: s = 1, depth = 12 } = options(given, 'the residual-stack options');
      return view(core.tutorialResidualStacksView(seed(s), checkInteger(depth, 'the depth')));
    },
    /**
     * The stacks' finding over `seeds` seeds from `firstSeed` on (5 by default, at most 32): in how
     * many pre-norm's slope never jumps up again toward the output, in how many post-norm's does,
     * and the fewest and most blocks where post-norm's does.
     */
    residualOverSeedsView(given) {
      const { firstSeed = 1, seeds = 5, depth = 12 } = options(given, 'the residual-over-seeds options');
      const args = [seed(firstSeed), checkInteger(seeds, 'the number of seeds'), checkInteger(depth, 'the depth')];
      return view(core.tutorialResidualOverSeedsView(...args));
    },
    /**
     * What RMSNorm saves: layer norm and RMSNorm, forward and backward on a (16, width) block,
     * timed in the core over `rounds` paired rounds: each round's times and percentage saved, the
     * medians, the savings' spread (median and 10–90 % band) and the rounds RMSNorm won. Takes a while.
     */
    rmsTimingView(given) {
      const { width = 64, rounds = 9, seed: s = 1 } = options(given, 'the timing options');
      const args = [checkInteger(width, 'the width'), checkInteger(rounds, 'the number of rounds'), seed(s)];
      return view(core.tutorialRmsTimingView(...args));
    },
    /**
     * What timings at several widths show: the widths where RMSNorm won every round, most rounds,
     * or half or fewer; where each width's 10–90 % band of savings lies against 0; the medians
     * beside Zhang and Sennrich's 7% to 64%. savings: one row of round savings per width.
     */
    rmsSavingSummaryView(widths, savings) {
      const args = [toNumbers(widths, 'list of widths'), block(savings, 'savings')];
      return view(core.tutorialRmsSavingSummaryView(...args));
    },
    /** Learned parameters and buffers of batch, layer and RMS norm at a width. */
    parameterCountView(width) {
      return view(core.tutorialParameterCountView(checkInteger(width, 'the width')));
    },
  };
}
