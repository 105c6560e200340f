#include "transformer/digit_reversal.hpp"

#include "core/errors.hpp"
#include "transformer/next_token_loss.hpp"
#include "transformer/stack_initialisation.hpp"

namespace normlab {

ReversalBatch reversal_batch(std::size_t sequences, std::size_t digits, Random& random) {
    const std::size_t length = 2 * digits;
    ReversalBatch b{{sequences, length, std::vector<std::size_t>(sequences * length)},
                    {sequences, length, std::vector<std::size_t>(sequences * length, no_target)}};
    std::vector<std::size_t> whole(length + 1);
    for (std::size_t s = 0; s < sequences; ++s) {
        for (std::size_t t = 0; t < digits; ++t) whole[t] = static_cast<std::size_t>(random.below(10));
        whole[digits] = reversal_separator;
        for (std::size_t t = 0; t < digits; ++t) whole[digits + 1 + t] = whole[digits - 1 - t];
        for (std::size_t t = 0; t < length; ++t) {
            b.input.ids[s * length + t] = whole[t];
            if (t >= digits) b.targets.ids[s * length + t] = whole[t + 1];
        }
    }
    return b;
}

DigitReversalRun train_digit_reversal(const DigitReversalSettings& s) {
    if (s.digits == 0 || s.digits > 64) throw SizeError("digits " + std::to_string(s.digits) + " is outside 1..64");
    if (s.steps == 0 || s.steps > 100000) throw SizeError("steps " + std::to_string(s.steps) + " is outside 1..100000");
    if (s.batch == 0 || s.batch > 256) throw SizeError("batch " + std::to_string(s.batch) + " is outside 1..256");
    const TransformerShape shape{reversal_vocabulary, 2 * s.digits, s.width, s.heads, s.hidden, s.depth};
    require_adam_settings(s.adam);
    Random random(s.seed);
    TransformerStack stack = initialised_stack(shape, s.placement, s.kind, random);
    Adam adam(s.adam, stack.layout().size());
    DigitReversalRun run;
    run.losses.reserve(s.steps);
    for (std::size_t step = 0; step < s.steps; ++step) {
        const ReversalBatch batch = reversal_batch(s.batch, s.digits, random);
        const TransformerResponse r = stack.train(batch.input);
        const NextTokenLoss loss = next_token_loss(r.logits(), batch.targets);
        run.losses.push_back(loss.loss);
        Adam::Move move = adam.step(stack.parameters(), stack.slopes(stack.backward(r, loss.dlogits)));
        stack = stack.with_parameters(move.parameters);
        adam = std::move(move.next);
    }
    const ReversalBatch check = reversal_batch(s.batch, s.digits, random);
    const Block logits = stack.infer(check.input);
    std::size_t right = 0, asked = 0;
    for (std::size_t row = 0; row < logits.rows; ++row) {
        const std::size_t target = check.targets.ids[row];
        if (target == no_target) continue;
        std::size_t best = 0;
        for (std::size_t j = 1; j < logits.cols; ++j)
            if (logits.at(row, j) > logits.at(row, best)) best = j;
        right += best == target;
        ++asked;
    }
    run.accuracy = static_cast<double>(right) / static_cast<double>(asked);
    return run;
}

} // namespace normlab
