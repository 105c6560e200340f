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
/** Characters of a crowd in a link or a `state` (as crowd-picker.js's CROWD_IN_STATE). */
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
