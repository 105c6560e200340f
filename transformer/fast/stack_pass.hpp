// The fast twin's state: one stack's forward and backward pass, reading the parameters from the
// stack's flat list and writing the slopes into a list of the same layout (TransformerStack::layout),
// every block the backward pass needs held in storage made once and reused step after step.
// It mirrors TransformerStack::train and backward (and through them Embedding, ResidualBlock,
// CausalSelfAttention, FeedForward, Dense and Normaliser), cell for cell, with the kernels of
// kernels.hpp and the normaliser's own arithmetic (core/normaliser_maths.hpp), so every figure is
// the reference's bit for bit. Where the reference would refuse a figure that is not finite (or
// take a set whose squares overflow again in scaled units), a pass says so by returning false, and
// its caller hands the step to the reference (fast_transformer.hpp).
#pragma once
#include <cstddef>
#include <vector>

#include "core/block.hpp"
#include "core/normaliser.hpp"
#include "transformer/token_batch.hpp"
#include "transformer/transformer_shape.hpp"

namespace normlab::fast {

// Where each layer's figures start in the flat list.
struct DenseAt {
    std::size_t weights = 0, bias = 0, inputs = 0, outputs = 0;
};
struct NormAt {
    std::size_t scale = 0, shift = 0;
    bool learned_shift = true; // RMS keeps its shift at 0, outside the list
};
struct BlockAt {
    NormAt first;
    DenseAt projection, mix;
    NormAt second;
    DenseAt expand, contract;
};
struct StackAt {
    std::size_t tokens = 0, positions = 0;
    std::vector<BlockAt> blocks;
    NormAt final; // pre-norm only
    DenseAt readout;
    std::size_t size = 0;
};
// The offsets of the layout of a stack of this shape, placement and kind (TransformerStack::layout:
// the embedding, each block's first normaliser, attention, second normaliser and feed-forward
// block, the final normaliser, the readout; a dense layer's weights then its bias, a normaliser's
// scale then its learned shift). requires: the shape as require_transformer_shape, kind layer or rms.
StackAt stack_at(const TransformerShape& shape, Placement placement, NormKind kind);

// One normaliser's saved figures over N rows of D features (Normaliser::train_into's response).
struct NormSaved {
    std::vector<double> standardised, output;                  // (N, D)
    std::vector<double> mean, correction, variance, deviation; // (N)
};

// One residual block's saved figures (ResidualBlockResponse).
struct BlockSaved {
    NormSaved first, second;
    std::vector<double> qkv;           // (N, 3D)
    std::vector<double> weights;       // (B, H, T, T)
    std::vector<double> mixed;         // (N, D)
    std::vector<double> attended;      // (N, D): the mix's answer
    std::vector<double> sum;           // (N, D): post x + attention (norm1's input); pre y1 = x + attention
    std::vector<double> score, hidden; // (N, F): expand's score and its ReLU
    std::vector<double> fed;           // (N, D): contract's answer
    std::vector<double> output;        // (N, D): post norm2's input y1 + ff; pre the block's answer
};

class StackPass {
public:
    // The pass of stacks of this shape, placement and kind. requires: as stack_at.
    StackPass(const TransformerShape& shape, Placement placement, NormKind kind);
    // Makes this the pass of stacks of another shape, placement or kind, keeping its storage's
    // capacity (nothing when they are this pass's own). requires: as stack_at.
    void prepare(const TransformerShape& shape, Placement placement, NormKind kind);

    const StackAt& at() const { return at_; }

    // Mirrors TransformerStack::train: the logits (B * T, V) of the tokens.
    // requires: tokens of the stack's vocabulary and context (the caller checks); parameters of the
    // layout. ensures: false when the reference would refuse or rescale a figure (the logits then
    // mean nothing).
    bool forward(const std::vector<double>& parameters, const TokenBatch& tokens);
    const Block& logits() const { return logits_; }

    // Mirrors TransformerStack::backward followed by TransformerStack::slopes: every parameter's
    // slope of sum(dlogits * logits) into slopes (resized to the layout). requires: forward of the
    // same parameters just before, returning true; dlogits (B * T, V), finite.
    // ensures: false when the reference would refuse a figure.
    bool backward(const std::vector<double>& parameters, const Block& dlogits, std::vector<double>& slopes);

private:
    TransformerShape shape_;
    Placement placement_;
    NormSpec spec_;
    StackAt at_;
    std::size_t sequences_ = 0, length_ = 0; // B, T of the storage
    TokenBatch tokens_;
    std::vector<double> embedded_;
    std::vector<BlockSaved> blocks_;
    NormSaved final_;
    Block logits_;
    // Backward's scratch: slopes of (N, D), (N, F) and (N, 3D) blocks, the weights transposed, the
    // attention's per-head scratch, the normalisers' sums and an unlearned shift's slope.
    std::vector<double> dy_, dx_, dsum_, dbranch_, dmixed_, dhidden_, dqkv_;
    std::vector<double> transposed_, head_, sum_d_, sum_dz_, unused_;
    std::vector<double> zeros_; // an unlearned shift

    void reshape(std::size_t sequences, std::size_t length);
    bool normalise(const NormAt& at, const std::vector<double>& p, const double* x, NormSaved& saved);
    bool normaliser_backward(const NormAt& at, const std::vector<double>& p, const NormSaved& saved, const double* dy,
                             double* dx, std::vector<double>& slopes);
    void dense(const DenseAt& at, const std::vector<double>& p, const double* x, double* score);
    void dense_backward(const DenseAt& at, const std::vector<double>& p, const double* x, const double* dscore,
                        double* dx, std::vector<double>& slopes);
    bool attention(const BlockAt& at, const std::vector<double>& p, const double* x, BlockSaved& saved);
    bool attention_backward(const BlockAt& at, const std::vector<double>& p, const double* x, const BlockSaved& saved,
                            const double* dy, double* dx, std::vector<double>& slopes);
    bool feed_forward(const BlockAt& at, const std::vector<double>& p, const double* x, BlockSaved& saved);
    bool feed_forward_backward(const BlockAt& at, const std::vector<double>& p, const double* x,
                               const BlockSaved& saved, const double* dy, double* dx, std::vector<double>& slopes);
    bool block(const BlockAt& at, const std::vector<double>& p, const double* x, BlockSaved& saved);
    bool block_backward(const BlockAt& at, const std::vector<double>& p, const double* x, const BlockSaved& saved,
                        const double* dy, double* dx, std::vector<double>& slopes);
    const double* block_output(std::size_t l) const;
};

} // namespace normlab::fast
