#include "spread.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "errors.hpp"

namespace normlab {

namespace {

void require_values(const std::vector<double>& values) {
    if (values.empty()) throw SizeError("the list of values is empty; a spread needs at least one value");
    require_cells(1, values.size(), "list of values");
    require_finite(values, "values");
}

// The point a share t of the way from a to b, as numpy's quantile interpolates (spread.hpp).
double between(double a, double b, double t) {
    const double gap = b - a;
    if (!std::isfinite(gap)) return a * (1 - t) + b * t; // ends of opposite signs near the largest double
    return t < 0.5 ? a + gap * t : b - gap * (1 - t);
}

// requires: sorted ascending, not empty, q in [0, 1].
double quantile_of_sorted(const std::vector<double>& sorted, double q) {
    const double h = static_cast<double>(sorted.size() - 1) * q;
    const double below = std::floor(h);
    const std::size_t k = static_cast<std::size_t>(below);
    if (k + 1 >= sorted.size()) return sorted.back();
    return between(sorted[k], sorted[k + 1], h - below);
}

// requires: as spread_of, checked by the caller.
Spread spread_of_checked(std::vector<double> values) {
    Spread s;
    s.count = values.size();
    const double n = static_cast<double>(values.size());
    for (double v : values) s.mean += v / n; // the order given (spread.hpp)
    std::sort(values.begin(), values.end());
    s.min = values.front();
    s.max = values.back();
    s.median = quantile_of_sorted(values, 0.5);
    s.low = quantile_of_sorted(values, spread_low_quantile);
    s.high = quantile_of_sorted(values, spread_high_quantile);
    return s;
}

} // namespace

Spread spread_of(const std::vector<double>& values) {
    require_values(values);
    return spread_of_checked(values);
}

double quantile_of(const std::vector<double>& values, double q) {
    require_values(values);
    if (!(q >= 0 && q <= 1)) throw OptionError("the quantile " + format_number(q) + " is outside 0..1");
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    return quantile_of_sorted(sorted, q);
}

Band band_of(const Block& curves) {
    require_well_formed(curves, "curves");
    if (curves.rows == 0 || curves.cols == 0)
        throw SizeError("the curves are " + std::to_string(curves.rows) + " curves of " + std::to_string(curves.cols) +
                        " steps; a band needs at least one curve of at least one step");
    for (std::size_t k = 0; k < curves.data.size(); ++k)
        if (!std::isfinite(curves.data[k]))
            throw NonFiniteError("step " + std::to_string(k % curves.cols + 1) + " of curve " +
                                 std::to_string(k / curves.cols + 1) + " is " + format_number(curves.data[k]) +
                                 "; every value must be a finite number");
    Band band;
    band.count = curves.rows;
    for (std::size_t j = 0; j < curves.cols; ++j) {
        const Spread s = spread_of_checked(curves.column(j));
        band.mean.push_back(s.mean);
        band.min.push_back(s.min);
        band.max.push_back(s.max);
        band.median.push_back(s.median);
        band.low.push_back(s.low);
        band.high.push_back(s.high);
    }
    return band;
}

} // namespace normlab
