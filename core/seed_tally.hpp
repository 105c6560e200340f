// A yes/no finding over seeds: in how many it holds and at which seeds it fails, as the prose
// states it ("4 of 5 seeds, not at seed 3").
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace normlab {

struct SeedTally {
    std::size_t holds = 0, count = 0;            // seeds the finding holds in, of seeds asked
    std::vector<std::uint64_t> holding, failing; // the seeds where it holds, and where not, in the order given
};

// requires: one answer per seed (else ShapeError), at least one seed (else SizeError), no seed
// twice (else OptionError naming it).
SeedTally tally_of(const std::vector<std::uint64_t>& seeds, const std::vector<bool>& holds);

// The tally in words, naming the fewer of the holding and the failing seeds:
// "5 of 5 seeds", "4 of 5 seeds, not at seed 3", "3 of 5 seeds, not at seeds 3 and 7",
// "1 of 4 seeds, only at seed 2", "0 of 5 seeds" (one seed: "1 of 1 seed").
std::string tally_text(const SeedTally& tally);

} // namespace normlab
