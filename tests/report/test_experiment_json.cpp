// The measurements as JSON: every figure of the runs, under the names docs/architecture.md documents.
#include "helpers.hpp"
#include "json.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the whole-crowd JSON holds each named run's figures", "[json][curves]") {
    const WholeCrowdRuns runs = whole_crowd_runs();
    const Json j = JsonReader(whole_crowd_json(runs)).read();
    const Json& list = j["curves"]["runs"];
    REQUIRE(list.array.size() == 5);
    std::size_t k = 0;
    for (Arrangement a : compared_arrangements) {
        INFO(arrangement_name(a));
        CHECK(list[k]["arrangement"].string == arrangement_name(a));
        CHECK(list[k]["losses"].numbers() == runs.of(a).losses);
        CHECK(list[k]["finalAccuracy"].number == runs.of(a).final_accuracy);
        ++k;
    }
    CHECK(j["curves"]["threshold"].number == curve_threshold);
    const TwoWays t = asked_two_ways(runs.batch);
    CHECK(j["twoWays"]["byRunning"].numbers() == t.by_running);
    CHECK(j["twoWays"]["epochsDiffering"].number == static_cast<double>(t.epochs_differing));
    CHECK(j["covariateShift"]["plain"]["largestShift"].number == covariate_shift(runs.plain).largest_shift);
    CHECK(j["covariateShift"]["batch"]["largestShiftGap"].number == covariate_shift(runs.batch).largest_shift_gap);
    CHECK(curves_json(runs) == whole_crowd_json(runs).substr(10, curves_json(runs).size()));
}

TEST_CASE("the comparison JSON holds every result and the summary of them", "[json][comparison]") {
    const std::vector<TrainingResult> results = run_comparison(0, 2 * crowd_folds * 5 / 2);
    const Json j = JsonReader(comparison_json(results)).read();
    REQUIRE(j["results"].array.size() == results.size());
    CHECK(j["results"][3]["fold"].number == static_cast<double>(results[3].fold));
    CHECK(j["results"][3]["finalLoss"].number == results[3].final_loss);
    const std::vector<ArrangementSummary> summary = summarise_comparison(results);
    REQUIRE(j["summary"].array.size() == summary.size());
    CHECK(j["summary"][0]["heldoutBySeed"].numbers() == summary[0].heldout_by_seed);
    CHECK(j["summary"][0]["finalLossBySeed"].numbers() == summary[0].final_loss_by_seed);
}
