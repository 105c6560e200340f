// The finite-difference oracle: central differences of the objective sum(dy * output) for every
// input cell and every parameter, against the analytic backward pass. It knows nothing about
// routes, which is why it can catch a wrong one.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "block.hpp"
#include "dense.hpp"
#include "normaliser.hpp"
#include "weight_norm.hpp"

namespace normlab {

struct SlopeCheck {
    std::string name;             // "input", "scale", "shift", "weights", "bias", "direction", "magnitude"
    std::vector<double> analytic; // what the backward pass says, row-major
    std::vector<double> numeric;  // what the central difference says
    double largest_gap = 0.0;     // max |analytic - numeric|
    double largest_slope = 0.0;   // max |numeric|
};

struct GradientCheck {
    std::vector<SlopeCheck> slopes;
    double largest_gap() const;                             // over every slope
    const SlopeCheck& slope(const std::string& name) const; // throws OptionError for an unknown name
};

// Central differences (f(v + h) - f(v - h)) / 2h of sum(dy * forward(values)), one value at a time.
std::vector<double> central_differences(const std::vector<double>& values,
                                        const std::function<Block(const std::vector<double>&)>& forward,
                                        const Block& dy, double h);

// Builds one SlopeCheck from the analytic slope and the numeric one.
SlopeCheck compare_slopes(std::string name, std::vector<double> analytic, std::vector<double> numeric);

// Default step: 1e-5, a balance of truncation (h^2) and rounding (1e-16 / h) error.
constexpr double default_difference_step = 1e-5;

// Normaliser in the training purpose: input, scale, shift.
GradientCheck check_gradient(const Normaliser& layer, const Block& x, const Block& dy,
                             double h = default_difference_step);
// Dense: input, weights, bias.
GradientCheck check_gradient(const Dense& layer, const Block& x, const Block& dy, double h = default_difference_step);
// Weight-normalised dense: input, direction, magnitude, bias.
GradientCheck check_gradient(const WeightNormDense& layer, const Block& x, const Block& dy,
                             double h = default_difference_step);

} // namespace normlab
