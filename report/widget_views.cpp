#include "widget_views.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "core/dense.hpp"
#include "core/errors.hpp"
#include "core/gradient_check.hpp"
#include "core/json_writer.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "core/running_trace.hpp"
#include "core/seed_blocks.hpp"
#include "core/weight_norm.hpp"
#include "crowd/crowd.hpp"
#include "crowd/crowd_experiments.hpp"

namespace normlab {
namespace {

struct GradientCase {
    NormSpec spec;
    Block x;
};

GradientCase gradient_case(const std::string& which) {
    if (which == "batch-four") return {batch_norm(), whole_number_four()};
    if (which == "layer-three") return {layer_norm(), tutorial_table()};
    if (which == "layer-four") return {layer_norm(), whole_number_four()};
    throw OptionError("the gradient-check case '" + which + "' is not one of batch-four, layer-three, layer-four");
}

// Sums along the normaliser's axis: down the columns for batch, along the rows otherwise.
std::vector<double> axis_sums(const NormSpec& spec, const Block& b) {
    return spec.axis() == Axis::Batch ? column_sums(b) : row_sums(b);
}

double frobenius_distance(const Block& a, const Block& b) {
    double s = 0;
    for (std::size_t c = 0; c < a.size(); ++c) s += (a.data[c] - b.data[c]) * (a.data[c] - b.data[c]);
    return std::sqrt(s);
}

std::vector<double> column_lengths(const Block& w) {
    std::vector<double> len(w.cols, 0.0);
    for (std::size_t j = 0; j < w.rows; ++j)
        for (std::size_t k = 0; k < w.cols; ++k) len[k] += w.at(j, k) * w.at(j, k);
    for (double& l : len) l = std::sqrt(l);
    return len;
}

// max over neurons of |slope column . direction column|
double largest_dot_with_direction(const Block& slope, const Block& direction) {
    double worst = 0;
    for (std::size_t k = 0; k < slope.cols; ++k) {
        double d = 0;
        for (std::size_t j = 0; j < slope.rows; ++j) d += slope.at(j, k) * direction.at(j, k);
        worst = std::fmax(worst, std::fabs(d));
    }
    return worst;
}

Crowd first_people(std::size_t n) {
    std::vector<std::size_t> people(n);
    for (std::size_t k = 0; k < n; ++k) people[k] = k;
    return the_crowd().subset(people);
}

} // namespace

Block gradient_check_default_slope(const std::string& which) {
    const Block x = gradient_case(which).x;
    return counting_slope(x.rows, x.cols);
}

std::string gradient_check_view(const std::string& which, const Block& dy) {
    const GradientCase c = gradient_case(which);
    const Normaliser layer(c.x.cols, c.spec);
    const NormResponse r = layer.train(c.x);
    const NormGradient g = layer.backward(r, dy);
    const Block naive = naive_backward(layer, r, dy);
    const GradientCheck check = check_gradient(layer, c.x, dy);
    const SlopeCheck& input = check.slope("input");
    const Block numeric = Block::from_flat(c.x.rows, c.x.cols, input.numeric);
    JsonWriter j;
    j.begin_object().field("case", which).field("axis", c.spec.axis() == Axis::Batch ? "batch" : "layer");
    j.field("rows", c.x.rows).field("cols", c.x.cols);
    j.field("x", c.x.data).field("dy", dy.data).field("dx", g.dx.data).field("naive", naive.data);
    j.field("numeric", numeric.data).field("trueGap", input.largest_gap);
    j.field("naiveGap", largest_gap(naive, numeric)).field("largestTrueSlope", input.largest_slope);
    j.key("sums").begin_object().field("dx", axis_sums(c.spec, g.dx)).field("naive", axis_sums(c.spec, naive));
    j.field("numeric", axis_sums(c.spec, numeric)).end_object();
    j.field("dscale", g.dscale).field("dshift", g.dshift);
    j.field("scaleGap", check.slope("scale").largest_gap).field("shiftGap", check.slope("shift").largest_gap);
    j.end_object();
    return j.str();
}

std::string two_numbers_view() { return two_numbers_view_of(the_crowd()); }

std::string two_numbers_view_of(const Crowd& crowd) {
    require_crowd(crowd);
    require_nonempty(crowd.size(), 2, "crowd");
    std::vector<std::size_t> first(std::min<std::size_t>(20, crowd.size()));
    for (std::size_t k = 0; k < first.size(); ++k) first[k] = k;
    const Crowd twenty = crowd.subset(first);
    const Block& x = twenty.measurements;
    const Normaliser layer(2, layer_norm()), rms(2, rms_norm()), batch(2, batch_norm());
    const NormResponse rl = layer.train(x);
    double widest = 0;
    for (std::size_t i = 0; i < x.rows; ++i)
        for (std::size_t k = 0; k < 2; ++k) widest = std::fmax(widest, 1.0 - std::fabs(rl.output.at(i, k)));
    const Block dy = counting_slope(x.rows, 2);
    JsonWriter j;
    j.begin_object().field("people", x.rows).field("x", x.data);
    j.key("layer").begin_object().field("output", rl.output.data).field("largestDistanceFromOne", widest);
    j.field("largestPassedDown", largest_magnitude(layer.backward(rl, dy).dx)).end_object();
    j.key("rms").begin_object().field("output", rms.train(x).output.data).end_object();
    j.key("batch").begin_object().field("output", batch.train(x).output.data).end_object();
    j.end_object();
    return j.str();
}

WeightNormSetting weight_norm_default_setting() {
    // Directions of lengths 1, 2.5 and 0.5, each a 3-4-5 triangle's sides scaled.
    return {Block::from_rows({{0.6, -1.5, 0.3}, {0.8, 2.0, -0.4}}), {1.0, 1.5, 0.5}, 0.1};
}

std::string weight_norm_view() { return weight_norm_view_of(weight_norm_default_setting()); }

std::string weight_norm_view_of(const WeightNormSetting& setting) {
    require_shape(setting.direction, 2, 3, "direction block (2 inputs by 3 neurons)");
    require_same(setting.magnitude.size(), 3, "magnitude length", "number of neurons");
    require_learning_rate(setting.learning_rate);
    if (!(setting.learning_rate > 0 && setting.learning_rate <= 10))
        throw LearningRateError("the learning rate is " + format_number(setting.learning_rate) +
                                "; this view takes one above 0 and at most 10");
    const Crowd five = first_people(5);
    const Block x = standard_units_of(the_crowd().measurements).infer(five.measurements);
    Random rng(2015);
    const Block& v = setting.direction;
    const std::vector<double>& magnitude = setting.magnitude;
    const std::vector<double> bias = {0.1, -0.2, 0.3};
    const WeightNormDense wn(v, magnitude, bias, Activation::Tanh);
    const Dense dense = wn.as_dense();
    Block dy(5, 3);
    for (double& d : dy.data) d = rng.normal();

    const DenseResponse r = wn.train(x);
    const WeightNormGradient g = wn.backward(r, dy);
    const Block unprojected = unprojected_direction_slope(wn, g.dweights);
    const GradientCheck check = check_gradient(wn, x, dy);
    const SlopeCheck& dir = check.slope("direction");
    const Block numeric_direction = Block::from_flat(2, 3, dir.numeric);

    const double rate = setting.learning_rate;
    const WeightNormDense wn_next = wn.step(g, rate);
    const Dense dense_next = dense.step(dense.backward(dense.train(x), dy), rate);

    // Directions and magnitudes whose figures are beyond a double (entries near 1e308, say) are
    // refused by naming them, not answered with lengths of Infinity and readouts of 0.
    const std::vector<std::vector<double>> figures = {
        wn.direction_lengths(),
        wn.effective_weights().data,
        g.ddirection.data,
        g.dmagnitude,
        unprojected.data,
        numeric_direction.data,
        wn_next.effective_weights().data,
        dense_next.weights().data,
        column_lengths(wn.effective_weights()),
        column_lengths(wn_next.effective_weights()),
        column_lengths(dense_next.weights()),
        {frobenius_distance(wn_next.effective_weights(), dense_next.weights()), dir.largest_gap,
         largest_dot_with_direction(unprojected, v)}};
    for (const auto& f : figures)
        for (double y : f)
            if (!std::isfinite(y))
                throw NonFiniteError(
                    "the directions and magnitudes are too large for this view: the weights "
                    "they make, their slopes or one step from them are beyond a double");
    JsonWriter j;
    j.begin_object().field("x", x.data).field("direction", v.data).field("directionLengths", wn.direction_lengths());
    j.field("magnitude", magnitude).field("dy", dy.data);
    j.field("forwardGap", largest_gap(wn.infer(x), dense.infer(x)));
    j.field("directionSlope", g.ddirection.data).field("magnitudeSlope", g.dmagnitude);
    j.field("unprojectedSlope", unprojected.data).field("numericDirectionSlope", numeric_direction.data);
    j.field("directionGap", dir.largest_gap).field("magnitudeGap", check.slope("magnitude").largest_gap);
    j.field("largestDirectionSlope", dir.largest_slope);
    j.field("unprojectedGap", largest_gap(unprojected, numeric_direction));
    j.field("projectedDot", largest_dot_with_direction(g.ddirection, v));
    j.field("unprojectedDot", largest_dot_with_direction(unprojected, v));
    j.key("step").begin_object().field("learningRate", rate);
    j.field("distance", frobenius_distance(wn_next.effective_weights(), dense_next.weights()));
    j.field("lengthsBefore", column_lengths(wn.effective_weights()));
    j.field("weightNormLengthsAfter", column_lengths(wn_next.effective_weights()));
    j.field("denseLengthsAfter", column_lengths(dense_next.weights())).end_object();
    j.end_object();
    return j.str();
}

std::string behaviours_view() {
    using Call = std::function<std::string()>;
    struct Row {
        const char* group;
        const char* what;
        Call call;
    };
    const auto numbers = [](const std::vector<double>& v) {
        std::string s;
        for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + format_number(v[k]);
        return s;
    };
    const auto rounded = [](const std::vector<double>& v) {
        std::string s;
        char buf[32];
        for (std::size_t k = 0; k < v.size(); ++k) {
            std::snprintf(buf, sizeof buf, "%.7g", std::fabs(v[k]) < 5e-8 ? 0.0 : v[k]);
            s += (k ? ", " : "") + std::string(buf);
        }
        return s;
    };
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const Normaliser bn(2, batch_norm());
    const std::vector<Row> rows = {
        {"refused", "an empty block (0 rows)",
         [&] {
             bn.train(Block(0, 2));
             return std::string();
         }},
        {"refused", "a block of 3 features into a layer of 2",
         [&] {
             bn.train(Block::from_rows({{1, 2, 3}}));
             return std::string();
         }},
        {"refused", "an arriving slope of the wrong shape",
         [&] {
             bn.backward(bn.train(whole_number_four()), Block(4, 3, 1.0));
             return std::string();
         }},
        {"refused", "a scale of the wrong length",
         [&] {
             bn.with_scale_shift({1, 1, 1}, {0, 0});
             return std::string();
         }},
        {"refused", "NaN in the input",
         [&] {
             bn.train(Block::from_rows({{1, nan}}));
             return std::string();
         }},
        {"refused", "an infinity in the input",
         [&] {
             bn.infer(Block::from_rows({{inf, 7}}));
             return std::string();
         }},
        {"refused", "eps = 0",
         [&] {
             Normaliser(2, batch_norm().with_eps(0));
             return std::string();
         }},
        {"refused", "keep = 1.5",
         [&] {
             Normaliser(2, batch_norm().with_keep(1.5));
             return std::string();
         }},
        {"refused", "a learning rate of NaN",
         [&] {
             bn.step(bn.backward(bn.train(whole_number_four()), Block(4, 2, 0.0)), nan);
             return std::string();
         }},
        {"refused", "4 groups of 6 features",
         [&] {
             Normaliser(6, group_norm(4));
             return std::string();
         }},
        {"refused", "a weight-normalised neuron with a zero direction",
         [&] {
             WeightNormDense(Block::from_rows({{1, 0}, {0, 0}}), {1, 1}, {0, 0}, Activation::Tanh);
             return std::string();
         }},
        {"arithmetic", "a constant column (5, 5, 5, 5) under the batch layer",
         [&] {
             return rounded(bn.train(Block::from_rows({{5, 7}, {5, 9}, {5, 1}, {5, 7}})).output.column(0));
         }},
        {"arithmetic", "the whole-number four under the batch layer, second column",
         [&] { return rounded(bn.train(whole_number_four()).output.column(1)); }},
        {"arithmetic", "undo exactly: scale sqrt(v + eps), shift m, first row",
         [&] {
             const NormResponse r = bn.train(whole_number_four());
             return numbers(bn.with_scale_shift(r.deviation, r.mean).train(whole_number_four()).output.row(0));
         }},
        {"arithmetic", "RMS on (1, 7)",
         [&] {
             return rounded(Normaliser(2, rms_norm()).train(Block::from_rows({{1, 7}})).output.row(0));
         }},
        {"worth knowing", "one row (1, 7) while training a batch layer",
         [&] {
             return rounded(bn.train(Block::from_rows({{1, 7}})).output.row(0)) + " (a batch of one has no spread)";
         }},
        {"worth knowing", "a training pass that no step follows",
         [&] {
             (void)bn.train(whole_number_four());
             return "running mean still " + numbers(bn.running_mean()) + ", running variance " +
                    numbers(bn.running_variance());
         }},
        {"worth knowing", "two-number rows under layer norm",
         [&] {
             return rounded(Normaliser(2, layer_norm()).train(whole_number_four()).output.data) +
                    " (every row is -1, +1)";
         }},
        {"worth knowing", "a fresh batch layer predicting (1, 7)",
         [&] {
             return rounded(bn.infer(Block::from_rows({{1, 7}})).row(0)) + " (running mean 0, variance 1)";
         }},
    };
    JsonWriter j;
    j.begin_array();
    for (const Row& row : rows) {
        j.begin_object().field("group", row.group).field("case", row.what).key("outcome").begin_object();
        try {
            j.field("answer", row.call());
        } catch (const NormError& e) {
            j.key("error").begin_object().field("name", e.name()).field("message", e.what()).end_object();
        }
        j.end_object().end_object();
    }
    j.end_array();
    return j.str();
}

std::string checklist_view() {
    const NormSpec b = batch_norm(), l = layer_norm(), r = rms_norm();
    const Normaliser fresh(2, b);
    const std::string eps = format_number(b.eps), keep = format_number(b.rate.keep()),
                      momentum = format_number(b.rate.momentum());
    const std::vector<std::pair<std::string, std::string>> items = {
        {"Which axis do the statistics run along?",
         "Batch: down each column, over the rows. Layer and RMS: along each row, over the features. Group: along "
         "contiguous groups of a row (one group is layer norm)."},
        {"Is the variance biased?", std::string("Yes: it divides by the count (") +
                                        (b.unbiased_running ? "" : "n, not n - 1") +
                                        "), computed in two passes about a corrected mean."},
        {"Where does epsilon go?", "Inside the square root: deviation = sqrt(variance + " + eps + ")."},
        {"Do scale and shift exist, and what do they start at?",
         "One of each per feature, starting at " + format_number(fresh.scale()[0]) + " and " +
             format_number(fresh.shift()[0]) + ". RMS keeps a shift that stays at " + format_number(fresh.shift()[0]) +
             (r.learn_shift ? " and is learned." : " unless asked to learn it.")},
        {"What are the two purposes, and which is the default?",
         "Training standardises by the batch's own statistics; predicting by the running figures. Training is the "
         "default. Layer, RMS and group norm answer the same for both."},
        {"How do the running figures start?", "At mean " + format_number(fresh.running_mean()[0]) + " and variance " +
                                                  format_number(fresh.running_variance()[0]) + "."},
        {"By what rule do they move?", "running = " + keep + " x running + " + momentum + " x batch (keep " + keep +
                                           ", which PyTorch calls momentum " + momentum + ")."},
        {"At what moment do they move?",
         "Only when a layer is stepped, from the batch figures the gradient carries; a forward pass changes nothing."},
        {"Is the running variance biased?",
         std::string(b.unbiased_running ? "No: n / (n - 1)."
                                        : "Yes, the biased batch variance; an option gives PyTorch's n / (n - 1).")},
        {"Which three routes does the backward pass collect?",
         "Direct, through the mean, through the variance: (n d - sum d - z sum(d z)) / (n s). RMS has no mean route."},
        {"What are the parameter slopes?", "dscale = sum over rows of dy z; dshift = sum over rows of dy."},
        {"Weight normalisation: what happens to the direction slope?",
         "Its radial part is projected out: (g / |v|) (w - (w . u) u); the magnitude slope is w . u."},
        {"What does a zero direction mean?", "No direction to scale: refused with ZeroDirectionError."},
    };
    (void)l;
    JsonWriter j;
    j.begin_array();
    for (const auto& item : items)
        j.begin_object().field("question", item.first).field("answer", item.second).end_object();
    j.end_array();
    return j.str();
}

} // namespace normlab
