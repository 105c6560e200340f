// Token and position embeddings: row b * T + t of the answer is tokens[id] + positions[t].
// Legend: tokens (V, D), positions (context, D); the answer (B * T, D).
#pragma once
#include <string>

#include "core/block.hpp"
#include "transformer/parameter_list.hpp"
#include "transformer/token_batch.hpp"

namespace normlab {

struct EmbeddingGradient {
    Block dtokens;    // (V, D): each token's row gathers the slopes of every place it was read
    Block dpositions; // (context, D): rows beyond T stay 0
};

class Embedding {
public:
    // requires: tables non-empty, finite, of one width (else EmptyBlockError, NonFiniteError, ShapeError).
    Embedding(Block tokens, Block positions);

    const Block& tokens() const { return tokens_; }
    const Block& positions() const { return positions_; }
    std::size_t vocabulary() const { return tokens_.rows; }
    std::size_t context() const { return positions_.rows; }
    std::size_t width() const { return tokens_.cols; }

    // requires: tokens as require_tokens with this vocabulary and context.
    Block infer(const TokenBatch& tokens) const;
    // The response is the answer: backward needs only the ids, which the caller keeps.
    Block train(const TokenBatch& tokens) const { return infer(tokens); }
    // requires: tokens as infer; dy (B * T, D), finite.
    EmbeddingGradient backward(const TokenBatch& tokens, const Block& dy) const;
    // ensures: a new layer, each table moved by -stride * its slope; this one unchanged.
    Embedding step(const EmbeddingGradient& gradient, double stride) const;

    void describe(const std::string& name, ParameterLayout& layout) const;
    void append_parameters(std::vector<double>& out) const;
    static void append_slopes(std::vector<double>& out, const EmbeddingGradient& g);
    Embedding read(ParameterReader& in) const;

    bool operator==(const Embedding& o) const { return tokens_ == o.tokens_ && positions_ == o.positions_; }

private:
    Block tokens_, positions_;
};

} // namespace normlab
