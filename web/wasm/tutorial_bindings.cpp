// The tutorial's instruments across the boundary: each view goes out as its JSON text, and a
// refusal as {error: {name, message}}. Declarations and adapters only.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "tutorial/normlab_tutorial.hpp"

using emscripten::val;
using normlab::boundary::answer;
using normlab::boundary::numbers;
using namespace normlab;

namespace {

// A table as the wrapper hands it (a Block value, boundary.cpp), its shape checked by from_flat.
Block table(const val& t) {
    Block b = t.as<Block>();
    return Block::from_flat(b.rows, b.cols, std::move(b.data));
}

val bowl_js(std::string which, double learning_rate, std::size_t steps) {
    return answer([&] { return bowl_view(which, learning_rate, steps); });
}
val drift_js(std::uint32_t seed, std::size_t layers, std::size_t bins) {
    return answer([&] { return drift_view(seed, layers, bins); });
}
// first: a seed (whole, checked by the wrapper, as every seed).
val drift_over_seeds_js(double first, std::size_t count, std::size_t layers) {
    return answer([&] { return drift_over_seeds_view(static_cast<std::uint64_t>(first), count, layers); });
}
val mean_and_spread_js(val list) {
    return answer([&] { return mean_and_spread_view(numbers(list)); });
}
val batch_by_hand_js(val t, val scale, val shift) {
    return answer([&] { return batch_by_hand_view(table(t), numbers(scale), numbers(shift)); });
}
val running_js(val means, val variances, double rate, std::string convention, bool unbiased, std::size_t batch_size,
               std::size_t batches) {
    return answer([&] {
        return running_average_view(numbers(means), numbers(variances), rate, convention, unbiased, batch_size,
                                    batches);
    });
}
val batch_size_js(std::uint32_t seed, std::size_t size) {
    return answer([&] { return batch_size_view(seed, size); });
}
val under_each_toggle_js(val t) {
    return answer([&] { return under_each_toggle_view(table(t)); });
}
val residual_js(std::uint32_t seed, std::size_t depth) {
    return answer([&] { return residual_stacks_view(seed, depth); });
}
val residual_over_seeds_js(double first, std::size_t count, std::size_t depth) {
    return answer([&] { return residual_over_seeds_view(static_cast<std::uint64_t>(first), count, depth); });
}
val rms_timing_js(std::size_t width, std::size_t rounds, std::uint32_t seed) {
    return answer([&] { return rms_timing_view(width, rounds, seed); });
}
// savings: a block, one row of round savings per width.
val rms_saving_summary_js(val widths, val savings) {
    return answer([&] { return rms_saving_summary_view(numbers(widths), table(savings)); });
}
val parameters_js(std::size_t width) {
    return answer([&] { return parameter_count_view(width); });
}

} // namespace

EMSCRIPTEN_BINDINGS(tutorial) {
    using emscripten::function;
    function("tutorialBowlView", &bowl_js);
    function("tutorialNudgeView", emscripten::optional_override([] { return nudge_view(); }));
    function("tutorialDriftView", &drift_js);
    function("tutorialDriftOverSeedsView", &drift_over_seeds_js);
    function("tutorialMeanAndSpreadView", &mean_and_spread_js);
    function("tutorialBatchByHandView", &batch_by_hand_js);
    function("tutorialRunningAverageView", &running_js);
    function("tutorialBatchSizeView", &batch_size_js);
    function("tutorialUnderEachToggleView", &under_each_toggle_js);
    function("tutorialResidualStacksView", &residual_js);
    function("tutorialResidualOverSeedsView", &residual_over_seeds_js);
    function("tutorialParameterCountView", &parameters_js);
    function("tutorialRmsTimingView", &rms_timing_js);
    function("tutorialRmsSavingSummaryView", &rms_saving_summary_js);
    function("tutorialTable", emscripten::optional_override([] { return val(tutorial_table()); }));
}
