#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("dense layers agree with the finite difference for every activation", "[dense][gradient]") {
    Random rng(3);
    for (Activation a : {Activation::Identity, Activation::Relu, Activation::Tanh, Activation::Sigmoid}) {
        const Dense layer(random_block(rng, 3, 4), {0.1, -0.2, 0.3, 0.0}, a);
        Block x = random_block(rng, 5, 3);
        if (a == Activation::Relu) { // keep every score away from the kink rather than loosen the tolerance
            const Block s = layer.train(x).score;
            bool near_kink = false;
            for (double v : s.data) near_kink = near_kink || std::fabs(v) < 1e-3;
            REQUIRE_FALSE(near_kink);
        }
        const GradientCheck c = check_gradient(layer, x, random_block(rng, 5, 4));
        INFO("activation " << static_cast<int>(a));
        CHECK(c.largest_gap() < 1e-8);
    }
}

TEST_CASE("dense: forward and backward leave the layer unchanged; step makes a new one", "[dense][values]") {
    Random rng(4);
    const Dense layer(random_block(rng, 2, 3), {0, 0, 0}, Activation::Tanh);
    const Dense copy = layer;
    const Block x = random_block(rng, 4, 2);
    const DenseGradient g = layer.backward(layer.train(x), random_block(rng, 4, 3));
    CHECK(layer == copy);
    const Dense next = layer.step(g, 0.5);
    CHECK(layer == copy);
    CHECK(next.weights().at(1, 2) == layer.weights().at(1, 2) - 0.5 * g.dweights.at(1, 2));
    CHECK(next.bias()[0] == -0.5 * g.dbias[0]);
}

TEST_CASE("activations take their answers from the core's own functions", "[dense]") {
    CHECK(activate(Activation::Relu, -2.0) == 0.0);
    CHECK(activate(Activation::Relu, 2.0) == 2.0);
    CHECK(activate(Activation::Identity, -2.0) == -2.0);
    CHECK(activate(Activation::Tanh, 0.5) == normlab::tanh(0.5));
    CHECK(activate(Activation::Sigmoid, 0.0) == 0.5);
}

TEST_CASE("dense backward refuses a response of another shape instead of reading past it", "[dense][errors]") {
    const Dense layer(Block::from_rows({{1, 2}, {3, 4}, {5, 6}}), {0, 0}, Activation::Identity);
    const Block x = Block::from_rows({{1, 2, 3}});
    const DenseResponse r = layer.train(x);
    const Block dy = Block::from_rows({{1, 1}});
    CHECK(layer.backward(r, dy).dweights.data == std::vector<double>{1, 1, 2, 2, 3, 3});
    DenseResponse narrow = r;
    narrow.input = Block::from_rows({{1}});
    check_refusal<ShapeError>([&] { layer.backward(narrow, dy); }, "response's input block is 1 by 1");
    DenseResponse short_score = r;
    short_score.score = Block::from_rows({{1}});
    check_refusal<ShapeError>([&] { layer.backward(short_score, dy); }, "response's score block is 1 by 1");
    DenseResponse torn = r;
    torn.output.data.pop_back();
    check_refusal<ShapeError>([&] { layer.backward(torn, dy); }, "number of values is 1");
    check_refusal<ShapeError>(
        [&] {
            layer.backward(r, Block::from_rows({{1, 1}, {1, 1}}));
        },
        "arriving slope is 2 by 2");
    check_refusal<EmptyBlockError>([&] { layer.backward(DenseResponse{}, dy); }, "0 rows");
}

TEST_CASE("dense step refuses slopes of another shape, non-finite slopes and learning rates", "[dense][errors]") {
    const Dense layer(Block::from_rows({{1, 2}, {3, 4}}), {0, 0}, Activation::Tanh);
    const DenseGradient g = layer.backward(layer.train(Block::from_rows({{1, 2}})), Block::from_rows({{1, 1}}));
    DenseGradient wide = g;
    wide.dweights = Block(2, 3);
    check_refusal<ShapeError>([&] { layer.step(wide, 0.1); }, "weight slope is 2 by 3");
    DenseGradient short_bias = g;
    short_bias.dbias.pop_back();
    check_refusal<ShapeError>([&] { layer.step(short_bias, 0.1); }, "bias slope length is 1");
    DenseGradient nan_slope = g;
    nan_slope.dweights.at(1, 1) = std::numeric_limits<double>::quiet_NaN();
    check_refusal<NonFiniteError>([&] { layer.step(nan_slope, 0.1); }, "row 2, feature 2 of the weight slope is NaN");
    check_refusal<LearningRateError>([&] { layer.step(g, std::numeric_limits<double>::infinity()); },
                                     "learning rate is Infinity");
}

TEST_CASE("a dense answer beyond the largest double is refused, not returned as Infinity", "[dense][large]") {
    const Dense layer(Block::from_rows({{1e308}, {1e308}}), {0}, Activation::Identity);
    check_refusal<NonFiniteError>([&] { layer.train(Block::from_rows({{1, 1}})); }, "score block comes out Infinity");
    CHECK(layer.infer(Block::from_rows({{1, -1}})).data == std::vector<double>{0});
    const Dense relu(Block::from_rows({{1e308}, {1e308}}), {0}, Activation::Sigmoid);
    check_refusal<NonFiniteError>([&] { relu.infer(Block::from_rows({{1, 1}})); }, "Infinity");
}

TEST_CASE("an activation that is none of the four (a number cast to the enum) is refused", "[dense][errors]") {
    const auto unknown = static_cast<Activation>(9);
    check_refusal<OptionError>([&] { Dense(Block::from_rows({{1}}), {0}, unknown); }, "activation numbered 9");
    check_refusal<OptionError>([&] { WeightNormDense(Block::from_rows({{1}}), {1}, {0}, unknown); },
                               "activation numbered 9");
}
