// The timing worker's one job, run by the protocol's job runner (job-runner.js): the core's layer
// norm against RMSNorm at each width asked for, one core call a width (the paired rounds run
// inside the core), then the core's summary of every round's saving. Every figure comes from the core.
//
//   rmsTiming  {widths, rounds, seed} → {timings: [the core's view per width], summary}
//              progress: one detail per width, {timing}
import { describe } from '../api/convert.js';

/** Widths a run may ask for (the core refuses others by name, too). */
const MOST_WIDTHS = 16;

async function rmsTiming(nl, pace, input) {
  const { widths, rounds, seed } = input ?? {};
  if (!Array.isArray(widths) || widths.length === 0 || widths.length > MOST_WIDTHS)
    throw new TypeError(`the widths must be a list of 1 to ${MOST_WIDTHS} widths, not ${describe(widths)}`);
  const timings = [];
  await pace(0, widths.length);
  for (const width of widths) {
    const timing = nl.rmsTimingView({ width, rounds, seed });
    timings.push(timing);
    await pace(timings.length, widths.length, { timing });
  }
  const summary = nl.rmsSavingSummaryView(
    timings.map((t) => t.width),
    timings.map((t) => t.savedPercents),
  );
  return { timings, summary };
}

export const timingJobs = Object.freeze({ rmsTiming });
