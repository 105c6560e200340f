#include "mean_and_spread.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "options.hpp"

namespace normlab {

MeanAndSpread mean_and_spread(const std::vector<double>& numbers) {
    if (numbers.empty()) throw EmptyBlockError("the list of numbers is empty");
    require_count(numbers.size(), 1, 64, "count of numbers");
    require_finite(numbers, "list of numbers");
    MeanAndSpread m;
    m.numbers = numbers;
    const double n = static_cast<double>(numbers.size());
    for (double x : numbers) m.mean += x;
    m.mean /= n;
    for (double x : numbers) {
        m.distances.push_back(x - m.mean);
        m.squares.push_back((x - m.mean) * (x - m.mean));
        m.variance += m.squares.back();
    }
    m.variance /= n;
    m.deviation = std::sqrt(m.variance);
    for (double d : m.distances) m.standardised.push_back(m.deviation > 0 ? d / m.deviation : 0.0);
    return m;
}

ScaledStandardised standardised_after_scaling(const std::vector<double>& numbers, double factor) {
    require_within(factor, 1e-6, 1e6, "factor");
    std::vector<double> scaled;
    for (double x : numbers) scaled.push_back(factor * x);
    const MeanAndSpread original = mean_and_spread(numbers), after = mean_and_spread(scaled);
    ScaledStandardised s{factor, after.standardised, 0.0};
    for (std::size_t k = 0; k < numbers.size(); ++k)
        s.largest_gap = std::fmax(s.largest_gap, std::fabs(after.standardised[k] - original.standardised[k]));
    return s;
}

} // namespace normlab
