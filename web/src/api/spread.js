// A check, before the core sees a block, that its columns' spreads fit in a double: otherwise
// the core refuses some figure computed from them (a gradient's variance, say) that the reader
// never gave, and the refusal names that instead of the reader's own values.
import { NonFiniteError } from '../errors.js';

/** Row numbers as ranges: [1, 2, 3, 5] -> "rows 1-3, 5"; [4] -> "row 4". */
export function rowRanges(rows) {
  const ranges = [];
  for (const r of rows) {
    const last = ranges.at(-1);
    if (last && r === last[1] + 1) last[1] = r;
    else ranges.push([r, r]);
  }
  const text = ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
  return `${rows.length === 1 ? 'row' : 'rows'} ${text}`;
}

/** The 1-based numbers of the rows whose values in a column make its spread beyond a double. */
function rowsBeyond(x, j) {
  const n = x.length;
  const mean = x.reduce((s, r) => s + r[j] / n, 0);
  const variance = x.reduce((s, r) => s + (r[j] - mean) ** 2 / n, 0);
  if (Number.isFinite(mean) && Number.isFinite(variance)) return [];
  // The rows whose own values are too large: their square, summed over the rows, overflows.
  const named = x.flatMap((r, i) => (Number.isFinite(r[j] ** 2 * n) ? [] : [i + 1]));
  return named.length ? named : x.map((_, i) => i + 1);
}

/**
 * requires: x an array of rows of finite numbers.
 * ensures: returns when every column's mean and spread fit in a double; else throws a
 * NonFiniteError naming the rows: "the values in rows 1-2 are too large to standardise: their
 * spread is beyond a double".
 */
export function checkSpread(x) {
  const beyond = new Set();
  const columns = x[0]?.length ?? 0;
  for (let j = 0; j < columns; j++) for (const r of rowsBeyond(x, j)) beyond.add(r);
  if (beyond.size === 0) return;
  const rows = [...beyond].sort((a, b) => a - b);
  throw new NonFiniteError(
    `the values in ${rowRanges(rows)} are too large to standardise: their spread is beyond a double`,
  );
}
