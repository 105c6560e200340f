#include "transformer/starting_slopes.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "core/errors.hpp"
#include "core/random.hpp"
#include "transformer/fast/fast_transformer.hpp"
#include "transformer/next_token_loss.hpp"
#include "transformer/stack_initialisation.hpp"

namespace normlab {

namespace {
// One draw: the stack drawn from the seed, then its tokens, the next-token loss's slopes. Taken by
// the fast twin (transformer/fast/), the layer values' draw bit for bit
// (tests/transformer/test_fast_twin.cpp compares them).
std::vector<double> sizes_of(const TransformerShape& shape, Placement placement, NormKind kind, std::uint64_t seed,
                             std::size_t sequences) {
    return fast::starting_slope_sizes(shape, placement, kind, seed, sequences);
}
// The depths compared across: 1..max_depths_compared of them, each in 1..max_depth, increasing.
void require_depths(const std::vector<std::size_t>& depths) {
    if (depths.empty() || depths.size() > max_depths_compared)
        throw SizeError(std::to_string(depths.size()) + " depths is outside 1.." + std::to_string(max_depths_compared));
    for (std::size_t k = 0; k < depths.size(); ++k) {
        if (depths[k] == 0 || depths[k] > max_depth)
            throw SizeError("depth " + std::to_string(depths[k]) + " is outside 1.." + std::to_string(max_depth));
        if (k > 0 && depths[k] <= depths[k - 1])
            throw OptionError("depth " + std::to_string(depths[k]) + " does not come after depth " +
                              std::to_string(depths[k - 1]) + "; the depths must increase");
    }
}
} // namespace

StartingSlopesEnsemble starting_slopes_ensemble(const StartingSlopesSettings& s) {
    require_transformer_shape(s.shape);
    if (s.draws == 0 || s.draws > 64) throw SizeError("draws " + std::to_string(s.draws) + " is outside 1..64");
    if (s.sequences == 0 || s.sequences > 256)
        throw SizeError("sequences " + std::to_string(s.sequences) + " is outside 1..256");
    StartingSlopesEnsemble out;
    out.post = Block(s.draws, s.shape.depth);
    out.pre = Block(s.draws, s.shape.depth);
    Random seeds(s.seed);
    for (std::size_t k = 0; k < s.draws; ++k) {
        const std::uint64_t seed = seeds.next_u64(); // one draw: the same weights and tokens for both
        const std::vector<double> post = sizes_of(s.shape, Placement::Post, s.kind, seed, s.sequences);
        const std::vector<double> pre = sizes_of(s.shape, Placement::Pre, s.kind, seed, s.sequences);
        for (std::size_t l = 0; l < s.shape.depth; ++l) {
            out.post.at(k, l) = post[l];
            out.pre.at(k, l) = pre[l];
        }
    }
    out.post_band = band_of(out.post);
    out.pre_band = band_of(out.pre);
    return out;
}

StartingSlopes starting_slopes(const StartingSlopesSettings& s) {
    // The bands' means are sums of slope / draws in draw order: the figures this function has
    // always returned, bit for bit.
    StartingSlopesEnsemble ensemble = starting_slopes_ensemble(s);
    return {std::move(ensemble.post_band.mean), std::move(ensemble.pre_band.mean)};
}

SlopesAcrossDepthsEnsemble slopes_across_depths_ensemble(const StartingSlopesSettings& settings,
                                                         const std::vector<std::size_t>& depths) {
    require_depths(depths);
    SlopesAcrossDepthsEnsemble out;
    out.depths = depths;
    for (std::size_t depth : depths) {
        StartingSlopesSettings at = settings;
        at.shape.depth = depth;
        out.at_depth.push_back(starting_slopes_ensemble(at));
    }
    const std::size_t draws = out.at_depth.front().post.rows;
    out.post = Block(draws, depths.size());
    out.pre = Block(draws, depths.size());
    for (std::size_t d = 0; d < depths.size(); ++d)
        for (std::size_t k = 0; k < draws; ++k) {
            out.post.at(k, d) = out.at_depth[d].post.at(k, depths[d] - 1);
            out.pre.at(k, d) = out.at_depth[d].pre.at(k, depths[d] - 1);
        }
    out.post_band = band_of(out.post);
    out.pre_band = band_of(out.pre);
    return out;
}

SlopesAcrossDepths slopes_across_depths_of(const SlopesAcrossDepthsEnsemble& ensemble) {
    SlopesAcrossDepths out;
    out.depths = ensemble.depths;
    out.post = ensemble.post_band.mean; // each the mean of that depth's last-block slopes
    out.pre = ensemble.pre_band.mean;
    SlopesExpectations expected = slopes_expectations(out.depths, out.post.front(), out.pre.front());
    out.post_expected = std::move(expected.post);
    out.pre_expected = std::move(expected.pre);
    return out;
}

double last_over_first(const std::vector<double>& figures) {
    if (figures.empty()) throw SizeError("0 figures: the ratio of the last to the first needs at least one");
    require_finite(figures, "the figures");
    const std::vector<double> ratio{figures.back() / figures.front()};
    require_answer_finite(ratio, "the ratio of the last figure to the first");
    return ratio.front();
}

SlopesExpectations slopes_expectations(const std::vector<std::size_t>& depths, double post_first, double pre_first) {
    require_depths(depths);
    require_finite(post_first, "the first depth's post-norm figure");
    require_finite(pre_first, "the first depth's pre-norm figure");
    SlopesExpectations out;
    for (std::size_t depth : depths) {
        out.post.push_back(post_first);
        out.pre.push_back(pre_first * std::sqrt(static_cast<double>(depths.front()) / static_cast<double>(depth)));
    }
    return out;
}

SlopesAcrossDepths slopes_across_depths(const StartingSlopesSettings& settings,
                                        const std::vector<std::size_t>& depths) {
    return slopes_across_depths_of(slopes_across_depths_ensemble(settings, depths));
}

} // namespace normlab
