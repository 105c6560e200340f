#include "dense.hpp"

#include <algorithm>
#include <cmath>

#include "elementary.hpp"
#include "errors.hpp"

namespace normlab {

const char* activation_name(Activation a) {
    switch (a) {
        case Activation::Relu:
            return "relu";
        case Activation::Tanh:
            return "tanh";
        case Activation::Sigmoid:
            return "sigmoid";
        case Activation::Identity:
            break;
    }
    return "identity";
}

Activation activation_named(const std::string& name) {
    for (Activation a : all_activations)
        if (name == activation_name(a)) return a;
    throw OptionError("the activation '" + name + "' is not one of identity, relu, tanh, sigmoid");
}

void require_activation(Activation a) {
    for (Activation known : all_activations)
        if (a == known) return;
    throw OptionError("the activation numbered " + std::to_string(static_cast<int>(a)) +
                      " is not one of identity, relu, tanh, sigmoid");
}

double activate(Activation a, double score) {
    switch (a) {
        case Activation::Relu:
            return score > 0 ? score : 0.0;
        case Activation::Tanh:
            return normlab::tanh(score);
        case Activation::Sigmoid:
            return sigmoid(score);
        case Activation::Identity:
            break;
    }
    return score;
}

double activation_slope(Activation a, double score, double answer) {
    switch (a) {
        case Activation::Relu:
            return score > 0 ? 1.0 : 0.0;
        case Activation::Tanh:
            return 1.0 - answer * answer;
        case Activation::Sigmoid:
            return answer * (1.0 - answer);
        case Activation::Identity:
            break;
    }
    return 1.0;
}

Dense::Dense(Block weights, std::vector<double> bias, Activation activation)
    : weights_(std::move(weights)), bias_(std::move(bias)), activation_(activation) {
    require_activation(activation_);
    require_nonempty(weights_.rows, weights_.cols, "weight block");
    require_same(bias_.size(), weights_.cols, "bias length", "number of neurons (weight columns)");
    require_finite(weights_, "weight block");
    require_finite(bias_, "bias");
}

namespace {

// act(score) for a whole block, the switch outside the loop.
void activate_block(Activation a, const Block& score, Block& out) {
    const std::size_t n = score.size();
    switch (a) {
        case Activation::Relu:
            for (std::size_t c = 0; c < n; ++c) out.data[c] = score.data[c] > 0 ? score.data[c] : 0.0;
            return;
        case Activation::Tanh:
            for (std::size_t c = 0; c < n; ++c) out.data[c] = normlab::tanh(score.data[c]);
            return;
        case Activation::Sigmoid:
            for (std::size_t c = 0; c < n; ++c) out.data[c] = sigmoid(score.data[c]);
            return;
        case Activation::Identity:
            out.data = score.data;
            return;
    }
}

// dy * act'(score) for a whole block.
void activation_slopes(Activation a, const DenseResponse& r, const Block& dy, double* __restrict dscore) {
    const std::size_t n = dy.size();
    const double* s = r.score.data.data();
    const double* y = r.output.data.data();
    switch (a) {
        case Activation::Relu:
            for (std::size_t c = 0; c < n; ++c) dscore[c] = s[c] > 0 ? dy.data[c] : 0.0;
            return;
        case Activation::Tanh:
            for (std::size_t c = 0; c < n; ++c) dscore[c] = dy.data[c] * (1.0 - y[c] * y[c]);
            return;
        case Activation::Sigmoid:
            for (std::size_t c = 0; c < n; ++c) dscore[c] = dy.data[c] * (y[c] * (1.0 - y[c]));
            return;
        case Activation::Identity:
            std::copy(dy.data.begin(), dy.data.end(), dscore);
            return;
    }
}

} // namespace

void check_dense_input(const Block& w, const Block& x) {
    require_nonempty(x.rows, x.cols, "input block");
    require_same(x.cols, w.rows, "input's feature count", "layer's input count (weight rows)");
    require_finite(x, "input block");
}

void check_dense_answer(const DenseResponse& r) {
    require_answer_finite(r.score, "score block");
    require_answer_finite(r.output, "answer");
}

void check_dense_response(const Block& w, const DenseResponse& r, const Block& dy) {
    require_nonempty(r.input.rows, r.input.cols, "response's input block");
    require_shape(r.input, r.input.rows, w.rows, "response's input block");
    require_finite(r.input, "response's input block");
    require_shape(r.score, r.input.rows, w.cols, "response's score block");
    require_finite(r.score, "response's score block");
    require_shape(r.output, r.input.rows, w.cols, "response's output block");
    require_finite(r.output, "response's output block");
    require_shape(dy, r.input.rows, w.cols, "arriving slope");
    require_finite(dy, "arriving slope");
}

// The order of operations here is a contract: lockstep::Epoch::hidden_forward and answer mirror
// it (crowd/lockstep/epoch.hpp), and tests/crowd/lockstep/test_engine*.cpp compare them bit for bit;
// so does the Transformer's fast twin (fast::multiply, transformer/fast/kernels.hpp), compared by
// tests/transformer/test_fast_twin.cpp.
void dense_train_into(const Block& w, const std::vector<double>& b, Activation a, const Block& x, DenseResponse& r) {
    const std::size_t in = w.rows, out = w.cols;
    r.input = x; // copy-assignment reuses the storage when the size is unchanged
    r.score.reshape(x.rows, out);
    r.output.reshape(x.rows, out);
    if (out == 1) { // one neuron: a dot product per row, in the same order
        for (std::size_t i = 0; i < x.rows; ++i) {
            double s = b[0];
            const double* xr = &x.data[i * in];
            for (std::size_t j = 0; j < in; ++j) s += xr[j] * w.data[j];
            r.score.data[i] = s;
        }
        activate_block(a, r.score, r.output);
        return;
    }
    for (std::size_t i = 0; i < x.rows; ++i) {
        // score(i, k) = b(k) + x(i, 0) w(0, k) + x(i, 1) w(1, k) + ..., summed in that order;
        // four terms an iteration, so a partial sum stays in a register across four of them.
        double* __restrict s = &r.score.data[i * out];
        const double* xr = &x.data[i * in];
        for (std::size_t k = 0; k < out; ++k) s[k] = b[k];
        std::size_t j = 0;
        for (; j + 4 <= in; j += 4) {
            const double x0 = xr[j], x1 = xr[j + 1], x2 = xr[j + 2], x3 = xr[j + 3];
            const double* __restrict w0 = &w.data[j * out];
            const double* __restrict w1 = w0 + out, * __restrict w2 = w1 + out, * __restrict w3 = w2 + out;
            for (std::size_t k = 0; k < out; ++k) s[k] = (((s[k] + x0 * w0[k]) + x1 * w1[k]) + x2 * w2[k]) + x3 * w3[k];
        }
        for (; j < in; ++j) {
            const double xv = xr[j];
            const double* __restrict wr = &w.data[j * out];
            for (std::size_t k = 0; k < out; ++k) s[k] += xv * wr[k];
        }
    }
    activate_block(a, r.score, r.output);
}

// The order of operations here is a contract: lockstep::Epoch::output_backward and
// hidden_backward mirror it, and tests/crowd/lockstep/test_engine*.cpp compare them bit for bit;
// so do fast::multiply and column_sums (transformer/fast/kernels.hpp).
void dense_backward_into(const Block& w, Activation a, const DenseResponse& r, const Block& dy, Block& dx,
                         Block& dweights, std::vector<double>& dbias_out, Workspace& work, bool pass_down) {
    const Block& x = r.input;
    const std::size_t in = w.rows, out = w.cols;
    dx.reshape(pass_down ? x.rows : 0, in);
    dweights.reshape(in, out);
    std::fill(dweights.data.begin(), dweights.data.end(), 0.0);
    dbias_out.assign(out, 0.0);
    if (work.dscore.size() < dy.size()) work.dscore.resize(dy.size());
    const double* dscore = work.dscore.data();
    activation_slopes(a, r, dy, work.dscore.data());
    if (out == 1) { // one neuron: the same sums, with the inner loops running over the inputs
        double* __restrict dw = dweights.data.data();
        for (std::size_t i = 0; i < x.rows; ++i) {
            const double d = dscore[i];
            const double* xr = &x.data[i * in];
            dbias_out[0] += d;
            for (std::size_t j = 0; j < in; ++j) dw[j] += xr[j] * d;
            if (pass_down)
                for (std::size_t j = 0; j < in; ++j) dx.data[i * in + j] = 0.0 + d * w.data[j];
        }
        return;
    }
    // dbias(k) and dweights(j, k) sum over the rows in row order; four rows an iteration, so a
    // partial sum stays in a register across four of them.
    double* __restrict dbias = dbias_out.data();
    std::size_t i = 0;
    for (; i + 4 <= x.rows; i += 4) {
        const double* __restrict d0 = &dscore[i * out];
        const double* __restrict d1 = d0 + out, * __restrict d2 = d1 + out, * __restrict d3 = d2 + out;
        for (std::size_t k = 0; k < out; ++k) dbias[k] = (((dbias[k] + d0[k]) + d1[k]) + d2[k]) + d3[k];
        const double* x0 = &x.data[i * in];
        const double *x1 = x0 + in, *x2 = x1 + in, *x3 = x2 + in;
        for (std::size_t j = 0; j < in; ++j) {
            const double a0 = x0[j], a1 = x1[j], a2 = x2[j], a3 = x3[j];
            double* __restrict dw = &dweights.data[j * out];
            for (std::size_t k = 0; k < out; ++k)
                dw[k] = (((dw[k] + a0 * d0[k]) + a1 * d1[k]) + a2 * d2[k]) + a3 * d3[k];
        }
    }
    for (; i < x.rows; ++i) {
        const double* __restrict d = &dscore[i * out];
        for (std::size_t k = 0; k < out; ++k) dbias[k] += d[k];
        for (std::size_t j = 0; j < in; ++j) {
            const double xv = x.data[i * in + j];
            double* __restrict dw = &dweights.data[j * out];
            for (std::size_t k = 0; k < out; ++k) dw[k] += xv * d[k];
        }
    }
    if (!pass_down) return;
    // dx(i, j) = 0 + dscore(i, 0) w(j, 0) + dscore(i, 1) w(j, 1) + ..., in k order: each row's
    // sums side by side over j (a loop the compilers vectorise), reading W transposed (O, I),
    // four terms an iteration.
    if (work.transposed.size() < w.size()) work.transposed.resize(w.size());
    double* __restrict wt = work.transposed.data();
    for (std::size_t j = 0; j < in; ++j)
        for (std::size_t k = 0; k < out; ++k) wt[k * in + j] = w.data[j * out + k];
    for (i = 0; i < x.rows; ++i) {
        const double* __restrict d = &dscore[i * out];
        double* __restrict sx = &dx.data[i * in];
        for (std::size_t j = 0; j < in; ++j) sx[j] = 0.0;
        std::size_t k = 0;
        for (; k + 4 <= out; k += 4) {
            const double e0 = d[k], e1 = d[k + 1], e2 = d[k + 2], e3 = d[k + 3];
            const double* __restrict w0 = &wt[k * in];
            const double* __restrict w1 = w0 + in, * __restrict w2 = w1 + in, * __restrict w3 = w2 + in;
            for (std::size_t j = 0; j < in; ++j)
                sx[j] = (((sx[j] + e0 * w0[j]) + e1 * w1[j]) + e2 * w2[j]) + e3 * w3[j];
        }
        for (; k < out; ++k) {
            const double dk = d[k];
            const double* __restrict wk = &wt[k * in];
            for (std::size_t j = 0; j < in; ++j) sx[j] += dk * wk[j];
        }
    }
}

Block Dense::infer(const Block& x) const { return train(x).output; }

DenseResponse Dense::train(const Block& x) const {
    check_dense_input(weights_, x);
    DenseResponse r;
    train_into(x, r);
    check_dense_answer(r);
    return r;
}

void Dense::train_into(const Block& x, DenseResponse& r) const { dense_train_into(weights_, bias_, activation_, x, r); }

DenseGradient Dense::backward(const DenseResponse& response, const Block& dy) const {
    check_dense_response(weights_, response, dy);
    DenseGradient g;
    Workspace work;
    backward_into(response, dy, g, work);
    require_answer_finite(g.dx, "passed-down block");
    require_answer_finite(g.dweights, "weight slope");
    require_answer_finite(g.dbias, "bias slope");
    return g;
}

void Dense::backward_into(const DenseResponse& r, const Block& dy, DenseGradient& g, Workspace& work,
                          bool pass_down) const {
    dense_backward_into(weights_, activation_, r, dy, g.dx, g.dweights, g.dbias, work, pass_down);
}

Dense Dense::step(const DenseGradient& gradient, double learning_rate) const {
    require_learning_rate(learning_rate);
    require_shape(gradient.dweights, weights_.rows, weights_.cols, "weight slope");
    require_same(gradient.dbias.size(), bias_.size(), "bias slope length", "bias length");
    require_finite(gradient.dweights, "weight slope");
    require_finite(gradient.dbias, "bias slope");
    Dense next = *this;
    step_into(gradient, learning_rate, next);
    require_answer_finite(next.weights_, "stepped weight block");
    require_answer_finite(next.bias_, "stepped bias");
    return next;
}

void Dense::step_into(const DenseGradient& gradient, double learning_rate, Dense& next) const {
    next.weights_.reshape(weights_.rows, weights_.cols);
    next.bias_.resize(bias_.size());
    next.activation_ = activation_;
    for (std::size_t c = 0; c < weights_.size(); ++c)
        next.weights_.data[c] = weights_.data[c] - learning_rate * gradient.dweights.data[c];
    for (std::size_t k = 0; k < bias_.size(); ++k) next.bias_[k] = bias_[k] - learning_rate * gradient.dbias[k];
}

} // namespace normlab
