#include "transformer/transformer_shape.hpp"

#include "core/errors.hpp"

namespace normlab {

const char* placement_name(Placement p) { return p == Placement::Post ? "post" : "pre"; }

Placement placement_named(const std::string& name) {
    if (name == "post") return Placement::Post;
    if (name == "pre") return Placement::Pre;
    throw OptionError("placement '" + name + "' is neither 'post' nor 'pre'");
}

bool TransformerShape::operator==(const TransformerShape& o) const {
    return vocabulary == o.vocabulary && context == o.context && width == o.width && heads == o.heads &&
           hidden == o.hidden && depth == o.depth;
}

namespace {
void require_size(std::size_t value, std::size_t limit, const char* what) {
    if (value == 0 || value > limit)
        throw SizeError(std::string(what) + " " + std::to_string(value) + " is outside 1.." + std::to_string(limit));
}
} // namespace

void require_transformer_shape(const TransformerShape& s) {
    require_size(s.vocabulary, max_vocabulary, "vocabulary");
    require_size(s.context, max_context, "context");
    require_size(s.width, max_width, "width");
    require_size(s.heads, max_heads, "heads");
    require_size(s.hidden, max_hidden, "hidden width");
    require_size(s.depth, max_depth, "depth");
    if (s.width % s.heads != 0)
        throw ShapeError("heads " + std::to_string(s.heads) + " do not divide the width " + std::to_string(s.width));
}

} // namespace normlab
