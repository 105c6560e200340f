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

std::string starting_slopes_view(const StartingSlopesSettings& s) {
    const StartingSlopes slopes = starting_slopes(s);
    JsonWriter w;
    w.begin_object()
        .field("depth", s.shape.depth)
        .field("width", s.shape.width)
        .field("heads", s.shape.heads)
        .field("hidden", s.shape.hidden)
        .field("vocabulary", s.shape.vocabulary)
        .field("context", s.shape.context)
        .field("norm", std::string(norm_kind_name(s.kind)))
        .field("sequences", s.sequences)
        .field("draws", s.draws)
        .field("seed", static_cast<double>(s.seed))
        .field("post", slopes.post)
        .field("pre", slopes.pre)
        .end_object();
    return w.str();
}

} // namespace normlab
