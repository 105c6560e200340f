// A yes/no finding over seeds: in how many it holds and at which seeds it fails, as the prose
// states it ("4 of 5 seeds, not at seed 3"); and over an ensemble's draws ("28 of 32 draws").
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "block.hpp"

namespace normlab {

struct SeedTally {
    std::size_t holds = 0, count = 0;            // seeds the finding holds in, of seeds asked
    std::vector<std::uint64_t> holding, failing; // the seeds where it holds, and where not, in the order given
};

// requires: one answer per seed (else ShapeError), at least one seed (else SizeError), no seed
// twice (else OptionError naming it).
SeedTally tally_of(const std::vector<std::uint64_t>& seeds, const std::vector<bool>& holds);

// What a tally's numbers count: seeds (runs started from a seed) or draws (an ensemble's random
// draws, numbered from 1 as it numbers them).
enum class TallyUnit { Seeds, Draws };

// The tally in words, naming the fewer of the holding and the failing seeds:
// "5 of 5 seeds", "4 of 5 seeds, not at seed 3", "3 of 5 seeds, not at seeds 3 and 7",
// "1 of 4 seeds, only at seed 2", "0 of 5 seeds" (one seed: "1 of 1 seed"); with Draws, the same
// with "draw" ("28 of 32 draws, not at draws 4, 9, 17 and 30").
std::string tally_text(const SeedTally& tally, TallyUnit unit = TallyUnit::Seeds);

// In how many curves the last value is above the first: curves are the rows of a block, one per
// seed or draw, numbers[k] the number of row k. ("Post-norm's last block starts with larger slopes
// than its first in 28 of 32 draws.")
// requires: one number per row (else ShapeError), at least one row of at least two values (else
// SizeError), every value finite (else NonFiniteError naming its row's number and its place), no
// number twice (else OptionError, as tally_of).
SeedTally rising_tally(const std::vector<std::uint64_t>& numbers, const Block& curves);

} // namespace normlab
