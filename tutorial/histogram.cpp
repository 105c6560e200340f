#include "histogram.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"

namespace normlab {

Histogram histogram(const std::vector<double>& values, std::size_t bins) {
    if (values.empty()) throw EmptyBlockError("the histogram's list of values is empty");
    require_finite(values, "histogram's values");
    if (bins == 0) throw OptionError("the number of bins is 0");
    Histogram h;
    h.low = *std::min_element(values.begin(), values.end());
    h.high = *std::max_element(values.begin(), values.end());
    if (h.high == h.low) h.high = h.low + 1;
    h.counts.assign(bins, 0);
    const double width = (h.high - h.low) / static_cast<double>(bins);
    for (double v : values) {
        std::size_t k = static_cast<std::size_t>((v - h.low) / width);
        ++h.counts[std::min(k, bins - 1)];
    }
    return h;
}

double mean_of(const std::vector<double>& values) {
    double sum = 0;
    for (double v : values) sum += v;
    return sum / static_cast<double>(values.size());
}

double deviation_of(const std::vector<double>& values) {
    const double m = mean_of(values);
    double sum = 0;
    for (double v : values) sum += (v - m) * (v - m);
    return std::sqrt(sum / static_cast<double>(values.size()));
}

} // namespace normlab
