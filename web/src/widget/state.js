// A widget's state as one compact string: the options that differ from the table's defaults,
// "name:value" pairs joined by "~", each value percent-encoded, so the string fits in a URL hash
// ("#playground=kind:layer~rows:1,7;1,9") and in a `state` attribute alike.
import { THEME, readOption, written } from './attributes.js';
import { quoted } from './inert.js';
import { HASH_STATES, STATE_CHARS, STATE_PARTS } from './limits.js';

// A lone surrogate (not text) is written as U+FFFD rather than failing the whole state.
const encode = (text) => encodeURIComponent(text.toWellFormed()).replace(/~/g, '%7E');

/** Whether an option's value is too long for a state string (its table's maxInState, in characters). */
export function leftOutOfState(option, value) {
  return option.maxInState !== undefined && written(option, value).length > option.maxInState;
}

/**
 * The state string of option values (an object name -> value); defaults are left out, and so
 * are values longer than their option's maxInState (see leftOutOfState).
 */
export function stateString(options, values) {
  return options
    .filter((o) => o.name in values && written(o, values[o.name]) !== written(o) && !leftOutOfState(o, values[o.name]))
    .map((o) => `${o.name}:${encode(written(o, values[o.name]))}`)
    .join('~');
}

/**
 * Splits a state string into raw option texts, reading at most STATE_PARTS parts of a string of
 * at most STATE_CHARS characters (limits.js). ensures: {texts: name -> raw text, problems:
 * sentences for parts that name no option or cannot be read}; the texts still need readOption.
 */
export function stateTexts(options, state) {
  const texts = {};
  const problems = [];
  const text = String(state);
  if (text.length > STATE_CHARS) {
    problems.push(
      `the state is ${text.length} characters long, more than the ${STATE_CHARS} a state may have; it is ignored.`,
    );
    return { texts, problems };
  }
  const parts = text.split('~').filter((p) => p !== '');
  if (parts.length > STATE_PARTS) {
    problems.push(
      `the state has ${parts.length} parts, more than the ${STATE_PARTS} a state may have; only the first ${STATE_PARTS} are read.`,
    );
    parts.length = STATE_PARTS;
  }
  for (const part of parts) {
    const colon = part.indexOf(':');
    const name = colon < 0 ? part : part.slice(0, colon);
    if (colon < 0 || !options.some((o) => o.name === name)) {
      problems.push(
        `the state part ${quoted(part)} names no option of this widget (allowed: ${options.map((o) => o.name).join(', ') || 'none'}); it is ignored.`,
      );
      continue;
    }
    try {
      const text = decodeURIComponent(part.slice(colon + 1));
      const most = options.find((o) => o.name === name).maxInState;
      // A value longer than a link holds (a reader's own crowd may be longer) is not read from one.
      if (most !== undefined && text.length > most)
        problems.push(
          `the ${name} is ${text.length} characters long, more than the ${most} a link or state may hold. Using the default.`,
        );
      else texts[name] = text;
    } catch {
      problems.push(`the state part ${quoted(part)} is not percent-encoded text; it is ignored.`);
    }
  }
  return { texts, problems };
}

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

/**
 * A widget's options: its state's texts over its attributes over the table's defaults, each
 * checked against the table; and the sentences for every text not allowed (the theme's included).
 */
export function readOptions(widget) {
  const values = {};
  const problems = [...(widget.stated?.problems ?? [])];
  const theme = readOption(THEME, widget.getAttribute('theme'));
  if (theme.problem) problems.push(theme.problem);
  for (const o of widget.constructor.options) {
    const fromState = widget.stated && o.name in widget.stated.texts;
    const raw = fromState ? widget.stated.texts[o.name] : widget.getAttribute(o.name);
    const { value, problem } = readOption(o, raw);
    values[o.name] = value;
    if (problem) problems.push(fromState ? `In the state, ${problem}` : problem);
  }
  return { values, problems };
}

/**
 * The options values as the reader has set them through a widget's controls: each option's live
 * value is the table's `live(widget)`, or the widget's property named by its `field` (by default
 * the option's name in camelCase), when that is an allowed value; else the one in values.
 */
export function liveOptions(widget, values) {
  for (const o of widget.constructor.options) {
    const field = o.field ?? o.name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    const held = o.live ? o.live(widget) : widget[field];
    if (held === undefined || held === null || typeof held === 'function') continue;
    const { value, problem } = readOption(o, written(o, held));
    if (!problem) values[o.name] = value;
  }
  return values;
}

/** The state's texts with the given option values (allowed ones) written over them. */
export function textsWith(options, stated, values) {
  const texts = { ...stated?.texts };
  for (const o of options)
    if (o.name in values)
      texts[o.name] = Array.isArray(values[o.name]) ? values[o.name].join(',') : String(values[o.name]);
  return { texts, problems: [] };
}

/** A sentence for each option a state string leaves out for its length (see leftOutOfState). */
export function leftOutSentences(options, values) {
  return options
    .filter((o) => leftOutOfState(o, values[o.name]))
    .map(
      (o) =>
        `The link leaves out the ${o.name}: its ${written(o, values[o.name]).length} characters are more than the ${o.maxInState} a link holds.`,
    );
}
