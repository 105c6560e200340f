#include "report/transformer_views.hpp"

#include "core/json_writer.hpp"

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

} // namespace normlab
