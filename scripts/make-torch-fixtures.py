#!/usr/bin/python3
"""Regenerates tests/fixtures/torch_parity.json with PyTorch (Debian's python3-torch 1.13, float64).

Forward and backward of batch, layer, RMS and group normalisation, running figures in PyTorch's
convention, and weight_norm slopes, on ordinary and ill-conditioned blocks. RMS is written out
by hand (1.13 has no RMSNorm). Not part of `npm test`: run it by hand and commit the output.
"""
import json
import pathlib
from decimal import Decimal, getcontext

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
gen = torch.Generator().manual_seed(1234)
EPS = 1e-5


def randn(*shape, mean=0.0, spread=1.0):
    return mean + spread * torch.randn(*shape, generator=gen)


def normalise(kind, x, scale, shift, groups=1):
    if kind == "batch":
        return F.batch_norm(x, None, None, scale, shift, training=True, eps=EPS)
    if kind == "layer":
        return F.layer_norm(x, (x.shape[1],), scale, shift, eps=EPS)
    if kind == "group":
        return F.group_norm(x, groups, scale, shift, eps=EPS)
    if kind == "rms":
        return x / torch.sqrt((x * x).mean(dim=1, keepdim=True) + EPS) * scale + shift
    raise ValueError(kind)


def one_row_batch(x, scale, shift):
    # F.batch_norm refuses a batch of one; the arithmetic it would do, written out.
    mean = x.mean(dim=0)
    var = ((x - mean) ** 2).mean(dim=0)
    return (x - mean) / torch.sqrt(var + EPS) * scale + shift


def exact_reference(kind, x, scale, shift, dy, groups):
    """The forward and backward answers in 60-digit decimals: the yardstick for both float64
    implementations. The backward is the three-route formula, which the finite-difference tests
    check independently."""
    getcontext().prec = 60
    X = [[Decimal(v) for v in r] for r in x.tolist()]
    D = [[Decimal(v) for v in r] for r in dy.tolist()]
    S = [Decimal(v) for v in scale.tolist()]
    B = [Decimal(v) for v in shift.tolist()]
    n, d = len(X), len(X[0])
    if kind == "batch":
        sets = [[(i, j) for i in range(n)] for j in range(d)]
    else:
        size = d // groups
        sets = [[(i, g * size + k) for k in range(size)] for i in range(n) for g in range(groups)]
    y = [[0.0] * d for _ in range(n)]
    dx = [[0.0] * d for _ in range(n)]
    for cells in sets:
        m = Decimal(len(cells))
        mean = sum(X[i][j] for i, j in cells) / m if kind != "rms" else Decimal(0)
        dev = (sum((X[i][j] - mean) ** 2 for i, j in cells) / m + Decimal(EPS)).sqrt()
        z = {(i, j): (X[i][j] - mean) / dev for i, j in cells}
        dd = {(i, j): D[i][j] * S[j] for i, j in cells}
        sum_d = sum(dd.values()) if kind != "rms" else Decimal(0)
        sum_dz = sum(dd[c] * z[c] for c in cells)
        for i, j in cells:
            y[i][j] = float(S[j] * z[(i, j)] + B[j])
            dx[i][j] = float((m * dd[(i, j)] - sum_d - z[(i, j)] * sum_dz) / (m * dev))
    return y, dx


def largest_relative_gap(a, b):
    return max(abs(p - q) / max(1.0, abs(q)) for p, q in zip(torch.tensor(a).flatten().tolist(),
                                                         torch.tensor(b).flatten().tolist()))


def norm_case(name, kind, x, groups=1, scale=None, shift=None):
    x = x.clone().requires_grad_(True)
    d = x.shape[1]
    scale = (torch.ones(d) if scale is None else scale).clone().requires_grad_(True)
    shift = (torch.zeros(d) if shift is None else shift).clone().requires_grad_(True)
    dy = randn(*x.shape)
    if kind == "batch" and x.shape[0] == 1:
        y = one_row_batch(x, scale, shift)
    else:
        y = normalise(kind, x, scale, shift, groups)
    (y * dy).sum().backward()
    y_exact, dx_exact = exact_reference(kind, x.detach(), scale.detach(), shift.detach(), dy, groups)
    torch_error = max(largest_relative_gap(y.detach().tolist(), y_exact),
                      largest_relative_gap(x.grad.tolist(), dx_exact))
    tolerance = max(1e-12, 10 * torch_error)
    why = "" if tolerance == 1e-12 else (
        f"PyTorch's own error: its answer is {torch_error:.2g} (relative) from the 60-digit one, "
        "so agreement with it can be no closer; ours is held to 1e-12 of the 60-digit answer")
    return {
        "name": name, "kind": kind, "groups": groups, "eps": EPS, "y_exact": y_exact, "dx_exact": dx_exact,
        "x": x.detach().tolist(), "scale": scale.detach().tolist(), "shift": shift.detach().tolist(),
        "dy": dy.tolist(), "y": y.detach().tolist(), "dx": x.grad.tolist(),
        "dscale": scale.grad.tolist(), "dshift": shift.grad.tolist(),
        "tolerance": tolerance, "why": why,
    }


cases = []
for kind in ["batch", "layer", "rms"]:
    cases.append(norm_case(f"{kind}: the whole-number four", kind,
                           torch.tensor([[1.0, 7], [1, 9], [7, 1], [23, 7]])))
    cases.append(norm_case(f"{kind}: a random 6x5 block with scale and shift", kind, randn(6, 5, mean=1, spread=2),
                           scale=randn(5, mean=1, spread=0.3), shift=randn(5)))
cases.append(norm_case("group: two groups of three", "group", randn(5, 6, mean=-1, spread=3), groups=2,
                       scale=randn(6, mean=1, spread=0.3), shift=randn(6)))
cases.append(norm_case("group: one group is layer norm", "group", randn(4, 6), groups=1))

offset = randn(6, 3)
offset[:, 0] += 1e8
cases.append(norm_case("batch: a column offset by 1e8", "batch", offset))
tiny = randn(6, 3)
tiny[:, 1] = 2.0 + 1e-8 * randn(6)
cases.append(norm_case("batch: a column of spread 1e-8", "batch", tiny))
constant = randn(5, 3)
constant[:, 2] = 4.25
cases.append(norm_case("batch: a constant column", "batch", constant))
cases.append(norm_case("layer: a constant row", "layer", torch.tensor([[3.0, 3, 3, 3], [1, 2, 3, 4]])))
cases.append(norm_case("batch: one row while training", "batch", torch.tensor([[1.0, 7.0]])))
offset_rows = randn(4, 5)
offset_rows[1, :] += 1e8
cases.append(norm_case("layer: a row offset by 1e8", "layer", offset_rows))

# Running figures, PyTorch's convention: momentum 0.1, unbiased running variance.
bn = torch.nn.BatchNorm1d(3, eps=EPS, momentum=0.1)
batches = [randn(4, 3, mean=2, spread=1.5) for _ in range(3)]
history = []
for b in batches:
    bn(b)
    history.append({"mean": bn.running_mean.tolist(), "variance": bn.running_var.tolist()})
running = {"momentum": 0.1, "batches": [b.tolist() for b in batches], "after": history,
           "tolerance": 1e-12, "why": ""}

# weight_norm: a tanh layer of three neurons reading two inputs.
lin = torch.nn.utils.weight_norm(torch.nn.Linear(2, 3))
with torch.no_grad():
    lin.weight_v.copy_(torch.tensor([[0.6, 0.8], [1.5, 2.0], [0.3, -0.4]]))
    lin.weight_g.copy_(torch.tensor([[1.0], [2.5], [0.5]]))
    lin.bias.copy_(torch.tensor([0.1, -0.2, 0.05]))
x = randn(5, 2).requires_grad_(True)
dy = randn(5, 3)
y = torch.tanh(lin(x))
(y * dy).sum().backward()
weight_norm = {
    "direction": lin.weight_v.detach().t().tolist(), "magnitude": lin.weight_g.detach().flatten().tolist(),
    "bias": lin.bias.detach().tolist(), "x": x.detach().tolist(), "dy": dy.tolist(), "y": y.detach().tolist(),
    "dx": x.grad.tolist(), "ddirection": lin.weight_v.grad.t().tolist(),
    "dmagnitude": lin.weight_g.grad.flatten().tolist(), "dbias": lin.bias.grad.tolist(),
    "tolerance": 1e-12, "why": "",
}

out = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "torch_parity.json"
out.write_text(json.dumps({"generator": "scripts/make-torch-fixtures.py", "torch": torch.__version__,
                           "normalisers": cases, "running": running, "weight_norm": weight_norm}, indent=1))
print(f"wrote {out} ({len(cases)} normaliser cases)")
