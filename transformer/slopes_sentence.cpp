#include "transformer/slopes_sentence.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "transformer/starting_slopes.hpp"

namespace normlab {

SlopesSentence slopes_sentence(const std::vector<double>& post_blocks, const std::vector<double>& pre_blocks,
                               const std::vector<std::size_t>& depths, const Band& post_across,
                               const Band& pre_across) {
    require_same(pre_blocks.size(), post_blocks.size(), "number of pre-norm's block medians", "number of post-norm's");
    if (post_blocks.empty()) throw SizeError("no block's slopes to judge; the sentence needs at least one block");
    require_finite(post_blocks, "post-norm's block medians");
    require_finite(pre_blocks, "pre-norm's block medians");
    for (const Band* band : {&post_across, &pre_across}) {
        require_same(band->median.size(), depths.size(), "number of a band's medians", "number of depths");
        require_same(band->low.size(), depths.size(), "number of a band's 10 % figures", "number of depths");
        require_same(band->high.size(), depths.size(), "number of a band's 90 % figures", "number of depths");
        for (const std::vector<double>* line : {&band->median, &band->low, &band->high})
            require_finite(*line, "a band's figures across depths");
    }
    // The expectation as the page draws it, through the shallowest depth's medians.
    const SlopesExpectations expected = slopes_expectations(depths, post_across.median[0], pre_across.median[0]);
    const std::size_t n = depths.size();
    SlopesSentence s;
    s.post_rises = post_blocks.back() > post_blocks.front();
    s.post_above_pre = post_blocks.back() > pre_blocks.back();
    s.pre_largest_first = *std::max_element(pre_blocks.begin(), pre_blocks.end()) == pre_blocks.front();
    s.deep_band_above_shallow = post_across.low[n - 1] > post_across.high[0];
    s.pre_falls = pre_across.median[n - 1] < pre_across.median[0];
    s.pre_above_curve = true;
    for (std::size_t d = 1; d < n; ++d) s.pre_above_curve = s.pre_above_curve && pre_across.median[d] > expected.pre[d];
    return s;
}

} // namespace normlab
