#include "elementary.hpp"

#include <cmath>
#include <limits>

namespace normlab {
namespace {

using exp_parts::expm1_taylor;
constexpr double LN2_HI = exp_parts::ln2_hi;
constexpr double LN2_LO = exp_parts::ln2_lo;
constexpr double INV_LN2 = exp_parts::inv_ln2;

double expm1_small(double r) { return expm1_taylor(r); }

} // namespace

double exp(double x) {
    if (std::isnan(x)) return x;
    if (x > 709.78) return std::numeric_limits<double>::infinity();
    if (x < -745.2) return 0.0;
    // x = k ln2 + r with |r| <= ln2 / 2, then e^x = 2^k (1 + expm1(r)).
    double k = std::floor(x * INV_LN2 + 0.5);
    double r = (x - k * LN2_HI) - k * LN2_LO;
    return std::ldexp(1.0 + expm1_small(r), static_cast<int>(k));
}

double expm1(double x) {
    if (std::fabs(x) <= 0.34) return expm1_small(x);
    return exp(x) - 1.0;
}

double log(double x) {
    if (std::isnan(x) || x < 0) return std::numeric_limits<double>::quiet_NaN();
    if (x == 0) return -std::numeric_limits<double>::infinity();
    if (std::isinf(x)) return x;
    // x = m 2^e with m in [sqrt(1/2), sqrt(2)); log(m) = 2 atanh(s), s = (m - 1) / (m + 1).
    int e = 0;
    double m = std::frexp(x, &e); // m in [1/2, 1)
    if (m < log_parts::sqrt_half) {
        m *= 2.0;
        e -= 1;
    }
    double f = m - 1.0;
    double s = f / (2.0 + f);
    double log_m = 2.0 * s * log_parts::atanh_series(s * s);
    return (e * LN2_HI + (log_m + e * LN2_LO));
}

double tanh(double x) {
    if (std::isnan(x)) return x;
    double a = std::fabs(x);
    if (a > 22.0) return x > 0 ? 1.0 : -1.0;
    // tanh(a) = -expm1(-2a) / (2 + expm1(-2a)), free of cancellation near zero.
    double t = expm1(-2.0 * a);
    double y = -t / (2.0 + t);
    return x < 0 ? -y : y;
}

double sigmoid(double x) {
    if (x >= 0) return 1.0 / (1.0 + exp(-x));
    double e = exp(x);
    return e / (1.0 + e);
}

} // namespace normlab
