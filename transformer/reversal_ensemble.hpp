// The digit-reversal training over seeds: each seed's run (its losses, its check batch, and how
// it does on the 1,024 strings no step drew), whether it learned the task, and over the seeds the
// band of the loss curves, the spread of the unseen accuracy and the tally of the seeds that
// learned. A run learns the task when it gets at least 0.9 of the unseen strings' reversed digits
// right (bench/reversal_ensemble.cpp counts the same, beside PyTorch's).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/seed_tally.hpp"
#include "core/spread.hpp"
#include "transformer/reversal_training.hpp"

namespace normlab {

constexpr double reversal_learned_accuracy = 0.9;
constexpr std::size_t max_ensemble_seeds = 64;

struct ReversalSeedRun {
    std::uint64_t seed = 0;
    std::vector<double> losses; // per step, the batch's loss before the step
    ReversalCheck check;        // the run's check batch (reversal_check)
    ReversalCheck unseen;       // the 1,024 unseen strings (reversal_unseen_check)
    bool learned = false;       // unseen.accuracy >= reversal_learned_accuracy
};

struct ReversalEnsemble {
    std::vector<ReversalSeedRun> runs; // in the order of the seeds
    Band losses;                       // per step, over the seeds
    Spread unseen_accuracy;            // over the seeds
    SeedTally learned;                 // the seeds whose run learned the task
};

// The seeds 1, 2, ..., count. requires: count in 1..max_ensemble_seeds (else SizeError).
std::vector<std::uint64_t> seeds_from_one(std::size_t count);

// Trains the settings once per seed (the settings' own seed is not used), straight through.
// requires: the settings as require_reversal_settings; 1..max_ensemble_seeds seeds (else
// SizeError), none twice (else OptionError).
ReversalEnsemble reversal_ensemble(const DigitReversalSettings& settings, const std::vector<std::uint64_t>& seeds);

} // namespace normlab
