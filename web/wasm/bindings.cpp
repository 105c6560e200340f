// The boundary between the core and JavaScript: declarations and tiny adapters only, no
// arithmetic. Values cross as plain JS objects (blocks as {rows, cols, data: Float64Array});
// nothing is handed out that a caller must delete(). A core refusal comes back as
// {error: {name, message}}, which web/src/normlab.js turns into a throw of the matching Error
// subclass, so no JS exception ever unwinds through C++ frames (nothing leaks).
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

using emscripten::val;
using namespace normlab;

namespace {

// ---- JS -> C++ -------------------------------------------------------------------------------
std::vector<double> numbers(const val& v) { return emscripten::convertJSArrayToNumberVector<double>(v); }

Block block(const val& v) {
    return Block::from_flat(v["rows"].as<std::size_t>(), v["cols"].as<std::size_t>(), numbers(v["data"]));
}

Activation activation(const std::string& name) { return activation_named(name); }

NormSpec spec_of_kind(const std::string& kind, const val& groups) {
    if (kind == "batch") return batch_norm();
    if (kind == "layer") return layer_norm();
    if (kind == "rms") return rms_norm();
    if (kind == "group") return group_norm(groups.isUndefined() ? 1 : groups.as<std::size_t>());
    throw OptionError("the kind '" + kind + "' is not one of batch, layer, rms, group");
}

// A normaliser from the plain object normaliser_value() made (or from options, in make).
Normaliser normaliser(const val& o) {
    NormSpec s = spec_of_kind(o["kind"].as<std::string>(), o["groups"]);
    s.eps = o["eps"].as<double>();
    s.rate = o["rateConvention"].as<std::string>() == "keep"
                 ? RunningRate{o["keep"].as<double>(), RunningRate::Convention::Keep}
                 : RunningRate{o["momentum"].as<double>(), RunningRate::Convention::Momentum};
    s.unbiased_running = o["unbiasedRunning"].as<bool>();
    s.learn_shift = o["learnShift"].as<bool>();
    Normaliser n = Normaliser(numbers(o["scale"]).size(), s).with_scale_shift(numbers(o["scale"]), numbers(o["shift"]));
    return n.has_running() ? n.with_running(numbers(o["runningMean"]), numbers(o["runningVariance"])) : n;
}

Dense dense(const val& o) {
    return Dense(block(o["weights"]), numbers(o["bias"]), activation(o["activation"].as<std::string>()));
}

WeightNormDense weight_norm(const val& o) {
    return WeightNormDense(block(o["direction"]), numbers(o["magnitude"]), numbers(o["bias"]),
                           activation(o["activation"].as<std::string>()));
}

// ---- C++ -> JS -------------------------------------------------------------------------------
val numbers_value(const std::vector<double>& v) {
    return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

val block_value(const Block& b) {
    val o = val::object();
    o.set("rows", b.rows);
    o.set("cols", b.cols);
    o.set("data", numbers_value(b.data));
    return o;
}

val normaliser_value(const Normaliser& n) {
    const NormSpec& s = n.spec();
    val o = val::object();
    o.set("kind", std::string(norm_kind_name(s.kind)));
    o.set("features", n.features());
    o.set("groups", s.groups);
    o.set("eps", s.eps);
    o.set("keep", s.rate.keep());
    o.set("momentum", s.rate.momentum());
    o.set("rateConvention", std::string(s.rate.convention == RunningRate::Convention::Keep ? "keep" : "momentum"));
    o.set("unbiasedRunning", s.unbiased_running);
    o.set("learnShift", s.learn_shift);
    o.set("scale", numbers_value(n.scale()));
    o.set("shift", numbers_value(n.shift()));
    o.set("runningMean", numbers_value(n.running_mean()));
    o.set("runningVariance", numbers_value(n.running_variance()));
    o.set("parameterCount", n.parameter_count());
    o.set("bufferCount", n.buffer_count());
    return o;
}

val dense_value(const Dense& d) {
    val o = val::object();
    o.set("kind", std::string("dense"));
    o.set("weights", block_value(d.weights()));
    o.set("bias", numbers_value(d.bias()));
    o.set("activation", std::string(activation_name(d.activation())));
    o.set("parameterCount", d.parameter_count());
    return o;
}

val weight_norm_value(const WeightNormDense& w) {
    val o = val::object();
    o.set("kind", std::string("weightNorm"));
    o.set("direction", block_value(w.direction()));
    o.set("magnitude", numbers_value(w.magnitude()));
    o.set("bias", numbers_value(w.bias()));
    o.set("activation", std::string(activation_name(w.activation())));
    o.set("effectiveWeights", block_value(w.effective_weights()));
    o.set("directionLengths", numbers_value(w.direction_lengths()));
    o.set("parameterCount", w.parameter_count());
    return o;
}

val check_value(const GradientCheck& c) {
    val slopes = val::array();
    for (const SlopeCheck& s : c.slopes) {
        val o = val::object();
        o.set("name", s.name);
        o.set("analytic", numbers_value(s.analytic));
        o.set("numeric", numbers_value(s.numeric));
        o.set("largestGap", s.largest_gap);
        o.set("largestSlope", s.largest_slope);
        slopes.call<void>("push", o);
    }
    val o = val::object();
    o.set("slopes", slopes);
    o.set("largestGap", c.largest_gap());
    return o;
}

val dense_response_value(const DenseResponse& r) {
    val o = val::object();
    o.set("input", block_value(r.input));
    o.set("score", block_value(r.score));
    o.set("output", block_value(r.output));
    return o;
}

DenseResponse dense_response(const val& o) { return {block(o["input"]), block(o["score"]), block(o["output"])}; }

// Runs a body; a core refusal becomes {error: {name, message}}.
template <class F>
val guarded(F&& body) {
    try {
        return body();
    } catch (const NormError& e) {
        val err = val::object();
        err.set("name", std::string(e.name()));
        err.set("message", std::string(e.what()));
        val o = val::object();
        o.set("error", err);
        return o;
    }
}

// ---- the bound functions -----------------------------------------------------------------------
val make_normaliser(val o) {
    return guarded([&] {
        if (!o["keep"].isUndefined() && !o["momentum"].isUndefined())
            throw OptionError("both keep (" + format_number(o["keep"].as<double>()) + ") and momentum (" +
                              format_number(o["momentum"].as<double>()) +
                              ") were given; they name one rule two ways, so give one");
        NormSpec s = spec_of_kind(o["kind"].as<std::string>(), o["groups"]);
        if (!o["eps"].isUndefined()) s = s.with_eps(o["eps"].as<double>());
        if (!o["keep"].isUndefined()) s = s.with_keep(o["keep"].as<double>());
        if (!o["momentum"].isUndefined()) s = s.with_momentum(o["momentum"].as<double>());
        if (!o["unbiasedRunning"].isUndefined()) s = s.with_unbiased_running(o["unbiasedRunning"].as<bool>());
        if (!o["learnShift"].isUndefined()) s = s.with_learned_shift(o["learnShift"].as<bool>());
        return normaliser_value(Normaliser(o["features"].as<std::size_t>(), s));
    });
}

val norm_train(val layer, val x) {
    return guarded([&] {
        const NormResponse r = normaliser(layer).train(block(x));
        val o = val::object();
        o.set("output", block_value(r.output));
        o.set("standardised", block_value(r.standardised));
        o.set("mean", numbers_value(r.mean));
        o.set("variance", numbers_value(r.variance));
        o.set("deviation", numbers_value(r.deviation));
        return o;
    });
}

NormResponse norm_response(const val& o) {
    return {block(o["output"]),     block(o["standardised"]), numbers(o["mean"]),
            numbers(o["variance"]), numbers(o["deviation"]),  {}};
}

val norm_infer(val layer, val x) {
    return guarded([&] { return block_value(normaliser(layer).infer(block(x))); });
}

val norm_backward(val layer, val response, val dy) {
    return guarded([&] {
        const NormGradient g = normaliser(layer).backward(norm_response(response), block(dy));
        val o = val::object();
        o.set("dx", block_value(g.dx));
        o.set("dscale", numbers_value(g.dscale));
        o.set("dshift", numbers_value(g.dshift));
        o.set("mean", numbers_value(g.mean));
        o.set("variance", numbers_value(g.variance));
        o.set("rows", g.rows);
        return o;
    });
}

val norm_naive_backward(val layer, val response, val dy) {
    return guarded([&] { return block_value(naive_backward(normaliser(layer), norm_response(response), block(dy))); });
}

val norm_step(val layer, val gradient, double stride) {
    return guarded([&] {
        const NormGradient g{block(gradient["dx"]),
                             numbers(gradient["dscale"]),
                             numbers(gradient["dshift"]),
                             numbers(gradient["mean"]),
                             numbers(gradient["variance"]),
                             gradient["rows"].as<std::size_t>(),
                             {},
                             {}};
        return normaliser_value(normaliser(layer).step(g, stride));
    });
}

val norm_with_scale_shift(val layer, val scale, val shift) {
    return guarded(
        [&] { return normaliser_value(normaliser(layer).with_scale_shift(numbers(scale), numbers(shift))); });
}

val norm_with_running(val layer, val mean, val variance) {
    return guarded([&] { return normaliser_value(normaliser(layer).with_running(numbers(mean), numbers(variance))); });
}

val norm_check(val layer, val x, val dy, double h) {
    return guarded([&] { return check_value(check_gradient(normaliser(layer), block(x), block(dy), h)); });
}

val trace_running(val layer, val x, std::size_t steps, val thresholds) {
    return guarded([&] {
        const RunningTrace t = trace_running_figures(normaliser(layer), block(x), steps);
        val predicted = val::array(), means = val::array(), variances = val::array(), firsts = val::array();
        for (std::size_t k = 0; k < t.predicted.size(); ++k) {
            predicted.call<void>("push", block_value(t.predicted[k]));
            means.call<void>("push", numbers_value(t.running_mean[k]));
            variances.call<void>("push", numbers_value(t.running_variance[k]));
        }
        for (double th : numbers(thresholds)) firsts.call<void>("push", t.first_step_under(th));
        val o = val::object();
        o.set("widestGap", numbers_value(t.widest_gap));
        o.set("predicted", predicted);
        o.set("runningMean", means);
        o.set("runningVariance", variances);
        o.set("trained", block_value(t.trained));
        o.set("finalLayer", normaliser_value(t.final_layer));
        o.set("firstStepUnder", firsts);
        return o;
    });
}

val make_dense(val o) {
    return guarded([&] { return dense_value(dense(o)); });
}
val dense_train_js(val layer, val x) {
    return guarded([&] { return dense_response_value(dense(layer).train(block(x))); });
}
val dense_infer(val layer, val x) {
    return guarded([&] { return block_value(dense(layer).infer(block(x))); });
}

val dense_gradient_value(const DenseGradient& g) {
    val o = val::object();
    o.set("dx", block_value(g.dx));
    o.set("dweights", block_value(g.dweights));
    o.set("dbias", numbers_value(g.dbias));
    return o;
}

val dense_backward_(val layer, val response, val dy) {
    return guarded([&] { return dense_gradient_value(dense(layer).backward(dense_response(response), block(dy))); });
}

val dense_step(val layer, val g, double stride) {
    return guarded([&] {
        const DenseGradient grad{block(g["dx"]), block(g["dweights"]), numbers(g["dbias"]), {}};
        return dense_value(dense(layer).step(grad, stride));
    });
}

val dense_check(val layer, val x, val dy, double h) {
    return guarded([&] { return check_value(check_gradient(dense(layer), block(x), block(dy), h)); });
}

val make_weight_norm(val o) {
    return guarded([&] { return weight_norm_value(weight_norm(o)); });
}
val weight_norm_from_dense(val o) {
    return guarded([&] { return weight_norm_value(WeightNormDense::from_dense(dense(o))); });
}
val wn_train(val layer, val x) {
    return guarded([&] { return dense_response_value(weight_norm(layer).train(block(x))); });
}
val wn_infer(val layer, val x) {
    return guarded([&] { return block_value(weight_norm(layer).infer(block(x))); });
}

val wn_backward(val layer, val response, val dy) {
    return guarded([&] {
        const WeightNormGradient g = weight_norm(layer).backward(dense_response(response), block(dy));
        val o = val::object();
        o.set("dx", block_value(g.dx));
        o.set("ddirection", block_value(g.ddirection));
        o.set("dmagnitude", numbers_value(g.dmagnitude));
        o.set("dbias", numbers_value(g.dbias));
        o.set("dweights", block_value(g.dweights));
        return o;
    });
}

val wn_step(val layer, val g, double stride) {
    return guarded([&] {
        const WeightNormGradient grad{block(g["dx"]),      block(g["ddirection"]), numbers(g["dmagnitude"]),
                                      numbers(g["dbias"]), block(g["dweights"]),   {}};
        return weight_norm_value(weight_norm(layer).step(grad, stride));
    });
}

val wn_unprojected(val layer, val dweights) {
    return guarded([&] { return block_value(unprojected_direction_slope(weight_norm(layer), block(dweights))); });
}

val wn_check(val layer, val x, val dy, double h) {
    return guarded([&] { return check_value(check_gradient(weight_norm(layer), block(x), block(dy), h)); });
}

// ---- the crowd and its measurements ---------------------------------------------------------------
val crowd_value() {
    const Crowd& c = the_crowd();
    val o = val::object();
    o.set("measurements", block_value(c.measurements));
    o.set("labels", numbers_value(c.labels));
    return o;
}

val run_comparison_js(std::size_t begin, std::size_t end) {
    return guarded([&] { return val(comparison_json(run_comparison(begin, end))); });
}

// (epochs, units) rows as one flat Float64Array, epoch after epoch: one typed array crosses
// to the page (and between threads) instead of one per epoch.
val flat_rows_value(const std::vector<std::vector<double>>& rows) {
    std::vector<double> flat;
    for (const auto& r : rows) flat.insert(flat.end(), r.begin(), r.end());
    return numbers_value(flat);
}

val shift_value(const CovariateShift& c) {
    val o = val::object();
    o.set("epochs", c.unit_mean.size());
    o.set("units", c.unit_mean.empty() ? 0 : c.unit_mean.front().size());
    o.set("unitMean", flat_rows_value(c.unit_mean));
    o.set("unitDeviation", flat_rows_value(c.unit_deviation));
    o.set("largestShift", c.largest_shift);
    o.set("largestEpochMove", c.largest_epoch_move);
    o.set("largestShiftGap", c.largest_shift_gap);
    return o;
}

// The five whole-crowd runs as typed arrays: the figures of whole_crowd_json without the cost
// of printing and parsing half a megabyte of numbers (the unit series come flat, see above).
val whole_crowd_js() {
    std::vector<CurveRun> runs;
    for (Arrangement a : compared_arrangements) runs.push_back(whole_crowd_run(a));
    val list = val::array();
    for (const CurveRun& c : runs) {
        val o = val::object();
        o.set("arrangement", std::string(arrangement_name(c.arrangement)));
        o.set("losses", numbers_value(c.losses));
        o.set("firstEpochUnder", c.first_epoch_under);
        o.set("finalLoss", c.final_loss);
        o.set("finalAccuracy", c.final_accuracy);
        list.call<void>("push", o);
    }
    val curves = val::object();
    curves.set("threshold", curve_threshold);
    curves.set("runs", list);
    const TwoWays t = asked_two_ways(runs[1]);
    val two = val::object();
    two.set("byRunning", numbers_value(t.by_running));
    two.set("byBatch", numbers_value(t.by_batch));
    two.set("epochsDiffering", t.epochs_differing);
    val shift = val::object();
    shift.set("plain", shift_value(covariate_shift(runs[0])));
    shift.set("batch", shift_value(covariate_shift(runs[1])));
    val o = val::object();
    o.set("curves", curves);
    o.set("twoWays", two);
    o.set("covariateShift", shift);
    return o;
}

val summarise_comparison_js(val results) {
    return guarded([&] {
        std::vector<TrainingResult> rs;
        const std::size_t n = results["length"].as<std::size_t>();
        for (std::size_t k = 0; k < n; ++k) {
            const val r = results[k];
            rs.push_back({r["seed"].as<std::size_t>(), r["fold"].as<std::size_t>(),
                          arrangement_named(r["arrangement"].as<std::string>()), r["trainAccuracy"].as<double>(),
                          r["heldoutCorrect"].as<std::size_t>(), r["heldoutCount"].as<std::size_t>(),
                          r["finalLoss"].as<double>()});
        }
        return val(comparison_json(rs));
    });
}

// ---- the widgets' views ------------------------------------------------------------------------
val gradient_check_view_js(std::string which, val dy) {
    return guarded([&] {
        const Block slope = dy.isUndefined() ? gradient_check_default_slope(which) : block(dy);
        return val(gradient_check_view(which, slope));
    });
}

val largest_gap_js(val a, val b) {
    return guarded([&] { return val(largest_gap(block(a), block(b))); });
}
val column_sums_js(val a) {
    return guarded([&] { return numbers_value(column_sums(block(a))); });
}
val row_sums_js(val a) {
    return guarded([&] { return numbers_value(row_sums(block(a))); });
}

double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

} // namespace

EMSCRIPTEN_BINDINGS(normlab) {
    using emscripten::function;
    function("makeNormaliser", &make_normaliser);
    function("normTrain", &norm_train);
    function("normInfer", &norm_infer);
    function("normBackward", &norm_backward);
    function("normNaiveBackward", &norm_naive_backward);
    function("normStep", &norm_step);
    function("normWithScaleShift", &norm_with_scale_shift);
    function("normWithRunning", &norm_with_running);
    function("normCheck", &norm_check);
    function("traceRunning", &trace_running);
    function("makeDense", &make_dense);
    function("denseTrain", &dense_train_js);
    function("denseInfer", &dense_infer);
    function("denseBackward", &dense_backward_);
    function("denseStep", &dense_step);
    function("denseCheck", &dense_check);
    function("makeWeightNorm", &make_weight_norm);
    function("weightNormFromDense", &weight_norm_from_dense);
    function("weightNormTrain", &wn_train);
    function("weightNormInfer", &wn_infer);
    function("weightNormBackward", &wn_backward);
    function("weightNormStep", &wn_step);
    function("weightNormUnprojected", &wn_unprojected);
    function("weightNormCheck", &wn_check);
    function("heapInUse", &heap_in_use);
    function("crowd", &crowd_value);
    function("comparisonPlanSize", emscripten::optional_override([] { return comparison_plan().size(); }));
    function("runComparison", &run_comparison_js);
    function("summariseComparison", &summarise_comparison_js);
    function("wholeCrowdJson", emscripten::optional_override([] { return whole_crowd_json(); }));
    function("wholeCrowd", &whole_crowd_js);
    function("gradientCheckView", &gradient_check_view_js);
    function("twoNumbersView", emscripten::optional_override([] { return two_numbers_view(); }));
    function("weightNormView", emscripten::optional_override([] { return weight_norm_view(); }));
    function("behavioursView", emscripten::optional_override([] { return behaviours_view(); }));
    function("checklistView", emscripten::optional_override([] { return checklist_view(); }));
    function("largestGap", &largest_gap_js);
    function("columnSums", &column_sums_js);
    function("rowSums", &row_sums_js);
    function("measurementsJson", emscripten::optional_override([] { return measurements_json(); }));
    function("referenceFiguresJson", emscripten::optional_override([] { return reference_figures_json(); }));
    function("defaultDifferenceStep", emscripten::optional_override([] { return default_difference_step; }));
}
