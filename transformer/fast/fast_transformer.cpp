#include "transformer/fast/fast_transformer.hpp"

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "core/random.hpp"
#include "transformer/fast/kernels.hpp"
#include "transformer/fast/stack_pass.hpp"
#include "transformer/next_token_loss.hpp"
#include "transformer/residual_block.hpp"
#include "transformer/stack_initialisation.hpp"
#include "transformer/transformer_stack.hpp"

namespace normlab::fast {

namespace {

TransformerShape shape_of(const DigitReversalSettings& s) {
    return {reversal_vocabulary, 2 * s.digits, s.width, s.heads, s.hidden, s.depth};
}

// Whether the reference's forward pass takes these tokens (Embedding::infer's require_tokens and
// the attention's bound on its weights); where not, the reference's step refuses them.
bool takes(const TransformerShape& shape, const TokenBatch& tokens) {
    try {
        require_tokens(tokens, shape.vocabulary, shape.context, "tokens");
    } catch (const NormError&) {
        return false;
    }
    return within_cell_limit(tokens.sequences * shape.heads, tokens.length * tokens.length);
}

// The pass of a stack of this shape, placement and kind, its storage kept from call to call (a
// worker trains piece after piece of one run): made again only when a larger stack needs it.
StackPass& pass_for(const TransformerShape& shape, Placement placement, NormKind kind) {
    thread_local StackPass pass(shape, placement, kind);
    pass.prepare(shape, placement, kind);
    return pass;
}

// The checks of the reference's stack_of (reversal_training.cpp), in their order: those of
// initialised_stack and TransformerStack::with_parameters. ensures: the layout's size.
std::size_t require_trained_stack(const DigitReversalSettings& s, const TransformerShape& shape,
                                  const ReversalTraining& training) {
    require_feature_normaliser(norm_spec(s.kind), "the normaliser");
    const std::size_t count = stack_at(shape, s.placement, s.kind).size;
    require_same(training.parameters.size(), count, "training's number of parameters", "stack's number of parameters");
    require_finite(training.parameters, "parameter list");
    return count;
}

// The trained stack's logits of the tokens (TransformerStack::infer): the stack pass's forward, or
// where it cannot take them the reference's own (its refusal, or its answer).
Block logits_of(const DigitReversalSettings& s, const TransformerShape& shape, const ReversalTraining& training,
                const TokenBatch& tokens) {
    StackPass& pass = pass_for(shape, s.placement, s.kind);
    if (takes(shape, tokens) && pass.forward(training.parameters, tokens)) return pass.logits();
    Random random(s.seed);
    return initialised_stack(shape, s.placement, s.kind, random).with_parameters(training.parameters).infer(tokens);
}

} // namespace

// Mirrors normlab::continue_reversal_training: its checks in their order (those of stack_of,
// initialised_stack and TransformerStack::with_parameters, then Adam::resumed's), then its loop:
// the stack pass's forward, next_token_loss, the pass's backward, Adam::step's move. A step the
// pass cannot take is the reference's loop body: the layer values' forward and backward, then
// Adam::step's checks around the same move.
ReversalPiece continue_reversal_training(const DigitReversalSettings& s, const ReversalTraining& training,
                                         const std::vector<ReversalBatch>& batches) {
    require_reversal_settings(s);
    const TransformerShape shape = shape_of(s);
    const std::size_t count = require_trained_stack(s, shape, training);
    const Adam adam(s.adam, 0); // rate_at, and Adam::resumed's checks
    require_same(training.second_moment.size(), training.first_moment.size(), "Adam's second moment",
                 "its first moment");
    require_finite(training.first_moment, "Adam's first moment");
    require_finite(training.second_moment, "Adam's second moment");
    require_same(training.first_moment.size(), count, "number of Adam's moments", "stack's number of parameters");

    StackPass& pass = pass_for(shape, s.placement, s.kind);
    ReversalTraining now = training, next;
    next.parameters.resize(count);
    next.first_moment.resize(count);
    next.second_moment.resize(count);
    std::vector<double> slopes;
    double beta1_power = 1.0, beta2_power = 1.0; // beta^t by products, as Adam::resumed and step take them
    for (std::size_t t = 0; t < now.steps; ++t) {
        beta1_power *= s.adam.beta1;
        beta2_power *= s.adam.beta2;
    }
    ReversalPiece piece;
    piece.losses.reserve(batches.size());
    for (const ReversalBatch& batch : batches) {
        beta1_power *= s.adam.beta1;
        beta2_power *= s.adam.beta2;
        const std::size_t step = now.steps + 1;
        const AdamMove move{s.adam.beta1, s.adam.beta2, s.adam.eps, adam.rate_at(step) / (1.0 - beta1_power),
                            std::sqrt(1.0 - beta2_power)};
        auto take_move = [&] {
            adam_move(move, count, now.parameters.data(), slopes.data(), now.first_moment.data(),
                      now.second_moment.data(), next.parameters.data(), next.first_moment.data(),
                      next.second_moment.data());
            next.steps = step;
        };
        bool ours = takes(shape, batch.input) && pass.forward(now.parameters, batch.input);
        if (ours) {
            const NextTokenLoss loss = next_token_loss(pass.logits(), batch.targets); // refuses as the reference's
            ours = pass.backward(now.parameters, loss.dlogits, slopes);
            if (ours) {
                take_move();
                ours = all_finite(count, next.parameters.data());
                if (ours) piece.losses.push_back(loss.loss);
            }
        }
        if (!ours) { // the reference's step: its refusal, or its answer
            Random random(s.seed);
            const TransformerStack stack =
                initialised_stack(shape, s.placement, s.kind, random).with_parameters(now.parameters);
            const TransformerResponse r = stack.train(batch.input);
            const NextTokenLoss loss = next_token_loss(r.logits(), batch.targets);
            piece.losses.push_back(loss.loss);
            slopes = stack.slopes(stack.backward(r, loss.dlogits));
            require_finite(now.parameters, "parameters"); // Adam::step's checks
            require_finite(slopes, "slopes");
            take_move();
            require_answer_finite(next.parameters, "Adam's step");
        }
        std::swap(now, next);
    }
    piece.training = std::move(now);
    return piece;
}

// Mirrors normlab::continue_reversal_training's count form.
ReversalPiece continue_reversal_training(const DigitReversalSettings& s, const ReversalTraining& training,
                                         std::size_t count) {
    require_reversal_settings(s);
    if (training.steps > s.steps || count > s.steps - training.steps)
        throw SizeError("a piece of " + std::to_string(count) + " steps after " + std::to_string(training.steps) +
                        " goes beyond the run's " + std::to_string(s.steps) + " steps");
    std::vector<ReversalBatch> batches;
    batches.reserve(count);
    for (std::size_t k = 0; k < count; ++k) batches.push_back(reversal_batch_of_step(s, training.steps + k));
    return fast::continue_reversal_training(s, training, batches);
}

// Mirrors normlab::reversal_check: stack_of's checks, then the shared arithmetic on the pass's logits.
ReversalCheck reversal_check(const DigitReversalSettings& s, const ReversalTraining& training) {
    require_reversal_settings(s);
    const TransformerShape shape = shape_of(s);
    require_trained_stack(s, shape, training);
    return reversal_check_of(s, [&](const TokenBatch& tokens) { return logits_of(s, shape, training, tokens); });
}

// Mirrors normlab::reversal_unseen_check, as reversal_check.
ReversalCheck reversal_unseen_check(const DigitReversalSettings& s, const ReversalTraining& training) {
    require_reversal_settings(s);
    const TransformerShape shape = shape_of(s);
    require_trained_stack(s, shape, training);
    return reversal_unseen_check_of(s, [&](const TokenBatch& tokens) { return logits_of(s, shape, training, tokens); });
}

// Mirrors starting_slopes.cpp's draw (sizes_of) and feed_forward_slope_sizes (transformer_stack.hpp).
std::vector<double> starting_slope_sizes(const TransformerShape& shape, Placement placement, NormKind kind,
                                         std::uint64_t seed, std::size_t sequences) {
    Random random(seed);
    const TransformerStack stack = initialised_stack(shape, placement, kind, random);
    TokenBatch tokens{sequences, shape.context, std::vector<std::size_t>(sequences * shape.context)};
    for (std::size_t& id : tokens.ids) id = static_cast<std::size_t>(random.below(shape.vocabulary));
    StackPass& pass = pass_for(shape, placement, kind);
    // The draw's parameters and slopes in storage kept from draw to draw: lists made afresh for
    // every draw (4.7 MB each at 12 blocks) cost a third of the draws' time in page faults natively.
    thread_local std::vector<double> parameters, slopes;
    parameters.clear();
    stack.append_parameters(parameters);
    if (pass.forward(parameters, tokens)) {
        const NextTokenLoss loss = next_token_loss(pass.logits(), next_tokens(tokens));
        if (pass.backward(parameters, loss.dlogits, slopes)) {
            std::vector<double> sizes;
            for (const BlockAt& b : pass.at().blocks) {
                double square = 0;
                const double* expand = &slopes[b.expand.weights];
                const double* contract = &slopes[b.contract.weights];
                for (std::size_t k = 0; k < shape.width * shape.hidden; ++k) square += expand[k] * expand[k];
                for (std::size_t k = 0; k < shape.hidden * shape.width; ++k) square += contract[k] * contract[k];
                sizes.push_back(std::sqrt(square));
            }
            return sizes;
        }
    }
    // The reference's draw: its refusal, or its answer.
    const TransformerResponse r = stack.train(tokens);
    const NextTokenLoss loss = next_token_loss(r.logits(), next_tokens(tokens));
    return feed_forward_slope_sizes(stack.backward(r, loss.dlogits));
}

} // namespace normlab::fast
