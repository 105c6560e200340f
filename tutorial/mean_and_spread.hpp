// Figure 3: the mean, variance and standard deviation of a short list, every intermediate shown,
// and the list standardised; once more with every number multiplied by 1000, to show that
// standardising forgets the units.
#pragma once
#include <vector>

namespace normlab {

struct MeanAndSpread {
    std::vector<double> numbers;
    double mean = 0;
    std::vector<double> distances;    // number - mean
    std::vector<double> squares;      // distance^2
    double variance = 0;              // the mean of the squares (divide by the count)
    double deviation = 0;             // sqrt(variance)
    std::vector<double> standardised; // distance / deviation; all 0 when the deviation is 0
};

// requires: 1 to 64 finite numbers. Two passes, no eps: the exact recipe.
MeanAndSpread mean_and_spread(const std::vector<double>& numbers);

// The same list times a factor, standardised, and the largest gap from the original's.
struct ScaledStandardised {
    double factor = 1000;
    std::vector<double> standardised;
    double largest_gap = 0;
};
ScaledStandardised standardised_after_scaling(const std::vector<double>& numbers, double factor = 1000);

} // namespace normlab
