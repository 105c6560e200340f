// The batch-size sweep: its plan, its refusals, and one small setting's held-out results pinned
// (tests/mnist/batch_size_sweep.test.js checks the wasm build gets the same).
#include <catch2/catch.hpp>

#include "core/errors.hpp"
#include "mnist/batch_size_sweep.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;

TEST_CASE("the sweep's plan: six batch sizes over the same digits, the rate scaled with the batch", "[mnist][sweep]") {
    const std::vector<SweepEntry> plan = batch_size_plan(2048, 0.1, 8000);
    REQUIRE(plan.size() == 6);
    for (std::size_t k = 0; k < plan.size(); ++k) {
        CHECK(plan[k].batch_size == sweep_batch_sizes[k]);
        CHECK(plan[k].batches * plan[k].batch_size == 2048);
        CHECK(plan[k].learning_rate == 0.1 * double(plan[k].batch_size) / 64.0);
    }
    CHECK(plan.back().learning_rate == 0.1);
    CHECK(batch_size_plan(8000, 0.1, 8000).front().batches == 4000);
}

TEST_CASE("the sweep refuses digit counts, rates and batch sizes it does not take, by name", "[mnist][sweep][errors]") {
    CHECK_THROWS_AS(batch_size_plan(0, 0.1, 8000), OptionError);
    CHECK_THROWS_AS(batch_size_plan(1000, 0.1, 8000), OptionError);
    CHECK_THROWS_AS(batch_size_plan(8064, 0.1, 8000), OptionError);
    CHECK_THROWS_AS(batch_size_plan(1024, 0, 8000), LearningRateError);
    CHECK_THROWS_AS(batch_size_plan(1024, 10.5, 8000), LearningRateError);
    CHECK_THROWS_AS(batch_size_plan(1024, NAN, 8000), LearningRateError);
    CHECK_THROWS_AS(batch_size_trial(Arrangement::Layer, 3, 1024, 0.1, 1, mnist_digits()), OptionError);
}

TEST_CASE("on the first 512 digits, batch norm at batch 2 gets 515 of 2,000 held-out digits right, at 64 996",
          "[mnist][sweep][seed]") {
    const DigitSet& d = mnist_digits();
    const auto correct = [&](Arrangement a, std::size_t b) { return batch_size_trial(a, b, 512, 0.1, 1, d).correct; };
    CHECK(correct(Arrangement::Batch, 2) == 515);
    CHECK(correct(Arrangement::Batch, 64) == 996);
    CHECK(correct(Arrangement::Layer, 2) == 1402);
    CHECK(correct(Arrangement::Layer, 64) == 955);
    CHECK(correct(Arrangement::Group, 2) == 1358);
    CHECK(correct(Arrangement::Group, 64) == 983);
    CHECK(correct(Arrangement::Plain, 2) == 248);
    CHECK(correct(Arrangement::Plain, 64) == 248);
    CHECK(batch_size_trial(Arrangement::Batch, 2, 512, 0.1, 1, d).count == 2000);
}
