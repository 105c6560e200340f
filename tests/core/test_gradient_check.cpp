// The finite-difference oracle over every member of the family, every parameter, on seeded
// random blocks; and the structural checks that need no oracle.
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

struct Member {
    const char* name;
    NormSpec spec;
};

std::vector<Member> family() {
    return {{"batch", batch_norm()},
            {"layer", layer_norm()},
            {"rms", rms_norm()},
            {"rms with shift", rms_norm().with_learned_shift(true)},
            {"two groups of 3", group_norm(2)}};
}

// A layer with non-trivial scale and shift, so the scale's part in the routes is exercised.
Normaliser dressed(std::size_t d, NormSpec spec, Random& rng) {
    std::vector<double> scale(d), shift(d);
    for (std::size_t j = 0; j < d; ++j) {
        scale[j] = 0.5 + rng.uniform();
        shift[j] = rng.normal();
    }
    return Normaliser(d, spec).with_scale_shift(scale, shift);
}

void print_first_disagreements(const GradientCheck& c) {
    for (const auto& s : c.slopes) {
        int shown = 0;
        for (std::size_t k = 0; k < s.analytic.size() && shown < 3; ++k)
            if (std::fabs(s.analytic[k] - s.numeric[k]) > 1e-7) {
                UNSCOPED_INFO(s.name << "[" << k << "]: analytic " << s.analytic[k] << " numeric " << s.numeric[k]);
                ++shown;
            }
    }
}

} // namespace

TEST_CASE("every member agrees with the finite difference on seeded random blocks", "[family][gradient][E27]") {
    Random rng(2024);
    for (const Member& m : family()) {
        for (int trial = 0; trial < 5; ++trial) {
            INFO(m.name << ", trial " << trial);
            const Normaliser layer = dressed(6, m.spec, rng);
            const Block x = random_block(rng, 5, 6, 1.0, 2.0);
            const Block dy = random_block(rng, 5, 6);
            const GradientCheck c = check_gradient(layer, x, dy);
            print_first_disagreements(c);
            CHECK(c.largest_gap() < 1e-8);
        }
    }
}

TEST_CASE("sums along the axis of the passed-down block are zero for the centring members",
          "[family][structure][E25]") {
    Random rng(99);
    for (const Member& m : family()) {
        if (!m.spec.centre()) continue;
        INFO(m.name);
        const Normaliser layer = dressed(6, m.spec, rng);
        const Block x = random_block(rng, 5, 6, 3.0, 2.0);
        const Block dx = layer.backward(layer.train(x), random_block(rng, 5, 6)).dx;
        if (m.spec.axis() == Axis::Batch) {
            for (double s : column_sums(dx)) CHECK(std::fabs(s) < 1e-13);
        } else {
            const std::size_t len = 6 / m.spec.groups;
            for (std::size_t i = 0; i < 5; ++i)
                for (std::size_t g = 0; g < m.spec.groups; ++g) {
                    double s = 0;
                    for (std::size_t k = 0; k < len; ++k) s += dx.at(i, g * len + k);
                    CHECK(std::fabs(s) < 1e-13);
                }
        }
    }
}

TEST_CASE("RMS's backward has one route fewer: beyond the direct route it collects the variance route alone",
          "[family][structure][E37]") {
    Random rng(37);
    for (const Member& m : family()) {
        if (m.spec.kind != NormKind::Layer && m.spec.kind != NormKind::Rms) continue;
        INFO(m.name);
        const Normaliser layer = dressed(6, m.spec, rng);
        const Block x = random_block(rng, 5, 6, 1.0, 2.0), dy = random_block(rng, 5, 6);
        const NormResponse r = layer.train(x);
        const Block dx = layer.backward(r, dy).dx;
        const Block direct = naive_backward(layer, r, dy); // route 1: d / s
        // Routes 2 and 3 of each row from the response: - sum d / (n s) and - z sum(d z) / (n s).
        Block through_mean(5, 6), through_variance(5, 6);
        for (std::size_t i = 0; i < 5; ++i) {
            double sum_d = 0, sum_dz = 0;
            for (std::size_t j = 0; j < 6; ++j) {
                sum_d += dy.at(i, j) * layer.scale()[j];
                sum_dz += dy.at(i, j) * layer.scale()[j] * r.standardised.at(i, j);
            }
            for (std::size_t j = 0; j < 6; ++j) {
                through_mean.data[i * 6 + j] = -sum_d / (6 * r.deviation[i]);
                through_variance.data[i * 6 + j] = -r.standardised.at(i, j) * sum_dz / (6 * r.deviation[i]);
            }
        }
        CHECK(largest_magnitude(through_mean) > 1e-2); // the mean route would carry something here
        Block two_routes = direct, three_routes = direct;
        for (std::size_t c = 0; c < dx.data.size(); ++c) {
            two_routes.data[c] += through_variance.data[c];
            three_routes.data[c] += through_variance.data[c] + through_mean.data[c];
        }
        if (m.spec.centre()) {
            CHECK(largest_gap(dx, three_routes) < 1e-12);
            CHECK(largest_gap(dx, two_routes) > 1e-2);
        } else {
            CHECK(largest_gap(dx, two_routes) < 1e-12);
            CHECK(largest_gap(dx, three_routes) > 1e-2);
        }
    }
}

TEST_CASE("a constant added along the axis leaves a centring member's answer unchanged", "[family][structure]") {
    Random rng(5);
    for (const Member& m : family()) {
        if (!m.spec.centre()) continue;
        INFO(m.name);
        const Normaliser layer = dressed(6, m.spec, rng);
        const Block x = random_block(rng, 5, 6);
        Block moved = x;
        const std::size_t len = m.spec.axis() == Axis::Batch ? 0 : 6 / m.spec.groups;
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t j = 0; j < 6; ++j)
                moved.at(i, j) += m.spec.axis() == Axis::Batch ? 0.25 * (j + 1) : 0.25 * (i + 1) * (j / len + 1);
        CHECK(largest_gap(layer.train(x).output, layer.train(moved).output) < 1e-12);
    }
}

TEST_CASE("RMS answers with unit root mean square; the centring members with zero mean and unit variance",
          "[family][structure][T33]") {
    Random rng(11);
    const Block x = random_block(rng, 6, 8, 2.0, 5.0);
    const NormResponse rms = Normaliser(8, rms_norm()).train(x);
    const NormResponse stats_of_rms = Normaliser(8, rms_norm().with_eps(1e-300)).train(rms.standardised);
    for (double ms : stats_of_rms.variance) CHECK_NEAR(ms, 1.0, 1e-5);
    const NormResponse bn = Normaliser(8, batch_norm()).train(x);
    const NormResponse stats_of_bn = Normaliser(8, batch_norm()).train(bn.standardised);
    for (std::size_t j = 0; j < 8; ++j) {
        CHECK(std::fabs(stats_of_bn.mean[j]) < 1e-15);
        CHECK_NEAR(stats_of_bn.variance[j], 1.0, 1e-5);
    }
}

TEST_CASE("the checker catches a wrong gradient: the naive form fails it", "[gradient][E26]") {
    const Normaliser layer(2, batch_norm());
    const NormResponse r = layer.train(whole_number_four());
    const Block dy = counting_slope(4, 2);
    const GradientCheck c = check_gradient(layer, whole_number_four(), dy);
    CHECK(largest_gap(naive_backward(layer, r, dy).data, c.slope("input").numeric) > 1.0);
    CHECK_THROWS_AS(c.slope("nonsense"), OptionError);
}

TEST_CASE("one checker serves any function from parameters to a loss", "[gradient][checker]") {
    // loss(a, b) = a^2 b + 3b: slopes 2ab and a^2 + 3.
    const LossOf loss = [](const std::vector<double>& v) { return v[0] * v[0] * v[1] + 3 * v[1]; };
    const GradientCheck right = check_gradient({{"ab", {2, 5}, {20, 7}, loss}});
    CHECK(right.largest_gap() < 1e-8);
    CHECK_NEAR(right.slope("ab").largest_slope, 20, 1e-8);
    const GradientCheck wrong = check_gradient({{"ab", {2, 5}, {20, 4}, loss}});
    CHECK_NEAR(wrong.largest_gap(), 3, 1e-8);
    check_refusal<ShapeError>([&] { check_gradient({{"ab", {2, 5}, {20}, loss}}); }, "ab slope's length is 1");
}

TEST_CASE("the layer checks are the one checker's: the same numbers, bit for bit", "[gradient][checker]") {
    const Normaliser layer(2, batch_norm());
    const Block x = whole_number_four(), dy = counting_slope(4, 2);
    const GradientCheck c = check_gradient(layer, x, dy);
    const std::vector<double> numeric = central_differences(
        x.data,
        weighted_sum([&](const std::vector<double>& v) { return layer.train(Block::from_flat(4, 2, v)).output; }, dy),
        default_difference_step);
    CHECK(c.slope("input").numeric == numeric);
    CHECK(c.slope("input").analytic == layer.backward(layer.train(x), dy).dx.data);
}

TEST_CASE("a difference step of 0, below 0 or not finite is refused", "[gradient][errors]") {
    const Normaliser layer(2, batch_norm());
    for (double h : {0.0, -1e-5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
        check_refusal<OptionError>([&] { check_gradient(layer, whole_number_four(), counting_slope(4, 2), h); },
                                   "difference step is " + format_number(h));
}

TEST_CASE("a NaN in a compared slope makes the gap NaN, not 0", "[gradient][checker]") {
    const LossOf nan_loss = [](const std::vector<double>&) { return std::numeric_limits<double>::quiet_NaN(); };
    const GradientCheck c = check_gradient(
        {{"good", {1}, {0}, [](const std::vector<double>&) { return 1.0; }}, {"bad", {1, 2}, {0, 0}, nan_loss}});
    CHECK(c.slope("good").largest_gap == 0);
    CHECK(std::isnan(c.slope("bad").largest_gap));
    CHECK(std::isnan(c.slope("bad").largest_slope));
    CHECK(std::isnan(c.largest_gap()));
    const GradientCheck analytic_nan = check_gradient(
        {{"a", {1}, {std::numeric_limits<double>::quiet_NaN()}, [](const std::vector<double>& v) { return v[0]; }}});
    CHECK(std::isnan(analytic_nan.largest_gap()));
}

TEST_CASE("a step so large that 2h or the losses' difference leaves the doubles is refused, not answered NaN or 0",
          "[gradient][errors][large]") {
    const Dense unit(Block::from_rows({{1}}), {0}, Activation::Identity);
    const Block one = Block::from_rows({{1}});
    // 2h is Infinity: every slope would come out 0 (or NaN).
    check_refusal<OptionError>([&] { check_gradient(unit, one, one, 1e308); }, "half the largest double");
    const Dense faint(Block::from_rows({{1e-10}}), {0}, Activation::Identity);
    check_refusal<OptionError>([&] { check_gradient(faint, one, one, 1.7e308); }, "difference step is 1.7e+308");
    // Losses either side of the value that are finite but too far apart: (up - down) overflows.
    const LossOf steep = [](const std::vector<double>& v) { return v[0] * 1e300; };
    check_refusal<NonFiniteError>([&] { central_differences({0}, steep, 1e8); }, "too far apart");
    // A loss whose sum overflows is refused by the layer's loss, sum(dy * answer).
    const Block big = Block::from_rows({{1e308, 1e308}});
    check_refusal<NonFiniteError>([&] { weighted_sum([&](const std::vector<double>&) { return big; }, big)({}); },
                                  "loss sum(dy * answer)");
    // The largest step allowed still answers.
    CHECK(check_gradient(unit, one, one, 1e300).slope("weights").numeric[0] == 1.0);
}

TEST_CASE("a check whose work grows past the limit is refused before it runs for hours", "[gradient][errors][large]") {
    // 1,000 by 1,000: a million probed inputs, each costing a training pass over a million cells.
    const Block x(1000, 1000, 1.0);
    check_refusal<SizeError>([&] { check_gradient(Normaliser(1000, layer_norm()), x, x); }, "1000 by 1000");
    check_refusal<SizeError>(
        [&] { check_gradient(Dense(Block(1000, 1, 1.0), {0}, Activation::Identity), x, Block(1000, 1)); },
        "cell evaluations");
    // The page's largest checks stay well inside it.
    const Block page(60, 60, 1.0);
    CHECK(4.0 * 3600 * 3600 < max_check_work);
    CHECK_NOTHROW(check_gradient(Normaliser(60, layer_norm()), counting_slope(60, 60), page));
}
