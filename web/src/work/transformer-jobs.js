// The tutorial's Transformer jobs, run by the protocol's job runner (job-runner.js) in a worker
// on the tutorial's core module. Every figure comes from the core; the jobs only pace the calls
// and pass the figures on.
//
// Jobs (input → result):
//   startingSlopes      {depth, width, norm, seed} → the core's per-block view (startingSlopesView)
//   slopesAcrossDepths  {width, norm, seed}        → the core's across-depths view
//   slopesDraws         {depth, width, norm, seed, first, count}
//                       → draws first + 1 .. first + count of the core's ensemble at that
//                       depth: {post, pre}, a list of slopes per block for each draw
//   warmUp              {depth, width, learningRate, steps, warmupSteps, seed, placements?}
//                       → {runs: [{name, placement, warmupSteps, losses, check, unseen,
//                       learned, msPerStep}]}
//                       the runs of the placements given (by default both: post-norm and
//                       pre-norm, each without and with warm-up), or of the runs named (names:
//                       some of post, postWarm, pre, preWarm), train in turn a piece at a
//                       time, so they advance together; progress details, one per piece:
//                       {run, first, losses}
import { describe } from '../api/convert.js';

export const TRANSFORMER_JOBS = Object.freeze({
  startingSlopes: 'startingSlopes',
  slopesAcrossDepths: 'slopesAcrossDepths',
  slopesDraws: 'slopesDraws',
  warmUp: 'warmUp',
});

/** The four runs of the warm-up instrument, in the order the page draws them. */
export const WARM_UP_RUNS = Object.freeze([
  { name: 'post', placement: 'post', warm: false },
  { name: 'postWarm', placement: 'post', warm: true },
  { name: 'pre', placement: 'pre', warm: false },
  { name: 'preWarm', placement: 'pre', warm: true },
]);

// A piece lasts about this long, so progress comes at least this often and a cancel waits no longer.
const PIECE_MS = 120;

function fields(input, what) {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new TypeError(`${what} must be an object, not ${describe(input)}`);
  return input;
}

/** The core's settings of one run: 4 digits, 4 heads, hidden 4 x width, batches of 16, layer norm. */
function runSettings(input, run) {
  const { depth, width, learningRate, steps, warmupSteps, seed } = fields(input, "the warm-up's input");
  return {
    digits: 4,
    width,
    heads: 4,
    hidden: 4 * width,
    depth,
    placement: run.placement,
    norm: 'layer',
    learningRate,
    warmupSteps: run.warm ? warmupSteps : 0,
    steps,
    batch: 16,
    seed,
  };
}

/** The runs a warm-up job trains by name, if it names them: different names of WARM_UP_RUNS. */
function namesOf(input) {
  const { names } = input;
  if (names === undefined) return null;
  const known = Array.isArray(names) && names.every((n) => WARM_UP_RUNS.some((r) => r.name === n));
  if (!known || names.length === 0 || new Set(names).size !== names.length)
    throw new TypeError(
      `the runs must be a list of different names from post, postWarm, pre, preWarm, not ${describe(names)}`,
    );
  return names;
}

/** The placements a warm-up job trains: a list of different names among post and pre. */
function placementsOf(input) {
  const { placements = ['post', 'pre'] } = input;
  const known = Array.isArray(placements) && placements.every((p) => p === 'post' || p === 'pre');
  if (!known || placements.length === 0 || new Set(placements).size !== placements.length)
    throw new TypeError(`the placements must be a list of different names from post, pre, not ${describe(placements)}`);
  return placements;
}

async function warmUp(nl, pace, input) {
  const placements = placementsOf(fields(input, "the warm-up's input"));
  const names = namesOf(input);
  const chosen = WARM_UP_RUNS.filter((run) => (names ? names.includes(run.name) : placements.includes(run.placement)));
  const runs = chosen.map((run) => {
    const settings = runSettings(input, run);
    // Every run's settings are checked by the core before any trains.
    return { ...run, settings, training: nl.reversalTrainingStart(settings), losses: [], ms: 0 };
  });
  const total = runs.length * runs[0].settings.steps;
  let done = 0;
  let piece = 1; // steps per call, grown to about PIECE_MS a call once a step's time is known
  while (runs.some((r) => r.training.steps < r.settings.steps)) {
    for (const run of runs) {
      const count = Math.min(piece, run.settings.steps - run.training.steps);
      if (count === 0) continue;
      const first = run.training.steps;
      const t0 = performance.now();
      const answer = nl.reversalTrainingContinue(run.settings, run.training, count);
      const ms = performance.now() - t0;
      run.ms += ms;
      run.training = answer.training;
      const losses = Array.from(answer.losses);
      run.losses.push(...losses);
      done += count;
      piece = Math.max(1, Math.min(50, Math.round((PIECE_MS * count) / Math.max(ms, 1))));
      await pace(done, total, { run: run.name, first, losses });
    }
  }
  return {
    runs: runs.map((r) => {
      // {unseen: {loss, accuracy} on the 1,024 unseen strings, learned}: the core's verdict
      const { unseen, learned } = nl.reversalTrainingUnseen(r.settings, r.training);
      return {
        name: r.name,
        placement: r.placement,
        warmupSteps: r.settings.warmupSteps,
        losses: r.losses,
        check: nl.reversalTrainingCheck(r.settings, r.training), // {loss, accuracy} on an unseen batch
        unseen,
        learned,
        msPerStep: r.ms / r.settings.steps,
      };
    }),
  };
}

export const transformerJobs = Object.freeze({
  [TRANSFORMER_JOBS.startingSlopes]: async (nl, _pace, input) =>
    nl.startingSlopesView(fields(input, "the slopes' input")),
  [TRANSFORMER_JOBS.slopesAcrossDepths]: async (nl, _pace, input) =>
    nl.slopesAcrossDepthsView(fields(input, "the slopes' input")),
  [TRANSFORMER_JOBS.slopesDraws]: async (nl, _pace, input) =>
    nl.startingSlopesDraws(fields(input, "the slopes' input")),
  [TRANSFORMER_JOBS.warmUp]: warmUp,
});
