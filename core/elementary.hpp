// The core's own exp, log, tanh and sigmoid, built from + - * / and exact scaling by powers of
// two, so the native and the WebAssembly builds round every result identically (the C
// libraries of the two builds may differ in the last bit, and training is chaotic enough to
// turn a last-bit difference into a different accuracy). Accurate to about one unit in the
// last place; sqrt is IEEE-exact everywhere and is taken from <cmath>.
#pragma once
#include <cstddef>

namespace normlab {

double exp(double x);
// exp's pieces, for versions of it that work on several numbers at once and must round as it
// does: x = k ln 2 + r with k = floor(x / ln 2 + 1/2) and r = (x - k ln2_hi) - k ln2_lo, then
// e^x = 2^k (1 + expm1_taylor(r)).
namespace exp_parts {
// ln 2 split so that k * ln2_hi is exact for |k| < 2^11 (Cody and Waite).
constexpr double ln2_hi = 6.93147180369123816490e-01;
constexpr double ln2_lo = 1.90821492927058770002e-10;
constexpr double inv_ln2 = 1.44269504088896338700e+00;
// e^r - 1 for |r| <= 0.35 by its Taylor series, summed from the smallest term (Horner). T is
// double or a vector of doubles with lane-wise + and *.
// 1/16!, 1/15!, ..., 1/1!: the series' coefficients from the smallest term.
constexpr double expm1_taylor_terms[] = {1.0 / 20922789888000.0,
                                         1.0 / 1307674368000.0,
                                         1.0 / 87178291200.0,
                                         1.0 / 6227020800.0,
                                         1.0 / 479001600.0,
                                         1.0 / 39916800.0,
                                         1.0 / 3628800.0,
                                         1.0 / 362880.0,
                                         1.0 / 40320.0,
                                         1.0 / 5040.0,
                                         1.0 / 720.0,
                                         1.0 / 120.0,
                                         1.0 / 24.0,
                                         1.0 / 6.0,
                                         1.0 / 2.0,
                                         1.0};
template <class T>
T expm1_taylor(T r) {
    T p = T{} + expm1_taylor_terms[0];
    for (std::size_t c = 1; c < sizeof expm1_taylor_terms / sizeof expm1_taylor_terms[0]; ++c)
        p = p * r + expm1_taylor_terms[c];
    return p * r;
}
} // namespace exp_parts

// log's pieces, likewise: x = m 2^e with m in [sqrt(1/2), sqrt(2)), s = (m - 1) / (m + 1) as
// f / (2 + f) with f = m - 1, and log(x) = e ln2_hi + (2 s atanh_series(s^2) + e ln2_lo).
namespace log_parts {
constexpr double sqrt_half = 0.70710678118654752440;
// atanh(s)/s = sum s^(2k) / (2k + 1), 1/27 down to 1/1: |s| < 0.1716, so 14 terms suffice.
constexpr double atanh_terms[] = {1.0 / 27, 1.0 / 25, 1.0 / 23, 1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15,
                                  1.0 / 13, 1.0 / 11, 1.0 / 9,  1.0 / 7,  1.0 / 5,  1.0 / 3,  1.0};
template <class T>
T atanh_series(T s2) {
    T p = T{} + atanh_terms[0];
    for (std::size_t c = 1; c < sizeof atanh_terms / sizeof atanh_terms[0]; ++c) p = p * s2 + atanh_terms[c];
    return p;
}
} // namespace log_parts

double expm1(double x);
double log(double x);
double tanh(double x);
double sigmoid(double x);

} // namespace normlab
