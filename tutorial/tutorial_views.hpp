// The tutorial's instruments as JSON text, written by the report's one JsonWriter so the native
// command and the WebAssembly build print the same bytes. The page shows these figures as they
// come; it computes none of them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/block.hpp"

namespace normlab {

// The most seeds a view counts a finding over (each seed is a whole run of its instrument).
constexpr std::size_t max_seeds_counted = 32;

// Figure 1. which: "stretched" | "round".
// {bowl, curvature: [c1, c2], start: [w1, w2], learningRate, steps, path: {w1[], w2[], loss[]},
//  factors: [f1, f2], stableLimit, diverges, contours: [{level, w1[], w2[]}]}
std::string bowl_view(const std::string& which, double learning_rate, std::size_t steps);
// The house-price nudge and the toy bowl's curvature ratio.
// {bedrooms, area, nudge, bedroomsChange, areaChange, ratio, curvatureRatio, inputRatio}
std::string nudge_view();

// Figure 2. {seed, examples, width, layers, weightGain, inputDeviation,
//  plain: {deviation[], mean[], histograms: [{low, high, counts[]}]}, normalised: {...}}
std::string drift_view(std::uint64_t seed, std::size_t layers, std::size_t bins);
// Figure 2's finding over `count` seeds from `first` (drift_over_seeds.hpp): {firstSeed, lastSeed,
//  seeds, layers, levelLow, levelHigh, climbs: tally, level: tally} (a tally as core/spread_json.hpp).
// requires: count in [1, max_seeds_counted], layers as drift_through_depth.
std::string drift_over_seeds_view(std::uint64_t first, std::size_t count, std::size_t layers);

// Figure 3. {numbers[], mean, distances[], squares[], variance, deviation, standardised[],
//  scaled: {factor, standardised[], largestGap}}
std::string mean_and_spread_view(const std::vector<double>& numbers);

// Figure 4. {eps, table[][], columns: [{values[], mean, distances[], squares[], variance, deviation,
//  standardised[], scale, shift, output[]}], output[][]}
std::string batch_by_hand_view(const Block& table, const std::vector<double>& scale, const std::vector<double>& shift);

// Figure 5. convention: "momentum" | "keep".
// {keep, momentum, unbiasedRunning, batchSize, start: {mean, variance}, target: {mean, variance},
//  steps: [{batchMean, batchVariance, runningMean, runningVariance}]}
std::string running_average_view(const std::vector<double>& means, const std::vector<double>& variances, double rate,
                                 const std::string& convention, bool unbiased_running, std::size_t batch_size,
                                 std::size_t batches);

// Figure 6. {seed, count, batchSize, populationMean, populationDeviation, batchCount, firstMeans[],
//  firstDeviations[], firstMeansLow, firstMeansHigh, smallestFirstDeviation, blowUp,
//  smallestDeviation, largestBlowUp, wobbleCount, wobble, rule, sweep: [{batchSize, wobble, rule}]}
std::string batch_size_view(std::uint64_t seed, std::size_t batch_size);

// Figure 7. {eps, table[][], batch[][], layer[][], rms[][], rowMean[], rowDeviation[], rowRms[],
//  columnMean[], columnDeviation[], largestFeature[] (0-based)}
std::string under_each_toggle_view(const Block& table);

// Pre-norm and post-norm. {seed, depth, width, examples,
//  post: {weightSlope[], inputSlope[], slopeRises, spread[], loss}, pre: {...}}
std::string residual_stacks_view(std::uint64_t seed, std::size_t depth);
// Their finding over `count` seeds from `first` (residual_over_seeds.hpp): {firstSeed, lastSeed,
//  seeds, depth, postFewestRises, postMostRises, preSmooth: tally, postBumpy: tally}.
// requires: count in [1, max_seeds_counted], depth as residual_stack.
std::string residual_over_seeds_view(std::uint64_t first, std::size_t count, std::size_t depth);

// Counting parameters. [{kind, width, learned, buffers}] for batch, layer and RMS.
std::string parameter_count_view(std::size_t width);

// Every view at the tutorial's settings, as one object (what native and wasm must print alike).
std::string tutorial_figures_json();

} // namespace normlab
