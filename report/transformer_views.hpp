// The Transformer's figures as JSON, for the page's pre-norm and post-norm instruments.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "transformer/reversal_ensemble.hpp"
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

// The ensembles: each draw or seed, and the spread over them (core/spread_json.hpp's shapes).

// The draws the starting-slopes ensemble takes by default: 32.
constexpr std::size_t default_ensemble_draws = 32;

// The starting slopes over draws at the settings' depth (per block) and across the depths given
// (the last block), every draw seeded as starting_slopes seeds it; a depth among those given is
// measured once. {width, heads, hidden, vocabulary, context, norm, sequences, draws, seed,
// lowQuantile, highQuantile,
//  perBlock: {depth, post: {perDraw: [[..] a draw], band}, pre: {perDraw, band}},
//  acrossDepths: {depths: [..], post: {perDraw, band}, pre: {perDraw, band}, postExpected: [..],
//                 preExpected: [..]}}
// Each band's mean is the figure the matching single view prints.
std::string starting_slopes_ensemble_view(const StartingSlopesSettings& settings,
                                          const std::vector<std::size_t>& depths);

// The warm-up instrument's opening setting (web/src/widgets/nl-warm-up.js): 6 blocks of width 32,
// 4 heads, hidden 128, 4 digits, batches of 16, layer norm, Adam at 0.01 for 200 steps, warm-up
// over the first 50 where a stack warms up.
DigitReversalSettings default_warm_up_settings();
constexpr std::size_t default_warm_up_seeds = 5;

// The warm-up instrument's four stacks (post-norm and pre-norm, each without and with warm-up)
// trained over seeds 1..seeds (reversal_ensemble; 1..max_ensemble_seeds, else SizeError).
// {digits, width, heads, hidden, depth, norm, learningRate, steps, batch, warmupSteps, seeds: [..],
//  learnedAccuracy, unseenStrings, lowQuantile, highQuantile,
//  stacks: [{name, placement, warmupSteps,
//            runs: [{seed, losses: [..], check: {loss, accuracy}, unseen: {loss, accuracy}, learned}],
//            losses: band, unseenAccuracy: spread, learned: tally}]}
// The stacks' names and order are the page's: post, postWarm, pre, preWarm.
std::string warm_up_ensemble_view(const DigitReversalSettings& settings, std::size_t seeds);

} // namespace normlab
