// The Transformer library: a small causal Transformer on the core's normalisers, its loss,
// Adam, the slopes a stack starts with (the pre-norm and post-norm figure) and a small
// training task, each over draws or seeds as well as one at a time.
#pragma once
#include "transformer/adam.hpp"
#include "transformer/causal_self_attention.hpp"
#include "transformer/digit_reversal.hpp"
#include "transformer/embedding.hpp"
#include "transformer/feed_forward.hpp"
#include "transformer/next_token_accuracy.hpp"
#include "transformer/next_token_loss.hpp"
#include "transformer/parameter_list.hpp"
#include "transformer/residual_block.hpp"
#include "transformer/reversal_ensemble.hpp"
#include "transformer/reversal_training.hpp"
#include "transformer/slopes_sentence.hpp"
#include "transformer/stack_initialisation.hpp"
#include "transformer/starting_slopes.hpp"
#include "transformer/token_batch.hpp"
#include "transformer/transformer_shape.hpp"
#include "transformer/transformer_stack.hpp"
