// Arguments a careless or hostile caller could hand the JS API, drawn from a seeded generator:
// wrong types, null, undefined, Symbols, BigInts, huge and wrapping shapes, typed arrays of every
// kind, detached buffers, Proxies, getters that throw or call back into the API, and values the
// API itself returned, edited. Every object made here carries a label, so a finding can say what
// it was called with without touching the object (a Proxy would run its traps).

/** What a fuzz getter or trap throws: the caller's own error, which may pass through the API. */
export class CallerError extends Error {
  constructor(message = 'thrown by the caller') {
    super(message);
    this.name = 'CallerError';
  }
}

/** A small seeded generator (mulberry32): the same seed draws the same arguments. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    below: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick(list) {
      return list[Math.floor(next() * list.length)];
    },
  };
}

const labels = new WeakMap();
/** Marks an object with a description, returned by describe(). */
export function labelled(value, label) {
  if ((typeof value === 'object' && value !== null) || typeof value === 'function') labels.set(value, label);
  return value;
}

/** A short description of a value that never reads an object's properties. */
export function describe(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol') return 'Symbol()';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? (labels.get(v) ?? 'a function') : String(v);
  return labels.get(v) ?? 'an object';
}

export const SHAPES = [
  0,
  1,
  2,
  3,
  4,
  -1,
  1.5,
  NaN,
  Infinity,
  2 ** 31,
  2 ** 32,
  2 ** 32 + 2,
  2 ** 53,
  2 ** 26,
  2 ** 26 + 1,
  65537,
  1e9,
  -0,
];
export const NUMBERS = [
  0,
  1,
  -1,
  0.5,
  0.9,
  1e-5,
  7,
  1e200,
  -1e200,
  1.5e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  NaN,
  Infinity,
  -Infinity,
  -0,
];
const TYPED = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

/**
 * The argument generator. words: strings the API knows (names of kinds, activations, cases),
 * keys: option names to put in option objects, api: the API itself (for values that call back).
 */
export function garbageMaker({ random, words, keys, api }) {
  const r = random;
  const pool = []; // values the API returned: {value, from}

  const smallNumber = () => (r.chance(0.7) ? r.below(9) - 2 : r.pick(NUMBERS));
  const shape = () => (r.chance(0.6) ? 1 + r.below(4) : r.pick(SHAPES));

  function rows(n = 1 + r.below(4), d = 1 + r.below(3)) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(Array.from({ length: d }, () => smallNumber()));
    return labelled(out, `rows ${n} x ${d}`);
  }

  function typedArray(length = r.below(9)) {
    const Type = r.pick(TYPED);
    const a = new Type(length);
    for (let k = 0; k < length; k++) a[k] = Type.name.startsWith('Big') ? BigInt(r.below(9)) : smallNumber();
    return labelled(a, `${Type.name}(${length})`);
  }

  function detached() {
    const buffer = new ArrayBuffer(64);
    const view = new Float64Array(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    return labelled(view, 'a Float64Array over a detached buffer');
  }

  function shared() {
    const view = new Float64Array(new SharedArrayBuffer(8 * 4));
    view.set([1, 7, 1, 9]);
    return labelled(view, 'a Float64Array over a SharedArrayBuffer');
  }

  // A number-like object whose valueOf calls back into the API (growing the wasm memory).
  function reentrantNumber() {
    return labelled(
      {
        valueOf() {
          try {
            // Now and then a large layer, so the wasm memory grows under the caller's feet.
            api.normaliser({ kind: 'batch', features: r.chance(0.1) ? 4e6 : 64 });
            api.train(api.normaliser({ kind: 'layer', features: 2 }), [[1, 2]]);
          } catch {
            /* the callback's own refusals do not matter */
          }
          return 4;
        },
      },
      'an object whose valueOf calls the API',
    );
  }

  // An object whose every property read throws, or calls back into the API first.
  function hostileObject(kind) {
    const target = {};
    const handler =
      kind === 'throwing'
        ? {
            get() {
              throw new CallerError('a Proxy get trap');
            },
            has() {
              throw new CallerError('a Proxy has trap');
            },
            ownKeys() {
              throw new CallerError('a Proxy ownKeys trap');
            },
            getPrototypeOf() {
              throw new CallerError('a Proxy getPrototypeOf trap');
            },
          }
        : {
            get(t, key) {
              if (typeof key === 'symbol') return undefined;
              reentrantNumber().valueOf();
              return r.pick([2, 'batch', undefined, [[1, 2]], 1e9]);
            },
          };
    return labelled(new Proxy(target, handler), `a Proxy (${kind})`);
  }

  function throwingGetters() {
    const o = {};
    for (const key of new Set(['rows', 'cols', 'data', 'kind', 'features', ...r.pick([keys, []]).slice(0, 8)])) {
      Object.defineProperty(o, key, {
        enumerable: true,
        configurable: true,
        get() {
          throw new CallerError(`the getter of ${key}`);
        },
      });
    }
    return labelled(o, 'an object whose getters throw');
  }

  function block() {
    switch (r.below(9)) {
      case 0:
        return rows();
      case 1:
        return labelled([[1, 2], [3]], 'ragged rows');
      case 2:
        return labelled([], 'no rows');
      case 3:
        return labelled([[]], 'one empty row');
      case 4: {
        const b = { rows: shape(), cols: shape(), data: r.chance(0.5) ? typedArray(r.below(9)) : [1, 2, 3, 4] };
        return labelled(b, `{rows: ${describe(b.rows)}, cols: ${describe(b.cols)}, data: ${describe(b.data)}}`);
      }
      case 5: {
        const data = [3, reentrantNumber(), 5, 6];
        return labelled({ rows: 2, cols: 2, data }, '{rows: 2, cols: 2, data with a valueOf that calls the API}');
      }
      case 6:
        return labelled(
          { rows: 2, cols: 2, data: r.pick([detached(), shared(), '1234', [1, '2', 3, 4]]) },
          'a 2 x 2 block with odd data',
        );
      case 7:
        return labelled([rows(1, 2)[0], reentrantNumber()], 'rows with an object for a row');
      default:
        return labelled(
          { rows: 2 ** 31, cols: 2, length: 2 ** 32 - 1, data: new Array(2 ** 32 - 1) },
          'a sparse array of length 2^32 - 1 as data',
        );
    }
  }

  function options() {
    const o = {};
    const n = r.below(5);
    for (let k = 0; k < n; k++) o[r.pick(keys)] = value(1);
    if (r.chance(0.5)) o.kind = r.pick(words);
    if (r.chance(0.3)) o.features = shape();
    return labelled(o, `options {${Object.keys(o).join(', ')}}`);
  }

  // A value the API returned, as it was or with one field changed or removed.
  function fromPool() {
    const { value: v, from } = r.pick(pool);
    if (r.chance(0.4) || v === null || typeof v !== 'object') return v;
    let copy;
    try {
      copy = structuredClone(v);
    } catch {
      return v;
    }
    const fields = Object.keys(copy);
    if (fields.length === 0) return copy;
    const field = r.pick(fields);
    let how;
    switch (r.below(5)) {
      case 0:
        delete copy[field];
        how = `without ${field}`;
        break;
      case 1: {
        const f = copy[field];
        if (ArrayBuffer.isView(f) && f.length > 0) {
          copy[field] = f.subarray(0, r.below(f.length));
          how = `${field} shortened`;
          break;
        }
        copy[field] = value(1);
        how = `${field} replaced`;
        break;
      }
      case 2: {
        const other = r.pick(pool).value;
        copy[field] = other !== null && typeof other === 'object' && field in other ? other[field] : value(1);
        how = `${field} taken from another value`;
        break;
      }
      case 3: {
        const f = copy[field];
        if (ArrayBuffer.isView(f) && f.length > 0 && !(f instanceof BigInt64Array || f instanceof BigUint64Array)) {
          f[r.below(f.length)] = r.pick(NUMBERS);
          how = `one number of ${field} changed`;
          break;
        }
        copy[field] = r.pick(words);
        how = `${field} set to a word`;
        break;
      }
      default:
        copy[field] = value(1);
        how = `${field} replaced`;
    }
    return labelled(copy, `what ${from} returned, ${how}`);
  }

  /** One argument. depth limits nesting. */
  function value(depth = 0) {
    if (pool.length > 0 && r.chance(0.3)) return fromPool();
    switch (r.below(depth > 0 ? 12 : 16)) {
      case 0:
        return r.pick([undefined, null, true, false]);
      case 1:
        return r.pick(SHAPES);
      case 2:
        return r.pick(NUMBERS);
      case 3:
        return r.pick(words);
      case 4:
        return r.pick([Symbol('fuzz'), 10n, 2n ** 64n, -1n, '', 'toString', '__proto__', 'constructor']);
      case 5:
        return block();
      case 6:
        return typedArray();
      case 7:
        return r.pick([detached, shared, reentrantNumber])();
      case 8:
        return options();
      case 9:
        return rows();
      case 10:
        return labelled(
          Array.from({ length: r.below(5) }, () => smallNumber()),
          'an array of numbers',
        );
      case 11:
        return r.pick([
          () => labelled(() => 1, 'a function'),
          () => labelled(new Date(0), 'a Date'),
          () => labelled(new Map(), 'a Map'),
          () => labelled(Object.create(null), 'an object without a prototype'),
          () => labelled(Object.freeze({ rows: 1, cols: 1, data: [1] }), 'a frozen 1 x 1 block'),
          () => labelled({ length: 2 ** 31 }, 'an array-like of length 2^31'),
        ])();
      case 12:
        return hostileObject(r.pick(['throwing', 'calling back']));
      case 13:
        return throwingGetters();
      case 14:
        return labelled(
          Array.from({ length: 1 + r.below(3) }, () => value(depth + 1)),
          'an array of odd values',
        );
      default:
        return labelled(
          { rows: r.pick(SHAPES), cols: r.pick(SHAPES), data: new Float64Array(r.below(9)) },
          'a block of odd shape',
        );
    }
  }

  return {
    value,
    /** Keeps a value the API returned, to hand back later. */
    keep(v, from) {
      if (v === null || typeof v !== 'object') return;
      if (typeof v === 'string' && v.length > 4096) return;
      labelled(v, `what ${from} returned`);
      if (pool.length < 64) pool.push({ value: v, from });
      else pool[r.below(pool.length)] = { value: v, from };
    },
  };
}
