#include <catch2/catch.hpp>
#include <cmath>

#include "core/errors.hpp"
#include "core/normaliser_geometry.hpp"

using namespace normlab;

TEST_CASE("layer norm's Jacobian has rank d - 2: 1, 6, 14 for d = 3, 8, 16", "[mnist][geometry][M7][T12]") {
    for (auto [d, rank] : {std::pair<std::size_t, std::size_t>{3, 1}, {8, 6}, {16, 14}}) {
        const JacobianRank j = normaliser_jacobian_rank(d, 1, 11);
        INFO("d = " << d << ", dropped pivot " << j.largest_dropped_pivot << " of " << j.largest_pivot);
        CHECK(j.rank == rank);
        CHECK(j.largest_dropped_pivot < 1e-12 * j.largest_pivot);
        CHECK(j.smallest_kept_pivot > 1e-3 * j.largest_pivot);
    }
}

TEST_CASE("group norm's Jacobian has rank d - 2g: 6, 8, 112 for (12, 3), (16, 4), (128, 8)",
          "[mnist][geometry][M9][T12]") {
    for (auto [d, g, rank] : {std::tuple<std::size_t, std::size_t, std::size_t>{12, 3, 6}, {16, 4, 8}, {128, 8, 112}}) {
        const JacobianRank j = normaliser_jacobian_rank(d, g, 11);
        INFO("d = " << d << ", g = " << g);
        CHECK(j.rank == rank);
    }
    CHECK_THROWS_AS(normaliser_jacobian_rank(12, 5, 1), GroupError);
    CHECK_THROWS_AS(normaliser_jacobian_rank(8, 8, 1), GroupError);
    CHECK_THROWS_AS(normaliser_jacobian_rank(1000, 1, 1), ShapeError);
}

TEST_CASE("layer norm puts 200 points on the circle of radius sqrt(3) in the plane x + y + z = 0",
          "[mnist][geometry][M6]") {
    const CirclePoints c = layer_norm_circle(200, 3);
    REQUIRE(c.points.size() == 600);
    REQUIRE(c.outputs.size() == 600);
    CHECK(c.largest_plane_offset < 1e-14);
    CHECK(c.largest_radius_offset < 1e-14);
    CHECK(c.largest_distance < 1e-14);
    CHECK(c.largest_distance > 0); // rounding, not exactness: the figure the page shows
    // The points themselves are spread in 3-D, not already on the circle.
    double spread = 0;
    for (std::size_t i = 0; i < 200; ++i)
        spread = std::fmax(spread, std::fabs(c.points[3 * i] + c.points[3 * i + 1] + c.points[3 * i + 2]));
    CHECK(spread > 1);
    CHECK_THROWS_AS(layer_norm_circle(0, 1), ShapeError);
}
