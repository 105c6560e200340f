#include "transformer/fast/kernels.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/block.hpp"
#include "core/elementary.hpp"

namespace normlab::fast {

namespace {

// Two doubles side by side; GCC and Clang lower it to SSE2 natively and to wasm SIMD (f64x2)
// with -msimd128. Lane-wise + and * are IEEE operations (no fused multiply-add: the build says
// -ffp-contract=off), so each lane rounds exactly as the scalar operation does.
typedef double pair __attribute__((vector_size(16)));
typedef std::int64_t pair_mask __attribute__((vector_size(16))); // a comparison's answer: all ones or 0

pair load(const double* p) {
    pair v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
void store(double* p, pair v) { std::memcpy(p, &v, sizeof v); }
pair splat(double v) { return pair{v, v}; }
// key > 0 ? v : +0.0 in each lane, with no branch (an and with the comparison's mask): a NaN key
// gives 0, as the scalar comparison does.
pair where_positive(pair key, pair v) { return (pair)((pair_mask)v & (pair_mask)(key > splat(0.0))); }
// IEEE square root in each lane, correctly rounded as std::sqrt.
pair sqrt(pair v) {
#if defined(__wasm_simd128__)
    return (pair)wasm_f64x2_sqrt((v128_t)v);
#elif defined(__SSE2__)
    return (pair)_mm_sqrt_pd((__m128d)v);
#else
    return pair{std::sqrt(v[0]), std::sqrt(v[1])};
#endif
}

// Rows [i, i + R) by columns [j, j + 2 C) of c: R * C pairs of partial sums in registers, each
// the sum of its own cell, term by term in p order.
template <int R, int C>
void tile(std::size_t k, std::size_t n, const double* a, std::size_t a_row, std::size_t a_col, const double* b,
          const double* start, double* c) {
    pair acc[R][C];
    for (int q = 0; q < C; ++q) {
        const pair s = start ? load(start + 2 * q) : pair{0.0, 0.0};
        for (int r = 0; r < R; ++r) acc[r][q] = s;
    }
    for (std::size_t p = 0; p < k; ++p) {
        pair bp[C];
        for (int q = 0; q < C; ++q) bp[q] = load(b + p * n + 2 * q);
        for (int r = 0; r < R; ++r) {
            const pair ap = splat(a[r * a_row + p * a_col]);
            for (int q = 0; q < C; ++q) acc[r][q] = acc[r][q] + ap * bp[q];
        }
    }
    for (int r = 0; r < R; ++r)
        for (int q = 0; q < C; ++q) store(c + r * n + 2 * q, acc[r][q]);
}

// Rows [i, i + R) of c: tiles of four columns, then two, then one.
template <int R>
void rows(std::size_t k, std::size_t n, const double* a, std::size_t a_row, std::size_t a_col, const double* b,
          const double* start, double* c) {
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) tile<R, 2>(k, n, a, a_row, a_col, b + j, start ? start + j : nullptr, c + j);
    for (; j + 2 <= n; j += 2) tile<R, 1>(k, n, a, a_row, a_col, b + j, start ? start + j : nullptr, c + j);
    for (; j < n; ++j)
        for (int r = 0; r < R; ++r) {
            double s = start ? start[j] : 0.0;
            for (std::size_t p = 0; p < k; ++p) s = s + a[r * a_row + p * a_col] * b[p * n + j];
            c[r * n + j] = s;
        }
}

} // namespace

void multiply(std::size_t m, std::size_t k, std::size_t n, const double* a, std::size_t a_row, std::size_t a_col,
              const double* b, const double* start, double* c) {
    std::size_t i = 0;
    for (; i + 4 <= m; i += 4) rows<4>(k, n, a + i * a_row, a_row, a_col, b, start, c + i * n);
    for (; i < m; ++i) rows<1>(k, n, a + i * a_row, a_row, a_col, b, start, c + i * n);
}

void column_sums(std::size_t rows, std::size_t cols, const double* x, double* sums) {
    for (std::size_t j = 0; j < cols; ++j) sums[j] = 0.0;
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) sums[j] += x[i * cols + j];
}

void transpose(std::size_t rows, std::size_t cols, const double* src, double* dst) {
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) dst[j * rows + i] = src[i * cols + j];
}

void relu(std::size_t count, const double* x, double* y) {
    std::size_t c = 0;
    for (; c + 2 <= count; c += 2) store(y + c, where_positive(load(x + c), load(x + c)));
    for (; c < count; ++c) y[c] = x[c] > 0 ? x[c] : 0.0;
}

void relu_slopes(std::size_t count, const double* score, const double* dy, double* dscore) {
    std::size_t c = 0;
    for (; c + 2 <= count; c += 2) store(dscore + c, where_positive(load(score + c), load(dy + c)));
    for (; c < count; ++c) dscore[c] = score[c] > 0 ? dy[c] : 0.0;
}

void add(std::size_t count, const double* a, const double* b, double* y) {
    for (std::size_t c = 0; c < count; ++c) y[c] = a[c] + b[c];
}

namespace {

// keys (E, T) = the head's keys (or values) of the sequence, transposed: column s holds token s's
// E features, so one load reads two tokens' feature i.
void transposed_head(const HeadShape& shape, const double* qkv, std::size_t offset, double* keys) {
    const std::size_t t_count = shape.length, e = shape.features, stride = 3 * shape.width;
    for (std::size_t i = 0; i < e; ++i)
        for (std::size_t s = 0; s < t_count; ++s) keys[i * t_count + s] = qkv[s * stride + offset + i];
}

// out[s] = 0 + x[0] keys[0][s] + x[1] keys[1][s] + ... (i in order) for s = 0..t, two tokens a
// register.
void dots(std::size_t e, std::size_t row, std::size_t t, const double* x, const double* keys, double* out) {
    std::size_t s = 0;
    for (; s + 2 <= t + 1; s += 2) {
        pair acc = {0.0, 0.0};
        for (std::size_t i = 0; i < e; ++i) acc = acc + splat(x[i]) * load(keys + i * row + s);
        store(out + s, acc);
    }
    if (s <= t) {
        double acc = 0.0;
        for (std::size_t i = 0; i < e; ++i) acc = acc + x[i] * keys[i * row + s];
        out[s] = acc;
    }
}

// y[i] = y[i] + f x[i] for i in [0, e), two features a register.
void add_scaled(std::size_t e, double f, const double* x, double* y) {
    std::size_t i = 0;
    const pair fp = splat(f);
    for (; i + 2 <= e; i += 2) store(y + i, load(y + i) + fp * load(x + i));
    for (; i < e; ++i) y[i] = y[i] + f * x[i];
}

} // namespace

// Mirrors CausalSelfAttention::train, head h of sequence b: score[t][s] = 0 + (q_t0 scale) k_s0 +
// ...; top the larger of the scores in s order; weight = exp(score - top), summed in s order,
// then divided by the sum; mixed_t = 0 + weight[t][0] v_0 + weight[t][1] v_1 + ...
void attention_head(const HeadShape& shape, double scale, const double* qkv, double* weights, double* mixed,
                    double* scratch) {
    const std::size_t t_count = shape.length, e = shape.features, d = shape.width, stride = 3 * d;
    double* keys = scratch;                // (E, T)
    double* query = scratch + e * t_count; // (E): q_t * scale
    transposed_head(shape, qkv, d, keys);
    for (std::size_t t = 0; t < t_count; ++t) {
        const double* q = qkv + t * stride;
        for (std::size_t i = 0; i < e; ++i) query[i] = q[i] * scale;
        double* w = weights + t * t_count;
        dots(e, t_count, t, query, keys, w);
        double top = -INFINITY;
        for (std::size_t s = 0; s <= t; ++s) top = larger(top, w[s]);
        double total = 0;
        for (std::size_t s = 0; s <= t; ++s) total += w[s] = normlab::exp(w[s] - top);
        for (std::size_t s = 0; s <= t; ++s) w[s] /= total;
        double* m = mixed + t * d;
        for (std::size_t i = 0; i < e; ++i) m[i] = 0.0;
        for (std::size_t s = 0; s <= t; ++s) add_scaled(e, w[s], qkv + s * stride + 2 * d, m);
    }
}

// Mirrors CausalSelfAttention::backward, head h of sequence b: with g_t the slope reaching mixed_t,
//   dv_s += weight[t][s] g_t                         (over t in order)
//   dweight[s] = 0 + g_t0 v_s0 + g_t1 v_s1 + ...,    weighted = 0 + weight[t][0] dweight[0] + ...
//   dscore = (weight[t][s] (dweight[s] - weighted)) scale
//   dq_t += dscore k_s (over s in order),  dk_s += dscore q_t (over t in order).
void attention_head_backward(const HeadShape& shape, double scale, const double* qkv, const double* weights,
                             const double* dmixed, double* dqkv, double* scratch) {
    const std::size_t t_count = shape.length, e = shape.features, d = shape.width, stride = 3 * d;
    double* values = scratch;                // (E, T)
    double* dweight = scratch + e * t_count; // (T)
    double* dscore = dweight + t_count;      // (T)
    transposed_head(shape, qkv, 2 * d, values);
    for (std::size_t t = 0; t < t_count; ++t) {
        const double* w = weights + t * t_count;
        const double* g = dmixed + t * d;
        dots(e, t_count, t, g, values, dweight);
        double weighted = 0;
        for (std::size_t s = 0; s <= t; ++s) weighted += w[s] * dweight[s];
        for (std::size_t s = 0; s <= t; ++s) dscore[s] = w[s] * (dweight[s] - weighted) * scale;
        const double* q = qkv + t * stride;
        double* dq = dqkv + t * stride;
        for (std::size_t s = 0; s <= t; ++s) {
            add_scaled(e, w[s], g, dqkv + s * stride + 2 * d);
            add_scaled(e, dscore[s], qkv + s * stride + d, dq);
            add_scaled(e, dscore[s], q, dqkv + s * stride + d);
        }
    }
}

// Mirrors Adam::step's loop, two parameters a register:
//   m = m beta1 + g (1 - beta1);  v = v beta2 + (g g) (1 - beta2)
//   p = p + -stride (m / (sqrt(v) / sqrt(1 - beta2^t) + eps))
void adam_move(const AdamMove& a, std::size_t count, const double* parameters, const double* slopes,
               const double* first, const double* second, double* next_parameters, double* next_first,
               double* next_second) {
    const pair b1 = splat(a.beta1), b2 = splat(a.beta2), keep1 = splat(1.0 - a.beta1), keep2 = splat(1.0 - a.beta2);
    const pair root = splat(a.correction2_root), eps = splat(a.eps), stride = splat(-a.stride);
    std::size_t k = 0;
    for (; k + 2 <= count; k += 2) {
        const pair g = load(slopes + k);
        const pair m = load(first + k) * b1 + g * keep1;
        const pair v = load(second + k) * b2 + g * g * keep2;
        const pair denominator = sqrt(v) / root + eps;
        store(next_first + k, m);
        store(next_second + k, v);
        store(next_parameters + k, load(parameters + k) + stride * (m / denominator));
    }
    for (; k < count; ++k) {
        const double g = slopes[k];
        const double m = first[k] * a.beta1 + g * (1.0 - a.beta1);
        const double v = second[k] * a.beta2 + g * g * (1.0 - a.beta2);
        const double denominator = std::sqrt(v) / a.correction2_root + a.eps;
        next_first[k] = m;
        next_second[k] = v;
        next_parameters[k] = parameters[k] + -a.stride * (m / denominator);
    }
}

bool all_finite(std::size_t count, const double* x) {
    // x - x is 0 for a finite number and NaN otherwise; a NaN stays in its lane's sum.
    pair s0 = {0.0, 0.0}, s1 = {0.0, 0.0};
    std::size_t c = 0;
    for (; c + 4 <= count; c += 4) {
        const pair a = load(x + c), b = load(x + c + 2);
        s0 = s0 + (a - a);
        s1 = s1 + (b - b);
    }
    double rest = 0.0;
    for (; c < count; ++c) rest = rest + (x[c] - x[c]);
    const pair s = s0 + s1;
    return s[0] + s[1] + rest == 0.0;
}

} // namespace normlab::fast
