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
