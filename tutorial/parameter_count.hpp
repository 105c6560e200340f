// Counting a normaliser's numbers: the learned parameters (scale and shift) and the buffers
// (batch norm's running mean and variance, moved by averaging, never by gradient descent),
// read from the core's Normaliser itself.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace normlab {

struct ParameterCount {
    std::string kind; // "batch", "layer", "rms"
    std::size_t width = 0, learned = 0, buffers = 0;
};

// requires: width in [1, 100000].
std::vector<ParameterCount> parameter_counts(std::size_t width);

} // namespace normlab
