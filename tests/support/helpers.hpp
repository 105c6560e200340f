// Small helpers shared by the native tests.
#pragma once
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

namespace normlab::testing {

// The seeds' blocks (whole_number_four, tutorial_table, counting_slope) live in core/seed_blocks.hpp.
using normlab::counting_slope;
using normlab::tutorial_table;
using normlab::whole_number_four;

// A seeded random block with entries mean + spread * normal.
inline Block random_block(Random& rng, std::size_t rows, std::size_t cols, double mean = 0.0, double spread = 1.0) {
    Block b(rows, cols);
    for (double& v : b.data) v = mean + spread * rng.normal();
    return b;
}

// The parity tests' measure of a gap: max |ours - theirs| / max(1, |theirs|) over the values.
inline double relative_gap(const std::vector<double>& ours, const std::vector<double>& theirs) {
    REQUIRE(ours.size() == theirs.size());
    double g = 0;
    for (std::size_t k = 0; k < ours.size(); ++k)
        g = std::fmax(g, std::fabs(ours[k] - theirs[k]) / std::fmax(1.0, std::fabs(theirs[k])));
    return g;
}

// Runs call and requires a refusal of type E whose message contains names (and is a NormError).
template <class E, class F>
void check_refusal(F&& call, const std::string& names) {
    try {
        call();
        FAIL("no refusal; expected one naming " << names);
    } catch (const E& e) {
        INFO(e.what());
        CHECK_THAT(e.what(), Catch::Contains(names));
        CHECK(dynamic_cast<const NormError*>(&e) != nullptr);
    }
}

// |a - b| <= tol, with a message that shows both.
#define CHECK_NEAR(a, b, tol) CHECK(std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= (tol))
// Rounds to the seed's printed digits: CHECK_PRINTS(value, "0.3333", 4) compares value to 4 places.
#define CHECK_PRINTS(value, printed, places) \
    CHECK_NEAR(value, std::stod(printed), 0.5 * std::pow(10.0, -(places)) * (1 + 1e-9))

} // namespace normlab::testing
