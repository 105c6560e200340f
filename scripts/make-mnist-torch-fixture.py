#!/usr/bin/python3
"""Regenerates tests/fixtures/mnist_torch_step.json: one training step of each MNIST arrangement
in PyTorch float32 (Debian's python3-torch), for the native parity test.

The networks start from the weights our core draws (splitmix64 with seed 1, PyTorch's uniform
+-1/sqrt(fan in) in (out, in) order, written out here), take the first 8 digits of the asset the
build writes (web/generated/mnist-digits.bin; run `node scripts/prepare-mnist.mjs` first), and
take one SGD step at learning rate 0.1. Saved per arrangement: the loss, and for every parameter
block its slope at 16 fixed positions (all 10 of the output bias) plus the largest slope, so the fixture stays small. Not
part of `npm test`: run it by hand and commit the output.
"""
import json
import pathlib
import random

import torch
import torch.nn.functional as F

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEED, DIGITS, LEARNING_RATE, EPS = 1, 8, 0.1, 1e-5
WIDTHS = [784, 128, 128, 128, 10]
MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self):
        return (self.next() >> 11) * 2.0**-53


def initial(arrangement):
    rng = SplitMix64(SEED)
    params = []
    for fan_in, fan_out in zip(WIDTHS, WIDTHS[1:]):
        bound = 1.0 / fan_in**0.5
        w = [[0.0] * fan_out for _ in range(fan_in)]
        for o in range(fan_out):
            for i in range(fan_in):
                w[i][o] = bound * (2.0 * rng.uniform() - 1.0)
        b = [bound * (2.0 * rng.uniform() - 1.0) for _ in range(fan_out)]
        params += [("weight", torch.tensor(w, dtype=torch.float32)), ("bias", torch.tensor(b, dtype=torch.float32))]
    if arrangement != "plain":
        for _ in range(3):
            params += [("scale", torch.ones(128)), ("shift", torch.zeros(128))]
    return params


def digits():
    data = (ROOT / "web/generated/mnist-digits.bin").read_bytes()
    assert data[:8] == b"NLDIGITS"
    count = int.from_bytes(data[8:12], "little")
    labels = list(data[24 : 24 + DIGITS])
    pixels = data[24 + count : 24 + count + DIGITS * 784]
    x = torch.tensor(list(pixels), dtype=torch.float32).reshape(DIGITS, 784) / 255.0
    return x, torch.tensor(labels)


def step(arrangement, x, labels):
    params = initial(arrangement)
    tensors = [t.requires_grad_() for _, t in params]
    dense = [(tensors[2 * l], tensors[2 * l + 1]) for l in range(4)]
    norms = [(tensors[8 + 2 * l], tensors[9 + 2 * l]) for l in range(3)] if arrangement != "plain" else []
    h, batch_stats = x, []
    for l in range(3):
        w, b = dense[l]
        h = h @ w + b
        if arrangement == "batch":
            batch_stats.append((h.detach().mean(0), h.detach().var(0, unbiased=False)))
            h = F.batch_norm(h, None, None, norms[l][0], norms[l][1], training=True, eps=EPS)
        elif arrangement == "layer":
            h = F.layer_norm(h, (128,), norms[l][0], norms[l][1], eps=EPS)
        elif arrangement == "group":
            h = F.group_norm(h, 8, norms[l][0], norms[l][1], eps=EPS)
        h = torch.relu(h)
    logits = h @ dense[3][0] + dense[3][1]
    loss = F.cross_entropy(logits, labels)
    loss.backward()
    picker = random.Random(11)
    blocks = []
    for (name, t) in params:
        g = t.grad.reshape(-1)
        positions = sorted(picker.sample(range(g.numel()), min(16, g.numel())))
        blocks.append(
            {
                "name": name,
                "size": g.numel(),
                "positions": positions,
                "slopes": [float(g[p]) for p in positions],
                "largestSlope": float(g.abs().max()),
            }
        )
    out = {"arrangement": arrangement, "loss": float(loss), "blocks": blocks}
    if arrangement == "batch":
        # Running figures after the step, in the core's convention: keep 0.9, biased variance.
        out["runningMean"] = [[float(v) for v in (0.1 * m)[:8]] for m, _ in batch_stats]
        out["runningVariance"] = [[float(v) for v in (0.9 + 0.1 * s)[:8]] for _, s in batch_stats]
    return out


def main():
    torch.set_num_threads(1)
    x, labels = digits()
    cases = [step(a, x, labels) for a in ("plain", "batch", "layer", "group")]
    fixture = {
        "about": "one SGD step (learning rate 0.1) on the first 8 digits, PyTorch float32; made by scripts/make-mnist-torch-fixture.py",
        "torch": torch.__version__,
        "seed": SEED,
        "digits": DIGITS,
        "learningRate": LEARNING_RATE,
        "cases": cases,
    }
    path = ROOT / "tests/fixtures/mnist_torch_step.json"
    path.write_text(json.dumps(fixture, indent=1) + "\n")
    print(f"wrote {path.relative_to(ROOT)}: " + ", ".join(f"{c['arrangement']} loss {c['loss']:.6f}" for c in cases))


if __name__ == "__main__":
    main()
