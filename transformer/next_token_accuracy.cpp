#include "transformer/next_token_accuracy.hpp"

#include "core/errors.hpp"

namespace normlab {

TokensRight next_tokens_right(const Block& logits, const TokenBatch& targets) {
    require_same(logits.rows, targets.ids.size(), "logits' number of rows", "number of targets");
    TokensRight count;
    for (std::size_t row = 0; row < logits.rows; ++row) {
        const std::size_t target = targets.ids[row];
        if (target == no_target) continue;
        std::size_t best = 0;
        for (std::size_t j = 1; j < logits.cols; ++j)
            if (logits.at(row, j) > logits.at(row, best)) best = j;
        count.right += best == target;
        ++count.asked;
    }
    return count;
}

} // namespace normlab
