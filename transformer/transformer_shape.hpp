// The sizes of a small Transformer stack, their limits, and where its normalisers sit.
// Legend used across transformer/: B sequences of T tokens; D the width (features of a token),
// H heads of D / H features each, F the feed-forward block's hidden width, V the vocabulary.
// Activations are blocks (B * T, D): row b * T + t is token t of sequence b.
#pragma once
#include <cstddef>
#include <string>

namespace normlab {

// Post-norm (the 2017 Transformer): add, then normalise. Pre-norm: normalise the branch's
// input, leave the main path alone, and normalise once more after the last block.
enum class Placement { Post, Pre };
const char* placement_name(Placement p);            // "post", "pre"
Placement placement_named(const std::string& name); // throws OptionError

// The limits: a browser trains the largest stack in seconds per step, not hours.
constexpr std::size_t max_vocabulary = 256;
constexpr std::size_t max_context = 256; // tokens a sequence may hold
constexpr std::size_t max_width = 512;
constexpr std::size_t max_heads = 64;
constexpr std::size_t max_hidden = 2048;
constexpr std::size_t max_depth = 48;

struct TransformerShape {
    std::size_t vocabulary = 11; // V
    std::size_t context = 16;    // longest sequence, T <= context
    std::size_t width = 16;      // D
    std::size_t heads = 2;       // H, dividing D
    std::size_t hidden = 32;     // F
    std::size_t depth = 2;       // residual blocks
    std::size_t head_width() const { return width / heads; }
    bool operator==(const TransformerShape& o) const;
};

// ensures: every size in 1..its limit (else SizeError naming it) and heads dividing the width
// (else ShapeError naming both).
void require_transformer_shape(const TransformerShape& shape);

} // namespace normlab
