// Display formatting only: turns the core's numbers into text. No figure is computed here.

/** Up to `places` decimals, trailing zeros dropped; tiny non-zero numbers in exponent form. */
export function fmt(v, places = 4) {
  if (typeof v !== 'number') return String(v);
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  if (v !== 0 && Math.abs(v) < 0.5 * 10 ** -places) return sci(v);
  let s = v.toFixed(places);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  return s.replace('-', '−');
}

/**
 * A whole number with a comma between each group of three digits (10,000), the text
 * toLocaleString('en') gives, without loading the locale data (~24 ms on the first call of a page).
 */
export function grouped(n) {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Fixed decimals, zeros kept (for columns that should line up). */
export function fixed(v, places = 4) {
  const s = v.toFixed(places);
  return (/^-0\.?0*$/.test(s) ? s.slice(1) : s).replace('-', '−');
}

/**
 * The fewest decimals, from `fewest` up to `most`, at which fixed() tells apart every pair of
 * numbers that differ: a column whose finding says one figure is below another then shows it.
 * pairs: [a, b] each; ensures: `most` when even that does not tell some pair apart.
 */
export function decimalsToTell(pairs, fewest = 2, most = 6) {
  for (let places = fewest; places < most; places++)
    if (pairs.every(([a, b]) => a === b || fixed(a, places) !== fixed(b, places))) return places;
  return most;
}

/** Two significant digits in exponent form: 8.9e−16. */
export function sci(v, digits = 2) {
  if (v === 0) return '0';
  return v
    .toExponential(digits - 1)
    .replace(/-/g, '−')
    .replace('+', '');
}
