// Text from a link, an attribute or a state, made inert before it reaches the screen: bounded in
// length (the rest elided, the whole length said) and unable to reorder the words around it.
//
// Bidirectional controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates, the
// marks U+200E, U+200F and U+061C) are dropped from such text, and what remains is put between
// FSI and PDI (U+2068, U+2069): an isolate, which the Unicode bidirectional algorithm lays out on
// its own, so right-to-left letters in a quoted value read right to left and the sentence around
// it keeps its order. The screen's sinks (showInert) turn each such isolate into a <bdi> element
// and drop any other control, so a sentence that carries a text never made inert (a core's
// message quoting a reader's field) cannot reverse the rest of its line either.
import { BIDI_CONTROL_CLASS, BIDI_CONTROLS as CONTROLS } from '../api/bidi.js';
import { element } from './element.js';
import { LINE_CHARS, QUOTED_CHARS } from './limits.js';

const FSI = '\u2068';
const PDI = '\u2069';
/** An isolate as inert() writes one: FSI, text without controls, PDI. */
const ISOLATE = new RegExp(`${FSI}([^${BIDI_CONTROL_CLASS}]*)${PDI}`, 'g');

/** The first `most` characters of a text, never half of a surrogate pair. */
function head(text, most) {
  const cut = text.slice(0, most);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * What follows an elided text: its whole length, " (4,000 characters)" (a length is a safe
 * integer, grouped as widget/format.js's grouped groups one).
 */
const lengthSaid = (n) => ` (${String(n).replace(/\B(?=(\d{3})+$)/g, ',')} character${n === 1 ? '' : 's'})`;

/**
 * A text as a sentence shows it. ensures: no bidirectional control of the text's own; at most
 * `most` of its characters, then "…" and, after the quotation marks, its whole length
 * ("xxxx…" (4,000 characters)); the text isolated (FSI … PDI) from the sentence around it.
 * mark: the quotation mark put on both sides ('' for none).
 */
export function inert(text, { most = QUOTED_CHARS, mark = '' } = {}) {
  const s = String(text);
  const clean = s.replace(CONTROLS, '');
  if (clean.length <= most) return `${mark}${FSI}${clean}${PDI}${mark}`;
  return `${mark}${FSI}${head(clean, most)}…${PDI}${mark}${lengthSaid(s.length)}`;
}

/** A text in double quotes as a sentence shows it (see inert): "abc", or "abc…" (4,000 characters). */
export const quoted = (text, most = QUOTED_CHARS) => inert(text, { most, mark: '"' });

/** A text in single quotes as a sentence shows it (see inert): 'abc'. */
export const singleQuoted = (text, most = QUOTED_CHARS) => inert(text, { most, mark: "'" });

// The errors whose message is already a sentence for the host: the core, a worker, a policy.
const PLAIN_ERRORS = new Set(['WasmUnavailableError', 'WorkerUnavailableError', 'HostPolicyError']);

/**
 * An error as one line: "SizeError: the depth is 49, …" (its name and message, whatever they
 * are); one of PLAIN_ERRORS, its sentence alone.
 */
export function errorLine(e) {
  const message = typeof e?.message === 'string' ? e.message : String(e);
  if (PLAIN_ERRORS.has(e?.name)) return message;
  const name = typeof e?.name === 'string' && e.name !== '' ? e.name : 'Error';
  return `${name}: ${message}`;
}

/**
 * A line split into pieces as the screen shows them: [{text, isolated}], the isolates inert()
 * wrote marked isolated, every other bidirectional control dropped; at most `most` characters in
 * all, then "…" and the line's whole length.
 */
export function inertPieces(line, most = LINE_CHARS) {
  const text = String(line);
  const pieces = [];
  let last = 0;
  for (const m of text.matchAll(ISOLATE)) {
    pieces.push({ text: text.slice(last, m.index).replace(CONTROLS, ''), isolated: false });
    pieces.push({ text: m[1], isolated: true });
    last = m.index + m[0].length;
  }
  pieces.push({ text: text.slice(last).replace(CONTROLS, ''), isolated: false });
  const total = pieces.reduce((n, p) => n + p.text.length, 0);
  if (total <= most) return pieces.filter((p) => p.text !== '' || p.isolated);
  const kept = [];
  let room = most;
  for (const p of pieces) {
    if (room <= 0) break;
    kept.push({ ...p, text: head(p.text, room) });
    room -= p.text.length;
  }
  kept.at(-1).text += '…';
  kept.push({ text: lengthSaid(total), isolated: false });
  return kept.filter((p) => p.text !== '' || p.isolated);
}

/** The text a line shows on screen (its element's textContent once showInert has shown it). */
export const shownText = (line, most = LINE_CHARS) =>
  inertPieces(line, most)
    .map((p) => p.text)
    .join('');

/** A line as plain text (for a text box or the clipboard): inertPieces, each isolate kept as FSI … PDI. */
export function inertLine(line, most = LINE_CHARS) {
  return inertPieces(line, most)
    .map((p) => (p.isolated ? `${FSI}${p.text}${PDI}` : p.text))
    .join('');
}

/**
 * Shows a line in an element, in place of its content: inertPieces, each isolate a <bdi>.
 * requires: line is text that may carry text from a link, an attribute, a state or a message.
 */
export function showInert(el, line, most = LINE_CHARS) {
  el.replaceChildren(...inertPieces(line, most).map((p) => (p.isolated ? element('bdi', {}, p.text) : p.text)));
}
