// The digit-reversal training in pieces, so that a page can train in a worker, draw the losses
// as they come and stop between two pieces: everything a run carries from one piece to the next
// is one value, ReversalTraining (the stack's parameters and Adam's moments). The stack is
// rebuilt from the settings and the parameters, so a piece needs nothing else.
// The batch of step k is drawn from its own generator, seeded from the run's seed and k, so a
// run split into pieces of any length takes the same steps as one run straight through.
// Those seeds are hashed (reversal_batch_seed), not merely different: splitmix64 adds one
// constant to its state at each draw, so seeds a few times that constant apart give the same
// draws a few places apart (seeded with seed ^ c (k + 1), the 200 steps of seed 1 held 258
// different strings, not about 2,700, and the check batch had trained on 15 of its 16).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "transformer/digit_reversal.hpp"

namespace normlab {

struct ReversalTraining {
    std::vector<double> parameters;                  // the stack's, in its layout's order
    std::vector<double> first_moment, second_moment; // Adam's, in the same order
    std::size_t steps = 0;                           // steps taken so far
};

struct ReversalPiece {
    ReversalTraining training;  // after the piece
    std::vector<double> losses; // per step of the piece, the batch's loss before the step
};

// requires: the settings as train_digit_reversal requires them (else SizeError, ShapeError,
// OptionError, LearningRateError, ...).
void require_reversal_settings(const DigitReversalSettings& settings);

// The seed of step k's generator: splitmix64's output at (its output at the run's seed) + k, so
// every step's draws, and the initialisation's (which start at the seed itself), lie far apart.
std::uint64_t reversal_batch_seed(std::uint64_t seed, std::size_t step);

// The batch of step k (counted from 0) of a run with this seed.
ReversalBatch reversal_batch_of_step(const DigitReversalSettings& settings, std::size_t step);

// requires: as require_reversal_settings. ensures: the freshly initialised stack (drawn from the
// seed) and Adam's zero moments, no step taken.
ReversalTraining start_reversal_training(const DigitReversalSettings& settings);

// requires: as require_reversal_settings; a training of these settings (its lists as long as the
// stack's parameters, else ShapeError; finite, else NonFiniteError); count steps with
// training.steps + count <= settings.steps (else SizeError).
// ensures: count more steps of Adam (warm-up counted from the run's first step); the training
// given unchanged.
ReversalPiece continue_reversal_training(const DigitReversalSettings& settings, const ReversalTraining& training,
                                         std::size_t count);

// The same steps on batches the caller gives (one step each, in order), not the run's own: how a
// test feeds the loop PyTorch's batches. requires: as above, without the bound on the steps; the
// batches of the settings' vocabulary and context (else SizeError, DataError, ...).
ReversalPiece continue_reversal_training(const DigitReversalSettings& settings, const ReversalTraining& training,
                                         const std::vector<ReversalBatch>& batches);

// How the stack does on a batch no step trains on (drawn as the step after the run's last).
struct ReversalCheck {
    double loss = 0;     // its next-token loss on the reversed digits
    double accuracy = 0; // the share of reversed digits it gets right (teacher-forced)
};

// requires: as continue_reversal_training. Mirrored by fast::reversal_check and
// fast::reversal_unseen_check (fast/fast_transformer.hpp), the page's: their order of operations
// (the checks, each batch's logits, loss and digits right, the loss summed batch by batch) is a
// contract, proved bit for bit in tests/transformer/test_fast_twin.cpp.
ReversalCheck reversal_check(const DigitReversalSettings& settings, const ReversalTraining& training);

// How the stack does on 1,024 strings no step drew: 16 batches of 64, drawn as the steps after
// the check batch (steps + 1, steps + 2, ...), teacher-forced. Its accuracy decides whether a run
// learned the task (reversal_ensemble.hpp). requires: as continue_reversal_training.
constexpr std::size_t reversal_unseen_batches = 16;
constexpr std::size_t reversal_unseen_batch = 64; // strings a batch
ReversalCheck reversal_unseen_check(const DigitReversalSettings& settings, const ReversalTraining& training);

// The two checks' arithmetic over a trained stack's logits of a batch (logits_of), after the
// caller's checks of the stack: the reference's (TransformerStack::infer) and the fast twin's
// (its stack pass) share it, so the batches, their order and the loss's sum are one code.
using LogitsOf = std::function<Block(const TokenBatch&)>;
ReversalCheck reversal_check_of(const DigitReversalSettings& settings, const LogitsOf& logits_of);
ReversalCheck reversal_unseen_check_of(const DigitReversalSettings& settings, const LogitsOf& logits_of);

struct DigitReversalRun {
    std::vector<double> losses; // per step, the batch's loss before the step
    double accuracy = 0.0;      // share of reversed digits right (teacher-forced) on a fresh batch after training
};

// The whole run straight through: requires: 1..64 digits; the stack's sizes as
// require_transformer_shape; 1..100,000 steps; 1..256 sequences; Adam's settings as
// require_adam_settings (else SizeError, OptionError, ...).
// ensures: the same steps as start_reversal_training and continue_reversal_training over all of them.
DigitReversalRun train_digit_reversal(const DigitReversalSettings& settings);

} // namespace normlab
