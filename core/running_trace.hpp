// The running figures followed over repeated steps on one batch: after each step, how far the
// predicting answer (running figures) is from the training answer (the batch's own figures).
#pragma once
#include <cstddef>
#include <vector>

#include "block.hpp"
#include "normaliser.hpp"

namespace normlab {

struct RunningTrace {
    std::vector<double> widest_gap;                    // per step k = 1..steps: max |predict - train| over the block
    std::vector<std::vector<double>> running_mean;     // per step, after it
    std::vector<std::vector<double>> running_variance; // per step, after it
    std::vector<Block> predicted;                      // per step: the predicting answer after it
    Block trained;                                     // the training answer (the same at every step)
    NormaliserState final_state;                       // the layer after the last step
    // The first step (1-based) whose widest gap is below the threshold, or 0 if none is.
    // requires: threshold not NaN (else NonFiniteError).
    std::size_t first_step_under(double threshold) const;
};

// The most steps a trace takes: each is a training pass, a step and a prediction, kept whole.
constexpr std::size_t max_trace_steps = 10000;

// requires: layer on the batch axis (else OptionError); x fits it; steps at most max_trace_steps
// and steps * x's cells within max_block_cells (else SizeError); x's spread in each column within
// a double (else NonFiniteError naming x's rows: "the values in rows 1-2 are too large to
// standardise: their spread is beyond a double"). Each step trains on x, passes back a zero slope (so
// the scale and shift stay) and steps at learning rate 1, which folds the batch figures in.
RunningTrace trace_running_figures(const Normaliser& layer, const Block& x, std::size_t steps);

} // namespace normlab
