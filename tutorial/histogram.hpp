// Counts of values in equal-width bins, for the page's histograms.
#pragma once
#include <cstddef>
#include <vector>

namespace normlab {

struct Histogram {
    double low = 0, high = 0;        // the bins cover [low, high]; high is counted in the last bin
    std::vector<std::size_t> counts; // one per bin
};

// requires: values non-empty and finite; bins > 0. A single repeated value gets a bin of width 1.
Histogram histogram(const std::vector<double>& values, std::size_t bins);

// The mean and the biased deviation (divide by the count) of a list, in two passes.
double mean_of(const std::vector<double>& values);
double deviation_of(const std::vector<double>& values);

} // namespace normlab
