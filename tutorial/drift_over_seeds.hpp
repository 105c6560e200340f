// Figure 2's finding over seeds, as the tutorial states it ("at every seed from 1 to 5"): without
// normalisation each layer's spread is above the layer's before it (the spread climbs), and with
// layer norm before each ReLU every layer's spread lies inside one narrow band (it stays level).
#pragma once
#include <cstdint>
#include <vector>

#include "core/seed_tally.hpp"
#include "drift.hpp"

namespace normlab {

// The band a level run's spreads lie inside, at every layer (bounds excluded).
constexpr double drift_level_low = 0.5;
constexpr double drift_level_high = 0.7;

// Whether each layer's spread is above the one before it (with one layer, there is none before).
bool spread_climbs(const DriftRun& run);
// Whether every layer's spread lies strictly inside (drift_level_low, drift_level_high).
bool spread_level(const DriftRun& run);

struct DriftOverSeeds {
    DriftSettings settings; // the settings of every seed's run (its seed the first one's)
    SeedTally climbs;       // the plain runs whose spread climbs
    SeedTally level;        // the runs with layer norm whose spread stays level
};

// The drift at each seed, the other settings as given.
// requires: as drift_through_depth, and seeds as tally_of.
DriftOverSeeds drift_over_seeds(DriftSettings settings, const std::vector<std::uint64_t>& seeds);

} // namespace normlab
