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

double expm1(double x);
double log(double x);
double tanh(double x);
double sigmoid(double x);

} // namespace normlab
