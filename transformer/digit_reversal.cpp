#include "transformer/digit_reversal.hpp"

#include "transformer/reversal_training.hpp"

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
    ReversalPiece whole = continue_reversal_training(s, start_reversal_training(s), s.steps);
    return {std::move(whole.losses), reversal_check(s, whole.training).accuracy};
}

} // namespace normlab
