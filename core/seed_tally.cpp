#include "seed_tally.hpp"

#include <algorithm>

#include "errors.hpp"

namespace normlab {

SeedTally tally_of(const std::vector<std::uint64_t>& seeds, const std::vector<bool>& holds) {
    require_same(holds.size(), seeds.size(), "number of answers", "number of seeds");
    if (seeds.empty()) throw SizeError("the list of seeds is empty; a tally needs at least one seed");
    std::vector<std::uint64_t> sorted = seeds;
    std::sort(sorted.begin(), sorted.end());
    const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
    if (twice != sorted.end())
        throw OptionError("seed " + std::to_string(*twice) + " is listed twice; each seed answers once");
    SeedTally t;
    t.count = seeds.size();
    for (std::size_t k = 0; k < seeds.size(); ++k) (holds[k] ? t.holding : t.failing).push_back(seeds[k]);
    t.holds = t.holding.size();
    return t;
}

namespace {
// "seed 3", "seeds 3 and 7", "seeds 1, 3 and 7".
std::string seeds_named(const std::vector<std::uint64_t>& seeds) {
    std::string text = seeds.size() == 1 ? "seed " : "seeds ";
    for (std::size_t k = 0; k < seeds.size(); ++k) {
        if (k > 0) text += k + 1 == seeds.size() ? " and " : ", ";
        text += std::to_string(seeds[k]);
    }
    return text;
}
} // namespace

std::string tally_text(const SeedTally& t) {
    std::string text = std::to_string(t.holds) + " of " + std::to_string(t.count) + (t.count == 1 ? " seed" : " seeds");
    if (t.holds == 0 || t.failing.empty()) return text;
    if (t.failing.size() <= t.holding.size()) return text + ", not at " + seeds_named(t.failing);
    return text + ", only at " + seeds_named(t.holding);
}

} // namespace normlab
