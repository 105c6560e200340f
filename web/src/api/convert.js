// Conversions and type checks for everything that enters the core. Each takes a caller's value,
// reads every part of it once, checks its JavaScript type and returns a fresh plain object or
// typed array, so no caller code (a getter, a valueOf, a Proxy) can run once a core call has
// begun. No arithmetic: what a value means is the core's to check.

import { errorFromCore, SizeError, ShapeError } from '../errors.js';
import { withoutBidiControls } from './bidi.js';

/** The largest whole number that crosses into the core's 32-bit sizes without wrapping. */
export const LARGEST_WHOLE = 2 ** 32 - 1;

/**
 * A short, safe description of any value for a message, the one every room uses: it never calls
 * the value's own code and never quotes source; a string as 'the string' and its first 40
 * characters in quotes, without bidirectional controls (bidi.js).
 */
export function describe(v) {
  if (v === null || v === undefined) return String(v);
  if (typeof v === 'string') {
    const text = withoutBidiControls(v);
    return `the string ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`;
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v)) return `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
  return 'an object';
}

/** Throws the typed Error of a core refusal {error: {name, message}}; otherwise returns the answer. */
export function answer(r) {
  if (r !== null && typeof r === 'object' && r.error) throw errorFromCore(r.error);
  return r;
}

export function checkNumber(v, what) {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, not ${describe(v)}`);
  return v;
}

export function checkBoolean(v, what) {
  if (typeof v !== 'boolean') throw new TypeError(`${what} must be true or false, not ${describe(v)}`);
  return v;
}

export function checkString(v, what, allowed) {
  if (typeof v !== 'string' || (allowed && !allowed.includes(v))) {
    const among = allowed ? ` one of ${allowed.join(', ')}` : ' a string';
    throw new TypeError(`${what} must be${among}, not ${describe(v)}`);
  }
  return v;
}

/**
 * A whole number for a count, size, index or seed: not whole or negative is a TypeError, beyond
 * the limit (by default the largest that crosses unwrapped) a SizeError naming it.
 */
export function checkInteger(v, what, limit = LARGEST_WHOLE) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new TypeError(`${what} must be a whole number, not ${describe(v)}`);
  if (v > limit) throw new SizeError(`${what} is ${v}, beyond the largest the core takes, ${limit}`);
  return v;
}

export function checkObject(v, what) {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || ArrayBuffer.isView(v))
    throw new TypeError(`${what} must be an object, not ${describe(v)}`);
  return v;
}

// A typed array's own length, read past any length property a caller put on it.
const typedLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), 'length').get;

/** Whether v is a list of numbers the wrapper copies: an array or a typed array (not a DataView). */
const isList = (v) => Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));

/** Reads v's length as a whole number (an array's or a typed array's). */
function lengthOf(v, what) {
  const n = ArrayBuffer.isView(v) ? typedLength.call(v) : v.length;
  return checkInteger(n, `the length of ${what}`);
}

/** Copies source's count numbers into out at offset, checking each is a number. */
function copyNumbers(source, count, out, offset, name) {
  if (ArrayBuffer.isView(source)) {
    if (source instanceof BigInt64Array || source instanceof BigUint64Array)
      throw new TypeError(`${name(0)} must be a number, not a bigint`);
    if (count > 0) out.set(source, offset); // a detached buffer reads as length 0: nothing to copy
    return;
  }
  for (let k = 0; k < count; k++) {
    const n = source[k];
    if (typeof n !== 'number') throw new TypeError(`${name(k)} must be a number, not ${describe(n)}`);
    out[offset + k] = n;
  }
}

/** Helpers bound to one loaded core (for the size limit it documents). */
export function converters(core) {
  const maxCells = core.maxBlockCells();

  const checkCells = (count, what) => {
    if (count > maxCells)
      throw new SizeError(
        `the ${what} holds ${count} numbers, beyond the largest block the core takes, ${maxCells} numbers`,
      );
  };

  /** A fresh Float64Array from an array of numbers or a typed array. */
  const toNumbers = (v, what) => {
    if (!isList(v)) throw new TypeError(`the ${what} must be an array of numbers, not ${describe(v)}`);
    const n = lengthOf(v, `the ${what}`);
    checkCells(n, what);
    const out = new Float64Array(n);
    copyNumbers(v, n, out, 0, (k) => `entry ${k + 1} of the ${what}`);
    return out;
  };

  /**
   * A fresh {rows, cols, data: Float64Array} from an array of rows (each an array or a typed
   * array) or from {rows, cols, data}.
   */
  const block = (x, what = 'block') => {
    if (Array.isArray(x)) {
      const rows = lengthOf(x, `the ${what}`);
      const first = rows > 0 ? x[0] : undefined;
      if (rows > 0 && !isList(first))
        throw new TypeError(`row 1 of the ${what} must be an array, not ${describe(first)}`);
      const cols = rows > 0 ? lengthOf(first, `row 1 of the ${what}`) : 0;
      checkCells(rows * cols, what);
      const data = new Float64Array(rows * cols);
      for (let i = 0; i < rows; i++) {
        const row = i === 0 ? first : x[i];
        if (!isList(row)) throw new TypeError(`row ${i + 1} of the ${what} must be an array, not ${describe(row)}`);
        const length = lengthOf(row, `row ${i + 1} of the ${what}`);
        if (length !== cols)
          throw new ShapeError(`the length of row ${i + 1} is ${length} but the length of row 1 is ${cols}`);
        copyNumbers(row, cols, data, i * cols, (j) => `row ${i + 1}, feature ${j + 1} of the ${what}`);
      }
      return { rows, cols, data };
    }
    if (x === null || typeof x !== 'object' || ArrayBuffer.isView(x))
      throw new TypeError(`the ${what} must be an array of rows or {rows, cols, data}, not ${describe(x)}`);
    const rows = checkInteger(x.rows, `the ${what}'s rows`);
    const cols = checkInteger(x.cols, `the ${what}'s cols`);
    const source = x.data;
    if (!isList(source)) throw new TypeError(`the ${what}'s data must be an array of numbers, not ${describe(source)}`);
    const length = lengthOf(source, `the ${what}'s data`);
    if (length !== rows * cols)
      throw new ShapeError(
        `the ${what} is ${rows} by ${cols}, ${rows * cols} numbers, but its data holds ${length} numbers`,
      );
    checkCells(length, what);
    const data = new Float64Array(length);
    copyNumbers(source, length, data, 0, (k) => `number ${k + 1} of the ${what}'s data`);
    return { rows, cols, data };
  };

  /**
   * A fresh record of the named fields of v: fields maps each name to a conversion
   * ('block' | 'numbers' | 'whole' | 'number' | 'string'). What the record is for names it in messages.
   */
  const record = (v, fields, what) => {
    checkObject(v, `the ${what}`);
    const out = {};
    for (const [name, kind] of Object.entries(fields)) {
      const value = v[name];
      const label = `the ${what}'s ${name}`;
      if (kind === 'block') out[name] = block(value, `${what}'s ${name}`);
      else if (kind === 'numbers') out[name] = toNumbers(value, `${what}'s ${name}`);
      else if (kind === 'whole') out[name] = checkInteger(value, label);
      else if (kind === 'string') out[name] = checkString(value, label);
      else out[name] = checkNumber(value, label);
    }
    return out;
  };

  return {
    answer,
    block,
    toNumbers,
    record,
    checkInteger,
    checkNumber,
    checkBoolean,
    checkString,
    checkObject,
    describe,
  };
}

/** A block {rows, cols, data} as an array of rows (for display). */
export function toRows(block) {
  checkObject(block, 'the block');
  const { data } = block;
  const count = checkInteger(block.rows, "the block's rows");
  const cols = checkInteger(block.cols, "the block's cols");
  if (!ArrayBuffer.isView(data) || data.length !== count * cols)
    throw new ShapeError(
      `the block is ${count} by ${cols} but its data is not a typed array of ${count * cols} numbers`,
    );
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(Array.from(data.subarray(i * cols, (i + 1) * cols)));
  return rows;
}
