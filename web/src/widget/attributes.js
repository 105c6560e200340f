// Widget options read from attributes (or from a shared state string) and checked against the
// widget's option table. An option: {name, type, default, choices?, min?, max?, maxItems?, doc}, with type
// 'string' | 'number' | 'integer' | 'boolean' | 'list' | 'block'.
//   number / integer: a finite decimal; integer also whole; min / max bound it when given.
//   boolean: present (empty or its own name) or exactly "true" / "false".
//   list: comma-separated values; maxItems bounds how many when given.
//   block: rows separated by ";", values by ",", every row as long as the first, every value a number.

import { inert, quoted } from '../host/inert.js';
import { BLOCK_CHARS, BLOCK_COLUMNS, BLOCK_ROWS, TEXT_CHARS } from '../host/limits.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const WHOLE = /^[+-]?\d+$/;

const describers = {
  string: () => 'text',
  number: () => 'a number',
  integer: () => 'a whole number',
  boolean: () => 'present or absent, or exactly true / false',
  list: () => 'values separated by ","',
  block: () => 'rows of numbers, rows separated by ";", values by ","',
};

/** What an option allows, in words: "a whole number from 10 to 1000", "one of batch, layer". */
export function allowed(option) {
  if (option.choices) return `one of ${option.choices.join(', ')}`;
  let words = describers[option.type]();
  if (option.maxItems !== undefined) words += `, at most ${option.maxItems}`;
  if (option.min !== undefined && option.max !== undefined) words += ` from ${option.min} to ${option.max}`;
  else if (option.min !== undefined) words += ` of at least ${option.min}`;
  else if (option.max !== undefined) words += ` of at most ${option.max}`;
  return words;
}

/** An option's value (its default unless given) as it is written in an attribute. */
export function written(option, value = option.default) {
  if (!Array.isArray(value)) return String(value);
  return value.map((v) => (Array.isArray(v) ? v.join(',') : String(v))).join(option.type === 'block' ? ';' : ',');
}

function parseNumber(raw, whole) {
  const text = raw.trim();
  if (!(whole ? WHOLE : DECIMAL).test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function parseBlock(raw) {
  const rows = raw.split(';').map((r) => r.split(',').map((v) => v.trim()));
  const cols = rows[0].length;
  const fine = rows.every((r) => r.length === cols && r.every((v) => parseNumber(v, false) !== undefined));
  return fine ? rows.map((r) => r.join(',')).join(';') : undefined;
}

/** The parsed value of one raw attribute text, or undefined when the table does not allow it. */
function parse(option, raw) {
  switch (option.type) {
    case 'boolean':
      if (raw === '' || raw === 'true' || raw === option.name) return true;
      return raw === 'false' ? false : undefined;
    case 'number':
    case 'integer': {
      const value = parseNumber(raw, option.type === 'integer');
      if (value === undefined) return undefined;
      if (option.min !== undefined && value < option.min) return undefined;
      if (option.max !== undefined && value > option.max) return undefined;
      return value;
    }
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'block':
      return parseBlock(raw);
    default:
      return raw;
  }
}

/** The most characters an option's text may have (limits.js): its table's maxChars, a block's or a list's, else any text's. */
export function charsAllowed(option) {
  if (option.maxChars !== undefined) return option.maxChars;
  if (option.type === 'block' || option.type === 'list') return BLOCK_CHARS;
  return Math.max(option.maxInState ?? 0, TEXT_CHARS);
}

/** The sentence for a text beyond a bound of limits.js, or undefined when it is within them all. */
export function beyondBounds(option, raw) {
  const using = `Using the default, ${inert(written(option))}.`;
  const chars = charsAllowed(option);
  if (raw.length > chars)
    return `${option.name} is ${raw.length} characters long, more than the ${chars} it may have. ${using}`;
  if (option.type === 'list' && option.maxItems !== undefined) {
    const items = parse(option, raw).length;
    if (items > option.maxItems)
      return `${option.name} has ${items} values, more than the ${option.maxItems} it takes. ${using}`;
  }
  if (option.type !== 'block') return undefined;
  const rows = raw.split(';');
  if (rows.length > BLOCK_ROWS)
    return `${option.name} has ${rows.length} rows, more than the ${BLOCK_ROWS} a block may have. ${using}`;
  const widest = Math.max(...rows.map((r) => r.split(',').length));
  if (widest > BLOCK_COLUMNS)
    return `${option.name} has a row of ${widest} values, more than the ${BLOCK_COLUMNS} a block's row may have. ${using}`;
  return undefined;
}

/**
 * Reads one option. requires: raw is the attribute's text or null (absent).
 * ensures: {value} always (the default when raw is absent, beyond a bound of limits.js or not
 * allowed); {problem} too when raw is not allowed, a sentence naming the attribute, the value
 * (made inert: its first QUOTED_CHARS characters, isolated; see inert.js), what is allowed and the
 * default, or the bound it is beyond.
 */
export function readOption(option, raw) {
  if (raw === null || raw === undefined) return { value: option.default };
  const beyond = beyondBounds(option, String(raw));
  if (beyond) return { value: option.default, problem: beyond };
  let value = parse(option, raw);
  if (value !== undefined && option.choices) {
    const match = option.choices.find((c) => String(c) === String(value));
    value = match;
  }
  if (value !== undefined) return { value };
  return {
    value: option.default,
    problem: `${option.name}=${quoted(raw)} is not allowed: ${option.name} takes ${allowed(option)}. Using the default, ${inert(written(option))}.`,
  };
}

// The theme attribute, checked as an option is; the colours themselves are CSS (styles.js).
export const THEME = { name: 'theme', type: 'string', default: 'auto', choices: ['auto', 'light', 'dark'] };

/** Attributes every widget takes besides its own options (see the embedding guide). */
export const commonAttributes = [
  { name: 'theme', doc: "light, dark or auto (the reader's system setting; the default)" },
  { name: 'caption', doc: 'a line shown above the widget (embedded: the widget\'s title unless given; "" for none)' },
  { name: 'state', doc: 'a state string, as Copy link puts in a URL and element.state gives' },
];

/** The ::part() names every widget exposes for host styling. */
export const parts = {
  root: "the widget's frame: everything inside its shadow root",
  caption: 'the caption line above the widget',
  notices: 'notices about attributes that were not allowed',
  body: "the widget's own figures and controls",
  tools: 'the Copy link, Reset and Export bar',
  export: 'the Export menu (a details element)',
  button: 'the buttons of the tools bar',
};
