#include "transformer/causal_self_attention.hpp"

#include <cmath>

#include "core/elementary.hpp"
#include "core/errors.hpp"

namespace normlab {

CausalSelfAttention::CausalSelfAttention(Dense projection, Dense mix, std::size_t heads)
    : projection_(std::move(projection)), mix_(std::move(mix)), heads_(heads) {
    const std::size_t d = mix_.inputs();
    require_same(mix_.outputs(), d, "attention out-projection outputs", "its inputs");
    require_same(projection_.inputs(), d, "attention in-projection inputs", "the width");
    require_same(projection_.outputs(), 3 * d, "attention in-projection outputs", "three times the width");
    if (projection_.activation() != Activation::Identity || mix_.activation() != Activation::Identity)
        throw OptionError("attention projections take no activation");
    if (heads == 0 || d % heads != 0)
        throw ShapeError("heads " + std::to_string(heads) + " do not divide the width " + std::to_string(d));
}

namespace {
void require_sequences(const Block& x, std::size_t length, const char* what) {
    if (length == 0 || x.rows % length != 0)
        throw ShapeError(std::string(what) + ": " + std::to_string(x.rows) +
                         " rows are not whole sequences of length " + std::to_string(length));
}
} // namespace

// The order of operations here is a contract: fast::attention_head mirrors it (transformer/fast/
// kernels.hpp), and tests/transformer/test_fast_twin.cpp compares them bit for bit.
AttentionResponse CausalSelfAttention::train(const Block& x, std::size_t length) const {
    require_sequences(x, length, "attention input");
    require_cells(x.rows / length * heads_, length * length, "attention weights (B * H, T * T)");
    AttentionResponse r;
    r.length = length;
    r.projection = projection_.train(x);
    const std::size_t d = width(), e = d / heads_, sequences = x.rows / length;
    const double scale = 1.0 / std::sqrt(static_cast<double>(e));
    const Block& qkv = r.projection.output;
    r.weights.assign(sequences * heads_ * length * length, 0.0);
    Block mixed(x.rows, d);
    for (std::size_t b = 0; b < sequences; ++b)
        for (std::size_t h = 0; h < heads_; ++h) {
            double* w = &r.weights[(b * heads_ + h) * length * length];
            for (std::size_t t = 0; t < length; ++t) {
                const std::size_t qt = b * length + t;
                double top = -INFINITY;
                for (std::size_t s = 0; s <= t; ++s) {
                    double dot = 0;
                    for (std::size_t i = 0; i < e; ++i)
                        dot += qkv.at(qt, h * e + i) * scale * qkv.at(b * length + s, d + h * e + i);
                    w[t * length + s] = dot;
                    top = larger(top, dot);
                }
                double total = 0;
                for (std::size_t s = 0; s <= t; ++s) total += w[t * length + s] = normlab::exp(w[t * length + s] - top);
                for (std::size_t s = 0; s <= t; ++s) w[t * length + s] /= total;
                for (std::size_t s = 0; s <= t; ++s)
                    for (std::size_t i = 0; i < e; ++i)
                        mixed.at(qt, h * e + i) += w[t * length + s] * qkv.at(b * length + s, 2 * d + h * e + i);
            }
        }
    r.mix = mix_.train(mixed);
    return r;
}

// Backward, head by head. With g_t = dmixed_t (the slope reaching head h's part of mixed_t):
//   dv_s    += weight[t][s] g_t                         (the mix is linear in v)
//   dweight  = g_t . v_s
//   dscore   = weight[t][s] (dweight[t][s] - sum_r weight[t][r] dweight[t][r])   (softmax's Jacobian)
//   dq_t    += dscore[t][s] k_s / sqrt(E),  dk_s += dscore[t][s] q_t / sqrt(E)
// The order of operations here is a contract: fast::attention_head_backward mirrors it.
AttentionGradient CausalSelfAttention::backward(const AttentionResponse& r, const Block& dy) const {
    const std::size_t d = width(), e = d / heads_, length = r.length;
    const Block& qkv = r.projection.output;
    require_sequences(qkv, length, "attention response");
    const std::size_t sequences = qkv.rows / length;
    require_same(r.weights.size(), sequences * heads_ * length * length, "attention weights", "B * H * T * T");
    AttentionGradient g;
    g.dmix = mix_.backward(r.mix, dy);
    const Block& dmixed = g.dmix.dx;
    const double scale = 1.0 / std::sqrt(static_cast<double>(e));
    Block dqkv(qkv.rows, 3 * d);
    std::vector<double> dweight(length);
    for (std::size_t b = 0; b < sequences; ++b)
        for (std::size_t h = 0; h < heads_; ++h) {
            const double* w = &r.weights[(b * heads_ + h) * length * length];
            for (std::size_t t = 0; t < length; ++t) {
                const std::size_t qt = b * length + t;
                double weighted = 0;
                for (std::size_t s = 0; s <= t; ++s) {
                    const std::size_t ks = b * length + s;
                    double dot = 0;
                    for (std::size_t i = 0; i < e; ++i) {
                        dot += dmixed.at(qt, h * e + i) * qkv.at(ks, 2 * d + h * e + i);
                        dqkv.at(ks, 2 * d + h * e + i) += w[t * length + s] * dmixed.at(qt, h * e + i);
                    }
                    dweight[s] = dot;
                    weighted += w[t * length + s] * dot;
                }
                for (std::size_t s = 0; s <= t; ++s) {
                    const std::size_t ks = b * length + s;
                    const double dscore = w[t * length + s] * (dweight[s] - weighted) * scale;
                    for (std::size_t i = 0; i < e; ++i) {
                        dqkv.at(qt, h * e + i) += dscore * qkv.at(ks, d + h * e + i);
                        dqkv.at(ks, d + h * e + i) += dscore * qkv.at(qt, h * e + i);
                    }
                }
            }
        }
    g.dprojection = projection_.backward(r.projection, dqkv);
    g.dx = std::move(g.dprojection.dx);
    g.dprojection.dx = Block();
    return g;
}

CausalSelfAttention CausalSelfAttention::step(const AttentionGradient& gradient, double stride) const {
    return CausalSelfAttention(projection_.step(gradient.dprojection, stride), mix_.step(gradient.dmix, stride),
                               heads_);
}

void CausalSelfAttention::describe(const std::string& name, ParameterLayout& layout) const {
    normlab::describe(projection_, name + ".projection", layout);
    normlab::describe(mix_, name + ".mix", layout);
}
void CausalSelfAttention::append_parameters(std::vector<double>& out) const {
    normlab::append_parameters(out, projection_);
    normlab::append_parameters(out, mix_);
}
void CausalSelfAttention::append_slopes(std::vector<double>& out, const AttentionGradient& g) {
    normlab::append_slopes(out, g.dprojection);
    normlab::append_slopes(out, g.dmix);
}
CausalSelfAttention CausalSelfAttention::read(ParameterReader& in) const {
    Dense p = read_dense(projection_, in);
    return CausalSelfAttention(std::move(p), read_dense(mix_, in), heads_);
}

} // namespace normlab
