#include "seed_tally.hpp"

#include <algorithm>
#include <cmath>

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
const char* unit_word(TallyUnit unit) { return unit == TallyUnit::Draws ? "draw" : "seed"; }

// "seed 3", "seeds 3 and 7", "seeds 1, 3 and 7" (or "draw 3", ...).
std::string seeds_named(const std::vector<std::uint64_t>& seeds, TallyUnit unit) {
    std::string text = std::string(unit_word(unit)) + (seeds.size() == 1 ? " " : "s ");
    for (std::size_t k = 0; k < seeds.size(); ++k) {
        if (k > 0) text += k + 1 == seeds.size() ? " and " : ", ";
        text += std::to_string(seeds[k]);
    }
    return text;
}
} // namespace

std::string tally_text(const SeedTally& t, TallyUnit unit) {
    std::string text =
        std::to_string(t.holds) + " of " + std::to_string(t.count) + " " + unit_word(unit) + (t.count == 1 ? "" : "s");
    if (t.holds == 0 || t.failing.empty()) return text;
    if (t.failing.size() <= t.holding.size()) return text + ", not at " + seeds_named(t.failing, unit);
    return text + ", only at " + seeds_named(t.holding, unit);
}

SeedTally rising_tally(const std::vector<std::uint64_t>& numbers, const Block& curves) {
    require_well_formed(curves, "curves");
    require_same(numbers.size(), curves.rows, "number of numbers", "number of curves");
    if (curves.rows == 0 || curves.cols < 2)
        throw SizeError("a rise needs at least one curve of at least two values; got " + std::to_string(curves.rows) +
                        " curves of " + std::to_string(curves.cols));
    std::vector<bool> rises(curves.rows);
    for (std::size_t r = 0; r < curves.rows; ++r) {
        for (std::size_t c = 0; c < curves.cols; ++c)
            if (!std::isfinite(curves.at(r, c)))
                throw NonFiniteError("step " + std::to_string(c + 1) + " of curve " + std::to_string(numbers[r]) +
                                     " is " + format_number(curves.at(r, c)) + "; every value must be a finite number");
        rises[r] = curves.at(r, curves.cols - 1) > curves.at(r, 0);
    }
    return tally_of(numbers, rises);
}

} // namespace normlab
