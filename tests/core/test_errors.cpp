// Every typed refusal is raised by the input that should raise it, and its message names the value.
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
const double nan_value = std::numeric_limits<double>::quiet_NaN();
const double inf_value = std::numeric_limits<double>::infinity();

template <class E, class F>
void check_refusal(F&& call, const std::string& names) {
    try {
        call();
        FAIL("no refusal; expected one naming " << names);
    } catch (const E& e) {
        INFO(e.what());
        CHECK_THAT(e.what(), Catch::Contains(names));
        CHECK(dynamic_cast<const NormError*>(&e) != nullptr);
    }
}
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

TEST_CASE("the stride must be finite", "[errors]") {
    const Normaliser layer(2, batch_norm());
    const NormGradient g = layer.backward(layer.train(whole_number_four()), counting_slope(4, 2));
    check_refusal<StrideError>([&] { layer.step(g, inf_value); }, "stride is Infinity");
    check_refusal<StrideError>([&] { layer.step(g, nan_value); }, "stride is NaN");
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
