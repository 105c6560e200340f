// The Transformer's instruments across the boundary (in the tutorial's module): the slopes views
// go out as their JSON text; the digit-reversal training crosses as declared values (its settings,
// and its state between two pieces: parameters and Adam's moments as Float64Array copies). The
// training's pieces are the fast twin's (transformer/fast/), the reference's steps bit for bit.
// Declarations and adapters only; a refusal crosses as {error: {name, message}}.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "boundary.hpp"
#include "report/transformer_views.hpp"
#include "transformer/fast/fast_transformer.hpp"
#include "transformer/reversal_training.hpp"

using emscripten::val;
using normlab::boundary::answer;
using namespace normlab;

namespace {

std::uint64_t seed_of(double seed) { return static_cast<std::uint64_t>(seed); }

val starting_slopes_js(std::size_t depth, std::size_t width, std::string norm, double seed) {
    return answer([&] { return starting_slopes_view(starting_slopes_settings(depth, width, norm, seed_of(seed))); });
}
val across_depths_js(std::size_t width, std::string norm, double seed) {
    return answer([&] {
        return slopes_across_depths_view(starting_slopes_settings(1, width, norm, seed_of(seed)), compared_depths());
    });
}
val reversal_start_js(DigitReversalSettings settings) {
    return answer([&] { return start_reversal_training(settings); });
}
val reversal_continue_js(DigitReversalSettings settings, ReversalTraining training, std::size_t count) {
    return answer([&] { return fast::continue_reversal_training(settings, training, count); });
}
val reversal_check_js(DigitReversalSettings settings, ReversalTraining training) {
    return answer([&] { return reversal_check(settings, training); });
}

// Adam's settings and the seed are fields of the settings as JavaScript sees them.
double learning_rate_of(const DigitReversalSettings& s) { return s.adam.learning_rate; }
void set_learning_rate(DigitReversalSettings& s, double v) { s.adam.learning_rate = v; }
std::size_t warmup_of(const DigitReversalSettings& s) { return s.adam.warmup_steps; }
void set_warmup(DigitReversalSettings& s, std::size_t v) { s.adam.warmup_steps = v; }
double seed_field(const DigitReversalSettings& s) { return static_cast<double>(s.seed); }
void set_seed(DigitReversalSettings& s, double v) { s.seed = seed_of(v); }

} // namespace

EMSCRIPTEN_BINDINGS(transformer) {
    using boundary::crossing;
    using emscripten::function;
    crossing<DigitReversalSettings>("DigitReversalSettings")
        .field("digits", &DigitReversalSettings::digits)
        .field("width", &DigitReversalSettings::width)
        .field("heads", &DigitReversalSettings::heads)
        .field("hidden", &DigitReversalSettings::hidden)
        .field("depth", &DigitReversalSettings::depth)
        .named<&DigitReversalSettings::placement, &placement_name, &placement_named>("placement")
        .named<&DigitReversalSettings::kind, &norm_kind_name, &norm_kind_named>("norm")
        .field("learningRate", &learning_rate_of, &set_learning_rate)
        .field("warmupSteps", &warmup_of, &set_warmup)
        .field("steps", &DigitReversalSettings::steps)
        .field("batch", &DigitReversalSettings::batch)
        .field("seed", &seed_field, &set_seed);
    crossing<ReversalTraining>("ReversalTraining")
        .numbers<&ReversalTraining::parameters>("parameters")
        .numbers<&ReversalTraining::first_moment>("firstMoment")
        .numbers<&ReversalTraining::second_moment>("secondMoment")
        .field("steps", &ReversalTraining::steps);
    crossing<ReversalPiece>("ReversalPiece")
        .field("training", &ReversalPiece::training)
        .numbers<&ReversalPiece::losses>("losses");
    crossing<ReversalCheck>("ReversalCheck")
        .field("loss", &ReversalCheck::loss)
        .field("accuracy", &ReversalCheck::accuracy);

    function("transformerStartingSlopesView", &starting_slopes_js);
    function("transformerSlopesAcrossDepthsView", &across_depths_js);
    function("reversalTrainingStart", &reversal_start_js);
    function("reversalTrainingContinue", &reversal_continue_js);
    function("reversalTrainingCheck", &reversal_check_js);
}
