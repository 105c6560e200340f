// The digit-reversal training over seeds: each seed's run as the run alone, the unseen strings,
// what "learned" means, the spread over the seeds and the refusals.
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
DigitReversalSettings small_reversal() {
    DigitReversalSettings s;
    s.digits = 3;
    s.width = 8;
    s.heads = 2;
    s.hidden = 16;
    s.depth = 2;
    s.placement = Placement::Post;
    s.adam.learning_rate = 0.01;
    s.steps = 12;
    s.batch = 8;
    return s;
}
} // namespace

TEST_CASE("the unseen check asks 1,024 strings drawn as the steps after the check batch",
          "[transformer][reversal][ensemble]") {
    DigitReversalSettings s = small_reversal();
    s.seed = 5;
    const ReversalTraining trained = continue_reversal_training(s, start_reversal_training(s), s.steps).training;
    const ReversalCheck unseen = reversal_unseen_check(s, trained);
    // By hand: 16 batches of 64 strings, steps 13 to 28 of a run of 12, each digit of the reversal asked.
    Random unused(0);
    const TransformerStack stack =
        initialised_stack({reversal_vocabulary, 2 * s.digits, s.width, s.heads, s.hidden, s.depth}, s.placement, s.kind,
                          unused)
            .with_parameters(trained.parameters);
    DigitReversalSettings wide = s;
    wide.batch = 64;
    std::size_t right = 0, asked = 0;
    double loss = 0;
    for (std::size_t b = 0; b < 16; ++b) {
        const ReversalBatch batch = reversal_batch_of_step(wide, s.steps + 1 + b);
        const Block logits = stack.infer(batch.input);
        const TokensRight count = next_tokens_right(logits, batch.targets);
        right += count.right;
        asked += count.asked;
        loss += next_token_loss(logits, batch.targets).loss / 16; // every batch asks as many digits
    }
    CHECK(asked == 1024 * s.digits);
    CHECK(unseen.accuracy == static_cast<double>(right) / static_cast<double>(asked));
    CHECK_NEAR(unseen.loss, loss, 1e-14 * loss);
    CHECK(reversal_unseen_batches * reversal_unseen_batch == 1024);
}

TEST_CASE("an ensemble's runs are the seeds' runs alone; learned is at least 0.9 of the unseen digits",
          "[transformer][reversal][ensemble]") {
    const DigitReversalSettings s = small_reversal();
    const std::vector<std::uint64_t> seeds = {3, 1, 4};
    const ReversalEnsemble e = reversal_ensemble(s, seeds);
    REQUIRE(e.runs.size() == 3);
    std::vector<double> unseen;
    std::vector<bool> learned;
    for (std::size_t k = 0; k < 3; ++k) {
        DigitReversalSettings alone = s;
        alone.seed = seeds[k];
        const ReversalPiece run = continue_reversal_training(alone, start_reversal_training(alone), alone.steps);
        const ReversalSeedRun& r = e.runs[k];
        CHECK(r.seed == seeds[k]);
        CHECK(r.losses == run.losses);
        CHECK(r.check.accuracy == reversal_check(alone, run.training).accuracy);
        CHECK(r.check.loss == reversal_check(alone, run.training).loss);
        CHECK(r.unseen.accuracy == reversal_unseen_check(alone, run.training).accuracy);
        CHECK(r.learned == (r.unseen.accuracy >= 0.9));
        unseen.push_back(r.unseen.accuracy);
        learned.push_back(r.learned);
    }
    CHECK(e.losses.count == 3);
    CHECK(e.losses.median.size() == s.steps);
    CHECK(e.losses.mean == band_of(Block::from_rows({e.runs[0].losses, e.runs[1].losses, e.runs[2].losses})).mean);
    CHECK(e.unseen_accuracy.median == spread_of(unseen).median);
    CHECK(e.learned.holding == tally_of(seeds, learned).holding);
    CHECK(e.learned.count == 3);
}

TEST_CASE("an ensemble refuses no seeds, too many, a seed twice and bad settings", "[transformer][reversal][errors]") {
    const DigitReversalSettings s = small_reversal();
    check_refusal<SizeError>([&] { reversal_ensemble(s, {}); }, "0 seeds is outside 1..64");
    check_refusal<SizeError>([&] { reversal_ensemble(s, std::vector<std::uint64_t>(65, 1)); }, "65 seeds");
    check_refusal<OptionError>([&] { reversal_ensemble(s, {2, 2}); }, "seed 2 is listed twice");
    DigitReversalSettings bad = s;
    bad.heads = 3;
    check_refusal<ShapeError>([&] { reversal_ensemble(bad, {1}); }, "heads 3");
    CHECK(seeds_from_one(3) == std::vector<std::uint64_t>{1, 2, 3});
    check_refusal<SizeError>([] { seeds_from_one(0); }, "0 seeds");
    check_refusal<SizeError>([] { seeds_from_one(65); }, "65 seeds");
}

TEST_CASE("the warm-up ensemble view trains the page's four stacks over seeds 1 to n",
          "[transformer][reversal][ensemble][view]") {
    const DigitReversalSettings s = small_reversal();
    const Json j = JsonReader(warm_up_ensemble_view(s, 2)).read();
    CHECK(j["seeds"].numbers() == std::vector<double>{1, 2});
    CHECK(j["learnedAccuracy"].number == 0.9);
    CHECK(j["unseenStrings"].number == 1024);
    REQUIRE(j["stacks"].array.size() == 4);
    const char* names[] = {"post", "postWarm", "pre", "preWarm"};
    for (std::size_t k = 0; k < 4; ++k) {
        const Json& stack = j["stacks"][k];
        CHECK(stack["name"].string == names[k]);
        CHECK(stack["placement"].string == (k < 2 ? "post" : "pre"));
        CHECK(stack["warmupSteps"].number == (k % 2 == 1 ? s.adam.warmup_steps : 0));
        REQUIRE(stack["runs"].array.size() == 2);
        CHECK(stack["losses"]["count"].number == 2);
        CHECK(stack["learned"]["count"].number == 2);
        CHECK(stack["unseenAccuracy"]["count"].number == 2);
    }
    // The pre-norm stack without warm-up at seed 2 is reversal_ensemble's run.
    DigitReversalSettings pre = s;
    pre.placement = Placement::Pre;
    pre.adam.warmup_steps = 0;
    const ReversalEnsemble e = reversal_ensemble(pre, {1, 2});
    CHECK(j["stacks"][2]["runs"][1]["losses"].numbers() == e.runs[1].losses);
    CHECK(j["stacks"][2]["runs"][1]["unseen"]["accuracy"].number == e.runs[1].unseen.accuracy);
    CHECK(j["stacks"][2]["learned"]["text"].string == tally_text(e.learned));
    CHECK(j["stacks"][2]["losses"]["high"].numbers() == e.losses.high);
    check_refusal<SizeError>([&] { warm_up_ensemble_view(s, 65); }, "65 seeds");
    check_refusal<SizeError>([&] { warm_up_ensemble_view(s, 0); }, "0 seeds");
}

TEST_CASE("the warm-up's opening setting is the widget's", "[transformer][reversal][view]") {
    const DigitReversalSettings s = default_warm_up_settings();
    CHECK(s.depth == 6);
    CHECK(s.width == 32);
    CHECK(s.heads == 4);
    CHECK(s.hidden == 128);
    CHECK(s.digits == 4);
    CHECK(s.batch == 16);
    CHECK(s.steps == 200);
    CHECK(s.adam.learning_rate == 0.01);
    CHECK(s.adam.warmup_steps == 50);
    CHECK(s.kind == NormKind::Layer);
    CHECK(default_warm_up_seeds == 5);
}
