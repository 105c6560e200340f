// The crowd and the essay's measurements on it: the comparison of arrangements (run piece by
// piece, so a worker can stop between pieces) and the five whole-crowd runs.

const TRAINING_RESULT = {
  seed: 'whole',
  fold: 'whole',
  trainAccuracy: 'number',
  heldoutCorrect: 'whole',
  heldoutCount: 'whole',
  finalLoss: 'number',
};

export function crowdApi(core, h) {
  const { answer, record, checkInteger, checkString, describe } = h;
  const arrangements = new Set();
  const arrangement = (name, what) => {
    checkString(name, what);
    if (!arrangements.has(name)) {
      answer(core.arrangementNamed(name));
      arrangements.add(name);
    }
    return name;
  };

  return {
    /** The crowd: {measurements: (25, 2) block of height cm and weight kg, labels: 1 adult, 0 not}. */
    crowd() {
      return answer(core.crowd());
    },
    /** How many trainings the comparison holds (5 seeds x 5 arrangements x 5 folds). */
    comparisonPlanSize() {
      return core.comparisonPlanSize();
    },
    /** Runs trainings [begin, end) of the comparison: {results, summary} (summary of those alone). */
    runComparison(begin, end) {
      const args = [checkInteger(begin, 'begin'), checkInteger(end, 'end')];
      return JSON.parse(answer(core.runComparison(...args)));
    },
    /** The per-arrangement table from results gathered piece by piece: {results, summary}. */
    summariseComparison(results) {
      if (!Array.isArray(results)) throw new TypeError(`the results must be an array, not ${describe(results)}`);
      const copies = Array.from(results, (r, k) => {
        const copy = record(r, TRAINING_RESULT, `result ${k + 1}`);
        copy.arrangement = arrangement(r.arrangement, `result ${k + 1}'s arrangement`);
        return copy;
      });
      return JSON.parse(answer(core.summariseComparison(copies)));
    },
    /**
     * The five whole-crowd runs and what they measure: {curves: {threshold, runs}, twoWays,
     * covariateShift: {plain, batch}}, series as Float64Arrays; covariateShift.plain/batch.unitMean
     * is flat, epochs x units, epoch after epoch.
     */
    wholeCrowd() {
      const { threshold, runs, twoWays, plain, batch } = answer(core.wholeCrowd());
      return { curves: { threshold, runs }, twoWays, covariateShift: { plain, batch } };
    },
  };
}
