#include "experiment_json.hpp"

#include "core/json_writer.hpp"
#include "core/spread_json.hpp"

namespace normlab {
namespace {

void write_results(JsonWriter& j, const std::vector<TrainingResult>& results) {
    j.begin_array();
    for (const TrainingResult& r : results) {
        j.begin_object()
            .field("seed", r.seed)
            .field("fold", r.fold)
            .field("arrangement", arrangement_name(r.arrangement));
        j.field("trainAccuracy", r.train_accuracy).field("heldoutCorrect", r.heldout_correct);
        j.field("heldoutCount", r.heldout_count).field("finalLoss", r.final_loss).end_object();
    }
    j.end_array();
}

void write_summary(JsonWriter& j, const std::vector<ArrangementSummary>& summary) {
    j.begin_array();
    for (const ArrangementSummary& s : summary) {
        j.begin_object().field("arrangement", arrangement_name(s.arrangement));
        j.field("trainAccuracy", s.train_accuracy).field("heldoutAccuracy", s.heldout_accuracy);
        j.field("finalLoss", s.final_loss).field("heldoutMin", s.heldout_min).field("heldoutMax", s.heldout_max);
        j.field("heldoutBySeed", s.heldout_by_seed).field("finalLossBySeed", s.final_loss_by_seed).key("heldout");
        write_spread(j, s.heldout);
        if (s.below_plain) write_tally(j.key("belowPlain"), *s.below_plain);
        if (s.above_plain) write_tally(j.key("abovePlain"), *s.above_plain);
        if (s.loss_above_plain) write_tally(j.key("lossAbovePlain"), *s.loss_above_plain);
        j.end_object();
    }
    j.end_array();
}

void write_comparison(JsonWriter& j, const std::vector<TrainingResult>& results) {
    j.begin_object();
    j.key("results");
    write_results(j, results);
    j.key("summary");
    write_summary(j, summarise_comparison(results));
    j.end_object();
}

void write_curves(JsonWriter& j, const WholeCrowdRuns& runs) {
    j.begin_object().field("threshold", curve_threshold).key("runs").begin_array();
    for (Arrangement a : compared_arrangements) {
        const CurveRun& c = runs.of(a);
        j.begin_object().field("arrangement", arrangement_name(c.arrangement)).field("losses", c.losses);
        j.field("firstEpochUnder", c.first_epoch_under).field("finalLoss", c.final_loss);
        j.field("finalAccuracy", c.final_accuracy).end_object();
    }
    j.end_array().end_object();
}

void write_two_ways(JsonWriter& j, const TwoWays& t) {
    j.begin_object().field("byRunning", t.by_running).field("byBatch", t.by_batch);
    j.field("epochsDiffering", t.epochs_differing).end_object();
}

void write_shift(JsonWriter& j, const CovariateShift& c) {
    j.begin_object();
    j.key("unitMean").begin_array();
    for (const auto& m : c.unit_mean) j.value(m);
    j.end_array().key("unitDeviation").begin_array();
    for (const auto& d : c.unit_deviation) j.value(d);
    j.end_array();
    j.field("largestShift", c.largest_shift).field("largestEpochMove", c.largest_epoch_move);
    j.field("largestShiftGap", c.largest_shift_gap).end_object();
}

void write_shift_pair(JsonWriter& j, const CovariateShift& plain, const CovariateShift& batch) {
    j.begin_object().key("plain");
    write_shift(j, plain);
    j.key("batch");
    write_shift(j, batch);
    j.end_object();
}

} // namespace

std::string comparison_json(const std::vector<TrainingResult>& results) {
    JsonWriter j;
    write_comparison(j, results);
    return j.str();
}

std::string curves_json(const WholeCrowdRuns& runs) {
    JsonWriter j;
    write_curves(j, runs);
    return j.str();
}

std::string two_ways_json(const TwoWays& t) {
    JsonWriter j;
    write_two_ways(j, t);
    return j.str();
}

std::string covariate_shift_json(const CovariateShift& plain, const CovariateShift& batch) {
    JsonWriter j;
    write_shift_pair(j, plain, batch);
    return j.str();
}

namespace {
void write_whole_crowd_fields(JsonWriter& j, const WholeCrowdFigures& f) {
    j.key("curves");
    write_curves(j, f.runs);
    j.key("twoWays");
    write_two_ways(j, f.two_ways);
    j.key("covariateShift");
    write_shift_pair(j, f.plain_shift, f.batch_shift);
}
} // namespace

std::string whole_crowd_json(const WholeCrowdRuns& runs) {
    JsonWriter j;
    j.begin_object();
    write_whole_crowd_fields(j, whole_crowd_figures(runs));
    j.end_object();
    return j.str();
}

std::string measurements_json() {
    JsonWriter j;
    j.begin_object().key("comparison");
    write_comparison(j, run_comparison(0, comparison_plan().size()));
    write_whole_crowd_fields(j, whole_crowd_figures());
    j.end_object();
    return j.str();
}

} // namespace normlab
