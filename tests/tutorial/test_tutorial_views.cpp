// The tutorial's views: the JSON the page reads carries the figures the tests above check.
#include "helpers.hpp"
#include "json.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the tutorial's figures as one JSON object carry the Try-it-yourself numbers", "[tutorial][views][seed]") {
    const Json v = JsonReader(tutorial_figures_json()).read();
    CHECK_PRINTS(v["stretchedBowl"]["path"]["loss"][20].number, "0.878", 3);
    CHECK_PRINTS(v["stretchedBowl"]["path"]["w1"][20].number, "0.937", 3);
    CHECK_PRINTS(v["roundBowl"]["path"]["loss"][5].number, "0.0043", 4);
    CHECK_PRINTS(v["divergingBowl"]["factors"][1].number, "-1.25", 2);
    CHECK(v["divergingBowl"]["diverges"].boolean);
    CHECK(v["stretchedBowl"]["contours"].array.size() == 6);
    CHECK(v["nudge"]["ratio"].number == 50);
    CHECK(v["nudge"]["curvatureRatio"].number == 25);
    CHECK_PRINTS(v["meanAndSpread"]["deviation"].number, "0.816", 3);
    CHECK_PRINTS(v["meanAndSpreadWithFifty"]["deviation"].number, "21.9", 1);
    CHECK(v["batchByHand"]["columns"][1]["variance"].number == 9);
    CHECK_PRINTS(v["batchByHand"]["columns"][0]["output"][1].number, "3", 2);
    CHECK_PRINTS(v["runningAverage"]["steps"][2]["runningMean"].number, "1.093", 3);
    CHECK_PRINTS(v["underEachToggle"]["rms"][0][2].number, "1.72", 2);
    CHECK(v["parameterCountsWide"][1]["learned"].number == 1536);
    CHECK(v["drift"]["plain"]["histograms"].array.size() == 5);
    CHECK(v["batchSize2"]["sweep"].array.size() == 8);
    CHECK(v["residualStacks"]["pre"]["spread"].array.size() == 12);
    CHECK(v["driftOverSeeds"]["level"]["text"].string == "5 of 5 seeds");
    CHECK(v["residualOverSeeds"]["preSmooth"]["text"].string == "5 of 5 seeds");
}

TEST_CASE("the views refuse what they cannot draw, by name", "[tutorial][views][errors]") {
    CHECK_THROWS_AS(bowl_view("flat", 0.1, 1), OptionError);
    CHECK_THROWS_AS(running_average_view({3}, {1}, 0.1, "inertia", false, 4, 3), OptionError);
    CHECK_THROWS_AS(batch_size_view(1, 257), OptionError);
    CHECK_THROWS_AS(drift_view(1, 5, 1), OptionError);
    CHECK_THROWS_AS(mean_and_spread_view({}), EmptyBlockError);
    CHECK_THROWS_AS(parameter_count_view(0), OptionError);
    CHECK_THROWS_AS(drift_over_seeds_view(1, 0, 5), OptionError);
    CHECK_THROWS_AS(drift_over_seeds_view(1, max_seeds_counted + 1, 5), OptionError);
    CHECK_THROWS_AS(drift_over_seeds_view(1, 5, 13), OptionError);
    CHECK_THROWS_AS(residual_over_seeds_view(1, 0, 24), OptionError);
    CHECK_THROWS_AS(residual_over_seeds_view(1, 5, 65), OptionError);
}

TEST_CASE("the findings over seeds as the page reads them: the tallies and their words", "[tutorial][views]") {
    const Json drift = JsonReader(drift_over_seeds_view(1, 5, 5)).read();
    CHECK(drift["firstSeed"].number == 1);
    CHECK(drift["lastSeed"].number == 5);
    CHECK(drift["seeds"].number == 5);
    CHECK(drift["levelLow"].number == drift_level_low);
    CHECK(drift["climbs"]["text"].string == "5 of 5 seeds");
    CHECK(drift["level"]["holding"].numbers() == std::vector<double>{1, 2, 3, 4, 5});
    const Json stacks = JsonReader(residual_over_seeds_view(1, 5, 24)).read();
    CHECK(stacks["preSmooth"]["text"].string == "5 of 5 seeds");
    CHECK(stacks["postBumpy"]["holds"].number == 5);
    CHECK(stacks["postFewestRises"].number >= 3);
    // From the largest seed a reader can type, the seeds go on past it.
    const Json last = JsonReader(drift_over_seeds_view(4294967295u, 2, 5)).read();
    CHECK(last["climbs"]["count"].number == 2);
}

TEST_CASE("each view is the same text every time it is asked", "[tutorial][views]") {
    CHECK(drift_view(7, 5, 24) == drift_view(7, 5, 24));
    CHECK(batch_size_view(3, 8) == batch_size_view(3, 8));
    CHECK(drift_view(7, 5, 24) != drift_view(8, 5, 24));
}
