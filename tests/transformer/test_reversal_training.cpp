// The digit-reversal training in pieces: the same steps as one run, and its refusals.
#include <set>

#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
DigitReversalSettings small_run() {
    DigitReversalSettings s;
    s.digits = 3;
    s.width = 8;
    s.heads = 2;
    s.hidden = 16;
    s.depth = 2;
    s.placement = Placement::Post;
    s.adam.learning_rate = 1e-2;
    s.adam.warmup_steps = 4;
    s.steps = 7;
    s.batch = 4;
    s.seed = 5;
    return s;
}
} // namespace

TEST_CASE("a run in pieces takes the same steps as one run straight through", "[transformer][reversal]") {
    for (Placement placement : {Placement::Post, Placement::Pre}) {
        INFO(placement_name(placement));
        DigitReversalSettings s = small_run();
        s.placement = placement;
        const DigitReversalRun whole = train_digit_reversal(s);
        const ReversalTraining start = start_reversal_training(s);
        CHECK(start.steps == 0);
        const ReversalPiece first = continue_reversal_training(s, start, 3);
        const ReversalPiece second = continue_reversal_training(s, first.training, 4);
        CHECK(start.steps == 0); // the training given is left as it was
        REQUIRE(second.training.steps == 7);
        std::vector<double> losses = first.losses;
        losses.insert(losses.end(), second.losses.begin(), second.losses.end());
        CHECK(losses == whole.losses); // bit for bit: the warm-up counts from the run's first step
        const ReversalCheck check = reversal_check(s, second.training);
        CHECK(check.accuracy == whole.accuracy);
        CHECK(check.loss > 0);
        CHECK(check.loss < reversal_check(s, start).loss); // seven steps of Adam at 1e-2 already help
        CHECK(second.training.parameters != start.parameters);
    }
}

TEST_CASE("Adam resumed from its moments moves as the optimiser that took the steps", "[transformer][adam]") {
    AdamSettings settings;
    settings.learning_rate = 0.1;
    settings.warmup_steps = 3;
    const std::vector<double> p{0.5, -1.0, 2.0}, g{0.3, -0.2, 0.1};
    Adam adam(settings, 3);
    Adam::Move move = adam.step(p, g);
    move = move.next.step(move.parameters, g);
    const Adam resumed = Adam::resumed(settings, move.next.first_moment(), move.next.second_moment(), 2);
    const Adam::Move a = move.next.step(move.parameters, g), b = resumed.step(move.parameters, g);
    CHECK(a.parameters == b.parameters);
    CHECK(a.next.second_moment() == b.next.second_moment());
    check_refusal<ShapeError>([&] { Adam::resumed(settings, {1.0, 2.0}, {1.0}, 2); }, "second moment");
}

TEST_CASE("a piece refuses steps beyond the run and a state of another stack", "[transformer][reversal][errors]") {
    const DigitReversalSettings s = small_run();
    const ReversalTraining start = start_reversal_training(s);
    check_refusal<SizeError>([&] { continue_reversal_training(s, start, 8); }, "beyond the run's 7 steps");
    ReversalTraining short_list = start;
    short_list.parameters.pop_back();
    check_refusal<ShapeError>([&] { continue_reversal_training(s, short_list, 1); },
                              "the training's number of parameters is " + std::to_string(start.parameters.size() - 1) +
                                  " but the stack's number of parameters is " +
                                  std::to_string(start.parameters.size()));
    ReversalTraining short_moments = start;
    short_moments.first_moment.pop_back();
    check_refusal<ShapeError>([&] { continue_reversal_training(s, short_moments, 1); }, "moment");
    DigitReversalSettings wide = s;
    wide.width = 16;
    check_refusal<ShapeError>([&] { continue_reversal_training(wide, start, 1); }, "parameters");
    DigitReversalSettings bad = s;
    bad.heads = 3;
    check_refusal<ShapeError>([&] { start_reversal_training(bad); }, "heads 3");
}

// Each step's batch is a fresh draw: 200 steps of 16 strings of 4 digits hold about as many
// different strings as independent draws do (10^4 (1 - e^-0.32) = 2,739), and the check batch, drawn
// as the step after the last, shares with them only what chance gives (about 0.27 of its strings).
// Seeding step k with seed ^ c (k + 1) put the steps on two splitmix64 walks a few draws apart:
// seed 1 held 258 different strings and its check batch had trained on 15 of 16.
TEST_CASE("the steps' batches are fresh strings and the check batch mostly unseen", "[transformer][reversal]") {
    for (std::uint64_t seed : {1u, 2u, 15u}) {
        INFO("seed " << seed);
        DigitReversalSettings s; // 4 digits, batches of 16
        s.seed = seed;
        s.steps = 200;
        std::set<std::vector<std::size_t>> seen;
        const auto strings_of = [&](const ReversalBatch& b) {
            std::vector<std::vector<std::size_t>> out;
            for (std::size_t q = 0; q < b.input.sequences; ++q)
                out.emplace_back(b.input.ids.begin() + q * b.input.length,
                                 b.input.ids.begin() + q * b.input.length + s.digits);
            return out;
        };
        for (std::size_t k = 0; k < s.steps; ++k)
            for (const auto& string : strings_of(reversal_batch_of_step(s, k))) seen.insert(string);
        CHECK(seen.size() > 2600); // 2,727 for seed 1
        std::size_t trained = 0;
        for (const auto& string : strings_of(reversal_batch_of_step(s, s.steps))) trained += seen.count(string);
        CHECK(trained <= 9); // 4 for seed 1
        CHECK(reversal_batch_seed(seed, 0) != reversal_batch_seed(seed, 1));
    }
}

TEST_CASE("a batch of given strings reverses them after the separator, and refuses a non-digit",
          "[transformer][reversal]") {
    const ReversalBatch b = reversal_batch_of(2, 3, {1, 2, 3, 4, 5, 6});
    CHECK(b.input.ids == std::vector<std::size_t>{1, 2, 3, 10, 3, 2, 4, 5, 6, 10, 6, 5});
    CHECK(b.targets.ids == std::vector<std::size_t>{no_target, no_target, no_target, 3, 2, 1, //
                                                    no_target, no_target, no_target, 6, 5, 4});
    Random rng(4);
    Random same(4);
    std::vector<std::size_t> drawn(6);
    for (std::size_t& d : drawn) d = static_cast<std::size_t>(same.below(10));
    CHECK(reversal_batch(2, 3, rng).input.ids == reversal_batch_of(2, 3, drawn).input.ids);
    check_refusal<DataError>([] { reversal_batch_of(1, 2, {3, 11}); }, "11 (string 0, place 1) is not a digit");
    check_refusal<ShapeError>([] { reversal_batch_of(2, 2, {1, 2, 3}); }, "reversal strings");
}

TEST_CASE("a piece on given batches takes the steps of the run fed its own batches", "[transformer][reversal]") {
    const DigitReversalSettings s = small_run();
    const ReversalTraining start = start_reversal_training(s);
    std::vector<ReversalBatch> batches;
    for (std::size_t k = 0; k < s.steps; ++k) batches.push_back(reversal_batch_of_step(s, k));
    const ReversalPiece given = continue_reversal_training(s, start, batches);
    const ReversalPiece own = continue_reversal_training(s, start, s.steps);
    CHECK(given.losses == own.losses);
    CHECK(given.training.parameters == own.training.parameters);
    CHECK(given.training.steps == s.steps);
    const ReversalBatch wrong = reversal_batch_of(1, 4, {1, 2, 3, 4}); // 8 tokens: past the context of 6
    check_refusal<SizeError>([&] { continue_reversal_training(s, start, std::vector<ReversalBatch>{wrong}); },
                             "exceed the context of 6");
}
