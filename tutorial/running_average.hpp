// Figure 5: running averages of the batch figures, moved by the core's Normaliser step. Each
// batch is a real block of numbers with the mean and (biased) variance asked for: half its rows
// at mean - deviation, half at mean + deviation. Past the batches given, they repeat in order.
#pragma once
#include <cstddef>
#include <vector>

#include "core/normaliser.hpp"

namespace normlab {

struct RunningAverageSettings {
    std::vector<double> batch_means{3, 5, 4};
    std::vector<double> batch_variances{1, 4, 2};
    RunningRate rate;              // momentum 0.1 (keep 0.9)
    bool unbiased_running = false; // PyTorch's n / (n - 1) running variance
    std::size_t batch_size = 4;    // rows per batch (even)
    std::size_t batches = 3;       // how many batches to fold in
};

struct RunningAverageStep {
    double batch_mean = 0, batch_variance = 0;     // what the batch's own statistics are
    double running_mean = 0, running_variance = 0; // after folding it in
};

struct RunningAverage {
    double start_mean = 0, start_variance = 1;
    double keep = 0.9, momentum = 0.1;
    std::vector<RunningAverageStep> steps;
    double target_mean = 0, target_variance = 0; // the mean of the batch figures given, where the running figures head
};

// requires: means and variances of one length (1 to 64), finite, variances >= 0; the rate in
// [0, 1]; batch_size even in [2, 1024]; batches in [1, 1000].
RunningAverage running_average(const RunningAverageSettings& settings);

} // namespace normlab
