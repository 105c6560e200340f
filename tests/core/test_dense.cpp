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
