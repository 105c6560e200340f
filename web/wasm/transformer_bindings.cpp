// The Transformer's instruments across the boundary (in the tutorial's module): the slopes views
// go out as their JSON text; the digit-reversal training crosses as declared values (its settings,
// and its state between two pieces: parameters and Adam's moments as Float64Array copies). The
// training's pieces and checks are the fast twin's (transformer/fast/), the reference's bit for bit,
// and so are the starting-slopes draws a pool of workers shares out.
// Declarations and adapters only; a refusal crosses as {error: {name, message}}.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "core/errors.hpp"
#include "core/random.hpp"
#include "core/spread.hpp"
#include "report/transformer_views.hpp"
#include "transformer/fast/fast_transformer.hpp"
#include "transformer/reversal_ensemble.hpp"
#include "transformer/reversal_training.hpp"
#include "transformer/slopes_sentence.hpp"
#include "transformer/starting_slopes.hpp"

using emscripten::val;
using normlab::boundary::answer;
using normlab::boundary::numbers;
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
// The readouts and expected lines drawn from the page's medians: the core's arithmetic on them.
val last_over_first_js(val figures) {
    return answer([&] { return last_over_first(numbers(figures)); });
}
// depths: whole numbers (a Float64Array, checked by the wrapper).
val expectations_js(val depths, double post_first, double pre_first) {
    return answer([&] {
        const std::vector<double> given = numbers(depths);
        return slopes_expectations(std::vector<std::size_t>(given.begin(), given.end()), post_first, pre_first);
    });
}
// The chapter's sentence judged on the page's figures: each block's median at the reader's depth,
// and the last block's band at each depth (each list a Float64Array, checked by the wrapper).
val slopes_sentence_js(val post_blocks, val pre_blocks, val depths, val post_median, val post_low, val post_high,
                       val pre_median, val pre_low, val pre_high) {
    return answer([&] {
        const auto band_from = [](const val& median, const val& low, const val& high) {
            Band b;
            b.median = numbers(median);
            b.low = numbers(low);
            b.high = numbers(high);
            return b;
        };
        const std::vector<double> given = numbers(depths);
        return slopes_sentence(numbers(post_blocks), numbers(pre_blocks),
                               std::vector<std::size_t>(given.begin(), given.end()),
                               band_from(post_median, post_low, post_high), band_from(pre_median, pre_low, pre_high));
    });
}
// Draws first .. first + count - 1 of the starting-slopes ensemble at the reader's setting, each
// the fast twin's (the reference's bits), so that workers can share the draws out: post.at(k, l)
// is draw first + k's slope at block l. Draw k is seeded as starting_slopes_ensemble seeds it: the
// k-th number of a generator seeded with the settings' seed.
struct SlopesDraws {
    std::vector<double> post, pre; // (count, depth), a draw a row
};
val slopes_draws_js(std::size_t depth, std::size_t width, std::string norm, double seed, std::size_t first,
                    std::size_t count) {
    return answer([&] {
        const StartingSlopesSettings s = starting_slopes_settings(depth, width, norm, seed_of(seed));
        require_transformer_shape(s.shape);
        if (count == 0 || first > 64 || count > 64 - first)
            throw SizeError("draws " + std::to_string(first + 1) + " to " + std::to_string(first + count) +
                            " are outside 1..64");
        Random seeds(s.seed);
        for (std::size_t k = 0; k < first; ++k) seeds.next_u64();
        SlopesDraws out;
        for (std::size_t k = 0; k < count; ++k) {
            const std::uint64_t draw = seeds.next_u64(); // the same weights and tokens for both
            const std::vector<double> post =
                fast::starting_slope_sizes(s.shape, Placement::Post, s.kind, draw, s.sequences);
            const std::vector<double> pre =
                fast::starting_slope_sizes(s.shape, Placement::Pre, s.kind, draw, s.sequences);
            out.post.insert(out.post.end(), post.begin(), post.end());
            out.pre.insert(out.pre.end(), pre.begin(), pre.end());
        }
        return out;
    });
}
val reversal_start_js(DigitReversalSettings settings) {
    return answer([&] { return start_reversal_training(settings); });
}
val reversal_continue_js(DigitReversalSettings settings, ReversalTraining training, std::size_t count) {
    return answer([&] { return fast::continue_reversal_training(settings, training, count); });
}
val reversal_check_js(DigitReversalSettings settings, ReversalTraining training) {
    return answer([&] { return fast::reversal_check(settings, training); });
}
// How the run does on the 1,024 strings no step drew, and whether it learned the task there, as
// reversal_ensemble decides it (at least reversal_learned_accuracy of their digits right).
struct ReversalUnseen {
    ReversalCheck unseen;
    bool learned = false;
};
val reversal_unseen_js(DigitReversalSettings settings, ReversalTraining training) {
    return answer([&] {
        const ReversalCheck unseen = fast::reversal_unseen_check(settings, training);
        return ReversalUnseen{unseen, unseen.accuracy >= reversal_learned_accuracy};
    });
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
    crossing<SlopesExpectations>("SlopesExpectations")
        .numbers<&SlopesExpectations::post>("post")
        .numbers<&SlopesExpectations::pre>("pre");
    crossing<SlopesSentence>("SlopesSentence")
        .field("postRises", &SlopesSentence::post_rises)
        .field("postAbovePre", &SlopesSentence::post_above_pre)
        .field("preLargestFirst", &SlopesSentence::pre_largest_first)
        .field("deepBandAboveShallow", &SlopesSentence::deep_band_above_shallow)
        .field("preFalls", &SlopesSentence::pre_falls)
        .field("preAboveCurve", &SlopesSentence::pre_above_curve);
    crossing<SlopesDraws>("SlopesDraws").numbers<&SlopesDraws::post>("post").numbers<&SlopesDraws::pre>("pre");
    crossing<ReversalCheck>("ReversalCheck")
        .field("loss", &ReversalCheck::loss)
        .field("accuracy", &ReversalCheck::accuracy);
    crossing<ReversalUnseen>("ReversalUnseen")
        .field("unseen", &ReversalUnseen::unseen)
        .field("learned", &ReversalUnseen::learned);

    function("transformerStartingSlopesView", &starting_slopes_js);
    function("transformerSlopesAcrossDepthsView", &across_depths_js);
    function("transformerStartingSlopesDraws", &slopes_draws_js);
    function("slopesLastOverFirst", &last_over_first_js);
    function("slopesSentence", &slopes_sentence_js);
    function("slopesExpectations", &expectations_js);
    function("reversalTrainingStart", &reversal_start_js);
    function("reversalTrainingContinue", &reversal_continue_js);
    function("reversalTrainingCheck", &reversal_check_js);
    function("reversalTrainingUnseen", &reversal_unseen_js);
}
