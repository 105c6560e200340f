// The batch-size instrument: each network trained on the same training digits (the first
// `digits` of epoch 0's shuffled order) at batch sizes 2, 4, 8, 16, 32 and 64, then measured on
// the held-out digits. The learning rate grows with the batch (Wu and He's rule, as in their
// group-norm paper): base_rate x batch / 64, so every digit moves the weights by about as much at
// every batch size and what changes is only how many digits each step, and each batch normaliser,
// sees together.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mnist/digits.hpp"
#include "mnist/mnist_network.hpp"
#include "mnist/mnist_training.hpp"

namespace normlab::mnist {

inline constexpr std::array<std::size_t, 6> sweep_batch_sizes{2, 4, 8, 16, 32, 64};
// The batch the base rate is given for; every digit count is a multiple of it.
inline constexpr std::size_t sweep_reference_batch = 64;

struct SweepEntry {
    std::size_t batch_size = 0;
    double learning_rate = 0; // base_rate x batch_size / 64
    std::size_t batches = 0;  // digits / batch_size
};

// requires: digits a multiple of 64 in [64, training_count] (else OptionError naming it); base
// rate finite, above 0 and at most 10 (else LearningRateError).
// ensures: one entry per sweep batch size, in order.
std::vector<SweepEntry> batch_size_plan(std::size_t digits, double base_rate, std::size_t training_count);

// One network of the sweep, trained from MnistNetwork::initial(arrangement, seed) in one call
// and measured on the held-out digits (the batch network by its running figures).
// requires: as batch_size_plan; batch_size one of sweep_batch_sizes (else OptionError).
Evaluation batch_size_trial(Arrangement arrangement, std::size_t batch_size, std::size_t digits, double base_rate,
                            std::uint64_t seed, const DigitSet& set);

} // namespace normlab::mnist
