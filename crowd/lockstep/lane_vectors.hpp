// Two trainings' figures side by side in one 128-bit register: f64x2 is a pair of doubles whose
// + - * / act lane by lane, each lane rounded exactly as the same scalar operation (IEEE), so a
// training's arithmetic done in its lane gives the scalar result bit for bit. The compilers map
// it to SSE2 natively and to wasm SIMD (f64x2) under -msimd128; without SIMD they split it into
// scalar operations, with the same results.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/elementary.hpp"

namespace normlab::lanes {

using f64x2 = double __attribute__((vector_size(16)));
using i64x2 = std::int64_t __attribute__((vector_size(16)));

inline f64x2 splat(double v) { return f64x2{v, v}; }

// Lane-wise a > 0 ? a : +0.0 (ReLU): a NaN gives 0, as the scalar comparison does. SSE2's maxpd
// and wasm's pmax are that very comparison (maxpd(a, 0) = a > 0 ? a : 0, pmax(0, a) = 0 < a ? a : 0).
inline f64x2 positive_part(f64x2 a) {
#if defined(__wasm_simd128__)
    return (f64x2)wasm_f64x2_pmax(wasm_f64x2_splat(0.0), (v128_t)a);
#elif defined(__SSE2__)
    return (f64x2)_mm_max_pd((__m128d)a, _mm_setzero_pd());
#else
    return (f64x2)((i64x2)a & (i64x2)(a > splat(0.0)));
#endif
}
// Lane-wise key > 0 ? a : +0.0 (an and with the comparison's mask, which wasm keeps as one v128.and).
inline f64x2 where_positive(f64x2 key, f64x2 a) {
#if defined(__wasm_simd128__)
    return (f64x2)wasm_v128_and((v128_t)a, wasm_f64x2_gt((v128_t)key, wasm_f64x2_splat(0.0)));
#else
    return (f64x2)((i64x2)a & (i64x2)(key > splat(0.0)));
#endif
}
// Lane-wise condition ? a : b, for a mask from a comparison.
inline f64x2 choose(i64x2 condition, f64x2 a, f64x2 b) {
    return (f64x2)(((i64x2)a & condition) | ((i64x2)b & ~condition));
}

// Lane-wise |a| (the sign bit cleared, as std::fabs does).
inline f64x2 abs(f64x2 a) { return (f64x2)((i64x2)a & std::int64_t{0x7fffffffffffffff}); }

inline f64x2 sqrt(f64x2 a) { return f64x2{std::sqrt(a[0]), std::sqrt(a[1])}; }

// All-ones in each lane that holds a finite number (x - x is 0 exactly then, NaN otherwise).
inline i64x2 finite(f64x2 a) { return (i64x2)((a - a) == splat(0.0)); }
inline bool both(i64x2 mask) { return (mask[0] & mask[1]) != 0; }

// normlab::exp of each lane, bit for bit. Where the answer is a normal number (x in [-707, 709])
// the scaling by 2^k is one exact multiplication by a power of two built from its bits, as
// ldexp's answer then is; elsewhere (and for NaN) each lane takes normlab::exp itself.
inline f64x2 exp(f64x2 x) {
    using namespace exp_parts;
    const i64x2 ordinary = (i64x2)(x >= splat(-707.0)) & (i64x2)(x <= splat(709.0));
    if (!both(ordinary)) return f64x2{normlab::exp(x[0]), normlab::exp(x[1])};
    // floor(t) for |t| < 2^51: t rounded to the nearest whole number by adding and taking away
    // 1.5 * 2^52, less one where that rounded up; the sum's low bits hold the whole number.
    const f64x2 t = x * inv_ln2 + 0.5;
    const f64x2 magic = splat(6755399441055744.0);
    const f64x2 shifted = t + magic;
    const f64x2 nearest = shifted - magic;
    const i64x2 rounded_up = (i64x2)(nearest > t);
    const f64x2 k = nearest - (f64x2)((i64x2)splat(1.0) & rounded_up);
    const i64x2 whole = ((i64x2)shifted - (i64x2)magic) + rounded_up; // rounded_up is -1 or 0
    const f64x2 r = (x - k * ln2_hi) - k * ln2_lo;
    const f64x2 power = (f64x2)((whole + 1023) << 52);
    return (1.0 + expm1_taylor(r)) * power;
}

// exp of each of K registers in place, bit for bit lanes::exp of each: the K evaluations' steps
// interleaved, so their K chains of dependent multiplications and additions overlap.
template <std::size_t K>
inline void exp_each(f64x2 (&x)[K]) {
    using namespace exp_parts;
    i64x2 ordinary = {-1, -1};
    for (std::size_t j = 0; j < K; ++j) ordinary &= (i64x2)(x[j] >= splat(-707.0)) & (i64x2)(x[j] <= splat(709.0));
    if (!both(ordinary)) {
        for (std::size_t j = 0; j < K; ++j) x[j] = exp(x[j]);
        return;
    }
    const f64x2 magic = splat(6755399441055744.0);
    f64x2 r[K], power[K], p[K];
    for (std::size_t j = 0; j < K; ++j) {
        const f64x2 t = x[j] * inv_ln2 + 0.5;
        const f64x2 shifted = t + magic;
        const f64x2 nearest = shifted - magic;
        const i64x2 rounded_up = (i64x2)(nearest > t);
        const f64x2 k = nearest - (f64x2)((i64x2)splat(1.0) & rounded_up);
        const i64x2 whole = ((i64x2)shifted - (i64x2)magic) + rounded_up;
        r[j] = (x[j] - k * ln2_hi) - k * ln2_lo;
        power[j] = (f64x2)((whole + 1023) << 52);
        p[j] = f64x2{} + expm1_taylor_terms[0]; // expm1_taylor, term by term
    }
    for (std::size_t c = 1; c < sizeof expm1_taylor_terms / sizeof expm1_taylor_terms[0]; ++c)
        for (std::size_t j = 0; j < K; ++j) p[j] = p[j] * r[j] + expm1_taylor_terms[c];
    for (std::size_t j = 0; j < K; ++j) x[j] = (1.0 + p[j] * r[j]) * power[j];
}

// normlab::log of each lane of K registers in place, bit for bit: where every lane holds a
// positive normal number, frexp's split read from the bits and the K evaluations interleaved;
// elsewhere each lane takes normlab::log itself.
template <std::size_t K>
inline void log_each(f64x2 (&x)[K]) {
    using namespace log_parts;
    i64x2 ordinary = {-1, -1};
    for (std::size_t j = 0; j < K; ++j)
        ordinary &= (i64x2)(x[j] >= splat(std::numeric_limits<double>::min())) &
                    (i64x2)(x[j] <= splat(std::numeric_limits<double>::max()));
    if (!both(ordinary)) {
        for (std::size_t j = 0; j < K; ++j) x[j] = f64x2{normlab::log(x[j][0]), normlab::log(x[j][1])};
        return;
    }
    const f64x2 magic = splat(6755399441055744.0); // 1.5 * 2^52: a whole number's bits added to it
    f64x2 s[K], s2[K], p[K], e[K];
    for (std::size_t j = 0; j < K; ++j) {
        const i64x2 bits = (i64x2)x[j];
        const f64x2 m_half = (f64x2)((bits & std::int64_t{0x000fffffffffffff}) | (std::int64_t{1022} << 52));
        const i64x2 small = (i64x2)(m_half < splat(sqrt_half)); // -1 where m is doubled
        const f64x2 m = choose(small, m_half * 2.0, m_half);
        const i64x2 exponent = (((bits >> 52) & 0x7ff) - 1022) + small;
        e[j] = (f64x2)(exponent + (i64x2)magic) - magic; // exact for |exponent| < 2^51
        const f64x2 f = m - 1.0;
        s[j] = f / (2.0 + f);
        s2[j] = s[j] * s[j];
        p[j] = f64x2{} + atanh_terms[0]; // atanh_series, term by term
    }
    for (std::size_t c = 1; c < sizeof atanh_terms / sizeof atanh_terms[0]; ++c)
        for (std::size_t j = 0; j < K; ++j) p[j] = p[j] * s2[j] + atanh_terms[c];
    for (std::size_t j = 0; j < K; ++j)
        x[j] = e[j] * exp_parts::ln2_hi + ((2.0 * s[j] * p[j]) + e[j] * exp_parts::ln2_lo);
}

} // namespace normlab::lanes
