#include "transformer/digit_reversal.hpp"

#include <string>

#include "core/errors.hpp"

namespace normlab {

ReversalBatch reversal_batch(std::size_t sequences, std::size_t digits, Random& random) {
    std::vector<std::size_t> strings(sequences * digits);
    for (std::size_t& d : strings) d = static_cast<std::size_t>(random.below(10));
    return reversal_batch_of(sequences, digits, strings);
}

ReversalBatch reversal_batch_of(std::size_t sequences, std::size_t digits, const std::vector<std::size_t>& strings) {
    require_same(strings.size(), require_cells(sequences, digits, "reversal strings"), "reversal strings' digits",
                 "sequences * digits");
    const std::size_t length = 2 * digits;
    ReversalBatch b{{sequences, length, std::vector<std::size_t>(sequences * length)},
                    {sequences, length, std::vector<std::size_t>(sequences * length, no_target)}};
    std::vector<std::size_t> whole(length + 1);
    for (std::size_t s = 0; s < sequences; ++s) {
        for (std::size_t t = 0; t < digits; ++t) {
            whole[t] = strings[s * digits + t];
            if (whole[t] > 9)
                throw DataError("reversal strings: " + std::to_string(whole[t]) + " (string " + std::to_string(s) +
                                ", place " + std::to_string(t) + ") is not a digit");
        }
        whole[digits] = reversal_separator;
        for (std::size_t t = 0; t < digits; ++t) whole[digits + 1 + t] = whole[digits - 1 - t];
        for (std::size_t t = 0; t < length; ++t) {
            b.input.ids[s * length + t] = whole[t];
            if (t >= digits) b.targets.ids[s * length + t] = whole[t + 1];
        }
    }
    return b;
}

} // namespace normlab
