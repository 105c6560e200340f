// The spread over seeds (in every core module): a list's summary, each step's summary over
// curves, and how many seeds a yes/no finding holds in. Arguments are checked and copied before
// each call; the figures are the core's (core/spread.hpp, core/seed_tally.hpp).

/** The spread capability: composed into the loaded core's API by normlab.js, whichever module. */
export function spreadApi(core, { answer, block, toNumbers, checkInteger, checkBoolean, describe }) {
  return {
    /**
     * One value per seed summarised: {count, mean, min, max, median, low, high}, low and high the
     * 10 % and 90 % quantiles (linear between order statistics, numpy's default).
     */
    spreadOf(values) {
      return answer(core.spreadOf(toNumbers(values, 'list of values')));
    },
    /**
     * Each step's spread over the curves (one curve per seed, all as long; an array of rows or
     * {rows, cols, data}): {count, mean, min, max, median, low, high}, each list a Float64Array per step.
     */
    bandOf(curves) {
      return answer(core.bandOf(block(curves, 'curves')));
    },
    /**
     * A yes/no finding over seeds: {holds, count, holding, failing, text}, holding and failing the
     * seeds (Float64Arrays, in the order given), text the tally in words ("4 of 5 seeds, not at seed 3").
     */
    tallyOf(seeds, holds) {
      if (!Array.isArray(seeds)) throw new TypeError(`the seeds must be an array, not ${describe(seeds)}`);
      if (!Array.isArray(holds)) throw new TypeError(`the answers must be an array, not ${describe(holds)}`);
      const seedCount = checkInteger(seeds.length, 'the number of seeds');
      const answerCount = checkInteger(holds.length, 'the number of answers');
      const given = new Float64Array(seedCount);
      for (let k = 0; k < seedCount; k++) given[k] = checkInteger(seeds[k], `seed ${k + 1}`, 4294967295);
      const answers = new Uint8Array(answerCount);
      for (let k = 0; k < answerCount; k++) answers[k] = checkBoolean(holds[k], `answer ${k + 1}`) ? 1 : 0;
      return answer(core.tallyOf(given, answers));
    },
    /**
     * In how many curves (one per draw: an array of rows or {rows, cols, data}) the last value is
     * above the first: {holds, count, holding, failing, text}, holding and failing the draws'
     * numbers (`numbers`, one per curve, whole), text in draws ("28 of 32 draws, not at draws 4 and 9").
     */
    risingTally(numbers, curves) {
      if (!Array.isArray(numbers)) throw new TypeError(`the draw numbers must be an array, not ${describe(numbers)}`);
      const count = checkInteger(numbers.length, 'the number of draws');
      const given = new Float64Array(count);
      for (let k = 0; k < count; k++) given[k] = checkInteger(numbers[k], `draw number ${k + 1}`, 4294967295);
      return answer(core.risingTally(given, block(curves, 'curves')));
    },
  };
}
