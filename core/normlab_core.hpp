// The maths of normalisation layers: the arrangements' names, blocks, refusals, elementary
// functions, the seeded generator, the normaliser family (and its geometry), dense and
// weight-normalised layers, the gradient checker, the running-figures trace, the spread over seeds
// and the yes/no tally, and the leaves every library prints with: number text and the JSON writer.
// No I/O, no Emscripten; everything else in the tree builds on this.
#pragma once
#include "arrangement.hpp"
#include "block.hpp"
#include "dense.hpp"
#include "elementary.hpp"
#include "errors.hpp"
#include "gradient_check.hpp"
#include "json_writer.hpp"
#include "normaliser.hpp"
#include "normaliser_geometry.hpp"
#include "number_text.hpp"
#include "random.hpp"
#include "running_trace.hpp"
#include "seed_blocks.hpp"
#include "seed_tally.hpp"
#include "spread.hpp"
#include "spread_json.hpp"
#include "weight_norm.hpp"
#include "workspace.hpp"
