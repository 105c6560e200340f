// Figure 2: drift through depth, on our seeded draws (the tutorial's own draws are not given).
#include <algorithm>
#include <limits>

#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("without normalisation the spread grows layer by layer; with layer norm it stays within 0.5 to 0.7",
          "[tutorial][drift][T5][T6]") {
    for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
        DriftSettings s;
        s.seed = seed;
        const Drift d = drift_through_depth(s);
        REQUIRE(d.plain.deviation.size() == 5);
        for (std::size_t l = 1; l < 5; ++l) CHECK(d.plain.deviation[l] > d.plain.deviation[l - 1]);
        CHECK(d.plain.deviation.back() > 2.5 * d.plain.deviation.front());
        for (double v : d.normalised.deviation) {
            CHECK(v > 0.5);
            CHECK(v < 0.7);
        }
    }
}

TEST_CASE("the drift uses the same weights for both runs, and ReLU outputs are never negative", "[tutorial][drift]") {
    DriftSettings s;
    s.layers = 1;
    s.weight_gain = 1;
    const Drift one = drift_through_depth(s);
    s.layers = 3;
    const Drift three = drift_through_depth(s);
    // The first layer's weights are drawn first either way.
    CHECK(one.plain.outputs[0] == three.plain.outputs[0]);
    for (const Block& b : three.normalised.outputs) CHECK(*std::min_element(b.data.begin(), b.data.end()) == 0);
}

TEST_CASE("histograms count every value", "[tutorial][drift]") {
    const Histogram h = histogram({0, 1, 2, 3, 4}, 4);
    CHECK(h.low == 0);
    CHECK(h.high == 4);
    CHECK(h.counts == std::vector<std::size_t>{1, 1, 1, 2});
    CHECK(histogram({7, 7}, 3).counts == std::vector<std::size_t>{2, 0, 0});
    CHECK_THROWS_AS(histogram({}, 3), EmptyBlockError);
}

TEST_CASE("the drift refuses sizes outside its range", "[tutorial][drift][errors]") {
    DriftSettings s;
    s.layers = 0;
    CHECK_THROWS_AS(drift_through_depth(s), OptionError);
    s.layers = 5;
    s.weight_gain = std::numeric_limits<double>::infinity();
    CHECK_THROWS_AS(drift_through_depth(s), NonFiniteError);
}
