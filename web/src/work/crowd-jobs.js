// The jobs a training worker runs (see job-runner.js for their shape): the 130 crowd trainings,
// the comparison in pieces so that it reports progress and can stop between any two. Each job
// takes an optional input {crowd} (a crowd as nl.crowdFromCsv gives it); without one, the essay's
// crowd. The comparison also takes a share of its plan, {begin, end}, so that the page can spread
// the 125 trainings over its pool of workers (comparison-over-pool.js) and summarise the shares'
// results together (comparisonSummary).
import { describe } from '../api/convert.js';
import { JOBS } from './protocol.js';

// Trainings per call into the core: the five folds of one seed and arrangement train in lockstep,
// and a call of that length is short enough to post progress at display rate.
export const TRAININGS_PER_PIECE = 5;

/** Trainings [begin, end) of the plan (all by default): {results, summary} of those alone. */
async function comparison(nl, pace, input) {
  const total = nl.comparisonPlanSize();
  const begin = input?.begin ?? 0;
  const end = input?.end ?? total;
  if (!Number.isInteger(begin) || !Number.isInteger(end) || begin < 0 || begin > end || end > total)
    throw new RangeError(`the share [${describe(begin)}, ${describe(end)}) does not lie within the ${total} trainings`);
  const results = [];
  await pace(0, end - begin);
  for (let k = begin; k < end;) {
    // A piece ends where a seed and arrangement's folds end, so that they train side by side.
    const stop = Math.min(end, (Math.floor(k / TRAININGS_PER_PIECE) + 1) * TRAININGS_PER_PIECE);
    const piece = nl.runComparison(k, stop, input?.crowd).results;
    if (piece.length === 0) throw new RangeError(`the comparison stopped at training ${k} of ${total}`);
    results.push(...piece);
    k = stop;
    await pace(k - begin, end - begin);
  }
  return nl.summariseComparison(results);
}

/** The core's summary of results gathered from shares of the plan: {results, summary}. */
async function comparisonSummary(nl, pace, input) {
  const results = input?.results;
  const most = nl.comparisonPlanSize();
  if (!Array.isArray(results) || results.length > most)
    throw new TypeError(`the results must be a list of at most ${most} trainings, not ${describe(results)}`);
  return nl.summariseComparison(results);
}

async function wholeCrowd(nl, pace, input) {
  return nl.wholeCrowd(input?.crowd);
}

export const crowdJobs = Object.freeze({
  [JOBS.comparison]: comparison,
  [JOBS.comparisonSummary]: comparisonSummary,
  [JOBS.wholeCrowd]: wholeCrowd,
});
