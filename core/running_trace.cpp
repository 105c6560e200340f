#include "running_trace.hpp"

#include <string>

#include "errors.hpp"

namespace normlab {

std::size_t RunningTrace::first_step_under(double threshold) const {
    if (threshold != threshold) throw NonFiniteError("the threshold is NaN; no gap is under it or over it");
    for (std::size_t k = 0; k < widest_gap.size(); ++k)
        if (widest_gap[k] < threshold) return k + 1;
    return 0;
}

RunningTrace trace_running_figures(const Normaliser& layer, const Block& x, std::size_t steps) {
    if (!layer.has_running()) throw OptionError("only the batch axis has running figures to trace");
    if (steps > max_trace_steps)
        throw SizeError("a trace of " + std::to_string(steps) + " steps is beyond the limit of " +
                        std::to_string(max_trace_steps));
    require_cells(steps, x.data.size(), "trace's predicted blocks, steps");
    const NormResponse response = layer.train(x);
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
