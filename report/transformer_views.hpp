// The Transformer's figures as JSON, for the page's pre-norm and post-norm instruments.
#pragma once
#include <string>

#include "transformer/starting_slopes.hpp"

namespace normlab {

// The stated setting: depth 6, width 64, 4 heads, hidden width 256, vocabulary 11, 16 tokens,
// 8 sequences a draw, 4 draws, seed 1, layer norm.
StartingSlopesSettings default_starting_slopes_settings();

// The slopes a stack starts with, post-norm beside pre-norm, per block (first to last).
// {depth, width, heads, hidden, vocabulary, context, norm, sequences, draws, seed, post: [..], pre: [..]}
std::string starting_slopes_view(const StartingSlopesSettings& settings);

} // namespace normlab
