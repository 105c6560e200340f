#include "transformer/starting_slopes.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/random.hpp"
#include "transformer/next_token_loss.hpp"
#include "transformer/stack_initialisation.hpp"

namespace normlab {

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

namespace {
std::vector<double> sizes_of(const TransformerShape& shape, Placement placement, NormKind kind, std::uint64_t seed,
                             std::size_t sequences) {
    Random random(seed);
    const TransformerStack stack = initialised_stack(shape, placement, kind, random);
    TokenBatch tokens{sequences, shape.context, std::vector<std::size_t>(sequences * shape.context)};
    for (std::size_t& id : tokens.ids) id = static_cast<std::size_t>(random.below(shape.vocabulary));
    const TransformerResponse r = stack.train(tokens);
    const NextTokenLoss loss = next_token_loss(r.logits(), next_tokens(tokens));
    return feed_forward_slope_sizes(stack.backward(r, loss.dlogits));
}
} // namespace

StartingSlopes starting_slopes(const StartingSlopesSettings& s) {
    require_transformer_shape(s.shape);
    if (s.draws == 0 || s.draws > 64) throw SizeError("draws " + std::to_string(s.draws) + " is outside 1..64");
    if (s.sequences == 0 || s.sequences > 256)
        throw SizeError("sequences " + std::to_string(s.sequences) + " is outside 1..256");
    StartingSlopes out{std::vector<double>(s.shape.depth, 0.0), std::vector<double>(s.shape.depth, 0.0)};
    Random seeds(s.seed);
    for (std::size_t k = 0; k < s.draws; ++k) {
        const std::uint64_t seed = seeds.next_u64(); // one draw: the same weights and tokens for both
        const std::vector<double> post = sizes_of(s.shape, Placement::Post, s.kind, seed, s.sequences);
        const std::vector<double> pre = sizes_of(s.shape, Placement::Pre, s.kind, seed, s.sequences);
        for (std::size_t l = 0; l < s.shape.depth; ++l) {
            out.post[l] += post[l] / static_cast<double>(s.draws);
            out.pre[l] += pre[l] / static_cast<double>(s.draws);
        }
    }
    return out;
}

SlopesAcrossDepths slopes_across_depths(const StartingSlopesSettings& settings,
                                        const std::vector<std::size_t>& depths) {
    if (depths.empty() || depths.size() > max_depths_compared)
        throw SizeError(std::to_string(depths.size()) + " depths is outside 1.." + std::to_string(max_depths_compared));
    for (std::size_t k = 0; k < depths.size(); ++k) {
        if (depths[k] == 0 || depths[k] > max_depth)
            throw SizeError("depth " + std::to_string(depths[k]) + " is outside 1.." + std::to_string(max_depth));
        if (k > 0 && depths[k] <= depths[k - 1])
            throw OptionError("depth " + std::to_string(depths[k]) + " does not come after depth " +
                              std::to_string(depths[k - 1]) + "; the depths must increase");
    }
    SlopesAcrossDepths out;
    out.depths = depths;
    for (std::size_t depth : depths) {
        StartingSlopesSettings at = settings;
        at.shape.depth = depth;
        const StartingSlopes slopes = starting_slopes(at);
        out.post.push_back(slopes.post.back());
        out.pre.push_back(slopes.pre.back());
    }
    for (std::size_t depth : depths) {
        out.post_expected.push_back(out.post.front());
        out.pre_expected.push_back(out.pre.front() *
                                   std::sqrt(static_cast<double>(depths.front()) / static_cast<double>(depth)));
    }
    return out;
}

} // namespace normlab
