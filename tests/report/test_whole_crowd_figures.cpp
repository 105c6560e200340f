// The whole-crowd figures are the runs' own measures, assembled once.
#include "helpers.hpp"
#include "report/normlab_report.hpp"

using namespace normlab;

TEST_CASE("the whole-crowd figures are what the runs measure, and the JSON writes exactly them", "[report][crowd]") {
    const WholeCrowdRuns runs = whole_crowd_runs();
    const WholeCrowdFigures f = whole_crowd_figures(runs);
    CHECK(f.runs.batch.losses == runs.batch.losses);
    CHECK(f.two_ways.by_running == asked_two_ways(runs.batch).by_running);
    CHECK(f.two_ways.epochs_differing == asked_two_ways(runs.batch).epochs_differing);
    CHECK(f.plain_shift.unit_mean == covariate_shift(runs.plain).unit_mean);
    CHECK(f.batch_shift.largest_shift == covariate_shift(runs.batch).largest_shift);
    const std::string json = whole_crowd_json(runs);
    CHECK(json.find(two_ways_json(f.two_ways)) != std::string::npos);
    CHECK(json.find(covariate_shift_json(f.plain_shift, f.batch_shift)) != std::string::npos);
}
