#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>

#include "core/errors.hpp"
#include "mnist/mnist_training.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;

TEST_CASE("an epoch's order is a shuffle of the training digits, fixed by seed and epoch", "[mnist][training]") {
    const std::vector<std::uint32_t> a = epoch_order(8000, 1, 0);
    std::vector<std::uint32_t> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t k = 0; k < 8000; ++k) REQUIRE(sorted[k] == k);
    CHECK(a == epoch_order(8000, 1, 0));
    CHECK(a != epoch_order(8000, 1, 1));
    CHECK(a != epoch_order(8000, 2, 0));
    CHECK(batches_per_epoch(8000, 64) == 125);
    CHECK(batches_per_epoch(8000, 100) == 80);
    CHECK(batches_per_epoch(8000, 3000) == 3);
}

TEST_CASE("training options out of range are refused by name", "[mnist][training][errors]") {
    TrainingOptions o;
    o.learning_rate = 0;
    CHECK_THROWS_AS(require_options(o, 8000), LearningRateError);
    o.learning_rate = NAN;
    CHECK_THROWS_AS(require_options(o, 8000), LearningRateError);
    o.learning_rate = 0.1;
    o.batch_size = 0;
    CHECK_THROWS_WITH(require_options(o, 8000), Catch::Contains("batch size is 0"));
    o.batch_size = 8001;
    CHECK_THROWS_AS(require_options(o, 8000), OptionError);
}

TEST_CASE("training batch by batch gives the network one call gives", "[mnist][training]") {
    const DigitSet& d = mnist_digits();
    const TrainingOptions options;
    const std::vector<std::uint32_t> order = epoch_order(d.training_count, options.seed, 0);
    for (Arrangement a : mnist_arrangements) {
        INFO(arrangement_name(a));
        const MnistNetwork start = MnistNetwork::initial(a, options.seed);
        TrainingWorkspace w;
        const MnistNetwork whole = train_batches(start, d, order, options, 0, 6, w);
        MnistNetwork parts = train_batches(start, d, order, options, 0, 2, w);
        parts = train_batches(parts, d, order, options, 2, 4, w);
        CHECK(parts == whole);
    }
}

TEST_CASE("a step beyond single precision is refused, never handed back as a poisoned network",
          "[mnist][training][errors]") {
    const DigitSet& d = mnist_digits();
    const TrainingOptions options;
    const std::vector<std::uint32_t> order = epoch_order(d.training_count, options.seed, 0);
    for (Arrangement a : mnist_arrangements) {
        INFO(arrangement_name(a));
        MnistState huge = MnistNetwork::initial(a, options.seed).state();
        std::fill(huge.values.begin(), huge.values.end(), 3e38f);
        const MnistNetwork start = MnistNetwork::from_state(huge); // finite: accepted
        TrainingWorkspace w;
        CHECK_THROWS_AS(train_batches(start, d, order, options, 0, 2, w), NonFiniteError);
        CHECK_THROWS_WITH(train_batches(start, d, order, options, 0, 2, w),
                          Catch::Contains("beyond what single precision holds"));
    }
    MnistState short_state = MnistNetwork::initial(Arrangement::Batch, 1).state();
    short_state.values.resize(10);
    CHECK_THROWS_WITH(MnistNetwork::from_state(short_state),
                      "the network state's length is 10 but the batch network's is 136330");
}

TEST_CASE("after 3 epochs each normalised network holds out at least 0.90; the plain one trains",
          "[mnist][training][slow]") {
    const DigitSet& d = mnist_digits();
    const TrainingOptions options; // learning rate 0.1, batch 64, seed 1
    for (Arrangement a : mnist_arrangements) {
        MnistNetwork net = MnistNetwork::initial(a, options.seed);
        TrainingWorkspace w;
        std::vector<BatchRecord> first, last;
        net = train_epoch(net, d, options, 0, w, &first);
        net = train_epoch(net, d, options, 1, w);
        net = train_epoch(net, d, options, 2, w, &last);
        const Evaluation e = evaluate_held_out(net, d);
        double first_loss = 0, last_loss = 0;
        for (const BatchRecord& r : first) first_loss += r.loss / double(first.size());
        for (const BatchRecord& r : last) last_loss += r.loss / double(last.size());
        INFO(arrangement_name(a) << ": held-out accuracy " << e.accuracy() << ", loss " << e.loss
                                 << ", mean batch loss epoch 1 " << first_loss << ", epoch 3 " << last_loss);
        CHECK(e.count == 2000);
        CHECK(last_loss < 0.6 * first_loss);
        if (a == Arrangement::Plain)
            CHECK(e.accuracy() >= 0.80);
        else
            CHECK(e.accuracy() >= 0.90);
    }
}

TEST_CASE("activation maps and silent units", "[mnist][training]") {
    const DigitSet& d = mnist_digits();
    const MnistNetwork net = MnistNetwork::initial(Arrangement::Plain, 1);
    const ActivationReport a = activations(net, d, 64);
    CHECK(a.shown == 64);
    for (std::size_t l = 0; l < hidden_layers; ++l) {
        REQUIRE(a.maps[l].size() == 64 * 128);
        std::size_t on = 0;
        for (std::uint8_t v : a.maps[l]) on += v;
        CHECK(on > 0);
        CHECK(on < 64 * 128);
        CHECK(a.silent[l] <= 128);
    }
}

TEST_CASE("a drawn digit gets ten probabilities summing to 1; a bad pixel is refused", "[mnist][training]") {
    const MnistNetwork net = MnistNetwork::initial(Arrangement::Layer, 1);
    std::vector<float> image(784, 0.0f);
    for (std::size_t k = 300; k < 320; ++k) image[k] = 1.0f;
    const auto p = classify(net, image.data());
    double sum = 0;
    for (float v : p) sum += v;
    CHECK(std::fabs(sum - 1) < 1e-6);
    image[5] = 2.0f;
    CHECK_THROWS_WITH(classify(net, image.data()), Catch::Contains("pixel 5"));
}
