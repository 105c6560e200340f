#include "transformer/transformer_stack.hpp"

#include <cmath>

#include "core/errors.hpp"

namespace normlab {

TransformerStack::TransformerStack(TransformerShape shape, Placement placement, Embedding embedding,
                                   std::vector<ResidualBlock> blocks, std::optional<Normaliser> final, Dense readout)
    : shape_(shape),
      placement_(placement),
      embedding_(std::move(embedding)),
      blocks_(std::move(blocks)),
      final_(std::move(final)),
      readout_(std::move(readout)) {
    require_transformer_shape(shape_);
    const std::size_t d = shape_.width;
    require_same(embedding_.vocabulary(), shape_.vocabulary, "token embedding rows", "the vocabulary");
    require_same(embedding_.context(), shape_.context, "position embedding rows", "the context");
    require_same(embedding_.width(), d, "embedding width", "the width");
    require_same(blocks_.size(), shape_.depth, "blocks", "the depth");
    for (const ResidualBlock& b : blocks_) {
        if (b.placement() != placement_) throw OptionError("a block's placement differs from the stack's");
        require_same(b.attention().width(), d, "a block's width", "the width");
        require_same(b.attention().heads(), shape_.heads, "a block's heads", "the heads");
        require_same(b.feed_forward().expand().outputs(), shape_.hidden, "a block's hidden width", "the hidden width");
    }
    if (final_.has_value() != (placement_ == Placement::Pre))
        throw OptionError(placement_ == Placement::Pre ? "a pre-norm stack needs a final normaliser"
                                                       : "a post-norm stack takes no final normaliser");
    if (final_) {
        require_feature_normaliser(final_->spec(), "the final normaliser");
        require_same(final_->features(), d, "final normaliser features", "the width");
    }
    require_same(readout_.inputs(), d, "readout inputs", "the width");
    require_same(readout_.outputs(), shape_.vocabulary, "readout outputs", "the vocabulary");
    if (readout_.activation() != Activation::Identity) throw OptionError("the readout takes no activation");
}

// The order of operations in train and backward (and in the layers they call) is a contract: the
// fast twin's fast::StackPass mirrors them (transformer/fast/stack_pass.hpp), and
// tests/transformer/test_fast_twin.cpp compares them bit for bit.
TransformerResponse TransformerStack::train(const TokenBatch& tokens) const {
    TransformerResponse r;
    r.tokens = tokens;
    r.embedded = embedding_.train(tokens);
    const Block* x = &r.embedded;
    r.blocks.reserve(blocks_.size());
    for (const ResidualBlock& b : blocks_) {
        r.blocks.push_back(b.train(*x, tokens.length));
        x = &r.blocks.back().output;
    }
    if (final_) {
        r.final = final_->train(*x);
        x = &r.final->output;
    }
    r.readout = readout_.train(*x);
    return r;
}

TransformerGradient TransformerStack::backward(const TransformerResponse& r, const Block& dlogits) const {
    require_same(r.blocks.size(), blocks_.size(), "response blocks", "the depth");
    if (r.final.has_value() != final_.has_value()) throw ShapeError("a response of another placement");
    TransformerGradient g;
    g.dreadout = readout_.backward(r.readout, dlogits);
    Block dx = std::move(g.dreadout.dx);
    g.dreadout.dx = Block();
    if (final_) {
        g.dfinal = final_->backward(*r.final, dx);
        dx = g.dfinal->dx;
    }
    g.dblocks.resize(blocks_.size());
    for (std::size_t l = blocks_.size(); l-- > 0;) {
        g.dblocks[l] = blocks_[l].backward(r.blocks[l], dx);
        dx = g.dblocks[l].dx;
    }
    g.dembedding = embedding_.backward(r.tokens, dx);
    return g;
}

TransformerStack TransformerStack::step(const TransformerGradient& gradient, double stride) const {
    require_learning_rate(stride);
    std::vector<double> p = parameters();
    const std::vector<double> s = slopes(gradient);
    for (std::size_t k = 0; k < p.size(); ++k) p[k] -= stride * s[k];
    return with_parameters(p);
}

ParameterLayout TransformerStack::layout() const {
    ParameterLayout layout;
    embedding_.describe("embedding", layout);
    for (std::size_t l = 0; l < blocks_.size(); ++l) blocks_[l].describe("block" + std::to_string(l), layout);
    if (final_) describe(*final_, "final", layout);
    describe(readout_, "readout", layout);
    return layout;
}

std::vector<double> TransformerStack::parameters() const {
    std::vector<double> out;
    append_parameters(out);
    return out;
}

void TransformerStack::append_parameters(std::vector<double>& out) const {
    out.reserve(out.size() + layout().size()); // one allocation, not one per run appended
    embedding_.append_parameters(out);
    for (const ResidualBlock& b : blocks_) b.append_parameters(out);
    if (final_) normlab::append_parameters(out, *final_);
    normlab::append_parameters(out, readout_);
}

std::vector<double> TransformerStack::slopes(const TransformerGradient& g) const {
    require_same(g.dblocks.size(), blocks_.size(), "gradient blocks", "the depth");
    if (g.dfinal.has_value() != final_.has_value()) throw ShapeError("a gradient of another placement");
    const std::size_t size = layout().size();
    std::vector<double> out;
    out.reserve(size);
    Embedding::append_slopes(out, g.dembedding);
    for (std::size_t l = 0; l < blocks_.size(); ++l) blocks_[l].append_slopes(out, g.dblocks[l]);
    if (final_) append_slopes(out, *final_, *g.dfinal);
    append_slopes(out, g.dreadout);
    require_same(out.size(), size, "slopes", "the parameters");
    return out;
}

TransformerStack TransformerStack::with_parameters(const std::vector<double>& values) const {
    require_same(values.size(), layout().size(), "parameter list's length", "stack's number of parameters");
    require_finite(values, "parameter list");
    ParameterReader in(values);
    Embedding e = embedding_.read(in);
    std::vector<ResidualBlock> blocks;
    blocks.reserve(blocks_.size());
    for (const ResidualBlock& b : blocks_) blocks.push_back(b.read(in));
    std::optional<Normaliser> final;
    if (final_) final = read_normaliser(*final_, in);
    Dense readout = read_dense(readout_, in);
    return TransformerStack(shape_, placement_, std::move(e), std::move(blocks), std::move(final), std::move(readout));
}

std::vector<double> feed_forward_slope_sizes(const TransformerGradient& gradient) {
    std::vector<double> sizes;
    for (const ResidualBlockGradient& b : gradient.dblocks) {
        double square = 0;
        for (double v : b.dfeed_forward.dexpand.dweights.data) square += v * v;
        for (double v : b.dfeed_forward.dcontract.dweights.data) square += v * v;
        sizes.push_back(std::sqrt(square));
    }
    return sizes;
}

} // namespace normlab
