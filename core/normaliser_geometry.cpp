#include "normaliser_geometry.hpp"

#include <cmath>
#include <utility>

#include "block.hpp"
#include "errors.hpp"
#include "normaliser.hpp"
#include "random.hpp"

namespace normlab {

namespace {

Normaliser features_normaliser(std::size_t width, std::size_t groups) {
    const NormSpec spec = groups == 1 ? layer_norm() : group_norm(groups);
    return Normaliser(width, spec.with_eps(geometry_eps));
}

} // namespace

JacobianRank normaliser_jacobian_rank(std::size_t width, std::size_t groups, std::uint64_t seed) {
    if (width < 2 || width > 512)
        throw ShapeError("the width is " + std::to_string(width) + "; the rank is computed for widths 2 to 512");
    if (groups == 0 || width % groups != 0)
        throw GroupError(std::to_string(groups) + " groups do not divide " + std::to_string(width) + " features");
    if (width / groups < 2)
        throw GroupError(std::to_string(groups) + " groups of " + std::to_string(width) + " features hold " +
                         std::to_string(width / groups) + " feature each; a group needs at least 2");
    const Normaliser layer = features_normaliser(width, groups);
    Random random(seed);
    Block x(1, width);
    for (double& v : x.data) v = random.normal();
    const NormResponse response = layer.train(x);
    // Row k of the Jacobian's transpose is the backward pass of the k-th unit slope.
    std::vector<double> j(width * width);
    Block dy(1, width);
    for (std::size_t k = 0; k < width; ++k) {
        dy.data.assign(width, 0.0);
        dy.data[k] = 1.0;
        const NormGradient g = layer.backward(response, dy);
        for (std::size_t i = 0; i < width; ++i) j[k * width + i] = g.dx.data[i];
    }
    JacobianRank result;
    result.width = width;
    result.groups = groups;
    std::vector<std::size_t> cols(width);
    for (std::size_t c = 0; c < width; ++c) cols[c] = c;
    double first = 0;
    for (std::size_t step = 0; step < width; ++step) {
        std::size_t pr = step, pc = step;
        double best = -1;
        for (std::size_t r = step; r < width; ++r)
            for (std::size_t c = step; c < width; ++c)
                if (std::fabs(j[r * width + c]) > best) {
                    best = std::fabs(j[r * width + c]);
                    pr = r;
                    pc = c;
                }
        if (step == 0) first = best;
        if (best <= 1e-9 * first) {
            result.largest_dropped_pivot = best;
            break;
        }
        for (std::size_t c = 0; c < width; ++c) std::swap(j[step * width + c], j[pr * width + c]);
        for (std::size_t r = 0; r < width; ++r) std::swap(j[r * width + step], j[r * width + pc]);
        const double pivot = j[step * width + step];
        for (std::size_t r = step + 1; r < width; ++r) {
            const double f = j[r * width + step] / pivot;
            for (std::size_t c = step; c < width; ++c) j[r * width + c] -= f * j[step * width + c];
        }
        result.rank = step + 1;
        result.smallest_kept_pivot = best;
    }
    result.largest_pivot = first;
    return result;
}

CirclePoints layer_norm_circle(std::size_t count, std::uint64_t seed) {
    if (count < 1 || count > 10000)
        throw ShapeError("the circle takes 1 to 10000 points, not " + std::to_string(count));
    Random random(seed);
    Block x(count, 3);
    for (double& v : x.data) v = random.normal();
    const Block y = features_normaliser(3, 1).train(x).output;
    CirclePoints c;
    c.points = x.data;
    c.outputs = y.data;
    for (std::size_t i = 0; i < count; ++i) {
        const double a = y.data[3 * i], b = y.data[3 * i + 1], d = y.data[3 * i + 2];
        const double plane = (a + b + d) / std::sqrt(3.0);
        const double length = std::sqrt(a * a + b * b + d * d);
        // In-plane radius: the output minus its component along (1, 1, 1) / sqrt(3).
        const double radial = std::sqrt(std::fmax(0.0, length * length - plane * plane)) - std::sqrt(3.0);
        c.largest_plane_offset = std::fmax(c.largest_plane_offset, std::fabs(plane));
        c.largest_radius_offset = std::fmax(c.largest_radius_offset, std::fabs(length - std::sqrt(3.0)));
        c.largest_distance = std::fmax(c.largest_distance, std::sqrt(plane * plane + radial * radial));
    }
    return c;
}

} // namespace normlab
