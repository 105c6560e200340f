#include "residual_over_seeds.hpp"

#include <algorithm>

namespace normlab {

ResidualOverSeeds residual_over_seeds(ResidualStackSettings settings, const std::vector<std::uint64_t>& seeds) {
    std::vector<bool> smooth, bumpy;
    std::vector<std::size_t> rises;
    for (std::uint64_t seed : seeds) {
        settings.seed = seed;
        const ResidualStacks r = residual_stacks(settings);
        smooth.push_back(r.pre.slope_rises == 0);
        bumpy.push_back(r.post.slope_rises > 0);
        rises.push_back(r.post.slope_rises);
    }
    ResidualOverSeeds o{settings, tally_of(seeds, smooth), tally_of(seeds, bumpy)};
    o.settings.seed = seeds.front(); // tally_of refused an empty list
    o.post_fewest_rises = *std::min_element(rises.begin(), rises.end());
    o.post_most_rises = *std::max_element(rises.begin(), rises.end());
    return o;
}

} // namespace normlab
