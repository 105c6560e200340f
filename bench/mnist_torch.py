#!/usr/bin/python3
"""One epoch over the 8,000 training digits at batch 64 in PyTorch (one thread, float32), per
arrangement, the same network and SGD as the core's: the median of three timed epochs after one
warm-up, in wall-clock and process CPU time. Prints JSON. Run by bench/mnist.mjs."""
import json
import pathlib
import statistics
import sys
import time

import torch
import torch.nn.functional as F

torch.set_num_threads(1)
root = pathlib.Path(__file__).resolve().parent.parent
data = (root / "web/generated/mnist-digits.bin").read_bytes()
count, train = int.from_bytes(data[8:12], "little"), int.from_bytes(data[12:16], "little")
labels = torch.tensor(list(data[24 : 24 + train]))
x = torch.frombuffer(bytearray(data[24 + count : 24 + count + train * 784]), dtype=torch.uint8)
x = x.reshape(train, 784).float() / 255.0


class Net(torch.nn.Module):
    def __init__(self, arrangement):
        super().__init__()
        self.arrangement = arrangement
        self.dense = torch.nn.ModuleList([torch.nn.Linear(a, b) for a, b in [(784, 128), (128, 128), (128, 128), (128, 10)]])
        norm = {
            "plain": lambda: torch.nn.Identity(),
            "batch": lambda: torch.nn.BatchNorm1d(128),
            "layer": lambda: torch.nn.LayerNorm(128),
            "group": lambda: torch.nn.GroupNorm(8, 128),
        }[arrangement]
        self.norms = torch.nn.ModuleList([norm() for _ in range(3)])

    def forward(self, h):
        for dense, norm in zip(self.dense, self.norms):
            h = torch.relu(norm(dense(h)))
        return self.dense[3](h)


def epoch(net, opt, generator):
    order = torch.randperm(train, generator=generator)
    for start in range(0, train, 64):
        idx = order[start : start + 64]
        opt.zero_grad()
        F.cross_entropy(net(x[idx]), labels[idx]).backward()
        opt.step()


results, cpu_results = {}, {}
for arrangement in ("plain", "batch", "layer", "group"):
    torch.manual_seed(1)
    net = Net(arrangement)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    generator = torch.Generator().manual_seed(1)
    times, cpu = [], []
    for k in range(4):
        t0, c0 = time.perf_counter(), time.process_time()
        epoch(net, opt, generator)
        if k > 0:
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
    results[arrangement] = statistics.median(times)
    cpu_results[arrangement] = statistics.median(cpu)
json.dump({"torch": torch.__version__, "epochSeconds": results, "epochCpuSeconds": cpu_results}, sys.stdout)
print()
