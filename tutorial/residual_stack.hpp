// Pre-norm against post-norm: a stack of residual blocks, each a small feed-forward sub-layer
// F(x) = W2 relu(W1 x + b1) + b2 built from the core's Dense layers, with layer normalisation
// from the core's Normaliser placed after the addition (post-norm: x <- LN(x + F(x))) or on the
// branch's input (pre-norm: x <- x + F(LN(x)), one more LN at the end). At initialisation one
// forward and one backward pass measure what reaches each block.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/block.hpp"
#include "core/dense.hpp"

namespace normlab {

enum class NormPlacement { Post, Pre };

struct ResidualStackSettings {
    std::uint64_t seed = 1;
    std::size_t depth = 12, width = 16, examples = 32;
};

// The stack's layers and data, drawn from the seed: weights are a standard normal / sqrt(width).
struct ResidualStack {
    std::vector<Dense> up, down; // per block: relu(x W1 + b1), then x W2 + b2
    Block input, target;         // (examples, width) each, standard normal
};
// requires: depth in [1, 64], width in [2, 64], examples in [2, 256].
ResidualStack residual_stack(const ResidualStackSettings& settings);

struct ResidualStackPass {
    NormPlacement placement = NormPlacement::Post;
    std::vector<double> weight_slope; // per block: size (root of the sum of squares) of dW1 and dW2 together
    std::vector<double> input_slope;  // per block: size of the slope arriving at the block's input, per example
    std::vector<double> spread;       // per block: deviation of the main path after the block
    // How bumpy the slopes are: blocks whose slope is over 5 % larger than the block before it
    // (going toward the output, the slope of a smooth highway only falls).
    std::size_t slope_rises = 0;
    double loss = 0;
    Block dinput; // the slope of the loss at the stack's input
};

// One forward and one backward pass with the normalisation placed as asked.
ResidualStackPass residual_pass(const ResidualStack& stack, NormPlacement placement);

struct ResidualStacks {
    ResidualStackSettings settings;
    ResidualStackPass post, pre; // the same weights, inputs and targets for both
};

// The loss is half the mean squared distance of the output from seeded random targets.
ResidualStacks residual_stacks(const ResidualStackSettings& settings);

} // namespace normlab
