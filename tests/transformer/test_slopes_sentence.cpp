// The chapter's slopes sentence judged part by part (transformer/slopes_sentence.hpp), on bands
// made by hand: each part can fail alone, and malformed figures are refused by name.
#include <cmath>

#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
// A band over three hand_depths (1, 4, 9) with the given medians and 10-90 % lines.
Band hand_band(std::vector<double> median, std::vector<double> low, std::vector<double> high) {
    Band b;
    b.count = 32;
    b.median = std::move(median);
    b.low = std::move(low);
    b.high = std::move(high);
    return b;
}
const std::vector<std::size_t> hand_depths = {1, 4, 9};
// Pre-norm's 1/sqrt(depth) curve through 3 is 3, 1.5, 1 at hand_depths 1, 4, 9.
const Band hand_post = hand_band({1.5, 2.5, 3}, {1, 2, 2.1}, {2, 3, 4});
const Band hand_pre = hand_band({3, 1.6, 1.1}, {2, 1, 0.8}, {4, 2, 1.5});
} // namespace

TEST_CASE("the slopes sentence: every part holds on figures shaped as the chapter says", "[transformer][slopes]") {
    const SlopesSentence s = slopes_sentence({1, 2, 3}, {3, 2, 1}, hand_depths, hand_post, hand_pre);
    CHECK(s.post_rises);
    CHECK(s.post_above_pre);
    CHECK(s.pre_largest_first);
    CHECK(s.deep_band_above_shallow);
    CHECK(s.pre_falls);
    CHECK(s.pre_above_curve);
}

TEST_CASE("the slopes sentence: each part fails alone where its figures say so", "[transformer][slopes]") {
    CHECK_FALSE(slopes_sentence({3, 2, 1}, {0.5, 0.4, 0.3}, hand_depths, hand_post, hand_pre).post_rises);
    CHECK_FALSE(slopes_sentence({1, 2, 3}, {3, 2, 4}, hand_depths, hand_post, hand_pre).post_above_pre);
    CHECK_FALSE(slopes_sentence({1, 2, 3}, {2, 2.5, 1}, hand_depths, hand_post, hand_pre).pre_largest_first);
    // The deepest band's 10 % line at 2 is not above the shallowest's 90 % line at 2.
    const Band touching = hand_band({1.5, 2.5, 3}, {1, 2, 2}, {2, 3, 4});
    CHECK_FALSE(slopes_sentence({1, 2, 3}, {3, 2, 1}, hand_depths, touching, hand_pre).deep_band_above_shallow);
    const Band rising = hand_band({3, 3.2, 3.1}, {2, 2, 2}, {4, 4, 4});
    CHECK_FALSE(slopes_sentence({1, 2, 3}, {3, 2, 1}, hand_depths, hand_post, rising).pre_falls);
    // On the curve at depth 4 (1.5) is not above it.
    const Band on_curve = hand_band({3, 1.5, 1.1}, {2, 1, 0.8}, {4, 2, 1.5});
    const SlopesSentence s = slopes_sentence({1, 2, 3}, {3, 2, 1}, hand_depths, hand_post, on_curve);
    CHECK_FALSE(s.pre_above_curve);
    CHECK(s.pre_falls);
}

TEST_CASE("the slopes sentence refuses figures that do not fit together", "[transformer][slopes][errors]") {
    CHECK_THROWS_AS(slopes_sentence({1, 2}, {3, 2, 1}, hand_depths, hand_post, hand_pre), ShapeError);
    CHECK_THROWS_AS(slopes_sentence({}, {}, hand_depths, hand_post, hand_pre), SizeError);
    CHECK_THROWS_AS(slopes_sentence({1}, {1}, {1, 4}, hand_post, hand_pre), ShapeError);
    CHECK_THROWS_AS(slopes_sentence({1}, {1}, {4, 1, 9}, hand_post, hand_pre), OptionError);
    CHECK_THROWS_AS(slopes_sentence({1, 2, 3}, {3, std::nan(""), 1}, hand_depths, hand_post, hand_pre), NonFiniteError);
}
