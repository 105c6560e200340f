// Two geometric facts about the features-axis normalisers, computed by the core (double
// precision, with eps = 1e-30: the core refuses 0, and 1e-30 is far below the rounding of any
// variance here, so the answers are the eps-free ones to rounding):
// - layer norm removes 2 degrees of freedom (the mean and the length), group norm 2 per group:
//   the Jacobian of a row's output with respect to the row has rank d - 2g;
// - layer norm puts every 3-D point on the circle of radius sqrt(3) in the plane x + y + z = 0.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace normlab {

constexpr double geometry_eps = 1e-30;

struct JacobianRank {
    std::size_t width = 0, groups = 0;
    std::size_t rank = 0;     // singular directions counted with the tolerance below
    double largest_pivot = 0; // of the elimination
    double smallest_kept_pivot = 0;
    double largest_dropped_pivot = 0; // at rounding level when the rank is d - 2g
};

// The rank of d(output)/d(row) at one random row (normal entries, Random(seed)), by Gaussian
// elimination with full pivoting; pivots under 1e-9 of the largest count as zero.
// requires: width in [2, 512], groups divide width, width / groups >= 2 (else GroupError/ShapeError).
JacobianRank normaliser_jacobian_rank(std::size_t width, std::size_t groups, std::uint64_t seed);

struct CirclePoints {
    std::vector<double> points;       // (count, 3), normal entries from Random(seed)
    std::vector<double> outputs;      // (count, 3), layer norm of each point (scale 1, shift 0)
    double largest_plane_offset = 0;  // max |x + y + z| / sqrt(3) over the outputs
    double largest_radius_offset = 0; // max | |output| - sqrt(3) |
    double largest_distance = 0;      // max distance from the circle
};

// requires: count in [1, 10000].
CirclePoints layer_norm_circle(std::size_t count, std::uint64_t seed);

} // namespace normlab
