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
        const GradientCheck check =
            check_gradient({{"parameters", p, analytic,
                             [&](const std::vector<double>& v) {
                                 return binary_cross_entropy(net.with_parameters(v).train(x).logits(), labels).value;
                             }}},
                           1e-6);
        CHECK(check.largest_gap() < 1e-7);
    }
}

TEST_CASE("plain and weight-normalised networks start as the identical function, from the identical loss",
          "[network][E52]") {
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

TEST_CASE("a network refuses a response or gradient of another arrangement with a typed error", "[network][errors]") {
    const Block x = crowd_in_standard_units();
    const std::vector<double>& labels = the_crowd().labels;
    Random a(3), b(3), c(3), d(3);
    const CrowdNetwork plain = CrowdNetwork::initial(Arrangement::Plain, a);
    const CrowdNetwork batch = CrowdNetwork::initial(Arrangement::Batch, b);
    const CrowdNetwork layer = CrowdNetwork::initial(Arrangement::Layer, c);
    const CrowdNetwork weight_norm = CrowdNetwork::initial(Arrangement::WeightNorm, d);
    const NetworkResponse plain_r = plain.train(x), batch_r = batch.train(x), wn_r = weight_norm.train(x);
    const Block dlogits = binary_cross_entropy(plain_r.logits(), labels).dlogits;
    check_refusal<OptionError>([&] { batch.backward(plain_r, dlogits); },
                               "response comes from a network without a normaliser but this batch network");
    check_refusal<OptionError>([&] { plain.backward(batch_r, dlogits); }, "with a normaliser");
    check_refusal<ShapeError>([&] { layer.backward(batch_r, dlogits); }, "response's mean count is 16");
    const NetworkGradient plain_g = plain.backward(plain_r, dlogits);
    const NetworkGradient batch_g = batch.backward(batch_r, dlogits);
    const NetworkGradient wn_g = weight_norm.backward(wn_r, dlogits);
    check_refusal<OptionError>([&] { weight_norm.step(plain_g, 1.0); },
                               "hidden slopes are a dense layer's but this weightNorm network's hidden layer");
    check_refusal<OptionError>([&] { plain.step(wn_g, 1.0); }, "weight-normalised layer's");
    check_refusal<OptionError>([&] { batch.step(plain_g, 1.0); }, "gradient comes from a network without");
    check_refusal<OptionError>([&] { plain.step(batch_g, 1.0); }, "gradient comes from a network with a normaliser");
    check_refusal<ShapeError>([&] { plain.backward(plain_r, Block(3, 1)); }, "arriving slope is 3 by 1");
}

TEST_CASE("the loss and the accuracy refuse what they cannot measure", "[network][errors]") {
    check_refusal<EmptyBlockError>([] { binary_cross_entropy(Block(0, 1), {}); }, "0 rows");
    check_refusal<ShapeError>([] { correct_count(Block::from_rows({{1.0}, {-1.0}}), {1}); }, "label count is 1");
    check_refusal<ShapeError>([] { accuracy(Block::from_rows({{1.0}}), {1, 0, 1}); }, "label count is 3");
    check_refusal<DataError>(
        [] {
            accuracy(Block::from_rows({{1.0}, {2.0}}), {1, 0.5});
        },
        "person 2 is labelled 0.5; the label is 0 or 1");
    check_refusal<DataError>([] { correct_count(Block::from_rows({{1.0}}), {-1}); }, "person 1 is labelled -1");
    check_refusal<EmptyBlockError>([] { accuracy(Block(0, 1), {}); }, "0 rows");
    check_refusal<ShapeError>([] { correct_count(Block::from_rows({{1.0, 2.0}}), {1}); }, "column count is 2");
    check_refusal<NonFiniteError>([] { binary_cross_entropy(Block::from_rows({{1.0}}), {std::nan("")}); },
                                  "labels is NaN");
}

TEST_CASE("the allocation-free training forms answer what the checked verbs answer, bit for bit", "[network][values]") {
    const Block x = crowd_in_standard_units();
    const std::vector<double>& labels = the_crowd().labels;
    for (Arrangement a : all_arrangements) {
        INFO(arrangement_name(a));
        Random rng(17);
        const CrowdNetwork start = CrowdNetwork::initial(a, rng);
        CrowdNetwork checked = start;
        for (int e = 0; e < 20; ++e) {
            const NetworkResponse r = checked.train(x);
            checked = checked.step(checked.backward(r, binary_cross_entropy(r.logits(), labels).dlogits),
                                   crowd_learning_rate);
        }
        CHECK(train_crowd_network(start, x, labels, 20).network.parameters() == checked.parameters());
    }
}
