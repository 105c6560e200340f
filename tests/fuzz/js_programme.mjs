// The JS fuzz programme, run in a worker by fuzz_js.mjs: every function of the API, called with
// seeded garbage for a given time. Acceptable outcomes of a call are a return value, a throw of a
// documented Error subclass (web/src/errors.js) or of a TypeError written by the wrapper, or the
// caller's own error passing through. Anything else is a finding: another error type, an error
// the engine wrote (an unchecked property read), a trap. After the run the wasm heap in use and
// the JS values held for C++ must be back where they started, and the core must still compute
// the documented figures.
import { parentPort, workerData } from 'node:worker_threads';
import * as documented from '../../web/src/errors.js';
import { nl, heapInUse, emvalHandles } from '../js/core.js';
import { CallerError, describe, garbageMaker, seededRandom } from './garbage.mjs';

const { seed, seconds, calls: callLimit, trace, skip } = workerData;
const random = seededRandom(seed);

const errorTypes = Object.values(documented).filter((v) => typeof v === 'function' && v.prototype instanceof Error);

// Messages V8 writes for a TypeError or RangeError of its own: the wrapper read or converted
// something it had not checked. The wrapper's own TypeErrors name the argument instead.
const ENGINE_MESSAGES =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|Cannot convert|Cannot mix BigInt|Cannot create property|Invalid (typed )?array length|detached ArrayBuffer|Reduce of empty array|read only property|not extensible|incompatible receiver|on proxy|serialize a BigInt|Maximum call stack|out of memory|Array buffer allocation failed/;

function classify(e) {
  if (e instanceof CallerError) return 'caller';
  if (e instanceof TypeError && !ENGINE_MESSAGES.test(e.message)) return 'TypeError';
  if (errorTypes.some((T) => e instanceof T) && e.constructor !== documented.NormError) return 'typed';
  return null;
}

// The API's worked example (docs/api.md): the batch layer on the whole-number four, one step.
function readmeFigures() {
  const layer = nl.normaliser({ kind: 'batch', features: 2 });
  const x = [
    [1, 7],
    [1, 9],
    [7, 1],
    [23, 7],
  ];
  const response = nl.train(layer, x);
  const gradient = nl.backward(layer, response, [
    [1, 2],
    [3, 4],
    [5, 6],
    [7, 8],
  ]);
  const next = nl.step(layer, gradient, 0.1);
  return [
    ...response.output.data,
    ...response.deviation,
    ...gradient.dx.data,
    ...next.runningMean,
    ...nl.infer(next, [[1, 7]]).data,
  ];
}

// The API's functions, and what the garbage may look like: the words and option names they know.
const functions = Object.entries(nl)
  .filter(([name, f]) => typeof f === 'function' && !skip.includes(name))
  .map(([name, f]) => ({ name, f, source: f.toString() }));
const takesArguments = ({ f, source }) => f.length > 0 || /^[\w$]+\s*\(\s*[^)\s]/.test(source);
const wordsIn = (source) => [...source.matchAll(/'([A-Za-z][\w-]{0,20})'/g)].map((m) => m[1]);
const keysIn = (source) => [...source.matchAll(/[{,]\s*([A-Za-z_$][\w$]*)\s*(?==|,|})/g)].map((m) => m[1]);
const words = [...new Set(functions.flatMap(({ source }) => wordsIn(source)))];
const keys = [
  ...new Set([
    ...functions.flatMap(({ source }) => keysIn(source)),
    'kind',
    'features',
    'eps',
    'keep',
    'momentum',
    'groups',
    'weights',
    'bias',
    'activation',
    'direction',
    'magnitude',
    'purpose',
    'step',
    'steps',
    'seed',
  ]),
];
const maker = garbageMaker({ random, words, keys, api: nl });

const stats = { calls: 0, returned: 0, typed: 0, typeErrors: 0, callerErrors: 0 };
const findings = new Map(); // a short key -> {text, count}
const milliseconds = new Map(); // function name -> time spent in its calls
const accepted = new Map(); // function name -> argument lists it answered
function finding(key, text) {
  const f = findings.get(key);
  if (f) f.count++;
  else findings.set(key, { text, count: 1 });
}

function callOnce(fn, args) {
  stats.calls++;
  const label = `call ${stats.calls}: ${fn.name}(${args.map(describe).join(', ')})`;
  if (trace) process.stderr.write(`${label}\n`);
  parentPort.postMessage({ type: 'call', index: stats.calls, label });
  if (stats.calls % 256 === 0) parentPort.postMessage({ type: 'stats', stats, functions: functions.length });
  const start = performance.now();
  const heapBefore = watchingHeap ? heapInUse() : 0;
  try {
    const result = fn.f.apply(nl, args);
    stats.returned++;
    maker.keep(result, fn.name);
    const known = accepted.get(fn.name) ?? [];
    if (known.length < 16) accepted.set(fn.name, [...known, args]);
    else known[random.below(known.length)] = args;
  } catch (e) {
    const kind = e instanceof Error || (e && typeof e === 'object') ? classify(e) : null;
    if (kind === 'typed') stats.typed++;
    else if (kind === 'TypeError') stats.typeErrors++;
    else if (kind === 'caller') stats.callerErrors++;
    else {
      const name = e?.constructor?.name ?? typeof e;
      const message = String(e?.message ?? e);
      const key = `${fn.name}: ${name}: ${message.replace(/\d+(\.\d+)?/g, 'N').slice(0, 80)}`;
      finding(
        key,
        `${label} threw ${name}${e?.name && e.name !== name ? ` (name ${e.name})` : ''}: ${message.slice(0, 300)}`,
      );
    }
  } finally {
    milliseconds.set(fn.name, (milliseconds.get(fn.name) ?? 0) + performance.now() - start);
    if (watchingHeap) checkHeap(fn, args, label, heapInUse() - heapBefore);
  }
}

// The heap after the first round (below) is the start; a call that moves it is made twice more
// with the same arguments. A leak grows it again each time; storage the core keeps between calls
// on purpose (the Transformer's fast pass keeps its arrays for the next call, resized to each shape
// in turn) does not grow on the same call, and what the three calls moved is set aside from the
// run's total.
let watchingHeap = false;
let keptMoves = 0;
function checkHeap(fn, args, label, moved) {
  if (moved === 0) return;
  const before = heapInUse();
  for (let k = 0; k < 2; k++) {
    try {
      fn.f.apply(nl, args);
    } catch {
      /* the first call's outcome was recorded */
    }
  }
  const again = heapInUse() - before;
  if (again > 0) finding('heap', `${label} grew the wasm heap by ${again} bytes over two more calls (a leak)`);
  else keptMoves += moved + again;
}

// The functions that take no arguments are called once: garbage would change nothing.
const fixed = functions.filter((fn) => !takesArguments(fn));
const fuzzed = functions.filter(takesArguments);

// Calls the API answers, to start from: later calls change one argument of an answered call, so
// the garbage reaches past the first type check.
function starters() {
  const x = [
    [1, 7],
    [1, 9],
    [7, 1],
  ];
  const dy = [
    [1, 2],
    [3, 4],
    [5, 6],
  ];
  const layers = [
    ...['batch', 'layer', 'rms'].map((kind) => ({ kind, features: 2 })),
    { kind: 'group', features: 2, groups: 2 },
    { kind: 'batch', features: 2, momentum: 0.2, unbiasedRunning: true },
  ].map((o) => ['normaliser', [o]]);
  const dense = [
    'dense',
    [
      {
        weights: [
          [1, 2],
          [3, 4],
        ],
        bias: [0, 1],
        activation: 'tanh',
      },
    ],
  ];
  const weightNorm = [
    'weightNorm',
    [
      {
        direction: [
          [1, 2],
          [3, 4],
        ],
        magnitude: [1, 2],
        bias: [0, 0],
      },
    ],
  ];
  const calls = [...layers, dense, weightNorm];
  const made = [];
  for (const [name, args] of calls) {
    if (typeof nl[name] !== 'function') continue;
    try {
      made.push(nl[name](...args));
    } catch {
      /* an API that no longer answers this is the tests' business, not the fuzzer's */
    }
    callOnce({ name, f: nl[name] }, args);
  }
  for (const layer of made) {
    const plan = [
      ['train', [layer, x]],
      ['infer', [layer, x]],
      ['forward', [layer, x, { purpose: 'predict' }]],
      ['checkGradient', [layer, x, dy]],
      ['describe', [layer]],
      ['withScaleShift', [layer, [1, 2], [0, 1]]],
      ['withRunning', [layer, [0, 1], [1, 2]]],
      ['traceRunning', [layer, x, { steps: 3 }]],
      [
        'unprojectedDirectionSlope',
        [
          layer,
          [
            [1, 2],
            [3, 4],
          ],
        ],
      ],
    ];
    for (const [name, args] of plan) if (typeof nl[name] === 'function') callOnce({ name, f: nl[name] }, args);
    try {
      const response = nl.train(layer, x);
      callOnce({ name: 'naiveBackward', f: nl.naiveBackward }, [layer, response, dy]);
      callOnce({ name: 'backward', f: nl.backward }, [
        layer,
        response,
        layer.kind === 'dense' || layer.kind === 'weightNorm' ? dy : dy,
      ]);
      const gradient = nl.backward(layer, response, dy);
      callOnce({ name: 'step', f: nl.step }, [layer, gradient, 0.1]);
    } catch {
      /* as above */
    }
  }
}

const before = readmeFigures();
starters();
for (const fn of fixed) callOnce(fn, []);
// A first round of every function on garbage, so the heap figures below start after whatever
// the first call of a path allocates once and keeps.
for (const fn of fuzzed) for (let k = 0; k < 8; k++) callOnce(fn, [maker.value(), maker.value(), maker.value()]);
const heapAtStart = heapInUse();
watchingHeap = true;
const handlesAtStart = emvalHandles();

const deadline = Date.now() + seconds * 1000;
while (stats.calls < callLimit && (stats.calls & 63 || Date.now() < deadline)) {
  const fn = random.pick(fuzzed);
  const known = accepted.get(fn.name);
  if (known && random.chance(0.6)) {
    const args = [...random.pick(known)];
    const changes = 1 + random.below(2);
    for (let k = 0; k < changes; k++) args[random.below(args.length + 1)] = maker.value();
    callOnce(fn, args);
  } else {
    const arity = Math.max(fn.f.length, 1) + random.below(2);
    callOnce(
      fn,
      Array.from({ length: arity }, () => maker.value()),
    );
  }
}

watchingHeap = false;
const heapAtEnd = heapInUse();
const handlesAtEnd = emvalHandles();
if (heapAtEnd - keptMoves !== heapAtStart)
  finding(
    'heap',
    `the wasm heap in use went from ${heapAtStart} to ${heapAtEnd} bytes over the run, ${keptMoves} of them storage kept between calls (a leak)`,
  );
if (handlesAtEnd !== handlesAtStart)
  finding('handles', `the JS values held for C++ went from ${handlesAtStart} to ${handlesAtEnd} over the run (a leak)`);
let after;
try {
  after = readmeFigures();
} catch (e) {
  after = [String(e)];
}
if (after.length !== before.length || after.some((v, k) => !Object.is(v, before[k])))
  finding(
    'answer',
    `after the run the API example answers ${after.slice(0, 6).join(', ')}... instead of ${before.slice(0, 6).join(', ')}...`,
  );

parentPort.postMessage({
  type: 'done',
  stats,
  functions: functions.length,
  findings: [...findings.values()],
  slowest: [...milliseconds].sort((a, b) => b[1] - a[1]).slice(0, 5),
});
