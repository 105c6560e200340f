#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "core/errors.hpp"
#include "mnist/mnist_network.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;

namespace {

std::vector<float> images(std::size_t first, std::size_t count) {
    std::vector<float> x(count * input_width);
    for (std::size_t i = 0; i < count; ++i) mnist_digits().image(first + i, x.data() + i * input_width);
    return x;
}

} // namespace

TEST_CASE("the networks have 134,794 parameters plain and 135,562 normalised", "[mnist][network][M1][T45]") {
    CHECK(MnistNetwork::initial(Arrangement::Plain, 1).parameter_count() == 134794);
    for (Arrangement a : {Arrangement::Batch, Arrangement::Layer, Arrangement::Group})
        CHECK(MnistNetwork::initial(a, 1).parameter_count() == 135562);
    // The normalisers' 768 scales and shifts are under 0.6 % of the network's learned numbers.
    CHECK(135562 - 134794 == 768);
    CHECK(768.0 / 135562.0 < 0.006);
    // The batch arrangement also carries 768 running figures, which are not learned.
    CHECK(MnistNetwork::state_size(Arrangement::Batch) == 135562 + 768);
}

TEST_CASE("initial weights are PyTorch's uniform +-1/sqrt(fan in), drawn from the seed", "[mnist][network]") {
    const MnistNetwork a = MnistNetwork::initial(Arrangement::Layer, 5),
                       b = MnistNetwork::initial(Arrangement::Layer, 5);
    CHECK(a == b);
    CHECK(!(a == MnistNetwork::initial(Arrangement::Layer, 6)));
    for (const DenseParameters& d : a.dense()) {
        const float bound = 1.0f / std::sqrt(static_cast<float>(d.in));
        float largest = 0;
        for (float w : d.weight) largest = std::fmax(largest, std::fabs(w));
        CHECK(largest <= bound);
        CHECK(largest > 0.99f * bound);
    }
    CHECK(a.norm()[0].scale == std::vector<float>(128, 1.0f));
}

TEST_CASE("arrangements are named plain, batch, layer, group", "[mnist][network]") {
    for (Arrangement a : mnist_arrangements) CHECK(mnist_arrangement_named(arrangement_name(a)) == a);
    CHECK_THROWS_WITH(mnist_arrangement_named("rms"), Catch::Contains("'rms'"));
}

TEST_CASE("forward and backward leave the network unchanged; step makes a new one", "[mnist][network]") {
    const std::vector<float> x = images(0, 16);
    for (Arrangement a : mnist_arrangements) {
        INFO(arrangement_name(a));
        const MnistNetwork net = MnistNetwork::initial(a, 3);
        const MnistNetwork copy = net;
        const MnistResponse r = net.train(x.data(), 16);
        const MnistGradient g = net.backward(r, mnist_digits().labels.data());
        CHECK(net == copy);
        const MnistNetwork next = net.step(g, 0.1f);
        CHECK(net == copy);
        CHECK(!(next == net));
        CHECK(std::isfinite(g.loss));
        CHECK(g.loss > 1.5); // about log 10 before training
        CHECK(g.loss < 3.5);
        // The probabilities of each digit sum to 1.
        for (std::size_t i = 0; i < 16; ++i) {
            double sum = 0;
            for (std::size_t k = 0; k < class_count; ++k) sum += r.probabilities[i * class_count + k];
            CHECK(std::fabs(sum - 1) < 1e-6);
        }
        // One step downhill lowers the batch's loss.
        const MnistGradient after = next.backward(next.train(x.data(), 16), mnist_digits().labels.data());
        CHECK(after.loss < g.loss);
    }
}

TEST_CASE("the slopes agree with finite differences of the loss", "[mnist][network]") {
    const std::vector<float> x = images(100, 8);
    const std::uint8_t* labels = mnist_digits().labels.data() + 100;
    for (Arrangement a : mnist_arrangements) {
        INFO(arrangement_name(a));
        const MnistNetwork net = MnistNetwork::initial(a, 9);
        const MnistGradient g = net.backward(net.train(x.data(), 8), labels);
        MnistState s = net.state();
        // Steps of 1e-3: small beside the weights (bound 1/28), large beside float rounding.
        // A few entries of every kind: first-layer weights on ink, a hidden weight, biases, scales.
        const std::size_t w1 = 784 * 128, b1 = w1 + 128, w2 = b1 + 5;
        const std::size_t probes[] = {300 * 128 + 7, 400 * 128 + 90, w1 + 3, w2, 134794 - 3};
        const float slopes[] = {g.dense[0].weight[300 * 128 + 7], g.dense[0].weight[400 * 128 + 90], g.dense[0].bias[3],
                                g.dense[1].weight[5], g.dense[3].bias[7]};
        for (std::size_t t = 0; t < 5; ++t) {
            const float h = 1e-3f, v = s.values[probes[t]];
            auto loss_at = [&](float value) {
                MnistState moved = s;
                moved.values[probes[t]] = value;
                const MnistNetwork n = MnistNetwork::from_state(moved);
                return n.backward(n.train(x.data(), 8), labels).loss;
            };
            const double fd = (loss_at(v + h) - loss_at(v - h)) / (2.0 * h);
            INFO("probe " << t << ": slope " << slopes[t] << ", finite difference " << fd);
            CHECK(std::fabs(fd - slopes[t]) <= 2e-3 + 2e-2 * std::fabs(fd));
        }
        if (a != Arrangement::Plain) {
            const std::size_t scale0 = 134794;
            const float h = 1e-3f, v = s.values[scale0 + 17];
            auto loss_at = [&](float value) {
                MnistState moved = s;
                moved.values[scale0 + 17] = value;
                const MnistNetwork n = MnistNetwork::from_state(moved);
                return n.backward(n.train(x.data(), 8), labels).loss;
            };
            const double fd = (loss_at(v + h) - loss_at(v - h)) / (2.0 * h);
            CHECK(std::fabs(fd - g.norm[0].scale[17]) <= 2e-3 + 2e-2 * std::fabs(fd));
        }
    }
}

TEST_CASE("a network state goes out and comes back; a bad one is refused by name", "[mnist][network][errors]") {
    const MnistNetwork net = MnistNetwork::initial(Arrangement::Batch, 2);
    CHECK(MnistNetwork::from_state(net.state()) == net);
    MnistState s = net.state();
    s.values.pop_back();
    CHECK_THROWS_AS(MnistNetwork::from_state(s), ShapeError);
    s = net.state();
    s.values[10] = NAN;
    CHECK_THROWS_WITH(MnistNetwork::from_state(s), Catch::Contains("entry 11"));
    s = net.state();
    s.values.back() = -1;
    CHECK_THROWS_WITH(MnistNetwork::from_state(s), Catch::Contains("cannot be negative"));
}

TEST_CASE("the batch arrangement predicts by running figures, which only a step moves", "[mnist][network]") {
    const std::vector<float> x = images(0, 32);
    const MnistNetwork net = MnistNetwork::initial(Arrangement::Batch, 4);
    const MnistResponse train = net.train(x.data(), 32);
    const MnistResponse predict = net.infer(x.data(), 32);
    CHECK(train.logits != predict.logits);
    const MnistNetwork next = net.step(net.backward(train, mnist_digits().labels.data()), 0.0f);
    CHECK(next.norm()[0].running_mean != net.norm()[0].running_mean);
    CHECK(next.dense()[0].weight == net.dense()[0].weight); // learning rate 0 moves no weight
    // running = 0.9 * 0 + 0.1 * batch mean
    CHECK(next.norm()[0].running_mean[0] == 0.1f * train.hidden[0].mean[0]);
}

TEST_CASE("[T18] batch norm sits between the weighted sum and the ReLU; the sum's bias gets no slope under it",
          "[mnist][network][T18]") {
    const std::vector<float> x = images(0, 64);
    for (Arrangement a : {Arrangement::Plain, Arrangement::Batch}) {
        INFO(arrangement_name(a));
        const MnistNetwork net = MnistNetwork::initial(a, 2);
        const MnistResponse r = net.train(x.data(), 64);
        const MnistGradient g = net.backward(r, mnist_digits().labels.data());
        for (std::size_t layer = 0; layer < hidden_layers; ++layer) {
            const HiddenResponse& h = r.hidden[layer];
            // The order: the weighted sum, then (batch) its standardised form, then the ReLU.
            for (std::size_t k = 0; k < h.out.size(); ++k) {
                const NormParameters& n = net.norm()[layer];
                const float before = a == Arrangement::Batch
                                         ? n.scale[k % hidden_width] * h.standardised[k] + n.shift[k % hidden_width]
                                         : h.pre[k];
                REQUIRE(std::fabs(h.out[k] - std::max(before, 0.0f)) <= 1e-5f * (1 + std::fabs(before)));
            }
            double largest_bias = 0, largest_weight = 0;
            for (float b : g.dense[layer].bias) largest_bias = std::max(largest_bias, std::fabs(double(b)));
            for (float w : g.dense[layer].weight) largest_weight = std::max(largest_weight, std::fabs(double(w)));
            if (a == Arrangement::Batch)
                CHECK(largest_bias < 1e-6 * largest_weight + 1e-9); // standardising removes any constant added
            else
                CHECK(largest_bias > 1e-3 * largest_weight);
        }
    }
}
