// The finite-difference oracle: one checker over any function from a parameter vector to a loss.
// Every layer kind and the whole network are checked through it; a layer's slopes are slopes of
// the loss sum(dy * output). It knows nothing about routes, which is why it can catch a wrong one.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "block.hpp"
#include "dense.hpp"
#include "normaliser.hpp"
#include "weight_norm.hpp"

namespace normlab {

using LossOf = std::function<double(const std::vector<double>&)>;
using BlockOf = std::function<Block(const std::vector<double>&)>;

// One parameter vector to check: its name, its values, the analytic slope of the loss with
// respect to it, and the loss as a function of it (everything else held fixed).
struct SlopeProbe {
    std::string name;
    std::vector<double> values;
    std::vector<double> analytic;
    LossOf loss;
};

struct SlopeCheck {
    std::string name;             // "input", "scale", "shift", "weights", "bias", "direction", "magnitude", ...
    std::vector<double> analytic; // what the backward pass says, row-major
    std::vector<double> numeric;  // what the central difference says
    double largest_gap = 0.0;     // max |analytic - numeric|; NaN if either holds a NaN
    double largest_slope = 0.0;   // max |numeric|; NaN if it holds a NaN
};

struct GradientCheck {
    std::vector<SlopeCheck> slopes;
    double largest_gap() const;                             // over every slope; NaN if any is NaN
    const SlopeCheck& slope(const std::string& name) const; // throws OptionError for an unknown name
};

// Default step: 1e-5, a balance of truncation (h^2) and rounding (1e-16 / h) error.
constexpr double default_difference_step = 1e-5;

// requires: 0 < h <= the largest double / 2 (else OptionError).
// ensures: (loss(v + h e_k) - loss(v - h e_k)) / 2h for every k, one value at a time. A NaN loss
// gives a NaN slope (the check shows it); finite losses too far apart for a double are refused
// (NonFiniteError).
std::vector<double> central_differences(const std::vector<double>& values, const LossOf& loss, double h);

// The loss sum(dy * forward(v)), summed in row-major order; an infinite sum is refused (NonFiniteError).
LossOf weighted_sum(BlockOf forward, const Block& dy);

// requires: each probe's analytic slope as long as its values; h as central_differences.
// ensures: one SlopeCheck per probe, in order.
GradientCheck check_gradient(const std::vector<SlopeProbe>& probes, double h = default_difference_step);

// The most work a layer's check may take, counted as the numbers it probes times the cells of
// one training pass (input and answer): about 10 s in the page's module. Beyond it the check is
// refused (SizeError) rather than left to run for hours: its cost grows with the square of the block.
constexpr double max_check_work = 1u << 30;

// The layers, through the one checker, at the loss sum(dy * output) of a training pass.
// Normaliser: input, scale, shift.
GradientCheck check_gradient(const Normaliser& layer, const Block& x, const Block& dy,
                             double h = default_difference_step);
// Dense: input, weights, bias.
GradientCheck check_gradient(const Dense& layer, const Block& x, const Block& dy, double h = default_difference_step);
// Weight-normalised dense: input, direction, magnitude, bias.
// requires (each): as the layer's train and backward; the work within max_check_work (else SizeError).
GradientCheck check_gradient(const WeightNormDense& layer, const Block& x, const Block& dy,
                             double h = default_difference_step);

} // namespace normlab
