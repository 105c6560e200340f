// The chapter's sentence beside the starting-slopes instrument (claims T53 to T55), judged part by
// part on one seed's draws: the same judgement for the page's line under the charts and for the
// native tests that check the sentence over seeds 1 to 5.
#pragma once
#include <cstddef>
#include <vector>

#include "core/spread.hpp"

namespace normlab {

struct SlopesSentence {
    // At one depth, over its blocks (medians over the draws):
    bool post_rises = false;        // T53: post-norm's last block above its first
    bool post_above_pre = false;    // T53: post-norm's last block above pre-norm's last block
    bool pre_largest_first = false; // T53: pre-norm's largest at block 1
    // Across depths, the last block's slope (bands over the draws):
    bool deep_band_above_shallow = false; // T54: post-norm's deepest band wholly above its shallowest (low > high)
    bool pre_falls = false;               // T55: pre-norm's median lower at the deepest depth than at the shallowest
    bool pre_above_curve =
        false; // T55: and above the 1/sqrt(depth) curve through the shallowest median at every deeper depth
};

// post_blocks, pre_blocks: each block's median at one depth; depths, post_across, pre_across: the
// last block's band at each depth (as slopes_across_depths_ensemble makes them).
// requires: block medians of one length, at least one (else ShapeError, SizeError); depths as
// slopes_expectations, and bands with one entry per depth (else ShapeError); every figure finite
// (else NonFiniteError).
SlopesSentence slopes_sentence(const std::vector<double>& post_blocks, const std::vector<double>& pre_blocks,
                               const std::vector<std::size_t>& depths, const Band& post_across, const Band& pre_across);

} // namespace normlab
