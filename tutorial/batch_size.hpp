// Figure 6: the batch-size problem. A seeded bell curve of numbers is cut into consecutive
// batches; the core's batch normaliser takes each batch's mean and (biased) deviation, and the
// wobble of the batch means is set against the square-root rule, deviation / sqrt(batch size).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace normlab {

struct BatchSizeSettings {
    std::uint64_t seed = 1;
    std::size_t count = 10000; // numbers drawn: mean + spread * normal
    double mean = 5, spread = 2;
    std::size_t batch_size = 2;
    std::size_t wobble_batches = 200; // batch means the wobble is taken over (fewer if fewer fit)
};

// The numbers themselves, as drawn (the same for every batch size).
std::vector<double> bell_curve_numbers(const BatchSizeSettings& settings);

struct BatchSizeProblem {
    double population_mean = 0, population_deviation = 0; // of all the numbers (biased)
    std::size_t batch_count = 0;                          // whole batches that fit
    std::vector<double> first_means, first_deviations;    // of the first ten batches (fewer if fewer fit)
    double first_means_low = 0, first_means_high = 0;
    double smallest_first_deviation = 0; // the smallest of the first ten deviations
    double blow_up = 0;                  // 1 / that: what standardising multiplies its values by
    double smallest_deviation = 0;       // over every batch
    double largest_blow_up = 0;          // 1 / that
    std::size_t wobble_count = 0;        // batches the wobble is taken over
    double wobble = 0;                   // deviation (biased) of those batch means
    double rule = 0;                     // population deviation / sqrt(batch size)
};

// requires: count in [2, 100000]; spread in (0, 1e6]; mean finite; batch_size in [2, count / 2];
// wobble_batches in [2, 10000].
BatchSizeProblem batch_size_problem(const BatchSizeSettings& settings);

} // namespace normlab
