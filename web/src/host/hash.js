// The page's URL hash: each widget's state read from it, written into it as the reader changes
// things (on a page that follows it), and a link landing on the widget or section it names; and
// the hash's format ("#anchor&id=state&…"), read and written.
import { HASH_STATES, STATE_CHARS } from './limits.js';
import { bringIntoView } from './reader-place.js';

/** The state strings named in a URL hash: "#a=state&b=state" -> Map(a -> state). */
export function hashStates(hash) {
  const out = new Map();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    if (out.size >= HASH_STATES) break;
    try {
      out.set(decodeURIComponent(part.slice(0, eq)), part.slice(eq + 1));
    } catch {
      // a name that is not percent-encoded text names no widget
    }
  }
  return out;
}

/**
 * The section anchor in a URL hash, decoded: its first part that names no state
 * ("#comparison-section&playground=kind:layer" -> "comparison-section"), or '' when it has none.
 */
export function hashAnchor(hash) {
  const part = hash
    .replace(/^#/, '')
    .split('&')
    .find((p) => p !== '' && !p.includes('='));
  if (part === undefined) return '';
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * A URL hash holding the given states (id -> state string), empty states left out, after the
 * section anchor when one is given ("#anchor&id=state"), so the page still lands on the anchor.
 */
export function hashOf(states, anchor = '') {
  const parts = [...states].filter(([, s]) => s !== '').map(([id, s]) => `${encodeURIComponent(id)}=${s}`);
  if (anchor !== '') parts.unshift(encodeURIComponent(anchor));
  return parts.length ? `#${parts.join('&')}` : '';
}

let followed = false; // whether changes write each widget's state into the hash (followHash)
let landed = false; // whether a link has already brought a widget into view on this page
const followers = new Set(); // the widgets on this page

/**
 * Makes every widget on this page write its state into the URL hash as it changes
 * ("#<id>=<state>&..."), so the address bar always links to what the reader sees. Widgets read
 * their state from the hash on any page; only a page that calls this writes it.
 */
export function followHash() {
  followed = true;
}

let read = { hash: null, states: null }; // the latest hash read, parsed once for every widget

/** The state the hash gives a widget (undefined: none). */
export function stateInHash(widget) {
  if (read.hash !== location.hash) read = { hash: location.hash, states: hashStates(location.hash) };
  return read.states.get(widget.linkId);
}

/** A widget on the page: its state is written into the hash with the others' (followHash). */
export function follow(widget) {
  followers.add(widget);
}

/** A widget that left the page. */
export function unfollow(widget) {
  followers.delete(widget);
}

/** A widget's state changed: on a page that follows the hash, it is written there. */
export function stateChanged(widget) {
  if (!followed || !widget.isConnected) return;
  const states = hashStates(location.hash);
  // A state too long to be read (limits.js) is not written back: the address shrinks at once.
  for (const [id, state] of states) if (state.length > STATE_CHARS) states.delete(id);
  for (const w of followers) {
    // One widget's failure stays its own: its entry is left as it was, the others' are written.
    try {
      states.set(w.linkId, w.state);
    } catch (e) {
      console.error(e);
    }
  }
  // A plain anchor (#section) in the hash stays first, so the page still scrolls to it.
  const next = hashOf(states, hashAnchor(location.hash));
  if (next !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${next}`);
}

/** A link to this page showing one widget in the given state. */
export function linkTo(widget, state) {
  return `${location.origin}${location.pathname}${location.search}${hashOf(new Map([[widget.linkId, state]]))}`;
}

let landing = () => {}; // stops the latest landing's runs

/**
 * Runs land again at the given times (ms), until the reader scrolls, types or points, or another
 * landing begins (a second contents link followed within the times lands there, not back here).
 */
function landOn(land, times, ended = () => {}) {
  landing();
  const timers = times.map((ms) => setTimeout(land, ms));
  // The page is still at its first layout for a while on a busy machine: the landing holds for
  // ten seconds at most, then the page's own anchoring alone holds the reader's place.
  timers.push(setTimeout(ended, 10000));
  const stop = () => {
    timers.forEach(clearTimeout);
    ended();
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    addEventListener(type, stop, { once: true, passive: true });
  landing = stop;
}

/**
 * A link whose hash names widget states but no section (#two-numbers=kind:rms) lands on the first
 * widget it names, once per page: brought into view now and again as the page above it settles,
 * until the reader scrolls, types or points. A hash with a section anchor lands there instead.
 */
export function landOnLinkedWidget(widget) {
  if (landed || hashAnchor(location.hash) !== '') return;
  const [first] = hashStates(location.hash).keys();
  if (first !== widget.linkId) return;
  landed = true;
  const land = () => widget.isConnected && bringIntoView(widget, { block: 'start' });
  requestAnimationFrame(land);
  landOn(land, [150, 500, 1000, 2000, 3000]);
}

/**
 * A link to a heading (from the address or the contents) lands on it: sections far from the
 * window are laid out at a guessed height, so they are laid out for real first, and the heading
 * is brought back into view once the formulas and the widgets near it have settled.
 */
export function landOnHash() {
  const target = document.getElementById(hashAnchor(location.hash));
  if (!target) return;
  document.documentElement.classList.add('laid-out');
  bringIntoView(target);
  // Until the reader moves on, the heading is brought back as soon as anything in the page changes
  // size (a widget starting above it, a section laid out), in the frame it changed, and again as
  // the page settles. The reader moving on, or another landing, stops both.
  const main = document.querySelector('main');
  const resized = new ResizeObserver(() => bringIntoView(target));
  for (const part of main ? [main, ...main.children] : []) resized.observe(part);
  landOn(
    () => bringIntoView(target),
    [100, 400, 1000, 2000],
    () => resized.disconnect(),
  );
}
