#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
const Arrangement every_arrangement[] = {Arrangement::Plain, Arrangement::Batch,      Arrangement::Layer,
                                         Arrangement::Rms,   Arrangement::WeightNorm, Arrangement::Group};
Block crowd_in_standard_units() { return standard_units_of(the_crowd().measurements).infer(the_crowd().measurements); }
} // namespace

TEST_CASE("the whole network agrees with the finite difference for every arrangement and parameter",
          "[network][gradient]") {
    const Block x = crowd_in_standard_units();
    const std::vector<double>& labels = the_crowd().labels;
    for (Arrangement a : every_arrangement) {
        INFO(arrangement_name(a));
        Random rng(31);
        CrowdNetwork net = CrowdNetwork::initial(a, rng);
        // Train a little so scale and shift are not at their starting values.
        net = train_crowd_network(net, x, labels, 5).network;
        // Keep every hidden score away from the ReLU's kink rather than loosen the tolerance.
        const NetworkResponse r = net.train(x);
        double nearest = 1e9;
        for (double s : r.hidden.score.data) nearest = std::fmin(nearest, std::fabs(s));
        REQUIRE(nearest > 1e-4);
        const std::vector<double> analytic = flatten(net.backward(r, binary_cross_entropy(r.logits(), labels).dlogits));
        const std::vector<double> p = net.parameters();
        REQUIRE(analytic.size() == p.size());
        REQUIRE(net.with_parameters(p).parameters() == p);
        double worst = 0;
        std::vector<double> probe = p;
        const double h = 1e-6;
        for (std::size_t k = 0; k < p.size(); ++k) {
            probe[k] = p[k] + h;
            const double up = binary_cross_entropy(net.with_parameters(probe).train(x).logits(), labels).value;
            probe[k] = p[k] - h;
            const double down = binary_cross_entropy(net.with_parameters(probe).train(x).logits(), labels).value;
            probe[k] = p[k];
            worst = std::fmax(worst, std::fabs((up - down) / (2 * h) - analytic[k]));
        }
        CHECK(worst < 1e-7);
    }
}

TEST_CASE("plain and weight-normalised networks start as the identical function, from the identical loss",
          "[network]") {
    const Block x = crowd_in_standard_units();
    Random a(5), b(5);
    const CrowdNetwork plain = CrowdNetwork::initial(Arrangement::Plain, a);
    const CrowdNetwork wn = CrowdNetwork::initial(Arrangement::WeightNorm, b);
    const double lp = binary_cross_entropy(plain.train(x).logits(), the_crowd().labels).value;
    const double lw = binary_cross_entropy(wn.train(x).logits(), the_crowd().labels).value;
    CHECK(std::fabs(lp - lw) < 1e-15);
    CHECK(whole_crowd_run(Arrangement::Plain).losses[0] == whole_crowd_run(Arrangement::WeightNorm).losses[0]);
}

TEST_CASE("the network's verbs leave it unchanged; step makes a new one", "[network][values]") {
    const Block x = crowd_in_standard_units();
    Random rng(9);
    const CrowdNetwork net = CrowdNetwork::initial(Arrangement::Batch, rng);
    const std::vector<double> before = net.parameters();
    const NetworkResponse r = net.train(x);
    const NetworkGradient g = net.backward(r, binary_cross_entropy(r.logits(), the_crowd().labels).dlogits);
    const CrowdNetwork next = net.step(g, 1.0);
    CHECK(net.parameters() == before);
    CHECK(net.norm()->running_mean() == std::vector<double>(16, 0.0));
    CHECK(next.parameters() != before);
    CHECK(next.norm()->running_mean() != std::vector<double>(16, 0.0));
}

TEST_CASE("binary cross-entropy from logits is stable and its slope is (sigmoid - label) / N", "[network]") {
    const Block z = Block::from_rows({{0.0}, {800.0}, {-800.0}});
    const Loss l = binary_cross_entropy(z, {1, 1, 0});
    CHECK_NEAR(l.value, normlab::log(2.0) / 3, 1e-15);
    CHECK_NEAR(l.dlogits.data[0], -0.5 / 3, 1e-16);
    CHECK(std::isfinite(binary_cross_entropy(z, {0, 0, 1}).value));
    CHECK(accuracy(z, {1, 1, 0}) == 2.0 / 3); // a logit of exactly 0 is not on the adult side
    CHECK(accuracy(z, {0, 1, 0}) == 1.0);
}
