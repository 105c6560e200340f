// One residual block: attention, then the feed-forward block, each added back to its input,
// with the two normalisers placed as PyTorch's nn.TransformerEncoderLayer places them:
//   post-norm (norm_first=False):  y1 = norm1(x + attention(x));   y = norm2(y1 + ff(y1))
//   pre-norm  (norm_first=True):   y1 = x + attention(norm1(x));   y = y1 + ff(norm2(y1))
// The normalisers are the core's, over the feature axis: layer norm or RMSNorm.
#pragma once
#include <string>

#include "core/normaliser.hpp"
#include "transformer/causal_self_attention.hpp"
#include "transformer/feed_forward.hpp"
#include "transformer/transformer_shape.hpp"

namespace normlab {

struct ResidualBlockResponse {
    NormResponse first;          // post: of x + attention(x); pre: of x
    AttentionResponse attention; // post: of x; pre: of norm1(x)
    Block middle;                // y1
    NormResponse second;         // post: of y1 + ff(y1); pre: of y1
    FeedForwardResponse feed_forward;
    Block output; // (B * T, D)
};

struct ResidualBlockGradient {
    Block dx;
    NormGradient dfirst;
    AttentionGradient dattention;
    NormGradient dsecond;
    FeedForwardGradient dfeed_forward;
};

class ResidualBlock {
public:
    // requires: normalisers over the feature axis (layer or RMS kind, else OptionError), all of the
    // attention's width (else ShapeError).
    ResidualBlock(Placement placement, Normaliser first, CausalSelfAttention attention, Normaliser second,
                  FeedForward feed_forward);

    Placement placement() const { return placement_; }
    const Normaliser& first() const { return first_; }
    const CausalSelfAttention& attention() const { return attention_; }
    const Normaliser& second() const { return second_; }
    const FeedForward& feed_forward() const { return feed_forward_; }

    Block infer(const Block& x, std::size_t length) const { return train(x, length).output; }
    ResidualBlockResponse train(const Block& x, std::size_t length) const;
    ResidualBlockGradient backward(const ResidualBlockResponse& response, const Block& dy) const;
    ResidualBlock step(const ResidualBlockGradient& gradient, double stride) const;

    // Order: first normaliser, attention, second normaliser, feed-forward block.
    void describe(const std::string& name, ParameterLayout& layout) const;
    void append_parameters(std::vector<double>& out) const;
    void append_slopes(std::vector<double>& out, const ResidualBlockGradient& g) const;
    ResidualBlock read(ParameterReader& in) const;

private:
    Placement placement_;
    Normaliser first_;
    CausalSelfAttention attention_;
    Normaliser second_;
    FeedForward feed_forward_;
};

// a + b, cell by cell. requires: the same shape (else ShapeError).
Block sum_of(const Block& a, const Block& b);
// requires: a layer or RMS kind (else OptionError).
void require_feature_normaliser(const NormSpec& spec, const char* what);

} // namespace normlab
