// What RMSNorm saves: the timing's bookkeeping (repeats, medians, the percentage), never a time.
#include "helpers.hpp"
#include "json.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the median is the middle timing, or the mean of the middle two", "[tutorial][rms_timing]") {
    CHECK(median_of({3, 1, 2}) == 2);
    CHECK(median_of({4, 1, 3, 2}) == 2.5);
    CHECK(median_of({7}) == 7);
    CHECK_THROWS_AS(median_of({}), EmptyBlockError);
}

TEST_CASE("each round times both normalisers; the saving is the median of the rounds' savings",
          "[tutorial][rms_timing]") {
    const RmsTiming t = time_layer_and_rms(256, 5, 1);
    CHECK(t.width == 256);
    CHECK(t.rows == 16);
    CHECK(t.repeats == rms_timing_cells_per_round / (16 * 256));
    REQUIRE(t.layer_seconds.size() == 5);
    REQUIRE(t.rms_seconds.size() == 5);
    for (std::size_t k = 0; k < 5; ++k) {
        CHECK(t.layer_seconds[k] > 0);
        CHECK(t.rms_seconds[k] > 0);
    }
    CHECK(t.layer_median == median_of(t.layer_seconds));
    CHECK(t.rms_median == median_of(t.rms_seconds));
    REQUIRE(t.saved_percents.size() == 5);
    for (std::size_t k = 0; k < 5; ++k)
        CHECK(t.saved_percents[k] == 100.0 * (1.0 - t.rms_seconds[k] / t.layer_seconds[k]));
    CHECK(t.saved_percent == median_of(t.saved_percents));
}

TEST_CASE("the widest block takes 128 repeats a round, and the view carries the figures", "[tutorial][rms_timing]") {
    const Json v = JsonReader(rms_timing_view(4096, 1, 2)).read();
    CHECK(v["width"].number == 4096);
    CHECK(v["repeats"].number == 128);
    CHECK(v["layerSeconds"].array.size() == 1);
    CHECK(v["layerMedian"].number == v["layerSeconds"][0].number);
    CHECK(v["savedPercent"].number == v["savedPercents"][0].number);
    CHECK(v["savedPercent"].number == 100.0 * (1.0 - v["rmsMedian"].number / v["layerMedian"].number));
}

TEST_CASE("widths and round counts beyond the instrument's are refused by name", "[tutorial][rms_timing][errors]") {
    check_refusal<OptionError>([] { time_layer_and_rms(1, 3, 1); }, "the width is 1");
    check_refusal<OptionError>([] { time_layer_and_rms(4097, 3, 1); }, "the width is 4097");
    check_refusal<OptionError>([] { time_layer_and_rms(64, 0, 1); }, "the number of rounds is 0");
    check_refusal<OptionError>([] { time_layer_and_rms(64, 52, 1); }, "the number of rounds is 52");
}

TEST_CASE("the summary names the least and most saved and counts widths against the paper's 7% to 64%",
          "[tutorial][rms_timing]") {
    const Json v = JsonReader(rms_saving_summary_view({64, 128, 256, 512}, {3.5, 12, 70, -2})).read();
    CHECK(v["paperLow"].number == 7);
    CHECK(v["paperHigh"].number == 64);
    CHECK(v["least"]["width"].number == 512);
    CHECK(v["least"]["savedPercent"].number == -2);
    CHECK(v["most"]["width"].number == 256);
    CHECK(v["belowPaper"].number == 2);
    CHECK(v["withinPaper"].number == 1);
    CHECK(v["abovePaper"].number == 1);
    CHECK_THROWS_AS(rms_saving_summary_view({64, 128}, {1}), ShapeError);
    CHECK_THROWS_AS(rms_saving_summary_view({}, {}), EmptyBlockError);
}
