#include "transformer/stack_initialisation.hpp"

#include <cmath>

#include "core/errors.hpp"

namespace normlab {

Block xavier_uniform(std::size_t rows, std::size_t cols, Random& random) {
    const double a = std::sqrt(6.0 / static_cast<double>(rows + cols));
    Block m(rows, cols);
    for (double& v : m.data) v = a * (2.0 * random.uniform() - 1.0);
    return m;
}

namespace {
std::vector<double> linear_bias(std::size_t fan_in, std::size_t count, Random& random) {
    const double a = 1.0 / std::sqrt(static_cast<double>(fan_in));
    std::vector<double> b(count);
    for (double& v : b) v = a * (2.0 * random.uniform() - 1.0);
    return b;
}
} // namespace

TransformerStack initialised_stack(const TransformerShape& s, Placement placement, NormKind kind, Random& random) {
    require_transformer_shape(s);
    require_feature_normaliser(norm_spec(kind), "the normaliser");
    const NormSpec spec = norm_spec(kind);
    const std::size_t d = s.width, f = s.hidden;
    Block tokens = xavier_uniform(s.vocabulary, d, random);
    Embedding embedding(std::move(tokens), xavier_uniform(s.context, d, random));
    std::vector<ResidualBlock> blocks;
    for (std::size_t l = 0; l < s.depth; ++l) {
        Dense projection(xavier_uniform(d, 3 * d, random), std::vector<double>(3 * d, 0.0), Activation::Identity);
        Dense mix(xavier_uniform(d, d, random), std::vector<double>(d, 0.0), Activation::Identity);
        Block w1 = xavier_uniform(d, f, random);
        Dense expand(std::move(w1), linear_bias(d, f, random), Activation::Relu);
        Block w2 = xavier_uniform(f, d, random);
        Dense contract(std::move(w2), linear_bias(f, d, random), Activation::Identity);
        blocks.emplace_back(placement, Normaliser(d, spec),
                            CausalSelfAttention(std::move(projection), std::move(mix), s.heads), Normaliser(d, spec),
                            FeedForward(std::move(expand), std::move(contract)));
    }
    std::optional<Normaliser> final;
    if (placement == Placement::Pre) final = Normaliser(d, spec);
    Block w = xavier_uniform(d, s.vocabulary, random);
    Dense readout(std::move(w), linear_bias(d, s.vocabulary, random), Activation::Identity);
    return TransformerStack(s, placement, std::move(embedding), std::move(blocks), std::move(final),
                            std::move(readout));
}

} // namespace normlab
