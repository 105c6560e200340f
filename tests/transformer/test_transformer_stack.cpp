// The stack as a value: causality, value semantics, the parameter list, the loss, refusals.
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("a token's logits depend on no later token", "[transformer][causal]") {
    for (Placement placement : {Placement::Post, Placement::Pre}) {
        Random rng(3);
        const TransformerStack stack = dressed_stack(placement, NormKind::Layer, rng);
        TokenBatch tokens = random_tokens(rng, 2, 6, 7);
        const Block before = stack.infer(tokens);
        tokens.ids[4] = (tokens.ids[4] + 1) % 7; // sequence 0, position 4
        const Block after = stack.infer(tokens);
        for (std::size_t row = 0; row < 12; ++row)
            for (std::size_t j = 0; j < 7; ++j) {
                INFO(placement_name(placement) << " row " << row);
                if (row < 4 || row >= 6) CHECK(before.at(row, j) == after.at(row, j));
            }
        CHECK(largest_gap(before, after) > 1e-3);
    }
}

TEST_CASE("train, backward and step leave the stack as it was", "[transformer][value]") {
    Random rng(5);
    const TransformerStack stack = dressed_stack(Placement::Pre, NormKind::Rms, rng);
    const std::vector<double> before = stack.parameters();
    const TokenBatch tokens = random_tokens(rng, 2, 5, 7);
    const TransformerResponse r = stack.train(tokens);
    const TransformerGradient g = stack.backward(r, next_token_loss(r.logits(), next_tokens(tokens)).dlogits);
    const TransformerStack next = stack.step(g, 0.1);
    CHECK(stack.parameters() == before);
    const std::vector<double> slopes = stack.slopes(g);
    const std::vector<double> moved = next.parameters();
    for (std::size_t k = 0; k < moved.size(); ++k) CHECK(moved[k] == before[k] - 0.1 * slopes[k]);
    CHECK(stack.with_parameters(before).parameters() == before);
}

TEST_CASE("a step against the slope lowers the loss", "[transformer][value]") {
    Random rng(8);
    const TransformerStack stack = dressed_stack(Placement::Post, NormKind::Layer, rng);
    const TokenBatch tokens = random_tokens(rng, 4, 6, 7);
    const TokenBatch targets = next_tokens(tokens);
    const TransformerResponse r = stack.train(tokens);
    const NextTokenLoss loss = next_token_loss(r.logits(), targets);
    CHECK(stack_loss(stack.step(stack.backward(r, loss.dlogits), 1e-2), tokens, targets) < loss.loss);
}

TEST_CASE("the layout names every parameter once, in order", "[transformer][parameters]") {
    Random rng(1);
    const TransformerStack pre = initialised_stack(small_shape(), Placement::Pre, NormKind::Layer, rng);
    const ParameterLayout layout = pre.layout();
    CHECK(layout.size() == pre.parameters().size());
    CHECK(layout.runs.front().name == "embedding.tokens");
    CHECK(layout.run("block1.feed_forward.expand.weights").count == 8 * 12);
    CHECK(layout.run("block0.attention.projection.weights").count == 8 * 24);
    CHECK(layout.run("final.shift").count == 8);
    CHECK(layout.runs.back().name == "readout.bias");
    check_refusal<OptionError>([&] { layout.run("block2.first.scale"); }, "block2.first.scale");
    Random rng2(1);
    const TransformerStack rms = initialised_stack(small_shape(), Placement::Post, NormKind::Rms, rng2);
    check_refusal<OptionError>([&] { rms.layout().run("block0.first.shift"); }, "block0.first.shift");
    // 56 + 48 tokens and positions; per block 16 + 216 + 72 + 16 + 108 + 104; readout 63
    CHECK(pre.layout().size() == 104 + 2 * 532 + 16 + 63);
}

TEST_CASE("next-token loss is the mean of -log softmax at the counted targets", "[transformer][loss]") {
    const Block logits = Block::from_rows({{0, 0, 0}, {1, 2, 3}, {5, 5, 5}});
    const TokenBatch targets{1, 3, {2, no_target, 0}};
    const NextTokenLoss l = next_token_loss(logits, targets);
    CHECK(l.counted == 2);
    CHECK_NEAR(l.loss, std::log(3.0), 1e-15);
    CHECK(l.dlogits.at(1, 0) == 0);
    CHECK_NEAR(l.dlogits.at(0, 2), (1.0 / 3 - 1) / 2, 1e-16);
    CHECK(next_tokens({2, 3, {1, 2, 3, 4, 5, 6}}).ids == std::vector<std::size_t>{2, 3, no_target, 5, 6, no_target});
    check_refusal<DataError>([&] { next_token_loss(logits, {1, 3, {2, 3, 0}}); }, "token 3 (sequence 0, position 1)");
}

TEST_CASE("sizes beyond the limits are refused by name", "[transformer][errors]") {
    Random rng(1);
    TransformerShape s = small_shape();
    s.heads = 3;
    check_refusal<ShapeError>([&] { initialised_stack(s, Placement::Pre, NormKind::Layer, rng); }, "heads 3");
    s = small_shape();
    s.depth = max_depth + 1;
    check_refusal<SizeError>([&] { initialised_stack(s, Placement::Pre, NormKind::Layer, rng); }, "depth 49");
    s = small_shape();
    s.width = 0;
    check_refusal<SizeError>([&] { initialised_stack(s, Placement::Pre, NormKind::Layer, rng); }, "width 0");
    s = small_shape();
    s.vocabulary = 300;
    check_refusal<SizeError>([&] { initialised_stack(s, Placement::Post, NormKind::Layer, rng); }, "vocabulary 300");
    check_refusal<OptionError>([&] { initialised_stack(small_shape(), Placement::Post, NormKind::Batch, rng); },
                               "batch norm");
    const TransformerStack stack = initialised_stack(small_shape(), Placement::Post, NormKind::Layer, rng);
    check_refusal<SizeError>([&] { stack.infer(random_tokens(rng, 1, 7, 7)); }, "context of 6");
    check_refusal<DataError>([&] { stack.infer({1, 2, {0, 7}}); }, "token 7");
    check_refusal<ShapeError>([&] { stack.with_parameters({1.0, 2.0}); }, "parameter list");
    check_refusal<OptionError>([] { placement_named("middle"); }, "middle");
    // 64 sequences of 256 tokens, 64 heads: 2^28 attention weights, refused before any is computed
    const CausalSelfAttention wide(Dense(Block(64, 192), std::vector<double>(192), Activation::Identity),
                                   Dense(Block(64, 64), std::vector<double>(64), Activation::Identity), 64);
    check_refusal<SizeError>([&] { wide.train(Block(64 * 256, 64), 256); }, "attention weights");
    check_refusal<ShapeError>([&] { wide.train(Block(10, 64), 4); }, "length 4");
}

TEST_CASE("Adam warms its rate up linearly and matches the rule by hand", "[transformer][adam]") {
    AdamSettings s;
    s.learning_rate = 0.01;
    s.warmup_steps = 4;
    const Adam adam(s, 2);
    CHECK(adam.rate_at(1) == 0.0025);
    CHECK(adam.rate_at(2) == 0.005);
    CHECK(adam.rate_at(4) == 0.01);
    CHECK(adam.rate_at(40) == 0.01);
    const Adam::Move one = adam.step({1.0, -2.0}, {0.5, -4.0});
    // step 1: m = 0.1 g, v = 0.001 g^2, the corrected ratio is g / (|g| + eps / ...): nearly sign(g)
    CHECK_NEAR(one.parameters[0], 1.0 - 0.0025 * 0.5 / (0.5 + 1e-8), 1e-15);
    CHECK_NEAR(one.parameters[1], -2.0 + 0.0025 * 4.0 / (4.0 + 1e-8), 1e-15);
    CHECK(adam.steps() == 0);
    CHECK(one.next.steps() == 1);
    check_refusal<KeepError>([&] { Adam({0.1, 1.0, 0.999, 1e-8, 0}, 1); }, "beta1 1");
    check_refusal<ShapeError>([&] { adam.step({1.0}, {1.0}); }, "parameters");
}
