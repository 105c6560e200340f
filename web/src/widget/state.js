// A widget's state as one compact string: the options that differ from the table's defaults,
// "name:value" pairs joined by "~", each value percent-encoded, so the string fits in a URL hash
// ("#playground=kind:layer~rows:1,7;1,9") and in a `state` attribute alike.
import { THEME, allowed, beyondBounds, charsAllowed, readOption, written } from './attributes.js';
import { grouped } from './format.js';
import { quoted } from '../host/inert.js';
import { STATE_CHARS, STATE_PARTS } from '../host/limits.js';

// A lone surrogate (not text) is written as U+FFFD rather than failing the whole state. The
// separators of a list and a block (",", ";") and ":", "@", "+" are left as they are: a fragment
// may hold them, and percent-encoding them tripled a list's length (a momentum link of 6,048
// characters came back from Copy link at 12,044, beyond the 8,192 a state may have).
const KEPT = { '%2C': ',', '%3B': ';', '%3A': ':', '%40': '@', '%2B': '+' };
const encode = (text) =>
  encodeURIComponent(text.toWellFormed())
    .replace(/~/g, '%7E')
    .replace(/%(2C|3B|3A|40|2B)/g, (code) => KEPT[code]);

/**
 * The values a widget of these options reads from a state string over no attributes (the
 * default reading for boundedState).
 */
export function readState(options, state) {
  return readOptions({ stated: stateTexts(options, state), getAttribute: () => null, constructor: { options } });
}

/**
 * A widget's state as a link carries it: the options that differ from their defaults, within the
 * bounds a link is read with, and a sentence for each option left out.
 * requires: values maps option names to values; reread(state) gives {values, problems}, what the
 * widget reads from that state (by default readState).
 * ensures: state is at most STATE_CHARS characters, has at most STATE_PARTS parts, and every
 * option in it reads back from it as the value given. An option is left out, with a sentence in
 * leftOut, when its text is longer than a link holds (its maxInState, else its own bound), when
 * the state would pass STATE_CHARS with it (the longest go first), or when the widget would not
 * read it back (refused, or cut).
 */
export function boundedState(options, values, reread = (state) => readState(options, state)) {
  const leftOut = [];
  const parts = new Map(); // name -> {option, text, part}
  for (const o of options) {
    if (!(o.name in values)) continue;
    const text = written(o, values[o.name]);
    if (text === written(o)) continue;
    const most = o.maxInState ?? charsAllowed(o);
    if (text.length > most)
      leftOut.push(
        `The link leaves out the ${o.name}: its ${grouped(text.length)} characters are more than the ${grouped(most)} a link holds.`,
      );
    else parts.set(o.name, { option: o, text, part: `${o.name}:${encode(text)}` });
  }
  const stateOf = () => [...parts.values()].map((p) => p.part).join('~');
  for (let state = stateOf(); state.length > STATE_CHARS || parts.size > STATE_PARTS; state = stateOf()) {
    const [longest] = [...parts.values()].sort((a, b) => b.part.length - a.part.length);
    parts.delete(longest.option.name);
    leftOut.push(
      `The link leaves out the ${longest.option.name}: with it the link's state would be ${grouped(state.length)} characters, more than the ${grouped(STATE_CHARS)} a state may have.`,
    );
  }
  // Read back as the widget would read the link: an option it would refuse or change is left out.
  for (let k = 0; k <= options.length && parts.size > 0; k++) {
    const back = reread(stateOf());
    const changed = [...parts.values()].filter((p) => written(p.option, back.values[p.option.name]) !== p.text);
    if (changed.length === 0) break;
    for (const { option } of changed) {
      parts.delete(option.name);
      const why = back.problems.find((problem) => problem.includes(option.name));
      leftOut.push(
        `The link leaves out the ${option.name}: opened, the link would not show it${why ? ` (${why.replace(/\.$/, '')})` : ''}.`,
      );
    }
  }
  return { state: stateOf(), leftOut };
}

/** The state string of option values (an object name -> value): boundedState's, read over no attributes. */
export function stateString(options, values) {
  return boundedState(options, values).state;
}

/** How the sentences about a state string name it, by where it came from (stateTexts' source). */
const STATE_WORDS = {
  link: {
    whole: "The link's settings",
    are: 'are',
    have: 'have',
    they: 'they are',
    part: "The link's part",
    in: 'In the link',
  },
  state: { whole: 'The state', are: 'is', have: 'has', they: 'it is', part: 'The state part', in: 'In the state' },
};

/**
 * Splits a state string into raw option texts, reading at most STATE_PARTS parts of a string of
 * at most STATE_CHARS characters (limits.js). source: where the string came from, as the sentences
 * name it to a reader: 'link' (the page's address) or 'state' (the state attribute or property).
 * ensures: {texts: name -> raw text, problems: sentences for parts that name no option or cannot
 * be read, source}; the texts still need readOption.
 */
export function stateTexts(options, state, source = 'state') {
  const texts = {};
  const problems = [];
  const words = STATE_WORDS[source];
  const text = String(state);
  if (text.length > STATE_CHARS) {
    problems.push(
      `${words.whole} ${words.are} ${text.length} characters long, more than the ${STATE_CHARS} allowed; ${words.they} ignored.`,
    );
    return { texts, problems, source };
  }
  const parts = text.split('~').filter((p) => p !== '');
  if (parts.length > STATE_PARTS) {
    problems.push(
      `${words.whole} ${words.have} ${parts.length} parts, more than the ${STATE_PARTS} allowed; only the first ${STATE_PARTS} are read.`,
    );
    parts.length = STATE_PARTS;
  }
  for (const part of parts) {
    const colon = part.indexOf(':');
    const name = colon < 0 ? part : part.slice(0, colon);
    if (colon < 0 || !options.some((o) => o.name === name)) {
      problems.push(
        `${words.part} ${quoted(part)} names no option of this widget (allowed: ${options.map((o) => o.name).join(', ') || 'none'}); it is ignored.`,
      );
      continue;
    }
    try {
      const text = decodeURIComponent(part.slice(colon + 1));
      const most = options.find((o) => o.name === name).maxInState;
      // A value longer than a link holds (a reader's own crowd may be longer) is not read from one.
      if (most !== undefined && text.length > most)
        problems.push(
          `The ${name} is ${text.length} characters long, more than the ${most} a link or state may hold. Using the default.`,
        );
      else texts[name] = text;
    } catch {
      problems.push(`${words.part} ${quoted(part)} is not percent-encoded text; it is ignored.`);
    }
  }
  return { texts, problems, source };
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
    if (problem) problems.push(fromState ? `${STATE_WORDS[widget.stated.source ?? 'state'].in}, ${problem}` : problem);
  }
  return { values, problems };
}

/** An option's property on its element: its name in camelCase ("learning-rate": learningRate). */
export const propertyOf = (option) => option.name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

/**
 * What a widget holds as an option's live value: the table's `live(widget)`, or the widget's field
 * the table names (`field`), else `widget.held[property]`, where a widget keeps the values its
 * controls set (never on the element itself, whose property of that name is the host's).
 */
export function heldValue(widget, o) {
  if (o.live) return o.live(widget);
  const property = propertyOf(o);
  return o.field && o.field !== property ? widget[o.field] : widget.held?.[property];
}

const nothingHeld = (held) => held === undefined || held === null || typeof held === 'function';

/**
 * The options values as the reader has set them through a widget's controls: each option's
 * held value (heldValue) when that is an allowed value; else the one in values, and a sentence in
 * `refused` saying that a link keeps that one.
 */
export function liveOptions(widget, values, refused = []) {
  for (const o of widget.constructor.options) {
    const held = heldValue(widget, o);
    if (nothingHeld(held)) continue;
    const text = written(o, held);
    const { value, problem } = readOption(o, text);
    if (!problem) values[o.name] = value;
    else if (text !== written(o, values[o.name])) {
      const why = beyondBounds(o, text)?.replace(/ Using the default.*$/, '') ?? `${o.name} takes ${allowed(o)}.`;
      refused.push(
        `The link keeps the ${o.name} the widget started with: the one shown is not one a link can hold (${why.replace(/\.$/, '')}).`,
      );
    }
  }
  return values;
}

/** One option's value as the widget shows it: the reader's (held, when allowed), else the configured one. */
export function shownValue(widget, o) {
  const held = heldValue(widget, o);
  const read = nothingHeld(held) ? { problem: true } : readOption(o, written(o, held));
  return read.problem ? widget.readOptions().values[o.name] : read.value;
}

/** The state's texts with the given option values (allowed ones) written over them. */
export function textsWith(options, stated, values) {
  const texts = { ...stated?.texts };
  for (const o of options)
    if (o.name in values)
      texts[o.name] = Array.isArray(values[o.name]) ? values[o.name].join(',') : String(values[o.name]);
  return { texts, problems: [], source: stated?.source ?? 'state' };
}
