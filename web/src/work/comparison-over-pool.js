// The comparison's 125 trainings spread over the page's pool of workers (pool.js): the plan cut
// into shares of whole pieces, and as many lanes as workers, each lane taking the next share as
// soon as its last is done. The shares shrink as the plan runs out (guided self-scheduling): each
// is the pieces left over twice the lanes, so the lanes start on large shares (few round trips)
// and end on single pieces (they finish within a piece of each other, a worker slowed by other
// work taking fewer). Each share is a run of its own through the widget's TrainingWorker, whose
// pool view sends it to an idle worker or starts one; the shares' results, back in the plan's
// order, are summarised by the core in one more short run. Progress is the sum of the shares'; a
// cancel (the signal, or the TrainingWorker's cancel()) stops every share, and a share that fails
// stops the rest.
import { JOBS } from './protocol.js';
import { pagePool } from './pool.js';
import { TRAININGS_PER_PIECE } from './crowd-jobs.js';

/**
 * The [begin, end) shares of `total` trainings for `lanes` lanes, in the order the lanes take
 * them: contiguous, of whole pieces (one seed and arrangement's folds, which the core trains side
 * by side), none empty (none at all for no trainings); one share for one lane (or a count that
 * is no number above 1); for more, each share the pieces left divided by twice the lanes, rounded
 * up, so their sizes never grow and the last is a single piece.
 */
export function comparisonShares(total, lanes) {
  if (!(total > 0)) return [];
  if (!(lanes > 1)) return [[0, total]];
  const shares = [];
  for (let begin = 0; begin < total;) {
    const piecesLeft = Math.ceil((total - begin) / TRAININGS_PER_PIECE);
    const end = Math.min(total, begin + Math.ceil(piecesLeft / (2 * lanes)) * TRAININGS_PER_PIECE);
    shares.push([begin, end]);
    begin = end;
  }
  return shares;
}

/**
 * Runs the comparison over `lanes` lanes of `worker` (a TrainingWorker onto the page's pool), then
 * the core's summary of all the results. total: the trainings of the core's plan
 * (nl.comparisonPlanSize(), 125). onProgress({done, total}) as trainings finish.
 * ensures: resolves with {results, summary, workers} (workers: the lanes run side by side);
 * rejects with a CancelError when cancelled, with a share's error when one fails.
 */
export async function comparisonOverPool(
  worker,
  { total, crowd, onProgress = () => {}, signal, lanes = pagePool.most } = {},
) {
  const shares = comparisonShares(total, lanes);
  const done = shares.map(() => 0);
  const answers = [];
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < shares.length) {
      const k = next++;
      const [begin, end] = shares[k];
      try {
        answers[k] = await worker.run(JOBS.comparison, {
          input: crowd ? { crowd, begin, end } : { begin, end },
          signal,
          onProgress: (p) => {
            done[k] = p.done;
            onProgress({ done: done.reduce((a, b) => a + b, 0), total });
          },
        });
      } catch (e) {
        if (!failed) worker.cancel(); // the other lanes' shares stop too
        failed = true;
        throw e;
      }
    }
  };
  const count = Math.min(lanes, shares.length);
  await Promise.all(Array.from({ length: count }, lane));
  const results = answers.flatMap((a) => a.results);
  const summary = await worker.run(JOBS.comparisonSummary, { input: { results }, signal });
  return { ...summary, workers: count };
}
