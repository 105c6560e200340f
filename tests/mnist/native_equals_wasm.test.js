// Native = WebAssembly for the MNIST networks: after one epoch on the first 512 training digits
// (seed 1, batch 64, learning rate 0.1) each arrangement's whole state, 134,794 to 136,330
// floats, has the same digest in both builds, so the same bits.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { loadNormlab } from '../../web/src/normlab.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const nativeDigests = `${root}build/native/normlab_mnist_digests`;

test('each arrangement has the same weights natively and in wasm after one epoch on 512 digits', async () => {
  assert.ok(existsSync(nativeDigests), `${nativeDigests} is built by scripts/build-native`);
  const native = JSON.parse(execFileSync(nativeDigests, { encoding: 'utf8' }));
  const nl = await loadNormlab({ module: 'mnist' });
  nl.mnistLoadDigits(readFileSync(`${root}web/generated/mnist-digits.bin`));
  for (const arrangement of ['plain', 'batch', 'layer', 'group']) {
    assert.match(native[arrangement], /^[0-9a-f]{8}$/);
    assert.equal(nl.mnistDigestAfterFirstDigits(arrangement, 512), native[arrangement], arrangement);
  }
});

test('the MNIST calls refuse bad arguments by name and the instance stays usable', async () => {
  const nl = await loadNormlab({ module: 'mnist' });
  assert.throws(() => nl.mnistEvaluate(nl.mnistInitial('layer')), { name: 'DataError' });
  assert.throws(() => nl.mnistLoadDigits(new Uint8Array(10)), { name: 'DataError', message: /NLDIGITS/ });
  nl.mnistLoadDigits(readFileSync(`${root}web/generated/mnist-digits.bin`));
  const net = nl.mnistInitial('group', 2);
  assert.equal(net.parameterCount, 135562);
  assert.equal(nl.mnistInitial('plain').parameterCount, 134794);
  assert.throws(() => nl.mnistInitial('rms'), TypeError);
  assert.throws(() => nl.mnistTrainBatches(net, { learningRate: NaN }), { name: 'LearningRateError' });
  assert.throws(() => nl.mnistTrainBatches(net, { batchSize: 0 }), { name: 'OptionError' });
  assert.throws(() => nl.mnistTrainBatches(net, { first: 125, count: 1 }), { name: 'ShapeError' });
  assert.throws(() => nl.mnistTrainBatches(net, null), { name: 'TypeError', message: /training options/ });
  const detached = nl.mnistInitial('layer');
  structuredClone(detached.values.buffer, { transfer: [detached.values.buffer] });
  assert.throws(() => nl.mnistEvaluate(detached), { name: 'ShapeError' });
  const gone = new ArrayBuffer(8);
  structuredClone(gone, { transfer: [gone] });
  assert.throws(() => nl.mnistLoadDigits(gone), { name: 'DataError' });
  assert.throws(() => nl.mnistClassify(net, new Array(2 ** 31)), { name: 'SizeError' });
  const broken = { arrangement: 'group', values: net.values.slice(0, 10) };
  assert.throws(() => nl.mnistEvaluate(broken), { name: 'ShapeError' });
  const p = nl.mnistClassify(net, new Float32Array(784).fill(0.5));
  assert.equal(p.length, 10);
  assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-6);
  assert.throws(() => nl.mnistClassify(net, new Float32Array(783)), { name: 'ShapeError' });
  const { rank } = nl.mnistJacobianRank(16, 4);
  assert.equal(rank, 8);
  assert.ok(nl.mnistCircle(200, 1).largestDistance < 1e-14);
});
