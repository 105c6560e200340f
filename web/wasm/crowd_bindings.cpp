// The crowd's side of the boundary: the crowd, its experiments and the essay widgets' views, each
// answer through boundary::answer (see layer_bindings.cpp for the layers and the Block).
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "boundary.hpp"
#include "crowd/crowd_csv.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

using namespace normlab;
using boundary::answer;
using boundary::crossing;
using emscripten::function;
using emscripten::val;

namespace {

// The crowd a call runs on: the essay's when none is handed (undefined), else the reader's,
// checked as one read from text is (require_trainable_crowd).
template <class F>
val on_crowd(const val& crowd, F&& run) {
    return answer([&] {
        if (crowd.isUndefined()) return run(the_crowd());
        const Crowd reader = crowd.as<Crowd>();
        require_trainable_crowd(reader);
        return run(reader);
    });
}

} // namespace

EMSCRIPTEN_BINDINGS(normlab_crowd) {
    crossing<WeightNormSetting>("WeightNormSetting")
        .field("direction", &WeightNormSetting::direction)
        .numbers<&WeightNormSetting::magnitude>("magnitude")
        .field("learningRate", &WeightNormSetting::learning_rate);
    crossing<Crowd>("Crowd").field("measurements", &Crowd::measurements).numbers<&Crowd::labels>("labels");
    crossing<CurveRun>("CurveRun")
        .named<&CurveRun::arrangement, &arrangement_name, &arrangement_named>("arrangement")
        .numbers<&CurveRun::losses>("losses")
        .field("firstEpochUnder", &CurveRun::first_epoch_under)
        .field("finalLoss", &CurveRun::final_loss)
        .field("finalAccuracy", &CurveRun::final_accuracy);
    crossing<TwoWays>("TwoWays")
        .numbers<&TwoWays::by_running>("byRunning")
        .numbers<&TwoWays::by_batch>("byBatch")
        .field("epochsDiffering", &TwoWays::epochs_differing);
    crossing<CovariateShift>("CovariateShift")
        .readout(
            "epochs", +[](const CovariateShift& c) { return c.unit_mean.size(); })
        .readout(
            "units", +[](const CovariateShift& c) { return c.unit_mean.empty() ? 0 : c.unit_mean[0].size(); })
        .flat<&CovariateShift::unit_mean>("unitMean")
        .flat<&CovariateShift::unit_deviation>("unitDeviation")
        .field("largestShift", &CovariateShift::largest_shift)
        .field("largestEpochMove", &CovariateShift::largest_epoch_move)
        .field("largestShiftGap", &CovariateShift::largest_shift_gap);
    crossing<WholeCrowdFigures>("WholeCrowdFigures")
        .readout(
            "threshold", +[](const WholeCrowdFigures&) { return curve_threshold; })
        .readout(
            "runs",
            +[](const WholeCrowdFigures& f) {
                // Each run without its per-epoch records, which the readout does not show.
                std::vector<CurveRun> runs;
                for (Arrangement a : compared_arrangements) {
                    const CurveRun& r = f.runs.of(a);
                    runs.push_back({r.arrangement, r.losses, r.first_epoch_under, r.final_loss, r.final_accuracy, {}});
                }
                return boundary::list(runs);
            })
        .field("twoWays", &WholeCrowdFigures::two_ways)
        .field("plain", &WholeCrowdFigures::plain_shift)
        .field("batch", &WholeCrowdFigures::batch_shift);
    crossing<TrainingResult>("TrainingResult")
        .field("seed", &TrainingResult::seed)
        .field("fold", &TrainingResult::fold)
        .named<&TrainingResult::arrangement, &arrangement_name, &arrangement_named>("arrangement")
        .field("trainAccuracy", &TrainingResult::train_accuracy)
        .field("heldoutCorrect", &TrainingResult::heldout_correct)
        .field("heldoutCount", &TrainingResult::heldout_count)
        .field("finalLoss", &TrainingResult::final_loss);

    function("arrangementNamed", &boundary::checked_name<&arrangement_named, &arrangement_name>);

    function(
        "crowd", +[] { return answer([] { return the_crowd(); }); });
    function(
        "comparisonPlanSize", +[] { return comparison_plan().size(); });
    function(
        "runComparison", +[](std::size_t begin, std::size_t end, val crowd) {
            return on_crowd(crowd, [&](const Crowd& c) { return comparison_json(run_comparison(begin, end, c)); });
        });
    function(
        "summariseComparison", +[](val results) {
            return answer([&] {
                std::vector<TrainingResult> rs;
                for (std::size_t k = 0, n = results["length"].as<std::size_t>(); k < n; ++k)
                    rs.push_back(results[k].as<TrainingResult>());
                return comparison_json(rs);
            });
        });
    function(
        "wholeCrowd", +[](val crowd) {
            return on_crowd(crowd, [](const Crowd& c) { return whole_crowd_figures(whole_crowd_runs(curve_seed, c)); });
        });
    function(
        "gradientCheckView", +[](std::string which, val dy) {
            return answer([&] {
                return gradient_check_view(which,
                                           dy.isUndefined() ? gradient_check_default_slope(which) : dy.as<Block>());
            });
        });
    function(
        "twoNumbersView",
        +[](val crowd) { return on_crowd(crowd, [](const Crowd& c) { return two_numbers_view_of(c); }); });
    function(
        "weightNormView", +[](val setting) {
            return answer([&] {
                return weight_norm_view_of(setting.isUndefined() ? weight_norm_default_setting()
                                                                 : setting.as<WeightNormSetting>());
            });
        });
    function("weightNormDefaultSetting", &weight_norm_default_setting);
    function("behavioursView", &behaviours_view);
    function("checklistView", &checklist_view);
}
