#include "dense.hpp"

#include <cmath>

#include "elementary.hpp"
#include "errors.hpp"

namespace normlab {

double activate(Activation a, double score) {
    switch (a) {
        case Activation::Relu: return score > 0 ? score : 0.0;
        case Activation::Tanh: return normlab::tanh(score);
        case Activation::Sigmoid: return sigmoid(score);
        case Activation::Identity: break;
    }
    return score;
}

double activation_slope(Activation a, double score, double answer) {
    switch (a) {
        case Activation::Relu: return score > 0 ? 1.0 : 0.0;
        case Activation::Tanh: return 1.0 - answer * answer;
        case Activation::Sigmoid: return answer * (1.0 - answer);
        case Activation::Identity: break;
    }
    return 1.0;
}

Dense::Dense(Block weights, std::vector<double> bias, Activation activation)
    : weights_(std::move(weights)), bias_(std::move(bias)), activation_(activation) {
    require_nonempty(weights_.rows, weights_.cols, "weight block");
    require_same(bias_.size(), weights_.cols, "bias length", "number of neurons (weight columns)");
    require_finite(weights_, "weight block");
    require_finite(bias_, "bias");
}

DenseResponse dense_train(const Block& w, const std::vector<double>& b, Activation a, const Block& x) {
    require_nonempty(x.rows, x.cols, "input block");
    require_same(x.cols, w.rows, "input's feature count", "layer's input count (weight rows)");
    require_finite(x, "input block");
    DenseResponse r{x, Block(x.rows, w.cols), Block(x.rows, w.cols)};
    for (std::size_t i = 0; i < x.rows; ++i)
        for (std::size_t k = 0; k < w.cols; ++k) {
            double s = b[k];
            for (std::size_t j = 0; j < w.rows; ++j) s += x.at(i, j) * w.at(j, k);
            r.score.at(i, k) = s;
            r.output.at(i, k) = activate(a, s);
        }
    return r;
}

DenseGradient dense_backward(const Block& w, Activation a, const DenseResponse& r, const Block& dy) {
    require_shape(dy, r.output.rows, r.output.cols, "arriving slope");
    require_finite(dy, "arriving slope");
    const Block& x = r.input;
    DenseGradient g{Block(x.rows, x.cols), Block(w.rows, w.cols), std::vector<double>(w.cols, 0.0)};
    Block dscore(dy.rows, dy.cols);
    for (std::size_t c = 0; c < dy.size(); ++c)
        dscore.data[c] = dy.data[c] * activation_slope(a, r.score.data[c], r.output.data[c]);
    for (std::size_t i = 0; i < x.rows; ++i)
        for (std::size_t k = 0; k < w.cols; ++k) {
            const double d = dscore.at(i, k);
            g.dbias[k] += d;
            for (std::size_t j = 0; j < w.rows; ++j) {
                g.dweights.at(j, k) += x.at(i, j) * d;
                g.dx.at(i, j) += d * w.at(j, k);
            }
        }
    return g;
}

Block Dense::infer(const Block& x) const { return train(x).output; }

DenseResponse Dense::train(const Block& x) const { return dense_train(weights_, bias_, activation_, x); }

DenseGradient Dense::backward(const DenseResponse& response, const Block& dy) const {
    return dense_backward(weights_, activation_, response, dy);
}

Dense Dense::step(const DenseGradient& gradient, double stride) const {
    require_stride(stride);
    require_shape(gradient.dweights, weights_.rows, weights_.cols, "weight slope");
    require_same(gradient.dbias.size(), bias_.size(), "bias slope length", "bias length");
    Dense next = *this;
    for (std::size_t c = 0; c < weights_.size(); ++c) next.weights_.data[c] -= stride * gradient.dweights.data[c];
    for (std::size_t k = 0; k < bias_.size(); ++k) next.bias_[k] -= stride * gradient.dbias[k];
    return next;
}

}  // namespace normlab
