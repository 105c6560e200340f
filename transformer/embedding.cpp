#include "transformer/embedding.hpp"

#include "core/errors.hpp"

namespace normlab {

Embedding::Embedding(Block tokens, Block positions) : tokens_(std::move(tokens)), positions_(std::move(positions)) {
    require_well_formed(tokens_, "token embedding");
    require_well_formed(positions_, "position embedding");
    require_nonempty(tokens_.rows, tokens_.cols, "token embedding");
    require_nonempty(positions_.rows, positions_.cols, "position embedding");
    require_same(positions_.cols, tokens_.cols, "position embedding width", "token embedding width");
    require_finite(tokens_, "token embedding");
    require_finite(positions_, "position embedding");
}

// The order of operations in infer and backward is a contract: fast::StackPass::forward and
// backward mirror them (transformer/fast/stack_pass.hpp).
Block Embedding::infer(const TokenBatch& tokens) const {
    require_tokens(tokens, vocabulary(), context(), "tokens");
    const std::size_t d = width();
    Block x(tokens.ids.size(), d);
    for (std::size_t row = 0; row < tokens.ids.size(); ++row) {
        const std::size_t t = row % tokens.length;
        for (std::size_t j = 0; j < d; ++j) x.at(row, j) = tokens_.at(tokens.ids[row], j) + positions_.at(t, j);
    }
    return x;
}

EmbeddingGradient Embedding::backward(const TokenBatch& tokens, const Block& dy) const {
    require_tokens(tokens, vocabulary(), context(), "tokens");
    require_shape(dy, tokens.ids.size(), width(), "embedding dy");
    require_finite(dy, "embedding dy");
    EmbeddingGradient g{Block(vocabulary(), width()), Block(context(), width())};
    for (std::size_t row = 0; row < tokens.ids.size(); ++row)
        for (std::size_t j = 0; j < width(); ++j) {
            g.dtokens.at(tokens.ids[row], j) += dy.at(row, j);
            g.dpositions.at(row % tokens.length, j) += dy.at(row, j);
        }
    return g;
}

Embedding Embedding::step(const EmbeddingGradient& gradient, double stride) const {
    require_learning_rate(stride);
    require_shape(gradient.dtokens, vocabulary(), width(), "dtokens");
    require_shape(gradient.dpositions, context(), width(), "dpositions");
    Block t = tokens_, p = positions_;
    for (std::size_t k = 0; k < t.size(); ++k) t.data[k] -= stride * gradient.dtokens.data[k];
    for (std::size_t k = 0; k < p.size(); ++k) p.data[k] -= stride * gradient.dpositions.data[k];
    return Embedding(std::move(t), std::move(p));
}

void Embedding::describe(const std::string& name, ParameterLayout& layout) const {
    layout.add(name + ".tokens", tokens_.size());
    layout.add(name + ".positions", positions_.size());
}
void Embedding::append_parameters(std::vector<double>& out) const {
    append(out, tokens_);
    append(out, positions_);
}
void Embedding::append_slopes(std::vector<double>& out, const EmbeddingGradient& g) {
    append(out, g.dtokens);
    append(out, g.dpositions);
}
Embedding Embedding::read(ParameterReader& in) const {
    Block t = in.block(vocabulary(), width());
    return Embedding(std::move(t), in.block(context(), width()));
}

} // namespace normlab
