// The running figures followed step by step: each step folds a tenth of the batch figures in.
#include <cmath>
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("after k steps the running mean is (1 - 0.9^k) times the batch mean", "[running][trace]") {
    const Normaliser layer(2, batch_norm());
    const Block x = whole_number_four();
    const NormResponse r = layer.train(x);
    const RunningTrace t = trace_running_figures(layer, x, 30);
    REQUIRE(t.widest_gap.size() == 30);
    REQUIRE(t.predicted.size() == 30);
    CHECK(t.trained == r.output);
    for (std::size_t k = 0; k < 30; ++k) {
        const double folded = 1 - std::pow(0.9, static_cast<double>(k + 1));
        CHECK(std::fabs(t.running_mean[k][1] - folded * r.mean[1]) < 1e-12);
        CHECK(std::fabs(t.running_variance[k][1] - (std::pow(0.9, k + 1.0) + folded * r.variance[1])) < 1e-12);
        CHECK(t.widest_gap[k] == largest_gap(t.predicted[k], t.trained));
        if (k > 0) CHECK(t.widest_gap[k] < t.widest_gap[k - 1]);
    }
    CHECK(t.final_state.running_mean == t.running_mean.back());
    CHECK(t.final_state.scale == layer.scale()); // a zero slope leaves the scale and shift
}

TEST_CASE("the first step under a threshold, or 0 when none is", "[running][trace]") {
    const RunningTrace t = trace_running_figures(Normaliser(2, batch_norm()), whole_number_four(), 10);
    const std::size_t k = t.first_step_under(t.widest_gap[4] * 1.0000001);
    CHECK(k == 5);
    CHECK(t.first_step_under(0) == 0);
    CHECK(trace_running_figures(Normaliser(2, batch_norm()), whole_number_four(), 0).first_step_under(1e9) == 0);
}

TEST_CASE("a trace needs running figures, and a size it can hold", "[running][trace][errors]") {
    check_refusal<OptionError>([] { trace_running_figures(Normaliser(2, layer_norm()), whole_number_four(), 3); },
                               "only the batch axis");
    check_refusal<SizeError>(
        [] { trace_running_figures(Normaliser(2, batch_norm()), whole_number_four(), std::size_t(1) << 40); },
        "1099511627776");
}

TEST_CASE("a NaN threshold is refused, not answered 'never under'", "[running][trace][errors]") {
    const RunningTrace t = trace_running_figures(Normaliser(2, batch_norm()), whole_number_four(), 3);
    check_refusal<NonFiniteError>([&] { t.first_step_under(std::numeric_limits<double>::quiet_NaN()); },
                                  "threshold is NaN");
    CHECK(t.first_step_under(std::numeric_limits<double>::infinity()) == 1);
}

TEST_CASE("a trace of more steps than the limit is refused, however small the block", "[running][trace][errors]") {
    check_refusal<SizeError>(
        [] {
            trace_running_figures(Normaliser(1, batch_norm()), Block::from_rows({{1}, {2}}), max_trace_steps + 1);
        },
        "10001 steps");
    CHECK(trace_running_figures(Normaliser(1, batch_norm()), Block::from_rows({{1}, {2}}), max_trace_steps)
              .widest_gap.size() == max_trace_steps);
}

TEST_CASE("a batch whose spread is beyond a double is refused by naming the reader's rows",
          "[running][trace][errors]") {
    const Normaliser two(2, batch_norm());
    check_refusal<NonFiniteError>(
        [&] {
            trace_running_figures(two, Block::from_rows({{1e308, 1e308}, {-1e308, -1e308}}), 3);
        },
        "the values in rows 1-2 are too large to standardise: their spread is beyond a double");
    const Normaliser one(1, batch_norm());
    check_refusal<NonFiniteError>(
        [&] {
            trace_running_figures(one, Block::from_rows({{1}, {2}, {1e200}, {3}}), 3);
        },
        "in row 3 are");
    // Large values whose spread still fits are traced, not refused.
    CHECK(trace_running_figures(one, Block::from_rows({{1e150}, {-1e150}, {3}}), 3).widest_gap.size() == 3);
}
