// Figure 2: activations drifting through depth. Random examples pass through layers of ReLU
// neurons with random weights, once plain and once with layer normalisation before each ReLU;
// the spread (biased standard deviation over every output of a layer) is taken per layer.
#pragma once
#include <cstdint>
#include <vector>

#include "core/block.hpp"
#include "histogram.hpp"

namespace normlab {

struct DriftSettings {
    std::uint64_t seed = 1;
    std::size_t examples = 256, width = 64, layers = 5;
    double weight_gain = 2; // weights are gain / sqrt(width) times a standard normal draw
};

struct DriftRun {
    std::vector<Block> outputs;    // per layer, (examples, width) after the ReLU
    std::vector<double> deviation; // per layer
    std::vector<double> mean;      // per layer
};

struct Drift {
    DriftSettings settings;
    double input_deviation = 0;
    DriftRun plain, normalised; // the same inputs and weights for both
};

// requires: examples in [2, 1024], width in [2, 256], layers in [1, 12], gain in [0, 4].
Drift drift_through_depth(const DriftSettings& settings);

} // namespace normlab
