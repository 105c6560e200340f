#!/usr/bin/python3
"""Regenerates tests/fixtures/transformer_torch_parity.json and transformer_torch_training.json
with PyTorch (Debian's python3-torch 1.13, float64).

transformer_torch_parity.json:

A two-block stack of nn.TransformerEncoderLayer (dropout 0, ReLU, batch_first, causal mask),
post-norm (norm_first=False) and pre-norm (norm_first=True, plus a final LayerNorm), between an
nn.Embedding with learned positions and an nn.Linear readout; the loss is next-token
cross-entropy. With layer norm, and with a hand-written RMSNorm put in the layers' norm1 and
norm2 (1.13 has no RMSNorm module). Each case holds the weights, the logits, the loss, every
parameter's slope, and the weights after one and two torch.optim.Adam steps (the layer-norm
post-norm case with a linear warm-up by LambdaLR; the RMS cases stop at the slopes). Parameters are written in the C++ stack's
layout and names: dense weights as (inputs, outputs), the transpose of nn.Linear's weight.

transformer_torch_training.json: six-block stacks trained for 150 Adam steps on the digit-reversal
task (see the section below).

Not part of `npm test`: run it by hand and commit the output.
"""
import json
import pathlib

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
torch.manual_seed(2020)
V, C, D, H, FF, DEPTH, B, T = 7, 6, 8, 2, 12, 2, 3, 5
EPS = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.eps = EPS
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x / torch.sqrt((x * x).mean(dim=-1, keepdim=True) + self.eps) * self.weight


class Stack(nn.Module):
    def __init__(self, norm_first, kind):
        super().__init__()
        self.tokens = nn.Embedding(V, D)
        self.positions = nn.Parameter(torch.empty(C, D))
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(D, H, FF, dropout=0.0, activation="relu", batch_first=True,
                                       norm_first=norm_first)
            for _ in range(DEPTH))
        self.final = nn.LayerNorm(D) if norm_first else None
        if kind == "rms":
            for layer in self.layers:
                layer.norm1, layer.norm2 = RMSNorm(D), RMSNorm(D)
            if norm_first:
                self.final = RMSNorm(D)
        self.readout = nn.Linear(D, V)
        # nn.Transformer's initialisation: Xavier-uniform on every matrix.
        for p in self.parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)
        # Biases and normalisers off their starting values, so their slopes matter.
        with torch.no_grad():
            for name, p in self.named_parameters():
                if p.dim() == 1:
                    p.add_(0.2 * torch.randn_like(p))

    def forward(self, tokens):
        x = self.tokens(tokens) + self.positions[: tokens.shape[1]]
        mask = nn.Transformer.generate_square_subsequent_mask(tokens.shape[1])
        for layer in self.layers:
            x = layer(x, src_mask=mask)
        if self.final is not None:
            x = self.final(x)
        return self.readout(x)


def norm_pairs(prefix, module):
    pairs = [(prefix + ".scale", module.weight)]
    if isinstance(module, nn.LayerNorm):
        pairs.append((prefix + ".shift", module.bias))
    return pairs


def dense_pairs(prefix, weight, bias):
    return [(prefix + ".weights", weight, True), (prefix + ".bias", bias, False)]


def named(stack):
    """(name in the C++ layout, tensor, whether to transpose)."""
    out = [("embedding.tokens", stack.tokens.weight, False), ("embedding.positions", stack.positions, False)]
    for l, layer in enumerate(stack.layers):
        p = f"block{l}"
        out += [(n, t, False) for n, t in norm_pairs(p + ".first", layer.norm1)]
        out += dense_pairs(p + ".attention.projection", layer.self_attn.in_proj_weight, layer.self_attn.in_proj_bias)
        out += dense_pairs(p + ".attention.mix", layer.self_attn.out_proj.weight, layer.self_attn.out_proj.bias)
        out += [(n, t, False) for n, t in norm_pairs(p + ".second", layer.norm2)]
        out += dense_pairs(p + ".feed_forward.expand", layer.linear1.weight, layer.linear1.bias)
        out += dense_pairs(p + ".feed_forward.contract", layer.linear2.weight, layer.linear2.bias)
    if stack.final is not None:
        out += [(n, t, False) for n, t in norm_pairs("final", stack.final)]
    out += dense_pairs("readout", stack.readout.weight, stack.readout.bias)
    assert len(out) == len(list(stack.parameters()))
    return out


def flat(stack, of_grad=False):
    result = {}
    for name, t, transpose in named(stack):
        v = (t.grad if of_grad else t).detach()
        result[name] = (v.t() if transpose else v).reshape(-1).tolist()
    return result


def loss_of(stack, tokens, targets):
    logits = stack(tokens)
    return logits, F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=-100)


def case(norm_first, kind, warmup, adam_steps=(1, 2)):
    stack = Stack(norm_first, kind)
    tokens = torch.randint(0, V, (B, T))
    targets = torch.cat([tokens[:, 1:], torch.full((B, 1), -100)], dim=1)
    c = {"name": f"{'pre' if norm_first else 'post'}-norm, {kind}", "placement": "pre" if norm_first else "post",
         "kind": kind, "tokens": tokens.reshape(-1).tolist(), "parameters": flat(stack)}
    lr = 1e-2
    adam = torch.optim.Adam(stack.parameters(), lr=lr, betas=(0.9, 0.999), eps=1e-8)
    schedule = torch.optim.lr_scheduler.LambdaLR(adam, lambda s: min(1.0, (s + 1) / warmup)) if warmup else None
    c["adam"] = {"learning_rate": lr, "warmup_steps": warmup}
    for step in adam_steps or (1,):
        adam.zero_grad()
        logits, loss = loss_of(stack, tokens, targets)
        loss.backward()
        if step == 1:
            c["logits"] = logits.detach().reshape(-1).tolist()
            c["loss"] = loss.item()
            c["slopes"] = flat(stack, of_grad=True)
        if not adam_steps:
            break
        adam.step()
        if schedule:
            schedule.step()
        c[f"after_step_{step}"] = flat(stack)
    return c


# Adam's steps are the normaliser's business only through the slopes: taken in the layer-norm cases.
cases = [case(False, "layer", 3), case(True, "layer", 0), case(False, "rms", 0, ()), case(True, "rms", 0, ())]
out = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "transformer_torch_parity.json"
fixture = {"about": "scripts/make-transformer-fixtures.py, PyTorch " + torch.__version__ + ", float64",
           "shape": {"vocabulary": V, "context": C, "width": D, "heads": H, "hidden": FF, "depth": DEPTH},
           "sequences": B, "length": T, "cases": cases}
out.write_text(json.dumps(fixture, separators=(",", ":")) + "\n")
print(out, out.stat().st_size, "bytes")


# ---- Training: many Adam steps of a deep stack on the digit-reversal task --------------------
# tests/fixtures/transformer_torch_training.json: one set of starting weights and one list of
# batches, then post-norm and pre-norm stacks (layer norm) trained on them by torch.optim.Adam
# with a linear warm-up; each case keeps the loss of every step and the weights after the last.
# The starting weights are nn.Transformer's initialisation (Xavier-uniform on every matrix,
# in_proj as one (3D, D) matrix; attention biases 0; nn.Linear's biases; LayerNorm 1 and 0),
# rounded to 8 significant digits so that the file stays small and both sides start from the
# same doubles; the final weights are written to 13 significant digits. Each step's strings are
# kept as one string of B * n digits (tests/transformer/test_transformer_torch_training.cpp makes
# them into batches with the core's reversal_batch_of and checks the first against PyTorch's).
TV, TSEP = 11, 10
TRAIN = {"digits": 3, "width": 8, "heads": 2, "hidden": 16, "depth": 6, "batch": 16, "steps": 150,
         "learning_rate": 1e-2, "warmup_steps": 30}


def reversal_batch(digits):
    """digits (B, n) -> input (B, 2n): d_1 .. d_n | d_n .. d_2, targets (B, 2n): -100 before the separator."""
    b, n = digits.shape
    whole = torch.cat([digits, torch.full((b, 1), TSEP), digits.flip(1)], dim=1)
    targets = whole[:, 1:].clone()
    targets[:, :n] = -100
    return whole[:, : 2 * n], targets


def training_stack(norm_first):
    s = TRAIN
    stack = nn.Module()
    stack.tokens = nn.Embedding(TV, s["width"])
    stack.positions = nn.Parameter(torch.empty(2 * s["digits"], s["width"]))
    stack.layers = nn.ModuleList(
        nn.TransformerEncoderLayer(s["width"], s["heads"], s["hidden"], dropout=0.0, activation="relu",
                                   batch_first=True, norm_first=norm_first, layer_norm_eps=EPS)
        for _ in range(s["depth"]))
    stack.final = nn.LayerNorm(s["width"], eps=EPS) if norm_first else None
    stack.readout = nn.Linear(s["width"], TV)
    return stack


def run_stack(stack, tokens):
    t = tokens.shape[1]
    x = stack.tokens(tokens) + stack.positions[:t]
    mask = nn.Transformer.generate_square_subsequent_mask(t)
    for layer in stack.layers:
        x = layer(x, src_mask=mask)
    if stack.final is not None:
        x = stack.final(x)
    return stack.readout(x)


def rounded(values, digits):
    return [float(f"{v:.{digits}g}") for v in values]


def training_fixture():
    s = TRAIN
    torch.manual_seed(25)
    start = training_stack(True)
    for p in start.parameters():
        if p.dim() > 1:
            nn.init.xavier_uniform_(p)
    with torch.no_grad():
        for p in start.parameters():
            p.copy_(torch.tensor(rounded(p.reshape(-1).tolist(), 8)).reshape(p.shape))
    strings = [torch.randint(0, 10, (s["batch"], s["digits"])) for _ in range(s["steps"])]
    batches = [reversal_batch(d) for d in strings]
    cases = []
    for norm_first in (False, True):
        stack = training_stack(norm_first)
        with torch.no_grad():  # the same starting weights; post-norm has no final normaliser
            starting = dict(start.named_parameters())
            for name, p in stack.named_parameters():
                p.copy_(starting[name])
        adam = torch.optim.Adam(stack.parameters(), lr=s["learning_rate"], betas=(0.9, 0.999), eps=1e-8)
        schedule = torch.optim.lr_scheduler.LambdaLR(adam, lambda k: min(1.0, (k + 1) / s["warmup_steps"]))
        losses = []
        for tokens, targets in batches:
            loss = F.cross_entropy(run_stack(stack, tokens).reshape(-1, TV), targets.reshape(-1), ignore_index=-100)
            adam.zero_grad()
            loss.backward()
            adam.step()
            schedule.step()
            losses.append(loss.item())
        final = {name: rounded(v, 13) for name, v in flat(stack).items()}
        cases.append({"placement": "pre" if norm_first else "post", "losses": losses, "final": final})
    return {"about": "scripts/make-transformer-fixtures.py, PyTorch " + torch.__version__ + ", float64",
            "settings": s, "parameters": flat(start),
            "strings": ["".join(str(d) for d in step.reshape(-1).tolist()) for step in strings],
            "first_batch": {"input": batches[0][0].reshape(-1).tolist(), "targets": batches[0][1].reshape(-1).tolist()},
            "cases": cases}


out = out.with_name("transformer_torch_training.json")
out.write_text(json.dumps(training_fixture(), separators=(",", ":")) + "\n")
print(out, out.stat().st_size, "bytes")
