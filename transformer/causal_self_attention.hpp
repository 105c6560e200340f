// Causal multi-head self-attention, as PyTorch's nn.MultiheadAttention with a causal mask.
// Legend: x (B * T, D); H heads of width E = D / H. The projection (D, 3D) gives q, k and v side
// by side (columns [0, D), [D, 2D), [2D, 3D)); head h reads columns [h E, (h + 1) E) of each.
// Token t of a sequence attends to tokens 0..t of the same sequence:
//   score[t][s] = q_t . k_s / sqrt(E),  weight[t][.] = softmax(score[t][0..t]),
//   mixed_t = sum_s weight[t][s] v_s,  answer = mixed W_out + b_out.
#pragma once
#include <string>
#include <vector>

#include "core/dense.hpp"
#include "transformer/parameter_list.hpp"

namespace normlab {

struct AttentionResponse {
    std::size_t length = 0;      // T: rows of one sequence
    DenseResponse projection;    // x -> (B * T, 3D): q, k, v
    std::vector<double> weights; // (B, H, T, T), row t holding weight[t][s] for s <= t, 0 beyond
    DenseResponse mix;           // mixed (B * T, D) -> the answer (B * T, D)
    const Block& output() const { return mix.output; }
};

struct AttentionGradient {
    Block dx;                  // (B * T, D)
    DenseGradient dprojection; // the in-projection's slopes
    DenseGradient dmix;        // the out-projection's slopes
};

class CausalSelfAttention {
public:
    // requires: projection (D, 3D) and mix (D, D), identity activation; heads dividing D (else ShapeError).
    CausalSelfAttention(Dense projection, Dense mix, std::size_t heads);

    const Dense& projection() const { return projection_; }
    const Dense& mix() const { return mix_; }
    std::size_t heads() const { return heads_; }
    std::size_t width() const { return mix_.outputs(); }

    // requires: x (B * T, D) finite, its rows a whole number of sequences of the given length
    // (else ShapeError); the B * H * T * T weights within max_block_cells (else SizeError).
    Block infer(const Block& x, std::size_t length) const { return train(x, length).mix.output; }
    AttentionResponse train(const Block& x, std::size_t length) const;
    // requires: a response of this layer; dy (B * T, D), finite.
    // ensures: dx and every parameter's slope of sum(dy * answer).
    AttentionGradient backward(const AttentionResponse& response, const Block& dy) const;
    CausalSelfAttention step(const AttentionGradient& gradient, double stride) const;

    void describe(const std::string& name, ParameterLayout& layout) const;
    void append_parameters(std::vector<double>& out) const;
    static void append_slopes(std::vector<double>& out, const AttentionGradient& g);
    CausalSelfAttention read(ParameterReader& in) const;

private:
    Dense projection_, mix_;
    std::size_t heads_;
};

} // namespace normlab
