#include <cmath>
#include <cstring>
#include <limits>

#include "crowd/lockstep/lane_vectors.hpp"
#include "helpers.hpp"

using namespace normlab;
using lanes::f64x2;

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

} // namespace

TEST_CASE("exp of two lanes is normlab::exp of each, bit for bit", "[lanes][elementary]") {
    Random rng(2024);
    std::vector<double> xs = {0.0,
                              -0.0,
                              1.0,
                              -1.0,
                              0.5,
                              -0.5,
                              0.34657359027997264,
                              -0.34657359027997264,
                              -706.9,
                              -707.0,
                              -707.1,
                              708.99,
                              709.0,
                              709.01,
                              709.78,
                              709.79,
                              -745.1,
                              -745.3,
                              -1e300,
                              1e300,
                              std::numeric_limits<double>::denorm_min()};
    for (int k = 0; k < 20000; ++k) xs.push_back(-40.0 * rng.uniform());          // the loss's -|logit|
    for (int k = 0; k < 20000; ++k) xs.push_back(1500.0 * rng.uniform() - 750.0); // the whole range
    for (double half = 0.5; half < 1100; half += 1.0) {                           // where k changes
        xs.push_back(half * exp_parts::ln2_hi);
        xs.push_back(-half * exp_parts::ln2_hi);
        xs.push_back(std::nextafter(-half * exp_parts::ln2_hi, 0.0));
    }
    std::size_t differing = 0;
    for (std::size_t k = 0; k + 1 < xs.size(); ++k) {
        const f64x2 got = lanes::exp(f64x2{xs[k], xs[k + 1]});
        differing += !same_bits(got[0], normlab::exp(xs[k])) + !same_bits(got[1], normlab::exp(xs[k + 1]));
    }
    CHECK(differing == 0);
    // Four registers at once, as the loss takes them: each lane normlab::exp's bits too, also
    // where one lane leaves the ordinary range and the group falls back lane by lane.
    std::size_t differing_in_fours = 0;
    for (std::size_t k = 0; k + 8 <= xs.size(); k += 3) {
        f64x2 four[4] = {{xs[k], xs[k + 1]}, {xs[k + 2], xs[k + 3]}, {xs[k + 4], xs[k + 5]}, {xs[k + 6], xs[k + 7]}};
        lanes::exp_each(four);
        for (std::size_t j = 0; j < 8; ++j)
            differing_in_fours += !same_bits(four[j / 2][j % 2], normlab::exp(xs[k + j]));
    }
    CHECK(differing_in_fours == 0);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const f64x2 with_nan = lanes::exp(f64x2{nan, -3.0});
    CHECK(std::isnan(with_nan[0]));
    CHECK(same_bits(with_nan[1], normlab::exp(-3.0)));
    CHECK(lanes::exp(f64x2{-1000.0, 1000.0})[0] == 0.0);
    CHECK(std::isinf(lanes::exp(f64x2{-1000.0, 1000.0})[1]));
}

TEST_CASE("log of four registers is normlab::log of each lane, bit for bit", "[lanes][elementary]") {
    Random rng(2025);
    const double tiny = std::numeric_limits<double>::min(), huge = std::numeric_limits<double>::max();
    std::vector<double> xs = {1.0,
                              2.0,
                              0.5,
                              log_parts::sqrt_half,
                              std::nextafter(log_parts::sqrt_half, 0.0),
                              std::nextafter(log_parts::sqrt_half, 1.0),
                              2 * log_parts::sqrt_half,
                              std::nextafter(2 * log_parts::sqrt_half, 0.0),
                              tiny,
                              std::nextafter(tiny, 1.0),
                              huge,
                              1e-300,
                              1e300};
    for (int k = 0; k < 20000; ++k) xs.push_back(1.0 + rng.uniform());                      // the loss's 1 + e
    for (int k = 0; k < 20000; ++k) xs.push_back(std::exp(1400.0 * rng.uniform() - 700.0)); // every scale
    for (double x : {0.0, -0.0, -1.0, std::numeric_limits<double>::denorm_min(), tiny / 4,
                     std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()})
        for (int k = 0; k < 8; ++k) xs.push_back(k == 3 ? x : 1.5); // one lane off the ordinary range
    std::size_t differing = 0;
    for (std::size_t k = 0; k + 8 <= xs.size(); k += 3) {
        f64x2 four[4] = {{xs[k], xs[k + 1]}, {xs[k + 2], xs[k + 3]}, {xs[k + 4], xs[k + 5]}, {xs[k + 6], xs[k + 7]}};
        lanes::log_each(four);
        for (std::size_t j = 0; j < 8; ++j) differing += !same_bits(four[j / 2][j % 2], normlab::log(xs[k + j]));
    }
    CHECK(differing == 0);
}

TEST_CASE("the lane-wise ReLU and selections keep the scalar comparisons' answers", "[lanes]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const f64x2 relu = lanes::positive_part(f64x2{-0.0, nan});
    CHECK(same_bits(relu[0], 0.0));
    CHECK(same_bits(relu[1], 0.0));
    CHECK(lanes::positive_part(f64x2{2.5, -2.5})[0] == 2.5);
    const f64x2 kept = lanes::where_positive(f64x2{1.0, 0.0}, f64x2{-7.0, -7.0});
    CHECK(kept[0] == -7.0);
    CHECK(same_bits(kept[1], 0.0));
    CHECK(same_bits(lanes::abs(f64x2{-0.0, -3.0})[0], 0.0));
    CHECK(lanes::abs(f64x2{-0.0, -3.0})[1] == 3.0);
    CHECK(lanes::both(lanes::finite(f64x2{1.0, -1e308})));
    CHECK_FALSE(lanes::both(lanes::finite(f64x2{1.0, nan})));
    CHECK_FALSE(lanes::both(lanes::finite(f64x2{std::numeric_limits<double>::infinity(), 1.0})));
}
