// How many next tokens a stack gets right, teacher-forced (each position reads the true tokens
// before it): a counted position is right when its largest logit, the first of equal ones, is at
// its target. Positions whose target is no_target are not asked.
#pragma once
#include <cstddef>

#include "core/block.hpp"
#include "transformer/token_batch.hpp"

namespace normlab {

struct TokensRight {
    std::size_t right = 0, asked = 0;
};

// requires: logits (B * T, V), one row per target (else ShapeError).
TokensRight next_tokens_right(const Block& logits, const TokenBatch& targets);

} // namespace normlab
