// What the MNIST lab asks of the library, one function a question, each checking its own domain:
// the digits a module instance holds (handed over once; each worker has its own), a network's
// facts, a piece of an epoch's training, an evaluation of a named part, a held-out digit and a
// drawn digit's probabilities. The bindings (web/wasm/mnist_bindings.cpp) only declare these.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mnist/batch_size_sweep.hpp"
#include "mnist/digits.hpp"
#include "mnist/mnist_network.hpp"
#include "mnist/mnist_training.hpp"

namespace normlab::mnist {

// ---- the digits held ----------------------------------------------------------------------------
struct DigitsLoaded {
    std::size_t count = 0, training_count = 0, held_out_count = 0;
    std::uint32_t checksum = 0; // fnv1a32 of the asset's bytes
};
// requires: the asset's bytes (else DataError, and the digits held before stay).
// ensures: these digits are held, replacing any held before.
DigitsLoaded load_digits(const std::vector<std::uint8_t>& bytes);
// requires: digits loaded (else DataError saying how).
const DigitSet& loaded_digits();

// ---- networks -----------------------------------------------------------------------------------
struct ArrangementFacts {
    Arrangement arrangement = Arrangement::Plain;
    std::size_t parameter_count = 0; // learned numbers
    std::size_t state_size = 0;      // numbers in the state, running figures included
};
ArrangementFacts describe(Arrangement arrangement); // requires: an MNIST arrangement

// A fresh network (MnistNetwork::initial) as its state, with its count of learned numbers.
struct StartingNetwork {
    MnistState state;
    std::size_t parameter_count = 0;
};
StartingNetwork starting_network(Arrangement arrangement, std::uint64_t seed);

// ---- training -----------------------------------------------------------------------------------
struct BatchesRun {
    MnistNetwork network;                   // after the last batch's step
    std::vector<double> losses, accuracies; // per batch, before its step
    double mean_loss = 0;
    std::size_t batches_per_epoch = 0;
};
// Batches [first, first + count) of an epoch of the held digits (short calls keep V8 tiering the
// code up). requires: options as require_options says; the range within the epoch (else ShapeError).
BatchesRun train_part_of_epoch(const MnistNetwork& network, const TrainingOptions& options, std::size_t epoch,
                               std::size_t first, std::size_t count);

// ---- the batch-size sweep (batch_size_sweep.hpp) on the held digits ----------------------------
// requires: digits loaded (else DataError), and as batch_size_plan says.
std::vector<SweepEntry> sweep_plan(std::size_t digits, double base_rate);
Evaluation sweep_trial(Arrangement arrangement, std::size_t batch_size, std::size_t digits, double base_rate,
                       std::uint64_t seed);

// ---- reading ------------------------------------------------------------------------------------
enum class DigitPart { HeldOut, Training };
DigitPart digit_part_named(const std::string& name); // "heldOut" or "training"; else OptionError
// Predicting on a part of the held digits.
Evaluation evaluate_part(const MnistNetwork& network, DigitPart part);

struct HeldOutDigit {
    std::size_t label = 0;
    std::vector<float> pixels; // (784) in [0, 1]
};
HeldOutDigit held_out_digit(std::size_t index); // requires: index < the held-out count (else ShapeError)

// The ten class probabilities of a drawn digit. requires: 784 pixels in [0, 1] (else ShapeError
// or NonFiniteError).
std::array<float, class_count> classify_drawn(const MnistNetwork& network, const std::vector<float>& pixels);

// state_digest after one epoch on the first count held digits, as eight hexadecimal digits.
std::string digest_after_first_digits(Arrangement arrangement, std::size_t count);

} // namespace normlab::mnist
