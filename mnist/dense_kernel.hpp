// The single-precision matrix product the MNIST networks spend their time in, vectorised in
// lanes (wasm SIMD's 128 bits in the browser; natively SSE, or AVX's 256 bits where the
// processor has it, chosen at run time) and written so that no compiler can reorder a sum: every
// output keeps its own lane, its terms added in index order with no fused multiply-add, so the
// native and the WebAssembly builds produce the same bits.
#pragma once
#include <cstddef>

namespace normlab::mnist {

// A read-only (M, K) view of floats at a[i * row_stride + p * col_stride]; a transposed block
// is the same storage with the strides swapped.
struct MatrixView {
    const float* data;
    std::size_t row_stride, col_stride;
    float at(std::size_t i, std::size_t p) const { return data[i * row_stride + p * col_stride]; }
};

// c (M, N) = start + a (M, K) * b (K, N), b and c row-major and dense.
// requires: start is null (zeros) or N values added to every row; c does not alias a or b.
// ensures: each c[i][j] is start[j] + a[i][0] * b[0][j] + a[i][1] * b[1][j] + ..., left to
// right, terms with a[i][p] == 0 skipped (they add nothing but a zero's sign); the inputs after
// a ReLU and the digits' blank paper are mostly zeros, so the skip is most of the speed.
void multiply(std::size_t m, std::size_t k, std::size_t n, MatrixView a, const float* b, const float* start, float* c);

// dst (C, R) = src (R, C) transposed.
void transpose(std::size_t rows, std::size_t cols, const float* src, float* dst);

// sums[j] = sum over rows of x[i][j], rows in order.
void column_sums(std::size_t rows, std::size_t cols, const float* x, float* sums);

} // namespace normlab::mnist
