// The MNIST chapter's instruments over seeds: the seeds an instrument runs (consecutive from its
// first, as its `seed` and `seeds` attributes say), and the lab's one network trained for some
// epochs and measured after each, which <nl-mnist-lab>'s "Train over seeds" runs per network and
// seed (in pieces, web/src/work/mnist-sweep-jobs.js) and the chapter's seed tests run natively.
// The batch-size sweep's trial is batch_size_trial (batch_size_sweep.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mnist/digits.hpp"
#include "mnist/mnist_network.hpp"
#include "mnist/mnist_training.hpp"

namespace normlab::mnist {

// Seeds first, first + 1, ..., count of them, wrapping past 2^32 - 1 to 0 as the pages do.
std::vector<std::uint64_t> consecutive_seeds(std::uint64_t first, std::size_t count);

// MnistNetwork::initial(arrangement, options.seed) trained epoch after epoch (epoch_order's
// order, as the lab trains), measured on the held-out digits after each.
// requires: options as require_options says; epochs >= 1 (else OptionError).
// ensures: epochs evaluations, the k-th after epoch k + 1.
std::vector<Evaluation> lab_trial(Arrangement arrangement, const TrainingOptions& options, std::size_t epochs,
                                  const DigitSet& digits);

} // namespace normlab::mnist
