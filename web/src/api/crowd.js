// The crowd and the essay's measurements on it: the comparison of arrangements (run piece by
// piece, so a worker can stop between pieces), the five whole-crowd runs and the row of two
// numbers, on the essay's crowd or on a reader's own (read from CSV text by the core).
import { errorFromCore } from '../errors.js';

const TRAINING_RESULT = {
  seed: 'whole',
  fold: 'whole',
  trainAccuracy: 'number',
  heldoutCorrect: 'whole',
  heldoutCount: 'whole',
  finalLoss: 'number',
};

const CROWD = { measurements: 'block', labels: 'numbers' };

export function crowdApi(core, h) {
  const { answer, record, checkInteger, checkString, describe } = h;
  let limits;
  const crowdCsvLimits = () =>
    (limits ??= Object.freeze({
      maxBytes: core.crowdCsvMaxBytes(),
      maxPeople: core.crowdCsvMaxPeople(),
      minPeople: core.crowdCsvMinPeople(),
    }));
  const crowdOf = (crowd) => record(crowd, CROWD, 'crowd');
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
    /** The limits of a reader's crowd: {maxBytes, maxPeople, minPeople} (minPeople: one a fold). */
    crowdCsvLimits,
    /**
     * A reader's crowd from CSV text (one person a line: height,weight,label; see the embedding
     * guide): {measurements, labels}. Throws SizeError beyond the limits; DataError for unreadable
     * lines, with error.lines = [{line, reason}] naming every one, or for a crowd too small for the
     * folds or of one label. runComparison, wholeCrowd and twoNumbersViewOf check a crowd handed
     * to them as a value the same way.
     */
    crowdFromCsv(text) {
      checkString(text, "the crowd's text");
      // A string longer in UTF-16 units than the limit is longer in UTF-8 bytes too: refused by
      // that lower bound before anything is copied.
      if (text.length > crowdCsvLimits().maxBytes) answer(core.crowdCsvCheckSize(text.length, true));
      // A lone surrogate (not text) reads as U+FFFD, so the core names its line instead of
      // reading a mangled one.
      const r = core.crowdFromCsv(text.toWellFormed());
      if (r?.error?.lines) throw Object.assign(errorFromCore(r.error), { lines: r.error.lines });
      return answer(r);
    },
    /** Refuses (SizeError) a crowd file of this many bytes beyond the limit, before it is read. */
    checkCrowdCsvSize(bytes) {
      return answer(core.crowdCsvCheckSize(checkInteger(bytes, "the crowd file's byte count"), false));
    },
    /**
     * Runs trainings [begin, end) of the comparison on the essay's crowd, or on crowd when given:
     * {results, summary} (summary of those alone).
     */
    runComparison(begin, end, crowd) {
      const args = [checkInteger(begin, 'begin'), checkInteger(end, 'end')];
      return JSON.parse(answer(core.runComparison(...args, crowd === undefined ? undefined : crowdOf(crowd))));
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
     * The five whole-crowd runs (of the essay's crowd, or of crowd when given) and what they
     * measure: {curves: {threshold, runs}, twoWays,
     * covariateShift: {plain, batch}}, series as Float64Arrays; covariateShift.plain/batch.unitMean
     * is flat, epochs x units, epoch after epoch.
     */
    wholeCrowd(crowd) {
      const figures = core.wholeCrowd(crowd === undefined ? undefined : crowdOf(crowd));
      const { threshold, runs, twoWays, plain, batch } = answer(figures);
      return { curves: { threshold, runs }, twoWays, covariateShift: { plain, batch } };
    },
    /** The row of two numbers for the first twenty people of a crowd (all when fewer). */
    twoNumbersViewOf(crowd) {
      return JSON.parse(answer(core.twoNumbersView(crowdOf(crowd))));
    },
  };
}
