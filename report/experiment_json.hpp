// The measurements as JSON, through one writer, so the native command and the WebAssembly build
// print them byte for byte alike. The schema is documented in docs/architecture.md
// ("The crowd and the measurements").
#pragma once
#include <string>
#include <vector>

#include "crowd/crowd_experiments.hpp"
#include "whole_crowd_figures.hpp"

namespace normlab {

std::string comparison_json(const std::vector<TrainingResult>& results); // {results, summary}
std::string curves_json(const WholeCrowdRuns& runs);                     // {threshold, runs}
std::string two_ways_json(const TwoWays& t);                             // {byRunning, byBatch, epochsDiffering}
std::string covariate_shift_json(const CovariateShift& plain, const CovariateShift& batch); // {plain, batch}
// The five whole-crowd runs, and what they measure: {curves, twoWays, covariateShift}.
std::string whole_crowd_json(const WholeCrowdRuns& runs = whole_crowd_runs());
// Everything from fresh runs: {comparison, curves, twoWays, covariateShift}.
std::string measurements_json();

} // namespace normlab
