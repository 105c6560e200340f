#!/usr/bin/python3
"""The warm-up instrument's training over many seeds in PyTorch (Debian's python3-torch 1.13, one
thread), to set beside bench/reversal_ensemble.cpp. The same stacks: nn.TransformerEncoderLayer
(dropout 0, ReLU, layer norm eps 1e-5, causal mask), post-norm or pre-norm with a final LayerNorm,
between an nn.Embedding with learned positions and an nn.Linear readout; nn.Transformer's
initialisation (Xavier-uniform on every matrix, in_proj as one (3D, D) matrix, attention biases 0,
nn.Linear's biases); 4 digits, 4 heads, feed-forward 4 x width, batches of 16 fresh strings;
torch.optim.Adam (betas 0.9, 0.999, eps 1e-8), a LambdaLR warm-up min(1, (k + 1) / warmup); the
loss the mean over the reversed digits; no clipping. Each seed is then asked for the reversed
digits of 1,024 strings from another generator, teacher-forced; it learns the task when it gets
at least 0.9 of them right. tests/fixtures/transformer_torch_training.json holds the core's loop
to PyTorch's over 150 steps; what differs between the two programs is only each side's random
draws.
Usage: reversal_ensemble_torch.py DEPTH WIDTH RATE WARMUP STEPS post|pre FIRST_SEED LAST_SEED [f32]
Prints one JSON line a seed, then the count: {"learned": k, "seeds": n, ...}."""
import json
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

V, SEPARATOR, DIGITS, HEADS, BATCH = 11, 10, 4, 4, 16


class Stack(nn.Module):
    def __init__(self, depth, width, norm_first):
        super().__init__()
        self.tokens = nn.Embedding(V, width)
        self.positions = nn.Parameter(torch.empty(2 * DIGITS, width))
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(width, HEADS, 4 * width, dropout=0.0, activation="relu", batch_first=True,
                                       norm_first=norm_first, layer_norm_eps=1e-5) for _ in range(depth))
        self.final = nn.LayerNorm(width, eps=1e-5) if norm_first else None
        self.readout = nn.Linear(width, V)
        for p in self.parameters():  # nn.Transformer's _reset_parameters
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)

    def forward(self, tokens):
        t = tokens.shape[1]
        x = self.tokens(tokens) + self.positions[:t]
        mask = nn.Transformer.generate_square_subsequent_mask(t)
        for layer in self.layers:
            x = layer(x, src_mask=mask)
        if self.final is not None:
            x = self.final(x)
        return self.readout(x)


def reversal_batch(digits):
    """digits (B, n) -> input (B, 2n): d_1 .. d_n | d_n .. d_2, targets (B, 2n): -100 before the separator."""
    b, n = digits.shape
    whole = torch.cat([digits, torch.full((b, 1), SEPARATOR), digits.flip(1)], dim=1)
    targets = whole[:, 1:].clone()
    targets[:, :n] = -100
    return whole[:, : 2 * n], targets


def answers(stack, size, generator):
    """(share of reversed digits right, loss) on `size` fresh strings, teacher-forced."""
    tokens, targets = reversal_batch(torch.randint(0, 10, (size, DIGITS), generator=generator))
    logits = stack(tokens)
    asked = targets != -100
    right = (logits.argmax(-1)[asked] == targets[asked]).double().mean().item()
    return right, F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=-100).item()


def train(depth, width, rate, warmup, steps, norm_first, seed):
    torch.manual_seed(seed)
    stack = Stack(depth, width, norm_first)
    data = torch.Generator().manual_seed(10_000 + seed)
    adam = torch.optim.Adam(stack.parameters(), lr=rate, betas=(0.9, 0.999), eps=1e-8)
    schedule = torch.optim.lr_scheduler.LambdaLR(adam, lambda k: min(1.0, (k + 1) / warmup)) if warmup else None
    losses = []
    for _ in range(steps):
        tokens, targets = reversal_batch(torch.randint(0, 10, (BATCH, DIGITS), generator=data))
        loss = F.cross_entropy(stack(tokens).reshape(-1, V), targets.reshape(-1), ignore_index=-100)
        adam.zero_grad()
        loss.backward()
        adam.step()
        if schedule:
            schedule.step()
        losses.append(loss.item())
    with torch.no_grad():
        check, check_loss = answers(stack, BATCH, data)  # the next batch, as the core's check
        unseen = torch.Generator().manual_seed(99_999 + seed)
        share = sum(answers(stack, 32, unseen)[0] for _ in range(32)) / 32
    return {"seed": seed, "unseen": round(share, 4), "check": round(check, 4), "checkLoss": round(check_loss, 4),
            "last20": round(sum(losses[-20:]) / 20, 4)}


def main():
    if len(sys.argv) not in (9, 10):
        sys.exit(__doc__.split("Usage: ")[1].split("\n")[0])
    depth, width, rate, warmup, steps, placement, first, last = sys.argv[1:9]
    torch.set_default_dtype(torch.float32 if sys.argv[9:] == ["f32"] else torch.float64)
    torch.set_num_threads(1)
    learned = seeds = 0
    cpu_total = 0.0
    for seed in range(int(first), int(last) + 1):
        c0, t0 = time.process_time(), time.perf_counter()
        run = train(int(depth), int(width), float(rate), int(warmup), int(steps), placement == "pre", seed)
        run["cpuSeconds"] = round(time.process_time() - c0, 2)
        run["wallSeconds"] = round(time.perf_counter() - t0, 2)
        learned += run["unseen"] >= 0.9
        seeds += 1
        cpu_total += run["cpuSeconds"]
        print(json.dumps(run, separators=(",", ":")), flush=True)
    print(json.dumps({"learned": learned, "seeds": seeds, "cpuSecondsPerSeed": round(cpu_total / seeds, 2)},
                     separators=(",", ":")))


if __name__ == "__main__":
    main()
