// Every typed refusal is raised by the input that should raise it, and its message names the value.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
const double nan_value = std::numeric_limits<double>::quiet_NaN();
const double inf_value = std::numeric_limits<double>::infinity();
} // namespace

TEST_CASE("empty blocks are refused", "[errors]") {
    check_refusal<EmptyBlockError>([] { Block::from_rows({}); }, "0 rows");
    check_refusal<EmptyBlockError>([] { Block::from_rows({{}}); }, "0 features");
    check_refusal<EmptyBlockError>([] { Normaliser(2, batch_norm()).train(Block(0, 2)); }, "0 rows");
    check_refusal<EmptyBlockError>([] { Normaliser(0, batch_norm()); }, "0 features");
}

TEST_CASE("mismatched shapes are refused", "[errors]") {
    const Normaliser layer(2, batch_norm());
    check_refusal<ShapeError>([] { Block::from_rows({{1, 2}, {3}}); }, "row 2");
    check_refusal<ShapeError>([&] { layer.train(Block::from_rows({{1, 2, 3}})); }, "is 3");
    check_refusal<ShapeError>([&] { layer.backward(layer.train(whole_number_four()), Block(4, 3)); }, "4 by 3");
    check_refusal<ShapeError>([&] { layer.with_scale_shift({1, 2, 3}, {0, 0}); }, "scale's length is 3");
    check_refusal<ShapeError>([&] { layer.with_scale_shift({1, 2}, {0}); }, "shift's length is 1");
    check_refusal<ShapeError>([] { Dense(Block(2, 3, 0.1), {0, 0}, Activation::Relu); }, "bias length is 2");
    check_refusal<ShapeError>(
        [] {
            Dense(Block(2, 3, 0.1), {0, 0, 0}, Activation::Relu).train(Block(1, 4, 1.0));
        },
        "is 4");
}

TEST_CASE("non-finite input is refused, naming the cell and the value", "[errors]") {
    const Normaliser layer(2, batch_norm());
    Block x = whole_number_four();
    x.at(2, 1) = nan_value;
    check_refusal<NonFiniteError>([&] { layer.train(x); }, "row 3, feature 2 of the input block is NaN");
    x.at(2, 1) = -inf_value;
    check_refusal<NonFiniteError>([&] { layer.infer(x); }, "-Infinity");
    Block dy = counting_slope(4, 2);
    dy.at(0, 0) = inf_value;
    check_refusal<NonFiniteError>([&] { layer.backward(layer.train(whole_number_four()), dy); }, "Infinity");
}

TEST_CASE("eps must be finite and above zero", "[errors]") {
    check_refusal<EpsilonError>([] { Normaliser(2, batch_norm().with_eps(0)); }, "eps is 0");
    check_refusal<EpsilonError>([] { Normaliser(2, layer_norm().with_eps(-1e-5)); }, "eps is -1e-05");
    check_refusal<EpsilonError>([] { Normaliser(2, rms_norm().with_eps(nan_value)); }, "eps is NaN");
}

TEST_CASE("keep must lie in [0, 1], in either convention", "[errors]") {
    check_refusal<KeepError>([] { Normaliser(2, batch_norm().with_keep(1.5)); }, "keep is 1.5");
    check_refusal<KeepError>([] { Normaliser(2, batch_norm().with_momentum(-0.1)); }, "momentum is -0.1");
    check_refusal<KeepError>([] { Normaliser(2, batch_norm().with_keep(nan_value)); }, "keep is NaN");
    CHECK_NOTHROW(Normaliser(2, batch_norm().with_keep(0)));
    CHECK_NOTHROW(Normaliser(2, batch_norm().with_keep(1)));
}

TEST_CASE("the learning rate must be finite", "[errors]") {
    const Normaliser layer(2, batch_norm());
    const NormGradient g = layer.backward(layer.train(whole_number_four()), counting_slope(4, 2));
    check_refusal<LearningRateError>([&] { layer.step(g, inf_value); }, "learning rate is Infinity");
    check_refusal<LearningRateError>([&] { layer.step(g, nan_value); }, "learning rate is NaN");
}

TEST_CASE("a group count that does not divide the features is refused", "[errors]") {
    check_refusal<GroupError>([] { Normaliser(6, group_norm(4)); }, "group count is 4");
    check_refusal<GroupError>([] { Normaliser(6, group_norm(0)); }, "group count is 0");
}

TEST_CASE("what the arithmetic answers is accepted", "[errors][behaviour]") {
    CHECK_NOTHROW(Normaliser(2, batch_norm()).train(Block::from_rows({{1, 7}})));
    CHECK_NOTHROW(Normaliser(2, batch_norm()).train(Block::from_rows({{5, 7}, {5, 9}})));
    const Block y = Normaliser(2, layer_norm()).train(Block::from_rows({{3, 100}, {-2, -40}})).output;
    for (double v : y.data) CHECK_NEAR(std::fabs(v), 1.0, 1e-6);
}

TEST_CASE("numbers in messages read back exactly", "[errors]") {
    CHECK(format_number(0.1) == "0.1");
    CHECK(format_number(1e-5) == "1e-05");
    CHECK(format_number(3.0000016666662037) == "3.0000016666662037");
    CHECK(format_number(-inf_value) == "-Infinity");
    CHECK(format_number(150) == "150");
    CHECK(format_number(20) == "20");
    CHECK(format_number(1e20) == "1e+20");
    CHECK(format_number(-2500.5) == "-2500.5");
    CHECK(format_number(123456789012.0) == "123456789012");
}

namespace {

// format_number as first written: a binary search over 1..17 digits, each step printed with %g
// and read back with strtod. The faster one must print the same bytes for every double.
std::string format_number_by_printing(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    char buf[320];
    int low = 1, high = 17;
    while (low < high) {
        const int mid = (low + high) / 2;
        std::snprintf(buf, sizeof buf, "%.*g", mid, v);
        if (std::strtod(buf, nullptr) == v)
            high = mid;
        else
            low = mid + 1;
    }
    const int digits = low;
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    const double magnitude = std::fabs(v);
    if (std::strchr(buf, 'e') && magnitude >= 1e-4 && magnitude < 1e17) {
        const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
        const int decimals = digits - 1 - exponent > 0 ? digits - 1 - exponent : 0;
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    }
    return buf;
}

} // namespace

TEST_CASE("numbers print the same bytes as by printing every step of the digit search", "[errors]") {
    Random rng(1729);
    std::vector<double> xs = {0.0,
                              -0.0,
                              1.0,
                              -1.0,
                              0.5,
                              1.5,
                              2.5,
                              0.25,
                              0.125,
                              1e22,
                              1e23,
                              9007199254740992.0,
                              9007199254740993.0,
                              5e-324,
                              2.2250738585072014e-308,
                              1.7976931348623157e308,
                              0.3,
                              0.1 + 0.2,
                              1.0 / 3,
                              2.0 / 3,
                              1e-4,
                              9.9999999999999e-5,
                              1e17,
                              9.999999999999998e16};
    for (int k = 0; k < 60000; ++k) { // every bit pattern that is a number
        const std::uint64_t bits = rng.next_u64();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        if (std::isfinite(v)) xs.push_back(v);
    }
    for (int k = 0; k < 60000; ++k) xs.push_back(rng.uniform());                         // accuracies, losses
    for (int k = 0; k < 30000; ++k) xs.push_back(std::round(rng.uniform() * 1e6) / 1e4); // short decimals
    for (int k = 0; k < 20000; ++k) {                                                    // halfway cases
        const double whole = std::round(rng.uniform() * 1e6);
        for (double scale : {1e-8, 1e-3, 0.1, 1.0, 1e5}) xs.push_back((whole + 0.5) * scale);
    }
    for (int k = -1074; k < 1024; ++k) xs.push_back(std::ldexp(1.0, k)); // powers of two
    for (int k = -30; k <= 30; ++k) xs.push_back(std::pow(10.0, k));
    for (const TrainingResult& r : run_comparison(0, 10)) {
        xs.push_back(r.train_accuracy);
        xs.push_back(r.final_loss);
    }
    std::size_t differing = 0;
    for (double v : xs)
        if (format_number(v) != format_number_by_printing(v)) {
            ++differing;
            UNSCOPED_INFO(format_number_by_printing(v) << " printed as " << format_number(v));
        }
    CHECK(differing == 0);
}

TEST_CASE("a size beyond the limit is a SizeError naming the size, never an untyped allocation failure",
          "[errors][size]") {
    check_refusal<SizeError>([] { Normaliser(std::size_t(1) << 61, batch_norm()); }, "2305843009213693952");
    check_refusal<SizeError>([] { Normaliser(max_block_cells + 1, layer_norm()); }, "67108865");
    check_refusal<SizeError>([] { require_cells(std::size_t(1) << 40, std::size_t(1) << 40, "block"); },
                             "1099511627776 by 1099511627776");
    CHECK(require_cells(8192, 8192, "block") == max_block_cells);
    CHECK(std::string(SizeError("x").name()) == "SizeError");
}

TEST_CASE("an answer beyond the largest double is refused, naming the cell", "[errors]") {
    check_refusal<NonFiniteError>(
        [] {
            require_answer_finite(Block::from_flat(1, 2, {1, inf_value}), "answer");
        },
        "row 1, feature 2 of the answer comes out Infinity");
    check_refusal<NonFiniteError>(
        [] {
            require_answer_finite(std::vector<double>{0, nan_value}, "slope");
        },
        "entry 2 of the slope comes out NaN");
}
