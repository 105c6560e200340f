// Training and reading the MNIST networks: mini-batch SGD over the training digits in a fixed
// order per epoch, evaluation on the held-out digits, the hidden units' on/off maps and the
// class probabilities of one drawn digit.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mnist/digits.hpp"
#include "mnist/mnist_network.hpp"

namespace normlab::mnist {

struct TrainingOptions {
    double learning_rate = 0.1;
    std::size_t batch_size = 64;
    std::uint64_t seed = 1; // the weights' and the shuffles' seed
};

// requires: learning rate finite and in (0, 10]; batch size in [1, training count].
// ensures: nothing, or LearningRateError / OptionError naming the value.
void require_options(const TrainingOptions& options, std::size_t training_count);

// The order the training digits are visited in during epoch (0-based): a Fisher-Yates shuffle
// drawn from Random(seed, epoch), the same in every build.
std::vector<std::uint32_t> epoch_order(std::size_t training_count, std::uint64_t seed, std::size_t epoch);
std::size_t batches_per_epoch(std::size_t training_count, std::size_t batch_size); // the last may be short

// Storage a training loop reuses from batch to batch.
struct TrainingWorkspace {
    MnistResponse response;
    MnistGradient gradient;
    MnistWorkspace scratch;
    std::vector<float> images;
    std::vector<std::uint8_t> labels;
};

struct BatchRecord {
    double loss = 0;         // the batch's mean cross-entropy, before its step
    std::size_t correct = 0; // digits of the batch classified right, before its step
    std::size_t rows = 0;
};

// Trains batches [first, first + count) of an epoch whose order is given (digits are indices
// into the training part). Calling it batch by batch gives the same network as one call.
// requires: options checked; first + count <= batches_per_epoch.
MnistNetwork train_batches(const MnistNetwork& network, const DigitSet& digits, const std::vector<std::uint32_t>& order,
                           const TrainingOptions& options, std::size_t first, std::size_t count,
                           TrainingWorkspace& workspace, std::vector<BatchRecord>* records = nullptr);

// One whole epoch (every batch of epoch_order(..., epoch)).
MnistNetwork train_epoch(const MnistNetwork& network, const DigitSet& digits, const TrainingOptions& options,
                         std::size_t epoch, TrainingWorkspace& workspace, std::vector<BatchRecord>* records = nullptr);

// One epoch over only the first count training digits, from the initial network of the seed:
// the native = WebAssembly check compares its state bit for bit.
// requires: options checked; count in [1, training count].
MnistNetwork train_on_first_digits(Arrangement arrangement, const DigitSet& digits, std::size_t count,
                                   const TrainingOptions& options);
// FNV-1a 32-bit of the state's float bytes (little-endian), for comparing networks across builds.
std::uint32_t state_digest(const MnistNetwork& network);

struct Evaluation {
    double loss = 0;         // mean cross-entropy
    std::size_t correct = 0; // largest probability on the label
    std::size_t count = 0;
    double accuracy() const { return count ? double(correct) / double(count) : 0.0; }
};

// Predicting (the batch arrangement by its running figures) on digits [first, first + count).
Evaluation evaluate(const MnistNetwork& network, const DigitSet& digits, std::size_t first, std::size_t count);
Evaluation evaluate_held_out(const MnistNetwork& network, const DigitSet& digits);

// Which hidden units fire (output > 0) when predicting.
struct ActivationReport {
    std::size_t shown = 0;                                     // digits in the maps: the first held-out digits
    std::array<std::vector<std::uint8_t>, hidden_layers> maps; // (shown, 128) each, 1 where the unit fires
    std::array<std::size_t, hidden_layers> silent{};           // units that fire for no held-out digit
};
ActivationReport activations(const MnistNetwork& network, const DigitSet& digits, std::size_t shown);

// The ten class probabilities of one 28 x 28 image (784 values in [0, 1]).
std::array<float, class_count> classify(const MnistNetwork& network, const float* image);

} // namespace normlab::mnist
