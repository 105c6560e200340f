// A fresh stack, initialised as PyTorch initialises nn.Transformer: every matrix Xavier-uniform,
// U(-a, a) with a = sqrt(6 / (fan_in + fan_out)) (embeddings included); the attention's biases 0;
// the feed-forward and readout biases U(-1/sqrt(fan_in), 1/sqrt(fan_in)) as nn.Linear's; the
// normalisers' scale 1 and shift 0.
#pragma once
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "transformer/transformer_stack.hpp"

namespace normlab {

// requires: the shape as require_transformer_shape; kind layer or rms (else OptionError).
// ensures: the draws come from random in a fixed order, so a seed names a stack.
TransformerStack initialised_stack(const TransformerShape& shape, Placement placement, NormKind kind, Random& random);

// A (rows, cols) matrix of Xavier-uniform draws (fan_in + fan_out = rows + cols).
Block xavier_uniform(std::size_t rows, std::size_t cols, Random& random);

} // namespace normlab
