// A small task for a small Transformer: read n digits and a separator, then write the digits
// reversed. A sequence is d_1 .. d_n | d_n .. d_1 (vocabulary: ten digits and the separator, 10);
// the stack reads its first 2n tokens and is asked, from the separator on, for the next token.
// Training: Adam (with optional linear warm-up) on a fresh random batch each step, in pieces or
// straight through (reversal_training.hpp, which builds on this file).
#pragma once
#include <cstdint>
#include <vector>

#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "transformer/adam.hpp"
#include "transformer/token_batch.hpp"
#include "transformer/transformer_shape.hpp"

namespace normlab {

constexpr std::size_t reversal_vocabulary = 11; // digits 0..9 and the separator
constexpr std::size_t reversal_separator = 10;

struct DigitReversalSettings {
    std::size_t digits = 4; // n; the stack's context must hold 2n tokens
    std::size_t width = 32; // D
    std::size_t heads = 4;
    std::size_t hidden = 64; // F
    std::size_t depth = 2;
    Placement placement = Placement::Pre;
    NormKind kind = NormKind::Layer;
    AdamSettings adam;
    std::size_t steps = 100;
    std::size_t batch = 16; // sequences per step
    std::uint64_t seed = 1;
};

// A batch of tasks: the stack's input (B, 2n) and its targets (no_target before the separator).
struct ReversalBatch {
    TokenBatch input, targets;
};
// The strings' digits are drawn in order, string by string, each by random.below(10).
ReversalBatch reversal_batch(std::size_t sequences, std::size_t digits, Random& random);
// The batch of given strings: strings (B, n) row-major. requires: B * n digits (else ShapeError),
// each below 10 (else DataError naming it).
ReversalBatch reversal_batch_of(std::size_t sequences, std::size_t digits, const std::vector<std::size_t>& strings);

} // namespace normlab
