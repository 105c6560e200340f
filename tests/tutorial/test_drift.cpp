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

TEST_CASE("over seeds 1 to 5 the plain spread climbs at every layer and with layer norm it stays level, 5 of 5 each",
          "[tutorial][drift][T5][T6]") {
    const DriftOverSeeds o = drift_over_seeds(DriftSettings{}, {1, 2, 3, 4, 5});
    CHECK(tally_text(o.climbs) == "5 of 5 seeds");
    CHECK(tally_text(o.level) == "5 of 5 seeds");
    CHECK(o.settings.seed == 1);
    CHECK(o.settings.layers == 5);
    // At the widest the instrument draws (12 layers), too, and from any seed the reader is on.
    DriftSettings deep;
    deep.layers = 12;
    CHECK(tally_text(drift_over_seeds(deep, {1, 2, 3, 4, 5}).climbs) == "5 of 5 seeds");
    CHECK(tally_text(drift_over_seeds(deep, {1, 2, 3, 4, 5}).level) == "5 of 5 seeds");
}

TEST_CASE("a spread that falls once does not climb; one on the level band's edge is not level", "[tutorial][drift]") {
    DriftRun run;
    run.deviation = {1.2, 1.7, 2.2};
    CHECK(spread_climbs(run));
    run.deviation = {1.2, 1.7, 1.7};
    CHECK_FALSE(spread_climbs(run));
    run.deviation = {1.2};
    CHECK(spread_climbs(run));
    run.deviation = {0.58, 0.6, 0.69};
    CHECK(spread_level(run));
    run.deviation = {0.58, drift_level_high, 0.6};
    CHECK_FALSE(spread_level(run));
    run.deviation = {drift_level_low, 0.6};
    CHECK_FALSE(spread_level(run));
}

TEST_CASE("the drift over seeds refuses an empty list of seeds and a seed twice", "[tutorial][drift][errors]") {
    CHECK_THROWS_AS(drift_over_seeds(DriftSettings{}, {}), SizeError);
    CHECK_THROWS_AS(drift_over_seeds(DriftSettings{}, {3, 3}), OptionError);
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
