#!/usr/bin/python3
"""The 130 crowd trainings in PyTorch (one thread, float64): 5 seeds x 5 arrangements x 5 folds
of 20 training rows, and the 5 whole-crowd runs of 25 rows recording every epoch's loss; each
network dense 2 -> 16 (ReLU), the arrangement's normaliser, dense 16 -> 1, sigmoid and binary
cross-entropy, full batch, plain SGD at learning rate 1 for 400 epochs. The same work as the
core's, not its figures (PyTorch draws its own folds and weights). Prints JSON with the median of
three timed rounds (or as many as the first argument says) after one warm-up training, in
wall-clock and process CPU time. Run by bench/crowd.mjs."""
import json
import pathlib
import statistics
import sys
import time

import torch
import torch.nn.functional as F

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)
root = pathlib.Path(__file__).resolve().parent.parent
rows = [line.split(",") for line in (root / "data/crowd.csv").read_text().splitlines() if line and line[0].isdigit()]
measurements = torch.tensor([[float(r[0]), float(r[1])] for r in rows])
labels = torch.tensor([[float(r[2])] for r in rows])
seeds, folds, epochs, hidden = 5, 5, 400, 16
arrangements = ["plain", "batch", "layer", "rms", "weightNorm"]


class Rms(torch.nn.Module):
    """x / sqrt(mean(x^2) + eps) * scale + shift, the shift learned as the essay's RMS layer's."""

    def __init__(self, features, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.scale = torch.nn.Parameter(torch.ones(features))
        self.shift = torch.nn.Parameter(torch.zeros(features))

    def forward(self, x):
        return x / torch.sqrt(x.pow(2).mean(dim=1, keepdim=True) + self.eps) * self.scale + self.shift


class Net(torch.nn.Module):
    def __init__(self, arrangement):
        super().__init__()
        self.hidden = torch.nn.Linear(2, hidden)
        if arrangement == "weightNorm":
            self.hidden = torch.nn.utils.weight_norm(self.hidden)
        self.norm = {
            "batch": lambda: torch.nn.BatchNorm1d(hidden),
            "layer": lambda: torch.nn.LayerNorm(hidden),
            "rms": lambda: Rms(hidden),
        }.get(arrangement, torch.nn.Identity)()
        self.output = torch.nn.Linear(hidden, 1)

    def forward(self, x):
        return self.output(self.norm(torch.relu(self.hidden(x))))


def standard_units(train, other):
    mean, deviation = train.mean(dim=0), torch.sqrt(train.var(dim=0, unbiased=False) + 1e-5)
    return (train - mean) / deviation, (other - mean) / deviation


def train(arrangement, x, y, record):
    net = Net(arrangement)
    sgd = torch.optim.SGD(net.parameters(), lr=1.0)
    losses = []
    for _ in range(epochs):
        sgd.zero_grad()
        loss = F.binary_cross_entropy_with_logits(net(x), y)
        loss.backward()
        sgd.step()
        if record:
            losses.append(loss.item())
    net.eval()
    with torch.no_grad():
        return net, (net(x) > 0).eq(y > 0.5).double().mean().item(), losses


def all_trainings():
    for seed in range(seeds):
        generator = torch.Generator().manual_seed(seed)
        order = torch.randperm(len(rows), generator=generator)
        parts = [order[k::folds] for k in range(folds)]
        for arrangement in arrangements:
            for fold in range(folds):
                torch.manual_seed(1000 * seed + fold)
                kept = torch.cat([parts[f] for f in range(folds) if f != fold])
                x, x_held = standard_units(measurements[kept], measurements[parts[fold]])
                net, _, _ = train(arrangement, x, labels[kept], False)
                with torch.no_grad():
                    net(x_held)
    x, _ = standard_units(measurements, measurements)
    for arrangement in arrangements:
        torch.manual_seed(folds)
        train(arrangement, x, labels, True)


def timed():
    wall, cpu = time.perf_counter(), time.process_time()
    all_trainings()
    return time.perf_counter() - wall, time.process_time() - cpu


train("batch", measurements[:20] / 100.0, labels[:20], False)
rounds = [timed() for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3)]
print(
    json.dumps(
        {
            "torch": torch.__version__,
            "seconds": statistics.median(w for w, _ in rounds),
            "cpuSeconds": statistics.median(c for _, c in rounds),
        }
    )
)
