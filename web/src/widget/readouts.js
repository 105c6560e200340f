// Readouts: the labelled figures beside a widget's chart or table. Each may be named (out), so
// the widget fills it later with widget.out(name, text).
import { esc } from './escape.js';

/**
 * items: [{label, out?, value?}]; live: whether screen readers hear changes.
 * ensures: one tile per item, its figure in <b data-out="out">value</b>.
 */
export function readouts(items, { live = true } = {}) {
  const tiles = items.map(
    ({ label, out, value = '' }) =>
      `<div class="readout"><span>${esc(label)}</span><b${out === undefined ? '' : ` data-out="${esc(out)}"`}>${esc(value)}</b></div>`,
  );
  return `<div class="readouts"${live ? ' aria-live="polite"' : ''}>${tiles.join('')}</div>`;
}
