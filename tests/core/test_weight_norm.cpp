#include <cmath>
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
// Three tanh neurons reading two inputs, with stored directions of lengths 1, 2.5 and 0.5.
WeightNormDense three_neurons() {
    Block v = Block::from_rows({{0.6, 1.5, 0.3}, {0.8, 2.0, -0.4}});
    return WeightNormDense(v, {1.0, 2.5, 0.5}, {0.1, -0.2, 0.05}, Activation::Tanh);
}
Block five_people() { return Block::from_rows({{0.3, -1.2}, {1.1, 0.4}, {-0.7, 0.9}, {1.6, 1.3}, {-1.4, -0.8}}); }
} // namespace

TEST_CASE("weight normalisation: the forward pass equals a dense layer's exactly", "[weight_norm]") {
    const WeightNormDense wn = three_neurons();
    CHECK(wn.direction_lengths() == std::vector<double>{1.0, 2.5, 0.5});
    CHECK(largest_gap(wn.train(five_people()).output, wn.as_dense().train(five_people()).output) == 0.0);
    const Dense dense(Block::from_rows({{0.5, -1.0}, {2.0, 0.25}}), {0.1, 0.2}, Activation::Relu);
    const WeightNormDense same = WeightNormDense::from_dense(dense);
    CHECK(largest_gap(same.effective_weights(), dense.weights()) < 1e-15);
}

TEST_CASE("weight normalisation: direction and magnitude slopes agree with finite differences",
          "[weight_norm][gradient][E41]") {
    Random rng(12);
    const Block dy = random_block(rng, 5, 3);
    const GradientCheck c = check_gradient(three_neurons(), five_people(), dy);
    CHECK(c.slope("direction").largest_gap < 1e-8);
    CHECK(c.slope("magnitude").largest_gap < 1e-8);
    CHECK(c.largest_gap() < 1e-8);
}

TEST_CASE("the projected direction slope is orthogonal to the direction; the unprojected one is not",
          "[weight_norm][structure][E42]") {
    Random rng(13);
    const WeightNormDense wn = three_neurons();
    const WeightNormGradient g = wn.backward(wn.train(five_people()), random_block(rng, 5, 3));
    const Block unprojected = unprojected_direction_slope(wn, g.dweights);
    double worst_projected = 0, worst_unprojected = 0;
    for (std::size_t k = 0; k < 3; ++k) {
        double p = 0, u = 0;
        for (std::size_t j = 0; j < 2; ++j) {
            p += g.ddirection.at(j, k) * wn.direction().at(j, k);
            u += unprojected.at(j, k) * wn.direction().at(j, k);
        }
        worst_projected = std::fmax(worst_projected, std::fabs(p));
        worst_unprojected = std::fmax(worst_unprojected, std::fabs(u));
    }
    CHECK(worst_projected < 1e-14);
    CHECK(worst_unprojected > 1e-3);
    const GradientCheck c = check_gradient(wn, five_people(), random_block(rng, 5, 3));
    CHECK(c.slope("direction").largest_gap < 1e-8);
}

TEST_CASE("weight normalisation: a step moves the length only through the magnitude", "[weight_norm][values][E40]") {
    Random rng(14);
    const WeightNormDense wn = three_neurons();
    const WeightNormDense copy = wn;
    const WeightNormGradient g = wn.backward(wn.train(five_people()), random_block(rng, 5, 3));
    const WeightNormDense next = wn.step(g, 0.1);
    CHECK(wn == copy);
    for (std::size_t k = 0; k < 3; ++k) CHECK(next.magnitude()[k] == wn.magnitude()[k] - 0.1 * g.dmagnitude[k]);
    // The direction's step is orthogonal to it, so its length can only grow (second order).
    for (std::size_t k = 0; k < 3; ++k) CHECK(next.direction_lengths()[k] >= wn.direction_lengths()[k]);
}

TEST_CASE("a step of the direction alone leaves every length; after a full step the lengths are the magnitudes",
          "[weight_norm][values][E40]") {
    Random rng(40);
    const WeightNormDense wn = three_neurons();
    const WeightNormGradient g = wn.backward(wn.train(five_people()), random_block(rng, 5, 3));
    WeightNormGradient direction_only = g;
    direction_only.dmagnitude.assign(3, 0.0);
    direction_only.dbias.assign(3, 0.0);
    const WeightNormDense turned = wn.step(direction_only, 0.1), next = wn.step(g, 0.1);
    CHECK(largest_gap(turned.direction(), wn.direction()) > 1e-3); // the direction moved
    for (std::size_t k = 0; k < 3; ++k) {
        INFO("neuron " << k + 1);
        CHECK_NEAR(column_length(turned.effective_weights(), k), wn.magnitude()[k], 1e-14);
        CHECK(std::fabs(next.magnitude()[k] - wn.magnitude()[k]) > 1e-4); // the magnitude's slope moved it
        CHECK_NEAR(column_length(next.effective_weights(), k), next.magnitude()[k], 1e-14);
    }
}

TEST_CASE("a zero direction is refused: it has no direction to scale", "[weight_norm][errors][E44]") {
    Block v = Block::from_rows({{0.6, 0.0}, {0.8, 0.0}});
    CHECK_THROWS_AS(WeightNormDense(v, {1, 1}, {0, 0}, Activation::Tanh), ZeroDirectionError);
    CHECK_THROWS_WITH(WeightNormDense(v, {1, 1}, {0, 0}, Activation::Tanh),
                      Catch::Contains("neuron 2") && Catch::Contains("length 0"));
}

TEST_CASE("direction lengths are exact for directions far beyond and below the square's range",
          "[weight_norm][large]") {
    const WeightNormDense big(Block::from_rows({{3e200, 1e-200}, {4e200, 0}}), {1, 2}, {0, 0}, Activation::Identity);
    const std::vector<double> lengths = big.direction_lengths();
    CHECK_NEAR(lengths[0] / 5e200, 1.0, 1e-15);
    CHECK(lengths[1] == 1e-200); // its square, 1e-400, is below the smallest double
    const Block w = big.effective_weights();
    CHECK_NEAR(w.at(0, 0), 0.6, 1e-15);
    CHECK_NEAR(w.at(1, 0), 0.8, 1e-15);
    CHECK(w.at(0, 1) == 2);
    const WeightNormDense same =
        WeightNormDense::from_dense(Dense(Block::from_rows({{3e200}, {4e200}}), {0}, Activation::Identity));
    CHECK_NEAR(same.magnitude()[0] / 5e200, 1.0, 1e-15);
    CHECK(column_length(Block::from_rows({{0.0}, {0.0}}), 0) == 0.0);
    check_refusal<ZeroDirectionError>([] { WeightNormDense(Block::from_rows({{0.0}}), {1}, {0}, Activation::Tanh); },
                                      "length 0");
}

TEST_CASE("weight-normalised backward and step refuse what is not this layer's", "[weight_norm][errors]") {
    const WeightNormDense wn(Block::from_rows({{0.6, 1.5}, {0.8, 2.0}}), {1, 2}, {0, 0}, Activation::Tanh);
    const Block x = Block::from_rows({{1, 2}});
    const DenseResponse r = wn.train(x);
    const Block dy = Block::from_rows({{1, -1}});
    DenseResponse narrow = r;
    narrow.input = Block::from_rows({{1}});
    check_refusal<ShapeError>([&] { wn.backward(narrow, dy); }, "response's input block is 1 by 1");
    const WeightNormGradient g = wn.backward(r, dy);
    WeightNormGradient short_magnitude = g;
    short_magnitude.dmagnitude.pop_back();
    check_refusal<ShapeError>([&] { wn.step(short_magnitude, 0.1); }, "magnitude slope length is 1");
    WeightNormGradient wide = g;
    wide.ddirection = Block(3, 2);
    check_refusal<ShapeError>([&] { wn.step(wide, 0.1); }, "direction slope is 3 by 2");
    WeightNormGradient nan_slope = g;
    nan_slope.dbias[0] = std::numeric_limits<double>::quiet_NaN();
    check_refusal<NonFiniteError>([&] { wn.step(nan_slope, 0.1); }, "entry 1 of the bias slope is NaN");
    check_refusal<LearningRateError>([&] { wn.step(g, std::numeric_limits<double>::quiet_NaN()); },
                                     "learning rate is NaN");
}

TEST_CASE("column_length asks for a column the block has", "[weight_norm][errors]") {
    CHECK(column_length(Block::from_rows({{3.0, 0.0}, {4.0, 1.0}}), 0) == 5.0);
    check_refusal<ShapeError>([] { column_length(Block::from_rows({{3.0}, {4.0}}), 1); }, "column 2");
}

TEST_CASE("a direction below the normal doubles still has a precise unit direction", "[weight_norm][large]") {
    // v = (1e-320, 1e-320): |v| is subnormal, so v / |v| taken as it stands is 0.70720 instead of 1 / sqrt(2).
    const WeightNormDense tiny(Block::from_rows({{1e-320}, {1e-320}}), {1}, {0}, Activation::Identity);
    const Block w = tiny.effective_weights();
    CHECK(w.at(0, 0) == w.at(1, 0));
    CHECK_NEAR(w.at(0, 0), std::sqrt(0.5), 1e-15);
    const DenseResponse r = tiny.train(Block::from_rows({{1, 1}}));
    CHECK_NEAR(r.output.at(0, 0), std::sqrt(2.0), 1e-15);
}

TEST_CASE("the unprojected direction slope beyond the largest double is refused", "[weight_norm][large]") {
    const WeightNormDense thin(Block::from_rows({{1e-300}, {0}}), {1e300}, {0}, Activation::Identity);
    check_refusal<NonFiniteError>(
        [&] {
            unprojected_direction_slope(thin, Block::from_rows({{1e300}, {1}}));
        },
        "unprojected direction slope");
}
