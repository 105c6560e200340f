#include "running_trace.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "errors.hpp"
#include "number_text.hpp"

namespace normlab {

std::size_t RunningTrace::first_step_under(double threshold) const {
    if (threshold != threshold) throw NonFiniteError("the threshold is NaN; no gap is under it or over it");
    for (std::size_t k = 0; k < widest_gap.size(); ++k)
        if (widest_gap[k] < threshold) return k + 1;
    return 0;
}

namespace {

// Refuses a batch whose spread in some column is beyond a double (its training answer is still
// exact, but the running variance the steps fold in would be Infinity), naming the reader's rows
// rather than the figure computed from them: the rows whose own value, squared and summed over
// the batch, overflows (the spread is at most that sum, so some row always is).
void require_spread_within_double(const Normaliser& layer, const Block& x, const NormResponse& response) {
    const double n = static_cast<double>(x.rows);
    const bool unbiased = layer.spec().unbiased_running && x.rows > 1;
    std::vector<bool> named(x.rows, false);
    bool any = false;
    for (std::size_t j = 0; j < x.cols; ++j) {
        const double folded = unbiased ? response.variance[j] * n / (n - 1.0) : response.variance[j];
        if (std::isfinite(folded)) continue;
        any = true;
        for (std::size_t i = 0; i < x.rows; ++i) {
            const double v = x.at(i, j);
            if (!std::isfinite(v * v * n)) named[i] = true;
        }
    }
    if (!any) return;
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < x.rows; ++i)
        if (named[i]) rows.push_back(i + 1);
    throw NonFiniteError("the values in " + row_ranges(rows) +
                         " are too large to standardise: their spread is beyond a double");
}

} // namespace

RunningTrace trace_running_figures(const Normaliser& layer, const Block& x, std::size_t steps) {
    if (!layer.has_running()) throw OptionError("only the batch axis has running figures to trace");
    if (steps > max_trace_steps)
        throw SizeError("a trace of " + std::to_string(steps) + " steps is beyond the limit of " +
                        std::to_string(max_trace_steps));
    require_cells(steps, x.data.size(), "trace's predicted blocks, steps");
    const NormResponse response = layer.train(x);
    require_spread_within_double(layer, x, response);
    const Block zero(x.rows, x.cols, 0.0);
    RunningTrace t{{}, {}, {}, {}, response.output, {}};
    Normaliser stepped = layer;
    for (std::size_t k = 0; k < steps; ++k) {
        // The response and the gradient are the same at every step: scale and shift never move.
        stepped = stepped.step(stepped.backward(response, zero), 1.0);
        Block predicted = stepped.infer(x);
        t.widest_gap.push_back(largest_gap(predicted, response.output));
        t.running_mean.push_back(stepped.running_mean());
        t.running_variance.push_back(stepped.running_variance());
        t.predicted.push_back(std::move(predicted));
    }
    t.final_state = stepped.state();
    return t;
}

} // namespace normlab
