// The MNIST chapter's findings over seeds, as web/mnist.html states them, asserted over the seeds
// its instruments run by default: the batch-size sweep's three (seeds 1 to 3, 2,048 digits,
// learning rate 0.1 at batch 64) and the lab's five (seeds 1 to 5, three epochs at learning rate
// 0.1 and batch 64). Each case is named after its claim in docs/claims.md.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <utility>

#include "core/errors.hpp"
#include "mnist/batch_size_sweep.hpp"
#include "mnist/over_seeds.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;

namespace {

// <nl-mnist-batch-size>'s defaults.
constexpr std::size_t sweep_digits = 2048, sweep_seeds = 3;
constexpr double sweep_rate = 0.1;
// <nl-mnist-lab>'s defaults.
constexpr std::size_t lab_epochs = 3, lab_seeds = 5;

// Held-out accuracy by (arrangement, batch size) for one seed of the sweep.
using SweepRun = std::map<std::pair<Arrangement, std::size_t>, double>;

const std::vector<SweepRun>& sweep_over_seeds() {
    static const std::vector<SweepRun> runs = [] {
        std::vector<SweepRun> out;
        for (std::uint64_t seed : consecutive_seeds(1, sweep_seeds)) {
            SweepRun run;
            for (Arrangement a : mnist_arrangements)
                for (std::size_t b : sweep_batch_sizes)
                    run[{a, b}] = batch_size_trial(a, b, sweep_digits, sweep_rate, seed, mnist_digits()).accuracy();
            out.push_back(run);
        }
        return out;
    }();
    return runs;
}

// Held-out accuracy after each epoch by arrangement, for one seed of the lab.
using LabRun = std::map<Arrangement, std::vector<double>>;
// The hidden units silent for every held-out digit after the last epoch, summed over the three
// hidden layers, by arrangement, for one seed of the lab (the lab's "Show the hidden units").
using SilentRun = std::map<Arrangement, std::size_t>;

struct LabSeeds {
    std::vector<LabRun> accuracy;
    std::vector<SilentRun> silent;
};

// lab_trial's epochs, keeping the last network to count its silent units.
const LabSeeds& lab_seeds_run() {
    static const LabSeeds runs = [] {
        LabSeeds out;
        for (std::uint64_t seed : consecutive_seeds(1, lab_seeds)) {
            LabRun run;
            SilentRun silent;
            for (Arrangement a : mnist_arrangements) {
                const TrainingOptions options{0.1, 64, seed};
                TrainingWorkspace workspace;
                MnistNetwork net = MnistNetwork::initial(a, seed);
                for (std::size_t epoch = 0; epoch < lab_epochs; ++epoch) {
                    net = train_epoch(net, mnist_digits(), options, epoch, workspace);
                    run[a].push_back(evaluate_held_out(net, mnist_digits()).accuracy());
                }
                const ActivationReport report = activations(net, mnist_digits(), 64);
                for (std::size_t units : report.silent) silent[a] += units;
            }
            out.accuracy.push_back(run);
            out.silent.push_back(silent);
        }
        return out;
    }();
    return runs;
}

const std::vector<LabRun>& lab_over_seeds() { return lab_seeds_run().accuracy; }

} // namespace

TEST_CASE("the instruments' seeds run on from the first, wrapping past 2^32 - 1", "[mnist][seeds]") {
    CHECK(consecutive_seeds(1, 3) == std::vector<std::uint64_t>{1, 2, 3});
    CHECK(consecutive_seeds(4294967294u, 3) == std::vector<std::uint64_t>{4294967294u, 4294967295u, 0});
    CHECK(consecutive_seeds(7, 0).empty());
}

TEST_CASE("the lab's trial measures after every epoch and refuses what it cannot train", "[mnist][seeds]") {
    const DigitSet& d = mnist_digits();
    CHECK_THROWS_AS(lab_trial(Arrangement::Layer, TrainingOptions{}, 0, d), OptionError);
    CHECK_THROWS_AS(lab_trial(Arrangement::Layer, TrainingOptions{0, 64, 1}, 1, d), LearningRateError);
    // Epoch after epoch, as the lab trains: the same network as train_epoch twice.
    const TrainingOptions options{0.1, 256, 2};
    const std::vector<Evaluation> after = lab_trial(Arrangement::Group, options, 2, d);
    REQUIRE(after.size() == 2);
    TrainingWorkspace w;
    MnistNetwork net = MnistNetwork::initial(Arrangement::Group, 2);
    net = train_epoch(net, d, options, 0, w);
    CHECK(after[0].correct == evaluate_held_out(net, d).correct);
    net = train_epoch(net, d, options, 1, w);
    CHECK(after[1].correct == evaluate_held_out(net, d).correct);
    CHECK(after[1].count == 2000);
}

TEST_CASE("[M5] batch norm falls at every halving of the batch below 16, in 3 of 3 seeds",
          "[M5][T26][mnist][seeds][slow]") {
    const auto& runs = sweep_over_seeds();
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const SweepRun& r = runs[k];
        const auto batch = [&](std::size_t b) { return r.at({Arrangement::Batch, b}); };
        INFO("seed " << k + 1 << ": batch norm at 2, 4, 8, 16: " << batch(2) << ", " << batch(4) << ", " << batch(8)
                     << ", " << batch(16));
        CHECK(batch(8) < batch(16));
        CHECK(batch(4) < batch(8));
        CHECK(batch(2) < batch(4));
    }
}

TEST_CASE("[M5] at batch 2 batch norm is below layer and group norm, in 3 of 3 seeds",
          "[M5][T26][mnist][seeds][slow]") {
    const auto& runs = sweep_over_seeds();
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const SweepRun& r = runs[k];
        INFO("seed " << k + 1 << ": at batch 2 batch " << r.at({Arrangement::Batch, 2}) << ", layer "
                     << r.at({Arrangement::Layer, 2}) << ", group " << r.at({Arrangement::Group, 2}));
        CHECK(r.at({Arrangement::Batch, 2}) < r.at({Arrangement::Layer, 2}));
        CHECK(r.at({Arrangement::Batch, 2}) < r.at({Arrangement::Group, 2}));
    }
}

TEST_CASE("[M5] layer and group norm are higher at batch 2 than at batch 64, in 3 of 3 seeds",
          "[M5][mnist][seeds][slow]") {
    const auto& runs = sweep_over_seeds();
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const SweepRun& r = runs[k];
        for (Arrangement a : {Arrangement::Layer, Arrangement::Group}) {
            INFO("seed " << k + 1 << ", " << arrangement_name(a) << ": at batch 2 " << r.at({a, 2}) << ", at 64 "
                         << r.at({a, 64}));
            CHECK(r.at({a, 2}) > r.at({a, 64}));
        }
    }
}

TEST_CASE("[M5] the plain network is below all three normalised ones at every batch size, in 3 of 3 seeds",
          "[M5][mnist][seeds][slow]") {
    const auto& runs = sweep_over_seeds();
    for (std::size_t k = 0; k < runs.size(); ++k)
        for (std::size_t b : sweep_batch_sizes)
            for (Arrangement a : {Arrangement::Batch, Arrangement::Layer, Arrangement::Group}) {
                const double plain = runs[k].at({Arrangement::Plain, b}), other = runs[k].at({a, b});
                INFO("seed " << k + 1 << ", batch " << b << ": plain " << plain << ", " << arrangement_name(a) << " "
                             << other);
                CHECK(plain < other);
            }
}

TEST_CASE("[M12] every normalised network is ahead of the plain one after epoch 1 and after epoch 3, in 5 of 5 seeds",
          "[M12][mnist][seeds][slow]") {
    const auto& runs = lab_over_seeds();
    REQUIRE(runs.size() == lab_seeds);
    for (std::size_t k = 0; k < runs.size(); ++k)
        for (Arrangement a : {Arrangement::Batch, Arrangement::Layer, Arrangement::Group})
            for (std::size_t epoch : {std::size_t{0}, lab_epochs - 1}) {
                const double plain = runs[k].at(Arrangement::Plain)[epoch], other = runs[k].at(a)[epoch];
                INFO("seed " << k + 1 << ", after epoch " << epoch + 1 << ": plain " << plain << ", "
                             << arrangement_name(a) << " " << other);
                CHECK(plain < other);
            }
}

TEST_CASE("the over-seeds runs train as lab_trial does", "[mnist][seeds][slow]") {
    const std::vector<Evaluation> trial = lab_trial(Arrangement::Layer, TrainingOptions{0.1, 64, 1}, 1, mnist_digits());
    CHECK(lab_over_seeds()[0].at(Arrangement::Layer)[0] == trial[0].accuracy());
}

TEST_CASE("[M11] the plain network has silent units and the normalised ones none, in 5 of 5 seeds",
          "[M11][mnist][seeds][slow]") {
    const LabSeeds& runs = lab_seeds_run();
    REQUIRE(runs.silent.size() == lab_seeds);
    for (std::size_t k = 0; k < runs.silent.size(); ++k) {
        const SilentRun& s = runs.silent[k];
        INFO("seed " << k + 1 << ": silent plain " << s.at(Arrangement::Plain) << ", batch " << s.at(Arrangement::Batch)
                     << ", layer " << s.at(Arrangement::Layer) << ", group " << s.at(Arrangement::Group));
        CHECK(s.at(Arrangement::Plain) > 0);
        for (Arrangement a : {Arrangement::Batch, Arrangement::Layer, Arrangement::Group}) CHECK(s.at(a) == 0);
    }
}

TEST_CASE(
    "[M14] group norm is ahead of layer norm after epoch 1 in 2 of 5 seeds, after epoch 3 in 4 of 5, "
    "then never by more than 0.015",
    "[M14][mnist][seeds][slow]") {
    const auto& runs = lab_over_seeds();
    REQUIRE(runs.size() == lab_seeds);
    std::size_t ahead_first = 0, ahead_last = 0;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const std::vector<double>&layer = runs[k].at(Arrangement::Layer), &group = runs[k].at(Arrangement::Group);
        INFO("seed " << k + 1 << ": layer " << layer[0] << ", " << layer[lab_epochs - 1] << "; group " << group[0]
                     << ", " << group[lab_epochs - 1]);
        ahead_first += group[0] > layer[0];
        ahead_last += group[lab_epochs - 1] > layer[lab_epochs - 1];
        // After the first epoch the two part by more (0.030 at seed 4), hence "after the third".
        CHECK(std::fabs(group[0] - layer[0]) < 0.035);
        CHECK(std::fabs(group[lab_epochs - 1] - layer[lab_epochs - 1]) < 0.015);
    }
    CHECK(ahead_first == 2);
    CHECK(ahead_last == 4);
}
