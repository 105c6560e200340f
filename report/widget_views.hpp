// What the page's widgets show beyond a single layer call, computed here so the page never
// computes a figure: each function returns the widget's figures as JSON text (one writer, so
// native and wasm print the same bytes).
#pragma once
#include <string>
#include <vector>

#include "core/block.hpp"

namespace normlab {

struct Crowd;

// The gradient check, for one of three cases: "batch-four" (the batch layer on the whole-number
// four), "layer-three" (layer norm on the tutorial's three-feature table), "layer-four" (layer
// norm on the whole-number four, two-number rows). dy is the arriving slope (the case's shape).
// {case, axis, x, dy, dx, naive, numeric, trueGap, naiveGap, largestTrueSlope, sums: {dx, naive,
//  numeric}, dscale, dshift}
std::string gradient_check_view(const std::string& which, const Block& dy);
// The default arriving slope of a case: counting 1, 2, 3, ... across the block.
Block gradient_check_default_slope(const std::string& which);

// Twenty of the crowd (height, weight) under layer, RMS and batch normalisation.
// {people, layer: {output, largestDistanceFromOne, largestPassedDown}, rms: {output}, batch: {output}}
std::string two_numbers_view();
// The same for the first twenty people of a reader's crowd (all of them when fewer).
// requires: a crowd as require_crowd says, of at least one person.
std::string two_numbers_view_of(const Crowd& crowd);

// Weight normalisation on three tanh neurons reading five of the crowd (height, weight) in
// standard units: the stored directions v (2 inputs by 3 neurons), the magnitudes g and the
// learning rate of the one step taken under both parameterisations.
struct WeightNormSetting {
    Block direction;
    std::vector<double> magnitude;
    double learning_rate = 0.1;
};
// Directions of lengths 1, 2.5 and 0.5, magnitudes 1, 1.5 and 0.5, learning rate 0.1.
WeightNormSetting weight_norm_default_setting();
// {x, direction, directionLengths, magnitude, dy, forwardGap, directionSlope, magnitudeSlope,
//  unprojectedSlope, numericDirectionSlope, directionGap, magnitudeGap, largestDirectionSlope,
//  unprojectedGap, projectedDot, unprojectedDot, step: {learningRate, distance, lengthsBefore,
//  weightNormLengthsAfter, denseLengthsAfter}}
// requires: a 2-by-3 direction block (else ShapeError), 3 magnitudes (else ShapeError), every
// value finite, and every figure made from them (else NonFiniteError), no zero direction (else
// ZeroDirectionError), a learning rate above 0 and at most 10 (else LearningRateError).
std::string weight_norm_view_of(const WeightNormSetting& setting);
// The default setting's view.
std::string weight_norm_view();

// The behaviours table: every edge case run through the core, in three groups.
// [{group, case, outcome: {error: {name, message}} | {answer}}]
std::string behaviours_view();

// The checklist of a complete layer, answered from the core's own settings.
// [{question, answer}]
std::string checklist_view();

} // namespace normlab
