#include "transformer/reversal_training.hpp"

#include <string>

#include "core/errors.hpp"
#include "transformer/next_token_accuracy.hpp"
#include "transformer/next_token_loss.hpp"
#include "transformer/stack_initialisation.hpp"

namespace normlab {

namespace {
TransformerShape shape_of(const DigitReversalSettings& s) {
    return {reversal_vocabulary, 2 * s.digits, s.width, s.heads, s.hidden, s.depth};
}

// The initialised stack of the run, carrying the training's parameters.
TransformerStack stack_of(const DigitReversalSettings& s, const ReversalTraining& training) {
    Random random(s.seed);
    const TransformerStack fresh = initialised_stack(shape_of(s), s.placement, s.kind, random);
    require_same(training.parameters.size(), fresh.layout().size(), "training's number of parameters",
                 "stack's number of parameters");
    return fresh.with_parameters(training.parameters);
}
} // namespace

void require_reversal_settings(const DigitReversalSettings& s) {
    if (s.digits == 0 || s.digits > 64) throw SizeError("digits " + std::to_string(s.digits) + " is outside 1..64");
    if (s.steps == 0 || s.steps > 100000) throw SizeError("steps " + std::to_string(s.steps) + " is outside 1..100000");
    if (s.batch == 0 || s.batch > 256) throw SizeError("batch " + std::to_string(s.batch) + " is outside 1..256");
    require_transformer_shape(shape_of(s));
    require_adam_settings(s.adam);
}

std::uint64_t reversal_batch_seed(std::uint64_t seed, std::size_t step) {
    const std::uint64_t run = Random(seed).next_u64(); // splitmix64's output: scattered over 2^64
    return Random(run + static_cast<std::uint64_t>(step)).next_u64();
}

ReversalBatch reversal_batch_of_step(const DigitReversalSettings& s, std::size_t step) {
    Random random(reversal_batch_seed(s.seed, step));
    return reversal_batch(s.batch, s.digits, random);
}

ReversalTraining start_reversal_training(const DigitReversalSettings& s) {
    require_reversal_settings(s);
    Random random(s.seed);
    const TransformerStack stack = initialised_stack(shape_of(s), s.placement, s.kind, random);
    const std::size_t count = stack.layout().size();
    return {stack.parameters(), std::vector<double>(count, 0.0), std::vector<double>(count, 0.0), 0};
}

ReversalPiece continue_reversal_training(const DigitReversalSettings& s, const ReversalTraining& training,
                                         std::size_t count) {
    require_reversal_settings(s);
    if (training.steps > s.steps || count > s.steps - training.steps)
        throw SizeError("a piece of " + std::to_string(count) + " steps after " + std::to_string(training.steps) +
                        " goes beyond the run's " + std::to_string(s.steps) + " steps");
    std::vector<ReversalBatch> batches;
    batches.reserve(count);
    for (std::size_t k = 0; k < count; ++k) batches.push_back(reversal_batch_of_step(s, training.steps + k));
    return continue_reversal_training(s, training, batches);
}

ReversalPiece continue_reversal_training(const DigitReversalSettings& s, const ReversalTraining& training,
                                         const std::vector<ReversalBatch>& batches) {
    require_reversal_settings(s);
    TransformerStack stack = stack_of(s, training);
    Adam adam = Adam::resumed(s.adam, training.first_moment, training.second_moment, training.steps);
    require_same(adam.first_moment().size(), training.parameters.size(), "number of Adam's moments",
                 "stack's number of parameters");
    ReversalPiece piece;
    piece.losses.reserve(batches.size());
    for (const ReversalBatch& batch : batches) {
        const TransformerResponse r = stack.train(batch.input);
        const NextTokenLoss loss = next_token_loss(r.logits(), batch.targets);
        piece.losses.push_back(loss.loss);
        Adam::Move move = adam.step(stack.parameters(), stack.slopes(stack.backward(r, loss.dlogits)));
        stack = stack.with_parameters(move.parameters);
        adam = std::move(move.next);
    }
    piece.training = {stack.parameters(), adam.first_moment(), adam.second_moment(), adam.steps()};
    return piece;
}

ReversalCheck reversal_check(const DigitReversalSettings& s, const ReversalTraining& training) {
    require_reversal_settings(s);
    const TransformerStack stack = stack_of(s, training);
    return reversal_check_of(s, [&](const TokenBatch& tokens) { return stack.infer(tokens); });
}

ReversalCheck reversal_unseen_check(const DigitReversalSettings& s, const ReversalTraining& training) {
    require_reversal_settings(s);
    const TransformerStack stack = stack_of(s, training);
    return reversal_unseen_check_of(s, [&](const TokenBatch& tokens) { return stack.infer(tokens); });
}

ReversalCheck reversal_check_of(const DigitReversalSettings& s, const LogitsOf& logits_of) {
    const ReversalBatch check = reversal_batch_of_step(s, s.steps); // after the last step: never trained on
    const Block logits = logits_of(check.input);
    const double loss = next_token_loss(logits, check.targets).loss;
    const TokensRight count = next_tokens_right(logits, check.targets);
    return {loss, static_cast<double>(count.right) / static_cast<double>(count.asked)};
}

ReversalCheck reversal_unseen_check_of(const DigitReversalSettings& s, const LogitsOf& logits_of) {
    DigitReversalSettings wide = s;
    wide.batch = reversal_unseen_batch;
    double loss_sum = 0; // each batch's mean loss times its count: the mean over every digit asked
    TokensRight count;
    for (std::size_t b = 0; b < reversal_unseen_batches; ++b) {
        const ReversalBatch batch = reversal_batch_of_step(wide, s.steps + 1 + b);
        const Block logits = logits_of(batch.input);
        const NextTokenLoss loss = next_token_loss(logits, batch.targets);
        loss_sum += loss.loss * static_cast<double>(loss.counted);
        const TokensRight right = next_tokens_right(logits, batch.targets);
        count.right += right.right;
        count.asked += right.asked;
    }
    const double asked = static_cast<double>(count.asked);
    return {loss_sum / asked, static_cast<double>(count.right) / asked};
}

DigitReversalRun train_digit_reversal(const DigitReversalSettings& s) {
    ReversalPiece whole = continue_reversal_training(s, start_reversal_training(s), s.steps);
    return {std::move(whole.losses), reversal_check(s, whole.training).accuracy};
}

} // namespace normlab
