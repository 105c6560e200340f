#include "tutorial_views.hpp"

#include <cmath>

#include "batch_size.hpp"
#include "bowl.hpp"
#include "core/errors.hpp"
#include "core/json_writer.hpp"
#include "core/normaliser.hpp"
#include "core/spread_json.hpp"
#include "drift.hpp"
#include "drift_over_seeds.hpp"
#include "mean_and_spread.hpp"
#include "options.hpp"
#include "parameter_count.hpp"
#include "residual_over_seeds.hpp"
#include "residual_stack.hpp"
#include "running_average.hpp"
#include "worked_table.hpp"

namespace normlab {

namespace {

std::vector<double> as_numbers(const std::vector<std::size_t>& v) { return {v.begin(), v.end()}; }

void write_run(JsonWriter& w, const DriftRun& run, std::size_t bins) {
    w.begin_object().field("deviation", run.deviation).field("mean", run.mean).key("histograms").begin_array();
    for (const Block& out : run.outputs) {
        const Histogram h = histogram(out.data, bins);
        w.begin_object().field("low", h.low).field("high", h.high).field("counts", as_numbers(h.counts)).end_object();
    }
    w.end_array().end_object();
}

void write_pass(JsonWriter& w, const ResidualStackPass& p) {
    w.begin_object()
        .field("weightSlope", p.weight_slope)
        .field("inputSlope", p.input_slope)
        .field("slopeRises", p.slope_rises)
        .field("spread", p.spread)
        .field("loss", p.loss)
        .end_object();
}

} // namespace

std::string bowl_view(const std::string& which, double learning_rate, std::size_t steps) {
    const Bowl bowl = bowl_named(which);
    const BowlDescent d = descend(bowl, learning_rate, steps);
    std::vector<double> w1, w2, loss;
    for (const BowlPoint& p : d.path) {
        w1.push_back(p.w1);
        w2.push_back(p.w2);
        loss.push_back(p.loss);
    }
    JsonWriter w;
    w.begin_object()
        .field("bowl", bowl.name)
        .field("curvature", std::vector<double>{bowl.curvature1, bowl.curvature2})
        .field("start", std::vector<double>{bowl.start1, bowl.start2})
        .field("learningRate", learning_rate)
        .field("steps", steps);
    w.key("path").begin_object().field("w1", w1).field("w2", w2).field("loss", loss).end_object();
    w.field("factors", std::vector<double>{d.factor1, d.factor2})
        .field("stableLimit", d.stable_limit)
        .field("diverges", d.diverges);
    w.key("contours").begin_array();
    for (const auto& ring : bowl_contours(bowl, {41, 20, 8, 3, 1, 0.25}, 96)) {
        std::vector<double> c1, c2;
        for (const BowlPoint& p : ring) {
            c1.push_back(p.w1);
            c2.push_back(p.w2);
        }
        w.begin_object().field("level", ring.front().loss).field("w1", c1).field("w2", c2).end_object();
    }
    w.end_array().end_object();
    return w.str();
}

std::string nudge_view() {
    const Nudge n = house_price_nudge();
    const Bowl b = stretched_bowl();
    JsonWriter w;
    w.begin_object()
        .field("bedrooms", n.bedrooms)
        .field("area", n.area)
        .field("nudge", n.nudge)
        .field("bedroomsChange", n.bedrooms_change)
        .field("areaChange", n.area_change)
        .field("ratio", n.ratio)
        .field("curvatureRatio", b.curvature2 / b.curvature1)
        .field("inputRatio", std::sqrt(b.curvature2 / b.curvature1))
        .end_object();
    return w.str();
}

std::string drift_view(std::uint64_t seed, std::size_t layers, std::size_t bins) {
    require_count(bins, 2, 100, "number of bins");
    DriftSettings s;
    s.seed = seed;
    s.layers = layers;
    const Drift d = drift_through_depth(s);
    JsonWriter w;
    w.begin_object()
        .field("seed", static_cast<double>(seed))
        .field("examples", s.examples)
        .field("width", s.width)
        .field("layers", s.layers)
        .field("weightGain", s.weight_gain)
        .field("inputDeviation", d.input_deviation);
    w.key("plain");
    write_run(w, d.plain, bins);
    w.key("normalised");
    write_run(w, d.normalised, bins);
    w.end_object();
    return w.str();
}

namespace {
// The seeds a finding is counted over: `count` of them from `first` on.
std::vector<std::uint64_t> seeds_from(std::uint64_t first, std::size_t count) {
    require_count(count, 1, max_seeds_counted, "number of seeds");
    std::vector<std::uint64_t> seeds(count);
    for (std::size_t k = 0; k < count; ++k) seeds[k] = first + k;
    return seeds;
}
} // namespace

std::string drift_over_seeds_view(std::uint64_t first, std::size_t count, std::size_t layers) {
    DriftSettings s;
    s.layers = layers;
    const DriftOverSeeds o = drift_over_seeds(s, seeds_from(first, count));
    JsonWriter w;
    w.begin_object()
        .field("firstSeed", static_cast<double>(first))
        .field("lastSeed", static_cast<double>(first + count - 1))
        .field("seeds", count)
        .field("layers", layers)
        .field("levelLow", drift_level_low)
        .field("levelHigh", drift_level_high);
    write_tally(w.key("climbs"), o.climbs);
    write_tally(w.key("level"), o.level);
    w.end_object();
    return w.str();
}

std::string mean_and_spread_view(const std::vector<double>& numbers) {
    const MeanAndSpread m = mean_and_spread(numbers);
    const ScaledStandardised s = standardised_after_scaling(numbers);
    JsonWriter w;
    w.begin_object()
        .field("numbers", m.numbers)
        .field("mean", m.mean)
        .field("distances", m.distances)
        .field("squares", m.squares)
        .field("variance", m.variance)
        .field("deviation", m.deviation)
        .field("standardised", m.standardised);
    w.key("scaled")
        .begin_object()
        .field("factor", s.factor)
        .field("standardised", s.standardised)
        .field("largestGap", s.largest_gap)
        .end_object();
    w.end_object();
    return w.str();
}

std::string batch_by_hand_view(const Block& table, const std::vector<double>& scale, const std::vector<double>& shift) {
    const BatchByHand b = batch_norm_by_hand(table, scale, shift);
    JsonWriter w;
    w.begin_object().field("eps", b.eps).key("table");
    write_rows(w, table);
    w.key("columns").begin_array();
    for (const ColumnWorking& c : b.columns)
        w.begin_object()
            .field("values", c.values)
            .field("mean", c.mean)
            .field("distances", c.distances)
            .field("squares", c.squares)
            .field("variance", c.variance)
            .field("deviation", c.deviation)
            .field("standardised", c.standardised)
            .field("scale", c.scale)
            .field("shift", c.shift)
            .field("output", c.output)
            .end_object();
    w.end_array().key("output");
    write_rows(w, b.output);
    w.end_object();
    return w.str();
}

std::string running_average_view(const std::vector<double>& means, const std::vector<double>& variances, double rate,
                                 const std::string& convention, bool unbiased_running, std::size_t batch_size,
                                 std::size_t batches) {
    RunningAverageSettings s;
    s.batch_means = means;
    s.batch_variances = variances;
    if (convention == "momentum")
        s.rate = {rate, RunningRate::Convention::Momentum};
    else if (convention == "keep")
        s.rate = {rate, RunningRate::Convention::Keep};
    else
        throw OptionError("the convention '" + convention + "' is not one of momentum, keep");
    s.unbiased_running = unbiased_running;
    s.batch_size = batch_size;
    s.batches = batches;
    const RunningAverage a = running_average(s);
    JsonWriter w;
    w.begin_object()
        .field("keep", a.keep)
        .field("momentum", a.momentum)
        .field("unbiasedRunning", unbiased_running)
        .field("batchSize", batch_size);
    w.key("start").begin_object().field("mean", a.start_mean).field("variance", a.start_variance).end_object();
    w.key("target").begin_object().field("mean", a.target_mean).field("variance", a.target_variance).end_object();
    w.key("steps").begin_array();
    for (const RunningAverageStep& k : a.steps)
        w.begin_object()
            .field("batchMean", k.batch_mean)
            .field("batchVariance", k.batch_variance)
            .field("runningMean", k.running_mean)
            .field("runningVariance", k.running_variance)
            .end_object();
    w.end_array().end_object();
    return w.str();
}

std::string batch_size_view(std::uint64_t seed, std::size_t batch_size) {
    BatchSizeSettings s;
    s.seed = seed;
    s.batch_size = batch_size;
    require_count(batch_size, 2, 256, "batch size");
    const BatchSizeProblem p = batch_size_problem(s);
    JsonWriter w;
    w.begin_object()
        .field("seed", static_cast<double>(seed))
        .field("count", s.count)
        .field("batchSize", batch_size)
        .field("populationMean", p.population_mean)
        .field("populationDeviation", p.population_deviation)
        .field("batchCount", p.batch_count)
        .field("firstMeans", p.first_means)
        .field("firstDeviations", p.first_deviations)
        .field("firstMeansLow", p.first_means_low)
        .field("firstMeansHigh", p.first_means_high)
        .field("smallestFirstDeviation", p.smallest_first_deviation)
        .field("blowUp", p.blow_up)
        .field("smallestDeviation", p.smallest_deviation)
        .field("largestBlowUp", p.largest_blow_up)
        .field("wobbleCount", p.wobble_count)
        .field("wobble", p.wobble)
        .field("rule", p.rule);
    w.key("sweep").begin_array();
    for (std::size_t size : {2, 4, 8, 16, 32, 64, 128, 256}) {
        BatchSizeSettings t = s;
        t.batch_size = size;
        const BatchSizeProblem q = batch_size_problem(t);
        w.begin_object().field("batchSize", size).field("wobble", q.wobble).field("rule", q.rule).end_object();
    }
    w.end_array().end_object();
    return w.str();
}

std::string under_each_toggle_view(const Block& table) {
    const UnderEachToggle u = under_each_toggle(table);
    JsonWriter w;
    w.begin_object().field("eps", u.eps).key("table");
    write_rows(w, table);
    w.key("batch");
    write_rows(w, u.batch);
    w.key("layer");
    write_rows(w, u.layer);
    w.key("rms");
    write_rows(w, u.rms);
    w.field("rowMean", u.row_mean)
        .field("rowDeviation", u.row_deviation)
        .field("rowRms", u.row_rms)
        .field("columnMean", u.column_mean)
        .field("columnDeviation", u.column_deviation)
        .field("largestFeature", as_numbers(u.largest_feature))
        .end_object();
    return w.str();
}

std::string residual_stacks_view(std::uint64_t seed, std::size_t depth) {
    ResidualStackSettings s;
    s.seed = seed;
    s.depth = depth;
    const ResidualStacks r = residual_stacks(s);
    JsonWriter w;
    w.begin_object()
        .field("seed", static_cast<double>(seed))
        .field("depth", s.depth)
        .field("width", s.width)
        .field("examples", s.examples);
    w.key("post");
    write_pass(w, r.post);
    w.key("pre");
    write_pass(w, r.pre);
    w.end_object();
    return w.str();
}

std::string residual_over_seeds_view(std::uint64_t first, std::size_t count, std::size_t depth) {
    ResidualStackSettings s;
    s.depth = depth;
    const ResidualOverSeeds o = residual_over_seeds(s, seeds_from(first, count));
    JsonWriter w;
    w.begin_object()
        .field("firstSeed", static_cast<double>(first))
        .field("lastSeed", static_cast<double>(first + count - 1))
        .field("seeds", count)
        .field("depth", depth)
        .field("postFewestRises", o.post_fewest_rises)
        .field("postMostRises", o.post_most_rises);
    write_tally(w.key("preSmooth"), o.pre_smooth);
    write_tally(w.key("postBumpy"), o.post_bumpy);
    w.end_object();
    return w.str();
}

std::string parameter_count_view(std::size_t width) {
    JsonWriter w;
    w.begin_array();
    for (const ParameterCount& c : parameter_counts(width))
        w.begin_object()
            .field("kind", c.kind)
            .field("width", c.width)
            .field("learned", c.learned)
            .field("buffers", c.buffers)
            .end_object();
    w.end_array();
    return w.str();
}

std::string tutorial_figures_json() {
    const Block table = tutorial_table();
    JsonWriter w;
    w.begin_object()
        .key("nudge")
        .raw(nudge_view())
        .key("stretchedBowl")
        .raw(bowl_view("stretched", 0.035, 20))
        .key("roundBowl")
        .raw(bowl_view("round", 0.3, 5))
        .key("divergingBowl")
        .raw(bowl_view("stretched", 0.045, 20))
        .key("drift")
        .raw(drift_view(1, 5, 24))
        .key("meanAndSpread")
        .raw(mean_and_spread_view({3, 4, 5}))
        .key("meanAndSpreadWithFifty")
        .raw(mean_and_spread_view({3, 4, 50}))
        .key("batchByHand")
        .raw(batch_by_hand_view(table, {2, 1, 1}, {1, 0, 0}))
        .key("runningAverage")
        .raw(running_average_view({3, 5, 4}, {1, 4, 2}, 0.1, "momentum", false, 4, 3))
        .key("batchSize2")
        .raw(batch_size_view(1, 2))
        .key("batchSize32")
        .raw(batch_size_view(1, 32))
        .key("underEachToggle")
        .raw(under_each_toggle_view(table))
        .key("residualStacks")
        .raw(residual_stacks_view(1, 12))
        .key("driftOverSeeds")
        .raw(drift_over_seeds_view(1, 5, 5))
        .key("residualOverSeeds")
        .raw(residual_over_seeds_view(1, 5, 24))
        .key("parameterCounts")
        .raw(parameter_count_view(3))
        .key("parameterCountsWide")
        .raw(parameter_count_view(768))
        .end_object();
    return w.str();
}

} // namespace normlab
