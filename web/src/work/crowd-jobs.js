// The jobs a training worker runs (see job-runner.js for their shape): the 130 crowd trainings,
// the comparison in pieces so that it reports progress and can stop between any two. Each job
// takes an optional input {crowd} (a crowd as nl.crowdFromCsv gives it); without one, the essay's
// crowd.
import { JOBS } from './protocol.js';

// Trainings per call into the core: the five folds of one seed and arrangement train in lockstep,
// and a call of that length is short enough to post progress at display rate.
const TRAININGS_PER_PIECE = 5;

async function comparison(nl, pace, input) {
  const total = nl.comparisonPlanSize();
  const results = [];
  while (results.length < total) {
    const end = Math.min(results.length + TRAININGS_PER_PIECE, total);
    const piece = nl.runComparison(results.length, end, input?.crowd).results;
    if (piece.length === 0) throw new RangeError(`the comparison stopped at training ${results.length} of ${total}`);
    results.push(...piece);
    await pace(results.length, total);
  }
  return nl.summariseComparison(results);
}

async function wholeCrowd(nl, pace, input) {
  return nl.wholeCrowd(input?.crowd);
}

export const crowdJobs = Object.freeze({ [JOBS.comparison]: comparison, [JOBS.wholeCrowd]: wholeCrowd });
