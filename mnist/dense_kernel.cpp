#include "mnist/dense_kernel.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

namespace normlab::mnist {

namespace {

// Four float lanes; GCC and Clang lower it to SSE natively and to wasm SIMD with -msimd128.
// Lane-wise + and * are IEEE operations, so a lane computes what scalar code would.
typedef float lanes __attribute__((vector_size(16)));

lanes load(const float* p) {
    lanes v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
void store(float* p, lanes v) { std::memcpy(p, &v, sizeof v); }
lanes splat(float v) { return lanes{v, v, v, v}; }

// The nonzero entries of one row of a: their column and value, in column order.
struct Sparse {
    std::vector<std::uint32_t> index;
    std::vector<float> value;
    std::size_t count = 0;
};

void gather(const MatrixView& a, std::size_t i, std::size_t k, Sparse& row) {
    row.index.resize(k);
    row.value.resize(k);
    std::size_t count = 0;
    for (std::size_t p = 0; p < k; ++p) {
        const float v = a.at(i, p);
        row.index[count] = static_cast<std::uint32_t>(p);
        row.value[count] = v;
        count += v != 0.0f;
    }
    row.count = count;
}

// Columns [j, j + 4 * W) of one output row, W lane accumulators held in registers.
template <int W>
void columns(const Sparse& row, std::size_t n, std::size_t j, const float* b, const float* start, float* c) {
    lanes acc[W];
    for (int q = 0; q < W; ++q) acc[q] = start ? load(start + j + 4 * q) : lanes{0, 0, 0, 0};
    const std::uint32_t* index = row.index.data();
    const float* value = row.value.data();
    for (std::size_t t = 0; t < row.count; ++t) {
        const lanes v = splat(value[t]);
        const float* bp = b + index[t] * n + j;
        for (int q = 0; q < W; ++q) acc[q] = acc[q] + v * load(bp + 4 * q);
    }
    for (int q = 0; q < W; ++q) store(c + j + 4 * q, acc[q]);
}

// Four rows of a at once: the columns where any of the four is nonzero, each with the four
// values spread across lanes, so one load of b serves four outputs.
struct SparseQuad {
    std::vector<std::uint32_t> index;
    std::vector<lanes> value; // four per entry: row r's value in every lane of value[4 * t + r]
    std::size_t count = 0;    // columns where any of the four is nonzero
    std::size_t total = 0;    // nonzero values of the four rows
};

void gather4(const MatrixView& a, std::size_t i, std::size_t k, SparseQuad& rows) {
    rows.index.resize(k);
    rows.value.resize(4 * k);
    std::size_t count = 0, total = 0;
    for (std::size_t p = 0; p < k; ++p) {
        const float v0 = a.at(i, p), v1 = a.at(i + 1, p), v2 = a.at(i + 2, p), v3 = a.at(i + 3, p);
        rows.index[count] = static_cast<std::uint32_t>(p);
        rows.value[4 * count] = splat(v0);
        rows.value[4 * count + 1] = splat(v1);
        rows.value[4 * count + 2] = splat(v2);
        rows.value[4 * count + 3] = splat(v3);
        count += (v0 != 0.0f) | (v1 != 0.0f) | (v2 != 0.0f) | (v3 != 0.0f);
        total += (v0 != 0.0f) + (v1 != 0.0f) + (v2 != 0.0f) + (v3 != 0.0f);
    }
    rows.count = count;
    rows.total = total;
}

// Columns [j, j + 8) of four output rows: eight lane accumulators.
void columns4(const SparseQuad& rows, std::size_t n, std::size_t j, const float* b, const float* start, float* c) {
    lanes acc[4][2];
    for (int r = 0; r < 4; ++r)
        for (int q = 0; q < 2; ++q) acc[r][q] = start ? load(start + j + 4 * q) : lanes{0, 0, 0, 0};
    const std::uint32_t* index = rows.index.data();
    const lanes* value = rows.value.data();
    for (std::size_t t = 0; t < rows.count; ++t) {
        const float* bp = b + index[t] * n + j;
        const lanes b0 = load(bp), b1 = load(bp + 4);
        for (int r = 0; r < 4; ++r) {
            acc[r][0] = acc[r][0] + value[4 * t + r] * b0;
            acc[r][1] = acc[r][1] + value[4 * t + r] * b1;
        }
    }
    for (int r = 0; r < 4; ++r)
        for (int q = 0; q < 2; ++q) store(c + r * n + j + 4 * q, acc[r][q]);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
// Natively on x86-64, the same two loops in eight lanes where the processor has AVX (chosen at
// run time, so the binary still runs on any x86-64). Eight lanes do per lane exactly what four
// do, with no fused multiply-add, so the bits stay those of the WebAssembly build.
#define NORMLAB_WIDE_LANES 1
typedef float wide __attribute__((vector_size(32)));

__attribute__((target("avx"))) void columns4_wide(const SparseQuad& rows, std::size_t n, std::size_t j, const float* b,
                                                  const float* start, float* c) {
    wide acc[4][2];
    for (int r = 0; r < 4; ++r)
        for (int q = 0; q < 2; ++q) {
            wide v = {0, 0, 0, 0, 0, 0, 0, 0};
            if (start) std::memcpy(&v, start + j + 8 * q, sizeof v);
            acc[r][q] = v;
        }
    const std::uint32_t* index = rows.index.data();
    const lanes* value = rows.value.data();
    for (std::size_t t = 0; t < rows.count; ++t) {
        const float* bp = b + index[t] * n + j;
        wide b0, b1;
        std::memcpy(&b0, bp, sizeof b0);
        std::memcpy(&b1, bp + 8, sizeof b1);
        for (int r = 0; r < 4; ++r) {
            const float x = value[4 * t + r][0];
            const wide v = {x, x, x, x, x, x, x, x};
            acc[r][0] = acc[r][0] + v * b0;
            acc[r][1] = acc[r][1] + v * b1;
        }
    }
    for (int r = 0; r < 4; ++r)
        for (int q = 0; q < 2; ++q) std::memcpy(c + r * n + j + 8 * q, &acc[r][q], sizeof(wide));
}

__attribute__((target("avx"))) void columns32_wide(const Sparse& row, std::size_t n, std::size_t j, const float* b,
                                                   const float* start, float* c) {
    wide acc[4];
    for (int q = 0; q < 4; ++q) {
        wide v = {0, 0, 0, 0, 0, 0, 0, 0};
        if (start) std::memcpy(&v, start + j + 8 * q, sizeof v);
        acc[q] = v;
    }
    const std::uint32_t* index = row.index.data();
    const float* value = row.value.data();
    for (std::size_t t = 0; t < row.count; ++t) {
        const float x = value[t];
        const wide v = {x, x, x, x, x, x, x, x};
        const float* bp = b + index[t] * n + j;
        for (int q = 0; q < 4; ++q) {
            wide bq;
            std::memcpy(&bq, bp + 8 * q, sizeof bq);
            acc[q] = acc[q] + v * bq;
        }
    }
    for (int q = 0; q < 4; ++q) std::memcpy(c + j + 8 * q, &acc[q], sizeof(wide));
}

bool wide_lanes() {
    static const bool avx = (__builtin_cpu_init(), __builtin_cpu_supports("avx"));
    return avx;
}
#endif

} // namespace

void multiply(std::size_t m, std::size_t k, std::size_t n, MatrixView a, const float* b, const float* start, float* c) {
    thread_local Sparse row;
    thread_local SparseQuad quad;
    for (std::size_t i = 0; i < m; ++i) {
        // Four rows together where their zeros mostly line up (one load of b serves four
        // outputs, about twice as fast a term); row by row where they do not. Which path a
        // block takes depends on the values only, so every build takes the same.
        if (n % 8 == 0 && i % 4 == 0 && i + 4 <= m) {
            gather4(a, i, k, quad);
            if (2 * quad.count <= quad.total) {
#ifdef NORMLAB_WIDE_LANES
                if (wide_lanes() && n % 16 == 0) {
                    for (std::size_t j = 0; j < n; j += 16) columns4_wide(quad, n, j, b, start, c + i * n);
                    i += 3;
                    continue;
                }
#endif
                for (std::size_t j = 0; j < n; j += 8) columns4(quad, n, j, b, start, c + i * n);
                i += 3;
                continue;
            }
        }
        gather(a, i, k, row);
        float* ci = c + i * n;
        std::size_t j = 0;
#ifdef NORMLAB_WIDE_LANES
        if (wide_lanes())
            for (; j + 32 <= n; j += 32) columns32_wide(row, n, j, b, start, ci);
#endif
        for (; j + 32 <= n; j += 32) columns<8>(row, n, j, b, start, ci);
        for (; j + 4 <= n; j += 4) columns<1>(row, n, j, b, start, ci);
        for (; j < n; ++j) {
            float acc = start ? start[j] : 0.0f;
            for (std::size_t t = 0; t < row.count; ++t) acc = acc + row.value[t] * b[row.index[t] * n + j];
            ci[j] = acc;
        }
    }
}

void transpose(std::size_t rows, std::size_t cols, const float* src, float* dst) {
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) dst[j * rows + i] = src[i * cols + j];
}

void column_sums(std::size_t rows, std::size_t cols, const float* x, float* sums) {
    for (std::size_t j = 0; j < cols; ++j) sums[j] = 0.0f;
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) sums[j] += x[i * cols + j];
}

} // namespace normlab::mnist
