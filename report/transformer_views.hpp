// The Transformer's figures as JSON, for the page's pre-norm and post-norm instruments.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "transformer/starting_slopes.hpp"

namespace normlab {

// The stated setting: depth 6, width 64, 4 heads, hidden width 256, vocabulary 11, 16 tokens,
// 8 sequences a draw, 4 draws, seed 1, layer norm.
StartingSlopesSettings default_starting_slopes_settings();

// The stated setting with the reader's depth, width (4 heads, a hidden width of 4 x width),
// normaliser ("layer" or "rms") and seed. requires: the norm's name known (else OptionError); the
// sizes are checked where the settings are used.
StartingSlopesSettings starting_slopes_settings(std::size_t depth, std::size_t width, const std::string& norm,
                                                std::uint64_t seed);

// The depths the across-depths chart compares: 1, 2, 3, 4, 6, 8, 12.
std::vector<std::size_t> compared_depths();

// The slopes a stack starts with, post-norm beside pre-norm, per block (first to last).
// {depth, width, heads, hidden, vocabulary, context, norm, sequences, draws, seed, post: [..], pre: [..]}
std::string starting_slopes_view(const StartingSlopesSettings& settings);

// The last block's slope across depths, measured and expected (slopes_across_depths).
// {width, heads, hidden, vocabulary, context, norm, sequences, draws, seed, depths: [..], post: [..],
//  pre: [..], postExpected: [..], preExpected: [..]}
std::string slopes_across_depths_view(const StartingSlopesSettings& settings, const std::vector<std::size_t>& depths);

} // namespace normlab
