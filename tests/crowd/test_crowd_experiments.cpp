#include <algorithm>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the comparison plan is 125 trainings; every person is held out once per seed", "[comparison][E45]") {
    CHECK(comparison_plan().size() == 125);
    for (std::size_t seed = 0; seed < crowd_seeds; ++seed) {
        std::vector<int> held(25, 0);
        for (const auto& fold : crowd_folds_for(seed, 25)) {
            CHECK(fold.size() == 5);
            for (std::size_t p : fold) held[p] += 1;
        }
        CHECK(held == std::vector<int>(25, 1));
    }
    CHECK(crowd_folds_for(0, 25) != crowd_folds_for(1, 25));
}

TEST_CASE("the comparison is deterministic and can run in pieces", "[comparison]") {
    const std::vector<TrainingResult> whole = run_comparison(0, 10);
    std::vector<TrainingResult> pieces = run_comparison(0, 4);
    const std::vector<TrainingResult> rest = run_comparison(4, 10);
    pieces.insert(pieces.end(), rest.begin(), rest.end());
    REQUIRE(pieces.size() == whole.size());
    for (std::size_t k = 0; k < whole.size(); ++k) {
        CHECK(pieces[k].final_loss == whole[k].final_loss);
        CHECK(pieces[k].heldout_correct == whole[k].heldout_correct);
    }
    CHECK_THROWS_AS(run_comparison(5, 200), OptionError);
}

TEST_CASE("the summary counts held-out accuracy over all 25 per seed", "[comparison][E45]") {
    const std::vector<TrainingResult> results = run_comparison(0, 50); // seeds 0 and 1, all five arrangements
    const std::vector<ArrangementSummary> s = summarise_comparison(results);
    REQUIRE(s.size() == 5);
    for (const ArrangementSummary& a : s) {
        INFO(arrangement_name(a.arrangement));
        REQUIRE(a.heldout_by_seed.size() == 2);
        // Each seed's held-out accuracy is its five folds' right answers over the 25 people.
        for (std::size_t seed = 0; seed < 2; ++seed) {
            std::size_t correct = 0, people = 0;
            for (const TrainingResult& r : results)
                if (r.arrangement == a.arrangement && r.seed == seed) {
                    correct += r.heldout_correct;
                    people += r.heldout_count;
                }
            CHECK(people == 25);
            CHECK(a.heldout_by_seed[seed] == static_cast<double>(correct) / 25.0);
        }
        // Each seed's final loss is the mean over its five folds, summed in the results' order.
        REQUIRE(a.final_loss_by_seed.size() == 2);
        for (std::size_t seed = 0; seed < 2; ++seed) {
            double sum = 0, folds = 0;
            for (const TrainingResult& r : results)
                if (r.arrangement == a.arrangement && r.seed == seed) {
                    sum += r.final_loss;
                    folds += 1;
                }
            CHECK(a.final_loss_by_seed[seed] == sum / folds);
        }
        // The spread and the mean are those of the two seeds' figures.
        const double first = a.heldout_by_seed[0], second = a.heldout_by_seed[1];
        CHECK(a.heldout_min == std::fmin(first, second));
        CHECK(a.heldout_max == std::fmax(first, second));
        CHECK(a.heldout_accuracy == (first + second) / 2.0);
        CHECK(a.train_accuracy > 0.5);
    }
}

TEST_CASE("over the seeds: the core's spread of held-out accuracy, and seed by seed against the plain network",
          "[comparison][seeds]") {
    const std::vector<TrainingResult> results = run_comparison(0, 50); // seeds 0 and 1, all five arrangements
    const std::vector<ArrangementSummary> s = summarise_comparison(results);
    REQUIRE(s.size() == 5);
    REQUIRE(s[0].arrangement == Arrangement::Plain);
    CHECK_FALSE(s[0].below_plain.has_value());
    CHECK_FALSE(s[0].above_plain.has_value());
    for (const ArrangementSummary& a : s) {
        INFO(arrangement_name(a.arrangement));
        const Spread want = spread_of(a.heldout_by_seed);
        CHECK(a.heldout.count == 2);
        CHECK(a.heldout.mean == want.mean);
        CHECK(a.heldout.median == want.median);
        CHECK(a.heldout.low == want.low);
        CHECK(a.heldout.high == want.high);
        CHECK(a.heldout_accuracy == a.heldout.mean);
        if (a.arrangement == Arrangement::Plain) continue;
        REQUIRE(a.below_plain.has_value());
        REQUIRE(a.above_plain.has_value());
        // Seeds numbered from 1, as the page shows them; each seed below, above or level.
        CHECK(a.below_plain->count == 2);
        for (std::size_t seed = 0; seed < 2; ++seed) {
            const double mine = a.heldout_by_seed[seed], plain = s[0].heldout_by_seed[seed];
            const auto in = [&](const std::vector<std::uint64_t>& seeds) {
                return std::find(seeds.begin(), seeds.end(), seed + 1) != seeds.end();
            };
            CHECK(in(a.below_plain->holding) == (mine < plain));
            CHECK(in(a.above_plain->holding) == (mine > plain));
        }
    }
    // A share of the plan without the plain network compares nothing.
    const std::vector<ArrangementSummary> alone = summarise_comparison(run_comparison(5, 10));
    REQUIRE(alone.size() == 1);
    CHECK(alone[0].arrangement == Arrangement::Batch);
    CHECK_FALSE(alone[0].below_plain.has_value());
}

TEST_CASE("under the batch layer the block's mean equals the layer's shift at every epoch", "[shift][E6][M4]") {
    const CurveRun batch = whole_crowd_run(Arrangement::Batch);
    REQUIRE(batch.records.size() == crowd_epochs);
    const CovariateShift c = covariate_shift(batch);
    CHECK(c.largest_shift_gap < 1e-12);
    // The first epoch's block is standardised: every unit at mean 0 (the shift starts at 0).
    for (double m : batch.records[0].unit_mean) CHECK(std::fabs(m) < 1e-12);
    // and every unit that is not constant at spread just under 1 (epsilon's share): stable by construction.
    for (double d : batch.records[0].unit_deviation) CHECK((d == 0 || (d < 1 && d > 0.99)));
    // The learned shift then moves the block where training wants it, and the block's mean goes with it.
    double largest_learned = 0;
    for (double s : batch.records.back().shift) largest_learned = std::fmax(largest_learned, std::fabs(s));
    CHECK(largest_learned > 0.01);
    const CovariateShift plain = covariate_shift(whole_crowd_run(Arrangement::Plain));
    CHECK(plain.largest_shift > 0.1); // the plain block moves under the output layer
    CHECK(plain.largest_epoch_move > 0);
}

TEST_CASE("every loss curve starts where the initial loss says", "[curves]") {
    const Block x = standard_units_of(the_crowd().measurements).infer(the_crowd().measurements);
    for (Arrangement a : compared_arrangements) {
        INFO(arrangement_name(a));
        const CurveRun c = whole_crowd_run(a);
        Random rng = initial_weights_generator(curve_seed, crowd_folds);
        const CrowdNetwork start = CrowdNetwork::initial(a, rng);
        CHECK(c.losses.front() == binary_cross_entropy(start.train(x).logits(), the_crowd().labels).value);
        CHECK(c.losses.size() == crowd_epochs);
        CHECK(c.final_loss == c.losses.back());
        if (c.first_epoch_under > 0) {
            CHECK(c.losses[c.first_epoch_under - 1] < curve_threshold);
            for (std::size_t e = 0; e + 1 < c.first_epoch_under; ++e) CHECK(c.losses[e] >= curve_threshold);
        }
    }
}

TEST_CASE("the batch layer asked two ways: the counts match the series", "[two-ways][E53]") {
    const TwoWays t = asked_two_ways(whole_crowd_run(Arrangement::Batch));
    REQUIRE(t.by_running.size() == crowd_epochs);
    std::size_t differ = 0;
    for (std::size_t e = 0; e < crowd_epochs; ++e) differ += t.by_running[e] != t.by_batch[e];
    CHECK(differ == t.epochs_differing);
    CHECK(t.epochs_differing > 0); // at the start the running figures lag the batch
    CHECK(t.by_running[0] != t.by_batch[0]);
    // The widest disagreement is the first epoch's, but the two keep disagreeing long after the
    // running figures have caught up: on at least one epoch in ten past the tenth.
    double widest_later = 0;
    std::size_t later = 0;
    for (std::size_t e = 1; e < crowd_epochs; ++e) {
        widest_later = std::fmax(widest_later, std::fabs(t.by_running[e] - t.by_batch[e]));
        if (e >= 10) later += t.by_running[e] != t.by_batch[e];
    }
    CHECK(std::fabs(t.by_running[0] - t.by_batch[0]) > widest_later);
    CHECK(10 * later >= crowd_epochs - 10);
}

TEST_CASE("two runs with the same seed give identical figures", "[determinism]") {
    const CurveRun a = whole_crowd_run(Arrangement::Layer), b = whole_crowd_run(Arrangement::Layer);
    CHECK(a.losses == b.losses);
    CHECK(a.final_accuracy == b.final_accuracy);
}

TEST_CASE("the summary refuses results it cannot place", "[comparison][errors]") {
    std::vector<TrainingResult> results = run_comparison(0, 1);
    results[0].seed = 7;
    CHECK_THROWS_AS(summarise_comparison(results), OptionError);
    results[0].seed = 0;
    results[0].heldout_count = 0;
    CHECK_THROWS_AS(summarise_comparison(results), OptionError);
}

TEST_CASE("the five whole-crowd runs come by name, each the run of its arrangement", "[curves]") {
    const WholeCrowdRuns runs = whole_crowd_runs();
    for (Arrangement a : compared_arrangements) {
        INFO(arrangement_name(a));
        CHECK(runs.of(a).arrangement == a);
        CHECK(runs.of(a).losses == whole_crowd_run(a).losses);
    }
    CHECK(&runs.of(Arrangement::WeightNorm) == &runs.weight_norm);
    CHECK(runs.batch.arrangement == Arrangement::Batch);
    check_refusal<OptionError>([&] { runs.of(Arrangement::Group); }, "no group run");
}

TEST_CASE("folds for more people than the size limit are refused before anything is allocated", "[comparison][size]") {
    check_refusal<SizeError>([] { crowd_folds_for(0, SIZE_MAX); }, "beyond the limit");
    check_refusal<SizeError>([] { crowd_folds_for(0, std::size_t(1) << 32); }, "4294967296");
}

TEST_CASE("covariate shift refuses records of different widths instead of reading past them", "[shift][errors]") {
    CurveRun run = whole_crowd_run(Arrangement::Batch);
    run.records[3].unit_mean.pop_back();
    check_refusal<ShapeError>([&] { covariate_shift(run); }, "epoch 4's unit count is 15");
    run = whole_crowd_run(Arrangement::Batch);
    run.records[0].shift.resize(20);
    check_refusal<ShapeError>([&] { covariate_shift(run); }, "epoch 1's shift count is 20");
}

TEST_CASE("the summary refuses results no training of the plan could give, instead of averaging them",
          "[comparison][errors]") {
    const TrainingResult good = run_comparison(0, 1)[0];
    auto refused = [&](auto edit, const std::string& names) {
        TrainingResult r = good;
        edit(r);
        check_refusal<NormError>([&] { summarise_comparison({good, r}); }, names);
    };
    refused([](TrainingResult& r) { r.fold = crowd_folds; }, "training result 2 names seed 0 and fold 5");
    refused([](TrainingResult& r) { r.heldout_correct = r.heldout_count + 1; }, "held-out people right");
    refused([](TrainingResult& r) { r.train_accuracy = 7; }, "train accuracy is 7");
    refused([](TrainingResult& r) { r.train_accuracy = std::nan(""); }, "train accuracy is NaN");
    refused([](TrainingResult& r) { r.final_loss = -1; }, "final loss is -1");
    refused([](TrainingResult& r) { r.final_loss = HUGE_VAL; }, "final loss is Infinity");
    CHECK(summarise_comparison({good}).front().heldout_by_seed.size() == 1);
}

TEST_CASE(
    "seed by seed, layer norm's loss ends above the plain network's in 3 of 5 seeds and RMS's in 5 of 5; "
    "on the whole crowd both end below it",
    "[comparison][curves][E48][E51]") {
    const std::vector<TrainingResult> results = run_comparison(0, comparison_plan().size());
    const std::vector<ArrangementSummary> s = summarise_comparison(results);
    REQUIRE(s.size() == 5);
    const auto of = [&](Arrangement a) -> const ArrangementSummary& {
        return *std::find_if(s.begin(), s.end(), [&](const ArrangementSummary& x) { return x.arrangement == a; });
    };
    // The tally against each seed's own mean loss over its folds.
    for (const ArrangementSummary& a : s) {
        if (a.arrangement == Arrangement::Plain) continue;
        REQUIRE(a.loss_above_plain.has_value());
        CHECK(a.loss_above_plain->count == 5);
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            double mine = 0, plain = 0;
            for (const TrainingResult& r : results)
                if (r.seed + 1 == seed) {
                    if (r.arrangement == a.arrangement) mine += r.final_loss;
                    if (r.arrangement == Arrangement::Plain) plain += r.final_loss;
                }
            const auto& holding = a.loss_above_plain->holding;
            CHECK((std::find(holding.begin(), holding.end(), seed) != holding.end()) == (mine > plain));
            // The seed's losses the page shows beside the tally say the same.
            CHECK((a.final_loss_by_seed[seed - 1] > of(Arrangement::Plain).final_loss_by_seed[seed - 1]) ==
                  (mine > plain));
        }
    }
    // E48: the row layers end above the plain network in most seeds, RMS in every one; the batch
    // layer ends below it in most.
    CHECK(of(Arrangement::Layer).loss_above_plain->holds == 3);
    CHECK(of(Arrangement::Rms).loss_above_plain->holds == 5);
    CHECK(of(Arrangement::Batch).loss_above_plain->holds == 1);
    CHECK(of(Arrangement::Layer).final_loss > of(Arrangement::Plain).final_loss);
    CHECK(of(Arrangement::Rms).final_loss > of(Arrangement::Plain).final_loss);
    // E51: the one whole-crowd run under the curves' seed goes the other way for both row layers.
    const WholeCrowdRuns runs = whole_crowd_runs();
    CHECK(runs.layer.final_loss < runs.plain.final_loss);
    CHECK(runs.rms.final_loss < runs.plain.final_loss);
}
