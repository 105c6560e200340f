#include "report/transformer_views.hpp"

#include <algorithm>

#include "core/json_writer.hpp"
#include "core/spread_json.hpp"

namespace normlab {

StartingSlopesSettings default_starting_slopes_settings() {
    StartingSlopesSettings s;
    s.shape = {11, 16, 64, 4, 256, 6};
    s.kind = NormKind::Layer;
    s.sequences = 8;
    s.draws = 4;
    s.seed = 1;
    return s;
}

StartingSlopesSettings starting_slopes_settings(std::size_t depth, std::size_t width, const std::string& norm,
                                                std::uint64_t seed) {
    StartingSlopesSettings s = default_starting_slopes_settings();
    s.shape.depth = depth;
    s.shape.width = width;
    s.shape.hidden = 4 * width;
    s.kind = norm_kind_named(norm);
    s.seed = seed;
    return s;
}

std::vector<std::size_t> compared_depths() { return {1, 2, 3, 4, 6, 8, 12}; }

namespace {
// The settings every slopes view repeats (all but the depth): the stack's shape but its depth, the
// normaliser, the sequences, draws and seed.
JsonWriter& settings_fields(JsonWriter& w, const StartingSlopesSettings& s) {
    return w.field("width", s.shape.width)
        .field("heads", s.shape.heads)
        .field("hidden", s.shape.hidden)
        .field("vocabulary", s.shape.vocabulary)
        .field("context", s.shape.context)
        .field("norm", std::string(norm_kind_name(s.kind)))
        .field("sequences", s.sequences)
        .field("draws", s.draws)
        .field("seed", static_cast<double>(s.seed));
}
} // namespace

std::string starting_slopes_view(const StartingSlopesSettings& s) {
    const StartingSlopes slopes = starting_slopes(s);
    JsonWriter w;
    w.begin_object().field("depth", s.shape.depth);
    settings_fields(w, s).field("post", slopes.post).field("pre", slopes.pre).end_object();
    return w.str();
}

std::string slopes_across_depths_view(const StartingSlopesSettings& s, const std::vector<std::size_t>& depths) {
    const SlopesAcrossDepths across = slopes_across_depths(s, depths);
    JsonWriter w;
    w.begin_object();
    settings_fields(w, s)
        .field("depths", std::vector<double>(across.depths.begin(), across.depths.end()))
        .field("post", across.post)
        .field("pre", across.pre)
        .field("postExpected", across.post_expected)
        .field("preExpected", across.pre_expected)
        .end_object();
    return w.str();
}

namespace {
// {perDraw: [[..] a draw], band}
JsonWriter& draws_and_band(JsonWriter& w, const Block& draws, const Band& band) {
    w.begin_object().key("perDraw");
    write_rows(w, draws).key("band");
    return write_band(w, band).end_object();
}

JsonWriter& quantile_fields(JsonWriter& w) {
    return w.field("lowQuantile", spread_low_quantile).field("highQuantile", spread_high_quantile);
}
} // namespace

std::string starting_slopes_ensemble_view(const StartingSlopesSettings& s, const std::vector<std::size_t>& depths) {
    const SlopesAcrossDepthsEnsemble across = slopes_across_depths_ensemble(s, depths);
    const auto at = std::find(depths.begin(), depths.end(), s.shape.depth);
    const StartingSlopesEnsemble per_block = at != depths.end()
                                                 ? across.at_depth[static_cast<std::size_t>(at - depths.begin())]
                                                 : starting_slopes_ensemble(s);
    const SlopesAcrossDepths means = slopes_across_depths_of(across);
    JsonWriter w;
    w.begin_object();
    quantile_fields(settings_fields(w, s)).key("perBlock").begin_object().field("depth", s.shape.depth).key("post");
    draws_and_band(w, per_block.post, per_block.post_band).key("pre");
    draws_and_band(w, per_block.pre, per_block.pre_band).end_object();
    w.key("acrossDepths")
        .begin_object()
        .field("depths", std::vector<double>(across.depths.begin(), across.depths.end()))
        .key("post");
    draws_and_band(w, across.post, across.post_band).key("pre");
    draws_and_band(w, across.pre, across.pre_band)
        .field("postExpected", means.post_expected)
        .field("preExpected", means.pre_expected)
        .end_object()
        .end_object();
    return w.str();
}

DigitReversalSettings default_warm_up_settings() {
    DigitReversalSettings s;
    s.digits = 4;
    s.width = 32;
    s.heads = 4;
    s.hidden = 128;
    s.depth = 6;
    s.kind = NormKind::Layer;
    s.adam.learning_rate = 0.01;
    s.adam.warmup_steps = 50;
    s.steps = 200;
    s.batch = 16;
    return s;
}

std::string warm_up_ensemble_view(const DigitReversalSettings& settings, std::size_t seed_count) {
    require_reversal_settings(settings);
    const std::vector<std::uint64_t> seeds = seeds_from_one(seed_count);
    struct Stack {
        const char* name;
        Placement placement;
        bool warm;
    };
    const Stack stacks[] = {{"post", Placement::Post, false},
                            {"postWarm", Placement::Post, true},
                            {"pre", Placement::Pre, false},
                            {"preWarm", Placement::Pre, true}};
    JsonWriter w;
    w.begin_object()
        .field("digits", settings.digits)
        .field("width", settings.width)
        .field("heads", settings.heads)
        .field("hidden", settings.hidden)
        .field("depth", settings.depth)
        .field("norm", std::string(norm_kind_name(settings.kind)))
        .field("learningRate", settings.adam.learning_rate)
        .field("steps", settings.steps)
        .field("batch", settings.batch)
        .field("warmupSteps", settings.adam.warmup_steps)
        .field("seeds", std::vector<double>(seeds.begin(), seeds.end()))
        .field("learnedAccuracy", reversal_learned_accuracy)
        .field("unseenStrings", reversal_unseen_batches * reversal_unseen_batch);
    quantile_fields(w).key("stacks").begin_array();
    for (const Stack& stack : stacks) {
        DigitReversalSettings s = settings;
        s.placement = stack.placement;
        if (!stack.warm) s.adam.warmup_steps = 0;
        const ReversalEnsemble e = reversal_ensemble(s, seeds);
        w.begin_object()
            .field("name", std::string(stack.name))
            .field("placement", std::string(placement_name(stack.placement)))
            .field("warmupSteps", s.adam.warmup_steps)
            .key("runs")
            .begin_array();
        for (const ReversalSeedRun& r : e.runs)
            w.begin_object()
                .field("seed", static_cast<double>(r.seed))
                .field("losses", r.losses)
                .key("check")
                .begin_object()
                .field("loss", r.check.loss)
                .field("accuracy", r.check.accuracy)
                .end_object()
                .key("unseen")
                .begin_object()
                .field("loss", r.unseen.loss)
                .field("accuracy", r.unseen.accuracy)
                .end_object()
                .field("learned", r.learned)
                .end_object();
        w.end_array().key("losses");
        write_band(w, e.losses).key("unseenAccuracy");
        write_spread(w, e.unseen_accuracy).key("learned");
        write_tally(w, e.learned).end_object();
    }
    w.end_array().end_object();
    return w.str();
}

} // namespace normlab
