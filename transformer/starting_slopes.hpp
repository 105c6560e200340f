// The slopes a stack starts with: the size (Frobenius norm) of each block's feed-forward weight
// slopes at initialisation, post-norm beside pre-norm, draw by draw and over the draws (their
// mean, and each block's spread: core/spread.hpp). Xiong and colleagues (2020) found post-norm's
// slopes near the output large at the start, pre-norm's not.
// Each draw initialises one stack (initialised_stack) and draws random tokens; both placements
// get the same weights and tokens. The loss is next-token cross-entropy on those tokens. Draw k
// is seeded by the k-th number of a generator seeded with the settings' seed, whatever the depth,
// so draw k at one depth and draw k at another start from the same seed.
#pragma once
#include <cstdint>
#include <vector>

#include "core/block.hpp"
#include "core/normaliser.hpp"
#include "core/spread.hpp"
#include "transformer/transformer_shape.hpp"

namespace normlab {

struct StartingSlopesSettings {
    TransformerShape shape; // tokens fill the whole context
    NormKind kind = NormKind::Layer;
    std::size_t sequences = 8; // B of each draw
    std::size_t draws = 4;
    std::uint64_t seed = 1;
};

struct StartingSlopes {
    // Per block, first to last: the mean over draws of sqrt(|dW_expand|^2 + |dW_contract|^2).
    std::vector<double> post, pre;
};

// requires: the shape as require_transformer_shape; kind layer or rms (else OptionError); 1..64
// draws and 1..256 sequences (else SizeError).
// ensures: the means of starting_slopes_ensemble's bands.
StartingSlopes starting_slopes(const StartingSlopesSettings& settings);

// Each draw's slopes and each block's spread over the draws.
struct StartingSlopesEnsemble {
    Block post, pre;          // (draws, depth): row k is draw k's slope per block, first to last
    Band post_band, pre_band; // per block, over the draws (band_of the blocks above)
};

// requires: as starting_slopes.
StartingSlopesEnsemble starting_slopes_ensemble(const StartingSlopesSettings& settings);

// The last block's slope size as the stack deepens, each depth a starting_slopes of the settings
// with that depth, beside what Xiong and colleagues' analysis expects of it: for post-norm a size
// independent of depth, for pre-norm one shrinking like 1 / sqrt(depth); both expectations are
// drawn through the first depth's figure.
struct SlopesAcrossDepths {
    std::vector<std::size_t> depths;
    std::vector<double> post, pre;                   // measured, one per depth
    std::vector<double> post_expected, pre_expected; // post[0]; pre[0] * sqrt(depths[0] / depth)
};

constexpr std::size_t max_depths_compared = 16;

// requires: the settings as starting_slopes (their depth is ignored); 1..16 depths, each in
// 1..max_depth and larger than the one before (else SizeError or OptionError naming it).
// ensures: the means of slopes_across_depths_ensemble's bands, and the expectations through them.
SlopesAcrossDepths slopes_across_depths(const StartingSlopesSettings& settings, const std::vector<std::size_t>& depths);

// The last block's slope across depths, draw by draw, and each depth's spread over the draws.
struct SlopesAcrossDepthsEnsemble {
    std::vector<std::size_t> depths;
    std::vector<StartingSlopesEnsemble> at_depth; // one per depth: every block's slopes at that depth
    Block post, pre;                              // (draws, depths): row k is draw k's last-block slope at each depth
    Band post_band, pre_band;                     // per depth, over the draws
};

// requires: as slopes_across_depths.
SlopesAcrossDepthsEnsemble slopes_across_depths_ensemble(const StartingSlopesSettings& settings,
                                                         const std::vector<std::size_t>& depths);

// The means of an ensemble's bands, beside the expectations drawn through the first depth's.
SlopesAcrossDepths slopes_across_depths_of(const SlopesAcrossDepthsEnsemble& ensemble);

// How many times the first figure the last one is: a stack's last block's slope over its first
// block's, or the deepest stack's last-block slope over the shallowest's.
// requires: at least one figure (else SizeError), all finite (else NonFiniteError); a ratio
// beyond the largest double (a first figure of 0) is refused with NonFiniteError.
double last_over_first(const std::vector<double>& figures);
// What Xiong and colleagues' analysis expects of the last block's slope at each depth, drawn
// through the first depth's figures (a mean, as slopes_across_depths draws them, or a median, as
// the page draws them): post-norm the same at every depth, pre-norm pre_first * sqrt(depths[0] /
// depth).
struct SlopesExpectations {
    std::vector<double> post, pre; // one per depth
};
// requires: depths as slopes_across_depths; both figures finite (else NonFiniteError).
SlopesExpectations slopes_expectations(const std::vector<std::size_t>& depths, double post_first, double pre_first);

} // namespace normlab
