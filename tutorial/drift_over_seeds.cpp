#include "drift_over_seeds.hpp"

#include <algorithm>

namespace normlab {

bool spread_climbs(const DriftRun& run) {
    const std::vector<double>& d = run.deviation;
    return std::adjacent_find(d.begin(), d.end(), [](double before, double after) { return after <= before; }) ==
           d.end();
}

bool spread_level(const DriftRun& run) {
    return std::all_of(run.deviation.begin(), run.deviation.end(),
                       [](double v) { return v > drift_level_low && v < drift_level_high; });
}

DriftOverSeeds drift_over_seeds(DriftSettings settings, const std::vector<std::uint64_t>& seeds) {
    std::vector<bool> climbs, level;
    for (std::uint64_t seed : seeds) {
        settings.seed = seed;
        const Drift d = drift_through_depth(settings);
        climbs.push_back(spread_climbs(d.plain));
        level.push_back(spread_level(d.normalised));
    }
    DriftOverSeeds o{settings, tally_of(seeds, climbs), tally_of(seeds, level)};
    o.settings.seed = seeds.front(); // tally_of refused an empty list
    return o;
}

} // namespace normlab
