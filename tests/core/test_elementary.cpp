// The core's own elementary functions: within a few units in the last place of the C library's.
#include <cfloat>

#include "helpers.hpp"

using namespace normlab;

namespace {
double relative_error(double ours, double reference) {
    if (reference == 0) return std::fabs(ours);
    return std::fabs(ours - reference) / std::fabs(reference);
}
} // namespace

TEST_CASE("exp, log, tanh and sigmoid are accurate to a few ulps", "[elementary]") {
    Random rng(1);
    double worst_exp = 0, worst_log = 0, worst_tanh = 0, worst_sig = 0;
    for (int k = 0; k < 20000; ++k) {
        const double x = (rng.uniform() - 0.5) * 80.0;
        worst_exp = std::fmax(worst_exp, relative_error(normlab::exp(x), std::exp(x)));
        worst_tanh = std::fmax(worst_tanh, relative_error(normlab::tanh(x / 8), std::tanh(x / 8)));
        worst_sig = std::fmax(worst_sig, relative_error(sigmoid(x), 1.0 / (1.0 + std::exp(-x))));
        const double p = std::ldexp(rng.uniform() + 0.5, static_cast<int>(x));
        worst_log = std::fmax(worst_log, relative_error(normlab::log(p), std::log(p)));
    }
    CHECK(worst_exp < 4 * DBL_EPSILON);
    CHECK(worst_log < 4 * DBL_EPSILON);
    CHECK(worst_tanh < 4 * DBL_EPSILON);
    CHECK(worst_sig < 8 * DBL_EPSILON);
}

TEST_CASE("elementary functions at their edges", "[elementary]") {
    CHECK(normlab::exp(0.0) == 1.0);
    CHECK(normlab::log(1.0) == 0.0);
    CHECK(normlab::tanh(0.0) == 0.0);
    CHECK(normlab::tanh(1e-300) == 1e-300);
    CHECK(normlab::tanh(50.0) == 1.0);
    CHECK(normlab::tanh(-50.0) == -1.0);
    CHECK(std::isinf(normlab::exp(1000.0)));
    CHECK(normlab::exp(-1000.0) == 0.0);
    CHECK(std::isinf(normlab::log(0.0)));
    CHECK(std::isnan(normlab::log(-1.0)));
    CHECK(sigmoid(-800.0) == 0.0);
    CHECK(sigmoid(800.0) == 1.0);
}
