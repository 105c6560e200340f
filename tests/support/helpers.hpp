// Small helpers shared by the native tests.
#pragma once
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

namespace normlab::testing {

// The essay's playground block: four people at two hidden units.
inline Block whole_number_four() { return Block::from_rows({{1, 7}, {1, 9}, {7, 1}, {23, 7}}); }

// The tutorial's 4x3 table.
inline Block tutorial_table() { return Block::from_rows({{2, 1, 20}, {4, 3, 60}, {2, 3, 20}, {4, 9, 60}}); }

// A slope counting 1, 2, 3, ... across the block, row after row.
inline Block counting_slope(std::size_t rows, std::size_t cols) {
    Block b(rows, cols);
    for (std::size_t c = 0; c < b.size(); ++c) b.data[c] = static_cast<double>(c + 1);
    return b;
}

// A seeded random block with entries mean + spread * normal.
inline Block random_block(Random& rng, std::size_t rows, std::size_t cols, double mean = 0.0, double spread = 1.0) {
    Block b(rows, cols);
    for (double& v : b.data) v = mean + spread * rng.normal();
    return b;
}

// |a - b| <= tol, with a message that shows both.
#define CHECK_NEAR(a, b, tol) CHECK(std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= (tol))
// Rounds to the seed's printed digits: CHECK_PRINTS(value, "0.3333", 4) compares value to 4 places.
#define CHECK_PRINTS(value, printed, places) \
    CHECK_NEAR(value, std::stod(printed), 0.5 * std::pow(10.0, -(places)) * (1 + 1e-9))

} // namespace normlab::testing
