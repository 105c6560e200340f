// Figure 5: running averages with momentum, through the core's Normaliser step.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("momentum 0.1, batch means 3, 5, 4: running mean 0.3, 0.77, 1.093; variance 1.0, 1.3, 1.37",
          "[tutorial][running][seed]") {
    const RunningAverage a = running_average(RunningAverageSettings{});
    REQUIRE(a.steps.size() == 3);
    CHECK(a.start_mean == 0);
    CHECK(a.start_variance == 1);
    const std::vector<std::string> mean{"0.3", "0.77", "1.093"}, variance{"1.0", "1.3", "1.37"};
    const std::vector<int> mean_places{1, 2, 3}, variance_places{1, 1, 2};
    for (std::size_t k = 0; k < 3; ++k) {
        CHECK_PRINTS(a.steps[k].running_mean, mean[k], mean_places[k]);
        CHECK_PRINTS(a.steps[k].running_variance, variance[k], variance_places[k]);
    }
    CHECK_PRINTS(a.steps[1].batch_mean, "5", 12);
    CHECK_PRINTS(a.steps[2].batch_variance, "2", 12);
}

TEST_CASE("keep 0.9 and momentum 0.1 are the same rule", "[tutorial][running][E17]") {
    RunningAverageSettings keep;
    keep.rate = {0.9, RunningRate::Convention::Keep};
    const RunningAverage a = running_average(keep), b = running_average(RunningAverageSettings{});
    for (std::size_t k = 0; k < 3; ++k) CHECK_NEAR(a.steps[k].running_mean, b.steps[k].running_mean, 1e-15);
    CHECK_NEAR(a.momentum, b.momentum, 1e-15);
}

TEST_CASE("PyTorch's unbiased running variance folds in n / (n - 1) times the batch variance",
          "[tutorial][running][T23]") {
    RunningAverageSettings s;
    s.unbiased_running = true;
    const RunningAverage a = running_average(s);
    CHECK_NEAR(a.steps[0].running_variance, 0.9 + 0.1 * 4.0 / 3.0, 1e-12);
    CHECK_NEAR(a.steps[0].running_mean, 0.3, 1e-12);
}

TEST_CASE("the early bias wears off: after 100 batches the running mean is within 0.2 of 4",
          "[tutorial][running][T21]") {
    RunningAverageSettings s;
    s.batches = 100;
    const RunningAverage a = running_average(s);
    CHECK(a.target_mean == 4);
    CHECK(std::fabs(a.steps.back().running_mean - 4) < 0.2);
    CHECK(std::fabs(a.steps[2].running_mean - 4) > 2.5);
}

TEST_CASE("running averages refuse bad settings by name", "[tutorial][running][errors]") {
    RunningAverageSettings s;
    s.batch_variances = {1, -4, 2};
    CHECK_THROWS_AS(running_average(s), OptionError);
    s = {};
    s.batch_size = 3;
    CHECK_THROWS_AS(running_average(s), OptionError);
    s = {};
    s.rate = {1.5, RunningRate::Convention::Momentum};
    CHECK_THROWS_AS(running_average(s), KeepError);
    s = {};
    s.batch_variances = {1, 4};
    CHECK_THROWS_AS(running_average(s), ShapeError);
}
