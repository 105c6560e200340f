#include "spread_json.hpp"

namespace normlab {

JsonWriter& write_spread(JsonWriter& w, const Spread& s) {
    return w.begin_object()
        .field("count", s.count)
        .field("mean", s.mean)
        .field("min", s.min)
        .field("max", s.max)
        .field("median", s.median)
        .field("low", s.low)
        .field("high", s.high)
        .end_object();
}

JsonWriter& write_band(JsonWriter& w, const Band& b) {
    return w.begin_object()
        .field("count", b.count)
        .field("mean", b.mean)
        .field("min", b.min)
        .field("max", b.max)
        .field("median", b.median)
        .field("low", b.low)
        .field("high", b.high)
        .end_object();
}

JsonWriter& write_tally(JsonWriter& w, const SeedTally& t) {
    return w.begin_object()
        .field("holds", t.holds)
        .field("count", t.count)
        .field("holding", std::vector<double>(t.holding.begin(), t.holding.end()))
        .field("failing", std::vector<double>(t.failing.begin(), t.failing.end()))
        .field("text", tally_text(t))
        .end_object();
}

JsonWriter& write_rows(JsonWriter& w, const Block& rows) {
    w.begin_array();
    for (std::size_t i = 0; i < rows.rows; ++i) w.value(rows.row(i));
    return w.end_array();
}

} // namespace normlab
