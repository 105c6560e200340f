// The maths of normalisation layers: blocks, refusals, elementary functions, the seeded
// generator, the normaliser family, dense and weight-normalised layers, the gradient checker and
// the running-figures trace. No I/O, no Emscripten; everything else in the tree builds on this.
#pragma once
#include "block.hpp"
#include "dense.hpp"
#include "elementary.hpp"
#include "errors.hpp"
#include "gradient_check.hpp"
#include "normaliser.hpp"
#include "random.hpp"
#include "running_trace.hpp"
#include "seed_blocks.hpp"
#include "weight_norm.hpp"
#include "workspace.hpp"
