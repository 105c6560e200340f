// The pre-norm and post-norm stacks' finding over seeds, as the tutorial states it ("both hold at
// every seed from 1 to 5"): going toward the output, pre-norm's slope never jumps up again (it
// falls smoothly), and post-norm's jumps up again at some blocks (it is bumpy).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/seed_tally.hpp"
#include "residual_stack.hpp"

namespace normlab {

struct ResidualOverSeeds {
    ResidualStackSettings settings;    // the settings of every seed's stacks (its seed the first one's)
    SeedTally pre_smooth;              // seeds where pre-norm's slope never jumps up again
    SeedTally post_bumpy;              // seeds where post-norm's slope jumps up again at some block
    std::size_t post_fewest_rises = 0; // the fewest of post-norm's jumps (slope_rises) at any seed
    std::size_t post_most_rises = 0;   // and the most
};

// Both stacks at each seed, the other settings as given.
// requires: as residual_stacks, and seeds as tally_of.
ResidualOverSeeds residual_over_seeds(ResidualStackSettings settings, const std::vector<std::uint64_t>& seeds);

} // namespace normlab
