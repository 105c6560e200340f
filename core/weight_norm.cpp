#include "weight_norm.hpp"

#include <cmath>
#include <string>

#include "errors.hpp"

namespace normlab {

WeightNormDense::WeightNormDense(Block direction, std::vector<double> magnitude, std::vector<double> bias, Activation a)
    : direction_(std::move(direction)), magnitude_(std::move(magnitude)), bias_(std::move(bias)), activation_(a) {
    require_nonempty(direction_.rows, direction_.cols, "direction block");
    require_same(magnitude_.size(), direction_.cols, "magnitude length", "number of neurons (direction columns)");
    require_same(bias_.size(), direction_.cols, "bias length", "number of neurons (direction columns)");
    require_finite(direction_, "direction block");
    require_finite(magnitude_, "magnitude");
    require_finite(bias_, "bias");
    derive();
}

void WeightNormDense::derive() {
    lengths_.assign(direction_.cols, 0.0);
    for (std::size_t j = 0; j < direction_.rows; ++j)
        for (std::size_t k = 0; k < direction_.cols; ++k) lengths_[k] += direction_.at(j, k) * direction_.at(j, k);
    for (std::size_t k = 0; k < lengths_.size(); ++k) {
        lengths_[k] = std::sqrt(lengths_[k]);
        if (lengths_[k] == 0)
            throw ZeroDirectionError("neuron " + std::to_string(k + 1) +
                                     "'s direction has length 0: v / |v| is undefined, so the neuron has no "
                                     "direction for its magnitude to scale");
    }
    weights_.reshape(direction_.rows, direction_.cols);
    for (std::size_t j = 0; j < direction_.rows; ++j)
        for (std::size_t k = 0; k < direction_.cols; ++k)
            weights_.at(j, k) = magnitude_[k] * (direction_.at(j, k) / lengths_[k]);
}

WeightNormDense WeightNormDense::from_dense(const Dense& dense) {
    Block v = dense.weights();
    std::vector<double> g(v.cols, 0.0);
    for (std::size_t k = 0; k < v.cols; ++k) {
        double s = 0.0;
        for (std::size_t j = 0; j < v.rows; ++j) s += v.at(j, k) * v.at(j, k);
        g[k] = std::sqrt(s);
    }
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
    return r;
}

void WeightNormDense::train_into(const Block& x, DenseResponse& r) const {
    dense_train_into(weights_, bias_, activation_, x, r);
}

WeightNormGradient WeightNormDense::backward(const DenseResponse& response, const Block& dy) const {
    check_dense_slope(response, dy);
    WeightNormGradient g;
    backward_into(response, dy, g);
    return g;
}

void WeightNormDense::backward_into(const DenseResponse& response, const Block& dy, WeightNormGradient& g,
                                    bool pass_down) const {
    dense_backward_into(weights_, activation_, response, dy, g.dense, pass_down);
    g.dx = g.dense.dx;
    g.dbias = g.dense.dbias;
    g.dweights = g.dense.dweights;
    g.ddirection.reshape(direction_.rows, direction_.cols);
    g.dmagnitude.resize(direction_.cols);
    for (std::size_t k = 0; k < direction_.cols; ++k) {
        double along = 0.0; // w_slope . u
        for (std::size_t j = 0; j < direction_.rows; ++j)
            along += g.dweights.at(j, k) * (direction_.at(j, k) / lengths_[k]);
        g.dmagnitude[k] = along;
        const double ratio = magnitude_[k] / lengths_[k];
        for (std::size_t j = 0; j < direction_.rows; ++j) {
            const double u = direction_.at(j, k) / lengths_[k];
            g.ddirection.at(j, k) = ratio * (g.dweights.at(j, k) - along * u);
        }
    }
}

WeightNormDense WeightNormDense::step(const WeightNormGradient& gradient, double stride) const {
    require_stride(stride);
    require_shape(gradient.ddirection, direction_.rows, direction_.cols, "direction slope");
    require_same(gradient.dmagnitude.size(), magnitude_.size(), "magnitude slope length", "magnitude length");
    require_same(gradient.dbias.size(), bias_.size(), "bias slope length", "bias length");
    WeightNormDense next = *this;
    step_into(gradient, stride, next);
    return next;
}

void WeightNormDense::step_into(const WeightNormGradient& gradient, double stride, WeightNormDense& next) const {
    next.direction_.reshape(direction_.rows, direction_.cols);
    next.magnitude_.resize(magnitude_.size());
    next.bias_.resize(bias_.size());
    next.activation_ = activation_;
    for (std::size_t c = 0; c < direction_.size(); ++c)
        next.direction_.data[c] = direction_.data[c] - stride * gradient.ddirection.data[c];
    for (std::size_t k = 0; k < magnitude_.size(); ++k) {
        next.magnitude_[k] = magnitude_[k] - stride * gradient.dmagnitude[k];
        next.bias_[k] = bias_[k] - stride * gradient.dbias[k];
    }
    next.derive();
}

Block unprojected_direction_slope(const WeightNormDense& layer, const Block& dweights) {
    require_shape(dweights, layer.direction().rows, layer.direction().cols, "weight slope");
    const std::vector<double> lengths = layer.direction_lengths();
    Block d(dweights.rows, dweights.cols);
    for (std::size_t j = 0; j < d.rows; ++j)
        for (std::size_t k = 0; k < d.cols; ++k) d.at(j, k) = layer.magnitude()[k] / lengths[k] * dweights.at(j, k);
    return d;
}

} // namespace normlab
