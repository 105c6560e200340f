// The five whole-crowd runs and what the page reads from them, assembled once: the JSON and the
// JavaScript object are two spellings of this one value.
#pragma once
#include "crowd/crowd_experiments.hpp"

namespace normlab {

struct WholeCrowdFigures {
    WholeCrowdRuns runs;
    TwoWays two_ways;                        // the batch run asked both ways
    CovariateShift plain_shift, batch_shift; // the hidden block's means under the plain and batch runs
};

WholeCrowdFigures whole_crowd_figures(WholeCrowdRuns runs = whole_crowd_runs());

} // namespace normlab
