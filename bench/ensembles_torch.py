#!/usr/bin/python3
"""The tutorial's chance-driven instruments in PyTorch (one thread, float64 as the core), at their
widgets' default settings, to time beside bench/ensembles_native.cpp and the wasm (run by
bench/ensembles.mjs). The same work, not the core's figures (PyTorch draws its own weights):
- starting slopes: per draw, a stack of nn.TransformerEncoderLayer (bench/reversal_ensemble_torch.py's
  Stack: dropout 0, ReLU, causal mask, Xavier-uniform matrices) post-norm and pre-norm from the same
  seed, 8 sequences of 16 random tokens of 11, the next-token loss's slopes, and per block the size
  of the feed-forward weights' slopes; the across-depths chart's 7 depths (1, 2, 3, 4, 6, 8, 12) x
  32 draws at width 64 (4 heads, feed-forward 256), once, each depth timed: its 6 blocks are the
  per-block chart's 32 draws;
- warm-up: reversal_ensemble_torch.py's train (6 blocks of width 32, Adam at 0.01 for 200 steps,
  batches of 16, the check batch and the 1,024 unseen strings after), the four stacks (post-norm
  and pre-norm, each without and with a warm-up of 50) over seeds 1..SEEDS, once.
Usage: ensembles_torch.py [SEEDS] (5 by default). Prints one JSON object: wall and CPU seconds."""
import json
import pathlib
import statistics
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import reversal_ensemble_torch as reversal  # noqa: E402

VOCABULARY, CONTEXT, SEQUENCES, HEADS = 11, 16, 8, 4
DEPTHS = (1, 2, 3, 4, 6, 8, 12)


class SlopesStack(reversal.Stack):
    """reversal.Stack with positions for the slopes' context of 16 tokens."""

    def __init__(self, depth, width, norm_first):
        super().__init__(depth, width, norm_first)
        self.positions = nn.Parameter(nn.init.xavier_uniform_(torch.empty(CONTEXT, width)))


def slope_sizes(depth, width, seed):
    """One draw: {post, pre}, per block sqrt(|dW_expand|^2 + |dW_contract|^2), the same tokens for both."""
    out = {}
    for name, norm_first in (("post", False), ("pre", True)):
        torch.manual_seed(seed)
        stack = SlopesStack(depth, width, norm_first)
        tokens = torch.randint(0, VOCABULARY, (SEQUENCES, CONTEXT))
        logits = stack(tokens)[:, :-1]
        F.cross_entropy(logits.reshape(-1, VOCABULARY), tokens[:, 1:].reshape(-1)).backward()
        out[name] = [
            (layer.linear1.weight.grad.pow(2).sum() + layer.linear2.weight.grad.pow(2).sum()).sqrt().item()
            for layer in stack.layers
        ]
    return out


def timed(work):
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    torch.set_num_threads(1)
    torch.set_default_dtype(torch.float64)
    draws = 32
    slope_sizes(6, 64, 0)  # warm
    # The across-depths chart once, each depth timed: its 6 blocks are the per-block chart's draws.
    at_depth = {d: timed(lambda: [slope_sizes(d, 64, k + 1) for k in range(draws)]) for d in DEPTHS}
    blocks = at_depth[6]
    across = {key: sum(t[key] for t in at_depth.values()) for key in ("wall", "cpu")}
    stacks = [(False, 0), (False, 50), (True, 0), (True, 50)]  # post, postWarm, pre, preWarm
    per_seed, learned = [], 0
    for seed in range(1, seeds + 1):
        total = {"wall": 0.0, "cpu": 0.0}
        for norm_first, warmup in stacks:
            run = {}
            t = timed(lambda: run.update(reversal.train(6, 32, 0.01, warmup, 200, norm_first, seed)))
            learned += run["unseen"] >= 0.9
            total = {key: total[key] + t[key] for key in total}
        per_seed.append(total)
    print(
        json.dumps(
            {
                "torch": torch.__version__,
                "slopesBlocks": blocks,
                "slopesAcross": across,
                "draws": draws,
                "depths": len(DEPTHS),
                "warmUp": {key: sum(s[key] for s in per_seed) for key in ("wall", "cpu")},
                "warmUpSeed": {key: statistics.median(s[key] for s in per_seed) for key in ("wall", "cpu")},
                "seeds": seeds,
                "learned": learned,
            }
        )
    )


if __name__ == "__main__":
    main()
