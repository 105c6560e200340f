#include "transformer/next_token_loss.hpp"

#include "core/elementary.hpp"
#include "core/errors.hpp"

namespace normlab {

NextTokenLoss next_token_loss(const Block& logits, const TokenBatch& targets) {
    require_well_formed(logits, "logits");
    require_finite(logits, "logits");
    require_tokens(targets, logits.cols, targets.length, "targets", true);
    require_same(targets.ids.size(), logits.rows, "targets", "logit rows");
    NextTokenLoss out;
    out.dlogits = Block(logits.rows, logits.cols);
    for (std::size_t id : targets.ids) out.counted += id != no_target;
    if (out.counted == 0) return out;
    const double share = 1.0 / static_cast<double>(out.counted);
    double total_loss = 0;
    for (std::size_t row = 0; row < logits.rows; ++row) {
        const std::size_t target = targets.ids[row];
        if (target == no_target) continue;
        double top = logits.at(row, 0);
        for (std::size_t j = 1; j < logits.cols; ++j) top = larger(top, logits.at(row, j));
        double total = 0;
        for (std::size_t j = 0; j < logits.cols; ++j) total += out.dlogits.at(row, j) = exp(logits.at(row, j) - top);
        total_loss += top + log(total) - logits.at(row, target);
        for (std::size_t j = 0; j < logits.cols; ++j) out.dlogits.at(row, j) *= share / total;
        out.dlogits.at(row, target) -= share;
    }
    out.loss = total_loss / static_cast<double>(out.counted);
    return out;
}

TokenBatch next_tokens(const TokenBatch& tokens) {
    TokenBatch targets = tokens;
    for (std::size_t b = 0; b < tokens.sequences; ++b)
        for (std::size_t t = 0; t < tokens.length; ++t)
            targets.ids[b * tokens.length + t] = t + 1 < tokens.length ? tokens.at(b, t + 1) : no_target;
    return targets;
}

} // namespace normlab
