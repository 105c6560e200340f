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

} // namespace

void multiply(std::size_t m, std::size_t k, std::size_t n, MatrixView a, const float* b, const float* start, float* c) {
    thread_local Sparse row;
    for (std::size_t i = 0; i < m; ++i) {
        gather(a, i, k, row);
        float* ci = c + i * n;
        std::size_t j = 0;
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
