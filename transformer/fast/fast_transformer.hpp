// The fast twin of the Transformer's instruments: the digit-reversal training in pieces and its
// checks on strings no step trained on (the warm-up instrument), and one draw of the slopes a
// stack starts with (the starting-slopes instrument), for the page, where the layer values
// (TransformerStack, Adam) were too slow to run over seeds. Each function below mirrors the
// reference function it names: the same requires and the same refusals, and the same figures bit
// for bit, because the stack pass (stack_pass.hpp) repeats the reference's arithmetic cell for
// cell in double precision. So the twin's tolerance against the reference is zero: every loss,
// parameter, moment and slope size is the same double, natively and in WebAssembly, and no seed
// learns or fails differently.
// tests/transformer/test_fast_twin.cpp proves it over every path: both placements, layer and RMS
// norm, widths whose heads and columns leave remainders, pieces of any length, warm-up, given
// batches, refusals, and steps whose figures overflow (handed to the reference).
// Where a step's figure is not finite, or a normaliser's squares overflow, the step is the
// reference's own (continue_reversal_training of that one batch): it refuses as the reference
// does, or answers as it does.
#pragma once
#include <cstdint>
#include <vector>

#include "core/normaliser.hpp"
#include "transformer/reversal_training.hpp"
#include "transformer/transformer_shape.hpp"

namespace normlab::fast {

// Mirrors normlab::continue_reversal_training (reversal_training.hpp), both forms.
ReversalPiece continue_reversal_training(const DigitReversalSettings& settings, const ReversalTraining& training,
                                         std::size_t count);
ReversalPiece continue_reversal_training(const DigitReversalSettings& settings, const ReversalTraining& training,
                                         const std::vector<ReversalBatch>& batches);

// Mirror normlab::reversal_check and normlab::reversal_unseen_check (reversal_training.hpp): the
// trained stack's loss and share of digits right on the batch after the last step, and on the
// 1,024 unseen strings. Their logits are the stack pass's forward (TransformerStack::infer is its
// train's logits), so every figure is the reference's bit for bit.
ReversalCheck reversal_check(const DigitReversalSettings& settings, const ReversalTraining& training);
ReversalCheck reversal_unseen_check(const DigitReversalSettings& settings, const ReversalTraining& training);

// One draw of starting_slopes (starting_slopes.hpp) for one placement: the stack drawn from the
// seed (initialised_stack), then the tokens (B, context) drawn from the same generator, the
// next-token loss's slopes, and per block, first to last, sqrt(|dW_expand|^2 + |dW_contract|^2)
// (feed_forward_slope_sizes). requires: the shape as require_transformer_shape; kind layer or
// rms (else OptionError); sequences in 1..256 (the caller checks).
std::vector<double> starting_slope_sizes(const TransformerShape& shape, Placement placement, NormKind kind,
                                         std::uint64_t seed, std::size_t sequences);

} // namespace normlab::fast
