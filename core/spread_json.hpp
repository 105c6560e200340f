// The spread over seeds as JSON, one shape wherever an ensemble is printed:
//   a spread  {count, mean, min, max, median, low, high}
//   a band    {count, mean: [..], min: [..], max: [..], median: [..], low: [..], high: [..]} (per step)
//   a tally   {holds, count, holding: [..], failing: [..], text}
//   draws     [[..], ..] (one list per draw or seed, the rows of a block)
#pragma once
#include "block.hpp"
#include "json_writer.hpp"
#include "seed_tally.hpp"
#include "spread.hpp"

namespace normlab {

JsonWriter& write_spread(JsonWriter& w, const Spread& s);
JsonWriter& write_band(JsonWriter& w, const Band& b);
JsonWriter& write_tally(JsonWriter& w, const SeedTally& t);
JsonWriter& write_rows(JsonWriter& w, const Block& rows);

} // namespace normlab
