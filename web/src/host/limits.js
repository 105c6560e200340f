// The bounds on every value a widget reads from a link, a `state` or another attribute, checked
// before any work is done with it (see docs/limits-of-links.md). Beyond a bound, one notice names
// it and the option's default is used.

/** Characters in one widget's state string (a link's `#id=…` or a `state` attribute). */
export const STATE_CHARS = 8192;
/** Parts ("name:value") in one state string; more are ignored, with one notice. */
export const STATE_PARTS = 32;
/** Widget states read from one URL hash ("#a=…&b=…"). */
export const HASH_STATES = 64;
/** Notices shown at once by one widget; the rest are counted ("… and N more"). */
export const NOTICES_SHOWN = 3;
/** Rows of a block (rows separated by ";"). */
export const BLOCK_ROWS = 64;
/** Values in one row of a block. */
export const BLOCK_COLUMNS = 16;
/** Characters of a block's text. */
export const BLOCK_CHARS = 4096;
/** Characters of a crowd in a link or a `state` (as widget/crowd-picker.js's CROWD_IN_STATE). */
export const CROWD_CHARS = 2048;
/** Characters of a crowd from the reader's picker or a `crowd` attribute (the core reads 65,536 bytes). */
export const CROWD_TEXT_CHARS = 65536;
/** Characters of any other option's text. */
export const TEXT_CHARS = 256;
/**
 * Characters of a text from a link, an attribute or a state that a sentence quotes (a refused
 * value, a typed field); the rest is elided and the length said: "xxxx…" (4,000 characters).
 */
export const QUOTED_CHARS = 80;
/** Characters of a caption attribute shown above a widget; the rest elided likewise. */
export const CAPTION_CHARS = 160;
/**
 * Characters of one line on screen that may carry such text (a notice, a refusal, a status, an
 * error's message); the rest elided likewise.
 */
export const LINE_CHARS = 480;
/**
 * People in a crowd the comparison trains on arrival (its 125 trainings: about a second, at
 * 3 ms a person); a larger crowd waits for the reader's "Train on this crowd".
 */
export const CROWD_PEOPLE_ON_ARRIVAL = 300;

// The sizes a worker job may be asked for are the ones a link may ask for: the widgets' option
// tables name the constants below, and the job runner checks each run's input against JOB_SIZES
// before the job begins (work/protocol.js, checkJobInput), so page code posting a job cannot
// make a worker compute for a minute or grow to gigabytes either.

/** Features of a token in the Transformer instruments (starting slopes, warm-up). */
export const TRANSFORMER_WIDTHS = Object.freeze([16, 32, 64]);
/** Blocks of the starting slopes' stack. */
export const SLOPES_DEPTHS = Object.freeze({ min: 1, max: 12 });
/** Draws of the starting-slopes ensemble (the core's own limit). */
export const SLOPES_DRAWS = Object.freeze({ min: 1, max: 64 });
/** Blocks of each warm-up stack. */
export const WARM_UP_DEPTHS = Object.freeze({ min: 1, max: 8 });
/** Seeds each warm-up stack trains over. */
export const WARM_UP_SEEDS = Object.freeze({ min: 1, max: 10 });
/** Training steps of each warm-up stack. */
export const WARM_UP_STEPS = Object.freeze([50, 100, 200, 300]);
/** Steps of the warm-up's linear warm-up. */
export const WARM_UP_WARMUP = Object.freeze({ min: 1, max: 300 });
/** Widths the RMSNorm timing times. */
export const TIMING_WIDTHS = Object.freeze([64, 128, 256, 512, 1024, 2048, 4096]);
/** Timing rounds per width. */
export const TIMING_ROUNDS = Object.freeze({ min: 3, max: 51 });
/** Epochs the MNIST lab trains when Train is pressed. */
export const MNIST_EPOCHS = Object.freeze({ min: 1, max: 20 });
/** Training digits of the MNIST batch-size sweep. */
export const SWEEP_DIGITS = Object.freeze([1024, 2048, 4096, 8000]);
/** Batch sizes of the MNIST batch-size sweep. */
export const SWEEP_BATCH_SIZES = Object.freeze([2, 4, 8, 16, 32, 64]);
/** Seeds the MNIST instruments run over (the batch-size sweep; the lab over seeds). */
export const MNIST_SEEDS = Object.freeze({ min: 1, max: 10 });
/** People in a reader's crowd (the core's own limit, crowd_csv_max_people). */
export const CROWD_PEOPLE = 2000;

const transformerWidth = { what: 'the width', choices: TRANSFORMER_WIDTHS };
const crowd = {
  what: 'the crowd',
  fields: {
    labels: { what: "the crowd's labels", most: CROWD_PEOPLE },
    measurements: {
      what: "the crowd's measurements",
      fields: { data: { what: "the crowd's measurements", most: 2 * CROWD_PEOPLE } },
    },
  },
};

/**
 * The sizes in each job's input, by job name: {field: spec}, a spec one of {what, min, max} (a
 * whole number), {what, choices}, {what, most, items?} (a list and each of its items) or {what,
 * fields} (an object's fields). A field the input leaves out is the job's default. Jobs not named
 * here take inputs of fixed size, which the job or the core checks.
 */
export const JOB_SIZES = Object.freeze({
  startingSlopes: { depth: { what: 'the depth', ...SLOPES_DEPTHS }, width: transformerWidth },
  slopesAcrossDepths: { width: transformerWidth },
  slopesDraws: {
    depth: { what: 'the depth', ...SLOPES_DEPTHS },
    width: transformerWidth,
    first: { what: 'the first draw', min: 0, max: SLOPES_DRAWS.max - 1 },
    count: { what: 'the draws', ...SLOPES_DRAWS },
  },
  warmUp: {
    depth: { what: 'the depth', ...WARM_UP_DEPTHS },
    width: transformerWidth,
    steps: { what: 'the steps', choices: WARM_UP_STEPS },
    warmupSteps: { what: 'the warm-up steps', ...WARM_UP_WARMUP },
  },
  rmsTiming: {
    widths: { what: 'the widths', most: TIMING_WIDTHS.length, items: { what: 'a width', choices: TIMING_WIDTHS } },
    rounds: { what: 'the rounds', ...TIMING_ROUNDS },
  },
  comparison: { crowd },
  wholeCrowd: { crowd },
  train: { epochs: { what: 'the number of epochs', ...MNIST_EPOCHS } },
  sweepTrial: {
    digits: { what: 'the digits', choices: SWEEP_DIGITS },
    batchSize: { what: 'the batch size', choices: SWEEP_BATCH_SIZES },
  },
  seedTrial: { epochs: { what: 'the number of epochs', ...MNIST_EPOCHS } },
});
