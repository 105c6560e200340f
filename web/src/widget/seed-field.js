// Whole-number fields (a seed, a count of epochs): anything else, an emptied field included, puts
// the field back to the number in use, never reads as 0, and says so beside the field.
import { showInert, singleQuoted } from '../host/inert.js';

/**
 * Watches a field for a whole number from min to max: a good one is applied; anything else puts
 * the field back to current() and a polite note beside the field says what is allowed.
 */
export function watchWholeField(input, { min, max, what, current, apply }) {
  let note = null;
  input.addEventListener('change', () => {
    const text = input.value.trim();
    const value = Number(text);
    const good = text !== '' && Number.isInteger(value) && value >= min && value <= max;
    // The number in use again (the field put back, then left: its change fires once more as the
    // reader points at the next control) changes nothing, the note included: taken away then, it
    // would move that control from under the pointer.
    if (good && value === current()) return;
    if (good) apply(value);
    else input.value = String(current());
    if (!note && !good) {
      note = document.createElement('span');
      note.className = 'note';
      note.setAttribute('role', 'status');
      (input.closest('label') ?? input).insertAdjacentElement('afterend', note);
    }
    if (note)
      showInert(
        note,
        good
          ? ''
          : `${what} is a whole number from ${min} to ${max}; ${text === '' ? 'an empty field' : singleQuoted(text)} is not, so ${current()} stays.`,
      );
  });
}

/** The largest seed: the core's seeds are 32-bit whole numbers. */
const LARGEST_SEED = 2 ** 32 - 1;

/** How many seeds, from the one shown on, an instrument counts its finding over (firstCountedSeed). */
export const SEEDS_COUNTED = 5;

/**
 * The first of the SEEDS_COUNTED seeds counted around the seed shown: the seed itself, or, near the
 * largest seed, the one that makes the last of them the largest (every seed counted is one a
 * reader can type).
 */
export const firstCountedSeed = (seed) => Math.min(seed, LARGEST_SEED - (SEEDS_COUNTED - 1));

/**
 * A widget's `seed` option, for its option table: a whole number from 0 to 2^32 - 1, 1 unless set.
 * doc: what it seeds; more: the option's other fields (`live`, say).
 */
export function seedOption(doc, more = {}) {
  return { name: 'seed', type: 'integer', default: 1, min: 0, max: LARGEST_SEED, doc, ...more };
}

/** A seed field: a whole number from 0 to 2^32 - 1. */
export function watchSeedField(input, current, apply) {
  watchWholeField(input, { min: 0, max: LARGEST_SEED, what: 'A seed', current, apply });
}

/** A widget's seed field ([data-seed]) bound to the seed it shows (`held.seed`), redrawn by its `update()`. */
export function watchWidgetSeed(widget) {
  watchSeedField(
    widget.$('[data-seed]'),
    () => widget.held.seed,
    (seed) => {
      widget.held.seed = seed;
      widget.update();
    },
  );
}
