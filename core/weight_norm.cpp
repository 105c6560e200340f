#include "weight_norm.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "errors.hpp"

namespace normlab {

WeightNormDense::WeightNormDense(Block direction, std::vector<double> magnitude, std::vector<double> bias, Activation a)
    : direction_(std::move(direction)), magnitude_(std::move(magnitude)), bias_(std::move(bias)), activation_(a) {
    require_activation(activation_);
    require_nonempty(direction_.rows, direction_.cols, "direction block");
    require_same(magnitude_.size(), direction_.cols, "magnitude length", "number of neurons (direction columns)");
    require_same(bias_.size(), direction_.cols, "bias length", "number of neurons (direction columns)");
    require_finite(direction_, "direction block");
    require_finite(magnitude_, "magnitude");
    require_finite(bias_, "bias");
    derive();
}

double column_length(const Block& v, std::size_t k) {
    if (k >= v.cols)
        throw ShapeError("column " + std::to_string(k + 1) + " was asked of a block of " + std::to_string(v.cols));
    double sum = 0.0;
    for (std::size_t j = 0; j < v.rows; ++j) sum += v.at(j, k) * v.at(j, k);
    if (std::isfinite(sum) && sum >= std::numeric_limits<double>::min()) return std::sqrt(sum);
    double top = 0.0;
    for (std::size_t j = 0; j < v.rows; ++j) top = std::fmax(top, std::fabs(v.at(j, k)));
    if (top == 0) return 0.0;
    int e = 0;
    std::frexp(top, &e);
    sum = 0.0;
    for (std::size_t j = 0; j < v.rows; ++j) {
        const double scaled = std::ldexp(v.at(j, k), -e);
        sum += scaled * scaled;
    }
    return std::ldexp(std::sqrt(sum), e);
}

// The order of operations here is a contract: lockstep::derive_weights mirrors it, and
// tests/crowd/lockstep/test_engine*.cpp compare them bit for bit.
void WeightNormDense::derive() {
    // The sums of squares row by row (the order column_length sums each column in), then the
    // scaled sum for any column whose square left the range of normal doubles.
    lengths_.assign(direction_.cols, 0.0);
    for (std::size_t j = 0; j < direction_.rows; ++j)
        for (std::size_t k = 0; k < direction_.cols; ++k) lengths_[k] += direction_.at(j, k) * direction_.at(j, k);
    for (std::size_t k = 0; k < lengths_.size(); ++k) {
        const double sum = lengths_[k];
        lengths_[k] = std::isfinite(sum) && sum >= std::numeric_limits<double>::min() ? std::sqrt(sum)
                                                                                      : column_length(direction_, k);
        if (lengths_[k] == 0)
            throw ZeroDirectionError("neuron " + std::to_string(k + 1) +
                                     "'s direction has length 0: v / |v| is undefined, so the neuron has no "
                                     "direction for its magnitude to scale");
    }
    units_.reshape(direction_.rows, direction_.cols);
    for (std::size_t j = 0; j < direction_.rows; ++j)
        for (std::size_t k = 0; k < direction_.cols; ++k) units_.at(j, k) = direction_.at(j, k) / lengths_[k];
    for (std::size_t k = 0; k < lengths_.size(); ++k)
        if (lengths_[k] < std::numeric_limits<double>::min()) {
            // v and |v| are subnormal, with few bits each: divide them scaled by one power of two
            // into the normal range, where the column and its length keep every bit.
            double top = 0.0;
            for (std::size_t j = 0; j < direction_.rows; ++j) top = std::fmax(top, std::fabs(direction_.at(j, k)));
            int e = 0;
            std::frexp(top, &e);
            double sum = 0.0;
            for (std::size_t j = 0; j < direction_.rows; ++j) {
                const double scaled = std::ldexp(direction_.at(j, k), -e);
                sum += scaled * scaled;
            }
            const double scaled_length = std::sqrt(sum);
            for (std::size_t j = 0; j < direction_.rows; ++j)
                units_.at(j, k) = std::ldexp(direction_.at(j, k), -e) / scaled_length;
        }
    weights_.reshape(direction_.rows, direction_.cols);
    for (std::size_t j = 0; j < direction_.rows; ++j)
        for (std::size_t k = 0; k < direction_.cols; ++k) weights_.at(j, k) = magnitude_[k] * units_.at(j, k);
}

WeightNormDense WeightNormDense::from_dense(const Dense& dense) {
    Block v = dense.weights();
    std::vector<double> g(v.cols, 0.0);
    for (std::size_t k = 0; k < v.cols; ++k) g[k] = column_length(v, k);
    return WeightNormDense(std::move(v), std::move(g), dense.bias(), dense.activation());
}

std::vector<double> WeightNormDense::direction_lengths() const { return lengths_; }

Block WeightNormDense::effective_weights() const { return weights_; }

Dense WeightNormDense::as_dense() const { return Dense(weights_, bias_, activation_); }

Block WeightNormDense::infer(const Block& x) const { return train(x).output; }

DenseResponse WeightNormDense::train(const Block& x) const {
    check_dense_input(weights_, x);
    DenseResponse r;
    train_into(x, r);
    check_dense_answer(r);
    return r;
}

void WeightNormDense::train_into(const Block& x, DenseResponse& r) const {
    dense_train_into(weights_, bias_, activation_, x, r);
}

WeightNormGradient WeightNormDense::backward(const DenseResponse& response, const Block& dy) const {
    check_dense_response(weights_, response, dy);
    WeightNormGradient g;
    Workspace work;
    backward_into(response, dy, g, work);
    require_answer_finite(g.dx, "passed-down block");
    require_answer_finite(g.ddirection, "direction slope");
    require_answer_finite(g.dmagnitude, "magnitude slope");
    require_answer_finite(g.dbias, "bias slope");
    return g;
}

void WeightNormDense::backward_into(const DenseResponse& response, const Block& dy, WeightNormGradient& g,
                                    Workspace& work, bool pass_down) const {
    dense_backward_into(weights_, activation_, response, dy, g.dx, g.dweights, g.dbias, work, pass_down);
    g.ddirection.reshape(direction_.rows, direction_.cols);
    g.dmagnitude.resize(direction_.cols);
    for (std::size_t k = 0; k < direction_.cols; ++k) {
        double along = 0.0; // w_slope . u
        for (std::size_t j = 0; j < direction_.rows; ++j) along += g.dweights.at(j, k) * units_.at(j, k);
        g.dmagnitude[k] = along;
        const double ratio = magnitude_[k] / lengths_[k];
        for (std::size_t j = 0; j < direction_.rows; ++j) {
            g.ddirection.at(j, k) = ratio * (g.dweights.at(j, k) - along * units_.at(j, k));
        }
    }
}

WeightNormDense WeightNormDense::step(const WeightNormGradient& gradient, double learning_rate) const {
    require_learning_rate(learning_rate);
    require_shape(gradient.ddirection, direction_.rows, direction_.cols, "direction slope");
    require_same(gradient.dmagnitude.size(), magnitude_.size(), "magnitude slope length", "magnitude length");
    require_same(gradient.dbias.size(), bias_.size(), "bias slope length", "bias length");
    require_finite(gradient.ddirection, "direction slope");
    require_finite(gradient.dmagnitude, "magnitude slope");
    require_finite(gradient.dbias, "bias slope");
    WeightNormDense next = *this;
    step_into(gradient, learning_rate, next);
    require_answer_finite(next.direction_, "stepped direction block");
    require_answer_finite(next.magnitude_, "stepped magnitude");
    require_answer_finite(next.bias_, "stepped bias");
    require_answer_finite(next.weights_, "stepped effective weights");
    return next;
}

// The order of operations here is a contract: lockstep::Epoch::weight_norm_step mirrors it, and
// tests/crowd/lockstep/test_engine*.cpp compare them bit for bit.
void WeightNormDense::step_into(const WeightNormGradient& gradient, double learning_rate, WeightNormDense& next) const {
    next.direction_.reshape(direction_.rows, direction_.cols);
    next.magnitude_.resize(magnitude_.size());
    next.bias_.resize(bias_.size());
    next.activation_ = activation_;
    for (std::size_t c = 0; c < direction_.size(); ++c)
        next.direction_.data[c] = direction_.data[c] - learning_rate * gradient.ddirection.data[c];
    for (std::size_t k = 0; k < magnitude_.size(); ++k) {
        next.magnitude_[k] = magnitude_[k] - learning_rate * gradient.dmagnitude[k];
        next.bias_[k] = bias_[k] - learning_rate * gradient.dbias[k];
    }
    next.derive();
}

Block unprojected_direction_slope(const WeightNormDense& layer, const Block& dweights) {
    require_shape(dweights, layer.direction().rows, layer.direction().cols, "weight slope");
    require_finite(dweights, "weight slope");
    const std::vector<double> lengths = layer.direction_lengths();
    Block d(dweights.rows, dweights.cols);
    for (std::size_t j = 0; j < d.rows; ++j)
        for (std::size_t k = 0; k < d.cols; ++k) d.at(j, k) = layer.magnitude()[k] / lengths[k] * dweights.at(j, k);
    require_answer_finite(d, "unprojected direction slope");
    return d;
}

} // namespace normlab
