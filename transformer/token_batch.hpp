// B sequences of T token ids, row-major: the input of a stack and the targets of its loss.
#pragma once
#include <cstddef>
#include <limits>
#include <vector>

namespace normlab {

// A target that counts for nothing in the loss (PyTorch's ignore_index): a position whose next
// token is not asked for.
constexpr std::size_t no_target = std::numeric_limits<std::size_t>::max();

struct TokenBatch {
    std::size_t sequences = 0;    // B
    std::size_t length = 0;       // T
    std::vector<std::size_t> ids; // (B, T)
    std::size_t at(std::size_t b, std::size_t t) const { return ids[b * length + t]; }
};

// ensures: B, T > 0, T <= context, B * T within max_block_cells (else SizeError), ids of length
// B * T (else ShapeError), every id below the vocabulary (else DataError naming it; targets may
// also be no_target when allow_no_target).
void require_tokens(const TokenBatch& tokens, std::size_t vocabulary, std::size_t context, const char* what,
                    bool allow_no_target = false);

} // namespace normlab
