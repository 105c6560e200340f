// Next-token cross-entropy: the mean over counted positions of -log softmax(logits)[target],
// as PyTorch's F.cross_entropy with ignore_index (here no_target) and reduction 'mean'.
#pragma once
#include "core/block.hpp"
#include "transformer/token_batch.hpp"

namespace normlab {

struct NextTokenLoss {
    double loss = 0.0; // mean over counted positions (0 when none counts)
    std::size_t counted = 0;
    Block dlogits; // (B * T, V): (softmax - onehot) / counted on counted rows, 0 elsewhere
};

// requires: logits (B * T, V) finite; targets B by T, each below V or no_target (else ShapeError,
// NonFiniteError, DataError).
NextTokenLoss next_token_loss(const Block& logits, const TokenBatch& targets);

// The targets of next-token prediction: position t of a sequence is asked for token t + 1;
// the last position for nothing.
TokenBatch next_tokens(const TokenBatch& tokens);

} // namespace normlab
