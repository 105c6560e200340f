// The fast twin's kernels: the arithmetic of the Transformer's layer values (dense layers,
// causal attention, the embedding, Adam), each cell computed by the same operations in the same
// order as the function it mirrors, so the answers are the reference's bit for bit. Speed comes
// from doing independent cells side by side (two columns a 128-bit register, four rows a tile,
// partial sums held in registers), never from reordering a sum. No checks and no allocation:
// the stack pass (stack_pass.hpp) owns the storage and hands the step to the reference when a
// figure is not finite. tests/transformer/test_fast_twin.cpp compares every path with the
// reference bit for bit.
// Legend as in transformer_shape.hpp: B sequences of T tokens, N = B * T rows, D the width, H
// heads of E = D / H features, F the hidden width. Blocks are row-major arrays of doubles.
#pragma once
#include <cstddef>

namespace normlab::fast {

// c (M, N) = start + a (M, K) b (K, N): c[i][j] = start[j] + a(i, 0) b[0][j] + a(i, 1) b[1][j]
// + ..., added left to right (start null: from +0.0). a(i, p) is a[i * a_row + p * a_col], so a
// transposed block is the same storage with the strides swapped; b and c are dense. c does not
// alias a, b or start. Mirrors dense_train_into's score (start the bias), and dense_backward_into's
// weight slope (a the input transposed, from 0) and passed-down slope (b the weights transposed).
void multiply(std::size_t m, std::size_t k, std::size_t n, const double* a, std::size_t a_row, std::size_t a_col,
              const double* b, const double* start, double* c);

// sums[j] = 0 + x[0][j] + x[1][j] + ..., rows in order: dense_backward_into's bias slope.
void column_sums(std::size_t rows, std::size_t cols, const double* x, double* sums);

// dst (C, R) = src (R, C) transposed.
void transpose(std::size_t rows, std::size_t cols, const double* src, double* dst);

// y = x > 0 ? x : 0 (activate_block's ReLU); dscore = score > 0 ? dy : 0 (activation_slopes').
void relu(std::size_t count, const double* x, double* y);
void relu_slopes(std::size_t count, const double* score, const double* dy, double* dscore);

// y = a + b, cell by cell (sum_of). y may be a or b.
void add(std::size_t count, const double* a, const double* b, double* y);

// The causal attention of one sequence's one head, as CausalSelfAttention::train computes it:
// qkv the sequence's T rows of the projection (row stride 3D), q at column offset 0, k at D, v
// at 2D (the head's own columns already added to qkv); weights (T, T) the softmax rows, 0 beyond
// the diagonal; mixed the T rows of the mix's input (row stride D), this head's E columns.
// scratch holds at least head_scratch(shape) doubles.
struct HeadShape {
    std::size_t length, features, width; // T, E, D
};
inline std::size_t head_scratch(const HeadShape& s) { return s.features * (s.length + 1) + 2 * s.length; }
void attention_head(const HeadShape& shape, double scale, const double* qkv, double* weights, double* mixed,
                    double* scratch);
// Its backward, as CausalSelfAttention::backward computes it: dmixed the slope reaching the
// head's columns of mixed (row stride D); dqkv (row stride 3D) receives dq, dk and dv, which must
// hold 0 on entry. scratch as attention_head's.
void attention_head_backward(const HeadShape& shape, double scale, const double* qkv, const double* weights,
                             const double* dmixed, double* dqkv, double* scratch);

// One of Adam::step's moves, for parameters [0, count): the same formulas in the same order.
struct AdamMove {
    double beta1, beta2, eps, stride, correction2_root; // stride = rate / (1 - beta1^t)
};
void adam_move(const AdamMove& move, std::size_t count, const double* parameters, const double* slopes,
               const double* first, const double* second, double* next_parameters, double* next_first,
               double* next_second);

// Whether every one of count values is finite.
bool all_finite(std::size_t count, const double* x);

} // namespace normlab::fast
