// A small Transformer as one value: embeddings, residual blocks, a final normaliser for
// pre-norm, and a readout to the vocabulary's logits.
//   x0 = embed(tokens)                       (B * T, D)
//   x_l = block_l(x_{l-1}), l = 1..depth     (B * T, D)
//   h = final(x_depth) (pre-norm) or x_depth (post-norm)
//   logits = h W_out + b_out                 (B * T, V)
#pragma once
#include <optional>
#include <vector>

#include "core/dense.hpp"
#include "core/normaliser.hpp"
#include "transformer/embedding.hpp"
#include "transformer/residual_block.hpp"
#include "transformer/token_batch.hpp"
#include "transformer/transformer_shape.hpp"

namespace normlab {

struct TransformerResponse {
    TokenBatch tokens;
    Block embedded;
    std::vector<ResidualBlockResponse> blocks;
    std::optional<NormResponse> final; // pre-norm only
    DenseResponse readout;
    const Block& logits() const { return readout.output; }
};

struct TransformerGradient {
    EmbeddingGradient dembedding;
    std::vector<ResidualBlockGradient> dblocks;
    std::optional<NormGradient> dfinal;
    DenseGradient dreadout;
};

// Per block, first to last, sqrt(|dW_expand|^2 + |dW_contract|^2) of a gradient: the size of its
// feed-forward weight slopes (the starting slopes' figure, starting_slopes.hpp).
std::vector<double> feed_forward_slope_sizes(const TransformerGradient& gradient);

class TransformerStack {
public:
    // requires: the shape as require_transformer_shape; the layers of that shape, every block of
    // the placement, a final normaliser exactly when pre-norm (else ShapeError or OptionError).
    TransformerStack(TransformerShape shape, Placement placement, Embedding embedding,
                     std::vector<ResidualBlock> blocks, std::optional<Normaliser> final, Dense readout);

    const TransformerShape& shape() const { return shape_; }
    Placement placement() const { return placement_; }
    NormKind norm_kind() const { return blocks_.front().first().spec().kind; }
    const Embedding& embedding() const { return embedding_; }
    const std::vector<ResidualBlock>& blocks() const { return blocks_; }
    const std::optional<Normaliser>& final() const { return final_; }
    const Dense& readout() const { return readout_; }

    // requires: tokens as require_tokens with the shape's vocabulary and context.
    Block infer(const TokenBatch& tokens) const { return train(tokens).readout.output; }
    TransformerResponse train(const TokenBatch& tokens) const;
    // requires: a response of this stack; dlogits (B * T, V), finite.
    TransformerGradient backward(const TransformerResponse& response, const Block& dlogits) const;
    // ensures: every parameter moved by -stride * its slope; this stack unchanged.
    TransformerStack step(const TransformerGradient& gradient, double stride) const;

    // The flat parameter list: embedding, blocks in order, the final normaliser, the readout.
    ParameterLayout layout() const;
    std::vector<double> parameters() const;
    // The same list appended to `out` (a caller's storage kept from call to call).
    void append_parameters(std::vector<double>& out) const;
    std::vector<double> slopes(const TransformerGradient& gradient) const; // in the same order
    // requires: as many values as the layout holds (else ShapeError), finite.
    TransformerStack with_parameters(const std::vector<double>& values) const;

private:
    TransformerShape shape_;
    Placement placement_;
    Embedding embedding_;
    std::vector<ResidualBlock> blocks_;
    std::optional<Normaliser> final_;
    Dense readout_;
};

} // namespace normlab
