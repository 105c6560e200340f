#include "transformer/fast/stack_pass.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "core/normaliser_maths.hpp"
#include "transformer/fast/kernels.hpp"

namespace normlab::fast {

namespace {

bool finite(const std::vector<double>& v) { return all_finite(v.size(), v.data()); }

// A run of count figures at the end of the layout so far.
std::size_t take(std::size_t& size, std::size_t count) {
    const std::size_t at = size;
    size += count;
    return at;
}

DenseAt dense_at(std::size_t& size, std::size_t inputs, std::size_t outputs) {
    DenseAt at;
    at.inputs = inputs;
    at.outputs = outputs;
    at.weights = take(size, inputs * outputs);
    at.bias = take(size, outputs);
    return at;
}

NormAt norm_at(std::size_t& size, std::size_t features, const NormSpec& spec) {
    NormAt at;
    at.learned_shift = spec.learn_shift;
    at.scale = take(size, features);
    if (at.learned_shift) at.shift = take(size, features);
    return at;
}

} // namespace

StackAt stack_at(const TransformerShape& s, Placement placement, NormKind kind) {
    const NormSpec spec = norm_spec(kind);
    const std::size_t d = s.width;
    StackAt at;
    at.tokens = take(at.size, s.vocabulary * d);
    at.positions = take(at.size, s.context * d);
    for (std::size_t l = 0; l < s.depth; ++l) {
        BlockAt b;
        b.first = norm_at(at.size, d, spec);
        b.projection = dense_at(at.size, d, 3 * d);
        b.mix = dense_at(at.size, d, d);
        b.second = norm_at(at.size, d, spec);
        b.expand = dense_at(at.size, d, s.hidden);
        b.contract = dense_at(at.size, s.hidden, d);
        at.blocks.push_back(b);
    }
    if (placement == Placement::Pre) at.final = norm_at(at.size, d, spec);
    at.readout = dense_at(at.size, d, s.vocabulary);
    return at;
}

StackPass::StackPass(const TransformerShape& shape, Placement placement, NormKind kind) {
    prepare(shape, placement, kind);
}

void StackPass::prepare(const TransformerShape& shape, Placement placement, NormKind kind) {
    if (!blocks_.empty() && shape == shape_ && placement == placement_ && kind == spec_.kind) return;
    shape_ = shape;
    placement_ = placement;
    spec_ = norm_spec(kind);
    at_ = stack_at(shape, placement, kind);
    blocks_.resize(shape.depth);
    zeros_.assign(shape.width, 0.0);
    sequences_ = length_ = 0; // the storage is shaped again by the next forward pass
}

void StackPass::reshape(std::size_t sequences, std::size_t length) {
    if (sequences == sequences_ && length == length_) return;
    sequences_ = sequences;
    length_ = length;
    const std::size_t n = sequences * length, d = shape_.width, f = shape_.hidden;
    auto norm = [&](NormSaved& s) {
        s.standardised.resize(n * d);
        s.output.resize(n * d);
        s.mean.resize(n);
        s.correction.resize(n);
        s.variance.resize(n);
        s.deviation.resize(n);
    };
    embedded_.resize(n * d);
    for (BlockSaved& b : blocks_) {
        norm(b.first);
        norm(b.second);
        b.qkv.resize(n * 3 * d);
        b.weights.assign(sequences * shape_.heads * length * length, 0.0); // 0 beyond the diagonal
        b.mixed.resize(n * d);
        b.attended.resize(n * d);
        b.sum.resize(n * d);
        b.score.resize(n * f);
        b.hidden.resize(n * f);
        b.fed.resize(n * d);
        b.output.resize(n * d);
    }
    norm(final_);
    logits_.reshape(n, shape_.vocabulary);
    for (std::vector<double>* v : {&dy_, &dx_, &dsum_, &dbranch_, &dmixed_}) v->resize(n * d);
    dhidden_.resize(n * f);
    dqkv_.resize(n * 3 * d);
    transposed_.resize(std::max({3 * d * d, d * f, d * shape_.vocabulary}));
    head_.resize(head_scratch({length, shape_.head_width(), d}));
    sum_d_.resize(n);
    sum_dz_.resize(n);
    unused_.resize(d);
}

// ---- the layers -----------------------------------------------------------------------------

// Mirrors Normaliser::train_into over the features (layer norm or RMS): false where a row's
// squares overflowed (the reference takes it again in scaled units) or an answer is not finite.
bool StackPass::normalise(const NormAt& at, const std::vector<double>& p, const double* x, NormSaved& s) {
    const std::size_t n = sequences_ * length_, d = shape_.width;
    const maths::SetLayout sets = maths::feature_sets(n, d, 1);
    maths::standardise(sets, spec_.centre(), spec_.eps, x, s.standardised.data(),
                       {s.mean.data(), s.correction.data(), s.variance.data(), s.deviation.data()});
    if (!finite(s.variance)) return false;
    const double* shift = at.learned_shift ? &p[at.shift] : zeros_.data();
    maths::scale_shift(n, d, s.standardised.data(), &p[at.scale], shift, s.output.data());
    return finite(s.output) && finite(s.deviation);
}

// Mirrors Normaliser::backward_into: dx, and the scale's (and a learned shift's) slope.
bool StackPass::normaliser_backward(const NormAt& at, const std::vector<double>& p, const NormSaved& s,
                                    const double* dy, double* dx, std::vector<double>& slopes) {
    const std::size_t n = sequences_ * length_, d = shape_.width;
    const maths::SetLayout sets = maths::feature_sets(n, d, 1);
    double* dshift = at.learned_shift ? &slopes[at.shift] : unused_.data();
    maths::backward(sets, spec_.centre(), n, d, dy, s.standardised.data(), &p[at.scale], s.deviation.data(), dx,
                    &slopes[at.scale], dshift, sum_d_.data(), sum_dz_.data());
    return all_finite(n * d, dx);
}

// Mirrors dense_train_into: score = b + x W, summed in input order.
void StackPass::dense(const DenseAt& at, const std::vector<double>& p, const double* x, double* score) {
    multiply(sequences_ * length_, at.inputs, at.outputs, x, at.inputs, 1, &p[at.weights], &p[at.bias], score);
}

// Mirrors dense_backward_into, with the score's slope dscore already through the activation: the
// weight slope x^T dscore (rows in order), the bias slope (rows in order) and dx = dscore W^T.
void StackPass::dense_backward(const DenseAt& at, const std::vector<double>& p, const double* x, const double* dscore,
                               double* dx, std::vector<double>& slopes) {
    const std::size_t n = sequences_ * length_, in = at.inputs, out = at.outputs;
    multiply(in, n, out, x, 1, in, dscore, nullptr, &slopes[at.weights]);
    column_sums(n, out, dscore, &slopes[at.bias]);
    transpose(in, out, &p[at.weights], transposed_.data());
    multiply(n, out, in, dscore, out, 1, transposed_.data(), nullptr, dx);
}

// Mirrors CausalSelfAttention::train: the projection, head by head the causal softmax and its mix
// of the values, then the out-projection.
bool StackPass::attention(const BlockAt& at, const std::vector<double>& p, const double* x, BlockSaved& s) {
    const std::size_t d = shape_.width, e = shape_.head_width(), t = length_;
    dense(at.projection, p, x, s.qkv.data());
    if (!finite(s.qkv)) return false;
    const double scale = 1.0 / std::sqrt(static_cast<double>(e));
    const HeadShape head{t, e, d};
    for (std::size_t b = 0; b < sequences_; ++b)
        for (std::size_t h = 0; h < shape_.heads; ++h)
            attention_head(head, scale, &s.qkv[b * t * 3 * d + h * e], &s.weights[(b * shape_.heads + h) * t * t],
                           &s.mixed[b * t * d + h * e], head_.data());
    if (!finite(s.mixed)) return false;
    dense(at.mix, p, s.mixed.data(), s.attended.data());
    return finite(s.attended);
}

// Mirrors CausalSelfAttention::backward: the out-projection's slopes, head by head the slopes of
// q, k and v, then the projection's.
bool StackPass::attention_backward(const BlockAt& at, const std::vector<double>& p, const double* x,
                                   const BlockSaved& s, const double* dy, double* dx, std::vector<double>& slopes) {
    const std::size_t d = shape_.width, e = shape_.head_width(), t = length_;
    dense_backward(at.mix, p, s.mixed.data(), dy, dmixed_.data(), slopes);
    if (!finite(dmixed_)) return false;
    const double scale = 1.0 / std::sqrt(static_cast<double>(e));
    const HeadShape head{t, e, d};
    std::fill(dqkv_.begin(), dqkv_.end(), 0.0);
    for (std::size_t b = 0; b < sequences_; ++b)
        for (std::size_t h = 0; h < shape_.heads; ++h)
            attention_head_backward(head, scale, &s.qkv[b * t * 3 * d + h * e],
                                    &s.weights[(b * shape_.heads + h) * t * t], &dmixed_[b * t * d + h * e],
                                    &dqkv_[b * t * 3 * d + h * e], head_.data());
    if (!finite(dqkv_)) return false;
    dense_backward(at.projection, p, x, dqkv_.data(), dx, slopes);
    return all_finite(sequences_ * length_ * d, dx);
}

// Mirrors FeedForward::train: expand with ReLU, then contract.
bool StackPass::feed_forward(const BlockAt& at, const std::vector<double>& p, const double* x, BlockSaved& s) {
    dense(at.expand, p, x, s.score.data());
    if (!finite(s.score)) return false;
    relu(s.score.size(), s.score.data(), s.hidden.data());
    dense(at.contract, p, s.hidden.data(), s.fed.data());
    return finite(s.fed);
}

// Mirrors FeedForward::backward: the contract's slopes, through the ReLU, the expand's.
bool StackPass::feed_forward_backward(const BlockAt& at, const std::vector<double>& p, const double* x,
                                      const BlockSaved& s, const double* dy, double* dx, std::vector<double>& slopes) {
    dense_backward(at.contract, p, s.hidden.data(), dy, dhidden_.data(), slopes);
    if (!finite(dhidden_)) return false;
    relu_slopes(dhidden_.size(), s.score.data(), dhidden_.data(), dhidden_.data());
    dense_backward(at.expand, p, x, dhidden_.data(), dx, slopes);
    return all_finite(sequences_ * length_ * shape_.width, dx);
}

// Mirrors ResidualBlock::train:
//   post: sum = x + attention(x);  y1 = norm1(sum);  output = y1 + ff(y1);  y = norm2(output)
//   pre:  sum = x + attention(norm1(x));  y = output = sum + ff(norm2(sum))
bool StackPass::block(const BlockAt& at, const std::vector<double>& p, const double* x, BlockSaved& s) {
    const std::size_t cells = sequences_ * length_ * shape_.width;
    if (placement_ == Placement::Post) {
        if (!attention(at, p, x, s)) return false;
        add(cells, x, s.attended.data(), s.sum.data());
        if (!finite(s.sum) || !normalise(at.first, p, s.sum.data(), s.first)) return false;
        if (!feed_forward(at, p, s.first.output.data(), s)) return false;
        add(cells, s.first.output.data(), s.fed.data(), s.output.data());
        return finite(s.output) && normalise(at.second, p, s.output.data(), s.second);
    }
    if (!normalise(at.first, p, x, s.first)) return false;
    if (!attention(at, p, s.first.output.data(), s)) return false;
    add(cells, x, s.attended.data(), s.sum.data());
    if (!finite(s.sum) || !normalise(at.second, p, s.sum.data(), s.second)) return false;
    if (!feed_forward(at, p, s.second.output.data(), s)) return false;
    add(cells, s.sum.data(), s.fed.data(), s.output.data());
    return finite(s.output);
}

// Mirrors ResidualBlock::backward: an addition hands its slope to both addends.
bool StackPass::block_backward(const BlockAt& at, const std::vector<double>& p, const double* x, const BlockSaved& s,
                               const double* dy, double* dx, std::vector<double>& slopes) {
    const std::size_t cells = sequences_ * length_ * shape_.width;
    double* dsum = dsum_.data();       // what a normaliser passes down
    double* dbranch = dbranch_.data(); // what a branch passes down
    if (placement_ == Placement::Post) {
        if (!normaliser_backward(at.second, p, s.second, dy, dsum, slopes)) return false; // through norm2
        if (!feed_forward_backward(at, p, s.first.output.data(), s, dsum, dbranch, slopes)) return false;
        add(cells, dsum, dbranch, dbranch); // dmiddle: main path + branch
        if (!all_finite(cells, dbranch)) return false;
        if (!normaliser_backward(at.first, p, s.first, dbranch, dsum, slopes)) return false; // through norm1
        if (!attention_backward(at, p, x, s, dsum, dbranch, slopes)) return false;
        add(cells, dsum, dbranch, dx);
        return all_finite(cells, dx);
    }
    if (!feed_forward_backward(at, p, s.second.output.data(), s, dy, dbranch, slopes)) return false;
    if (!normaliser_backward(at.second, p, s.second, dbranch, dsum, slopes)) return false; // through norm2
    add(cells, dy, dsum, dsum);                                                            // dmiddle
    if (!all_finite(cells, dsum)) return false;
    if (!attention_backward(at, p, s.first.output.data(), s, dsum, dbranch, slopes)) return false;
    if (!normaliser_backward(at.first, p, s.first, dbranch, dx, slopes)) return false; // through norm1
    add(cells, dsum, dx, dx);
    return all_finite(cells, dx);
}

const double* StackPass::block_output(std::size_t l) const {
    const BlockSaved& s = blocks_[l];
    return placement_ == Placement::Post ? s.second.output.data() : s.output.data();
}

// ---- the stack ------------------------------------------------------------------------------

// Mirrors TransformerStack::train: embed (Embedding::infer), the blocks, the final normaliser
// (pre-norm), the readout.
bool StackPass::forward(const std::vector<double>& p, const TokenBatch& tokens) {
    reshape(tokens.sequences, tokens.length);
    tokens_ = tokens;
    const std::size_t d = shape_.width, n = tokens.ids.size();
    for (std::size_t row = 0; row < n; ++row) {
        const double* token = &p[at_.tokens + tokens.ids[row] * d];
        const double* position = &p[at_.positions + (row % tokens.length) * d];
        for (std::size_t j = 0; j < d; ++j) embedded_[row * d + j] = token[j] + position[j];
    }
    if (!finite(embedded_)) return false;
    const double* x = embedded_.data();
    for (std::size_t l = 0; l < blocks_.size(); ++l) {
        if (!block(at_.blocks[l], p, x, blocks_[l])) return false;
        x = block_output(l);
    }
    if (placement_ == Placement::Pre) {
        if (!normalise(at_.final, p, x, final_)) return false;
        x = final_.output.data();
    }
    dense(at_.readout, p, x, logits_.data.data());
    return finite(logits_.data);
}

// Mirrors TransformerStack::backward: the readout, the final normaliser, the blocks last to first,
// the embedding (Embedding::backward: each row's slope added to its token's and its position's
// rows, rows in order).
bool StackPass::backward(const std::vector<double>& p, const Block& dlogits, std::vector<double>& slopes) {
    slopes.resize(at_.size);
    const std::size_t d = shape_.width, n = sequences_ * length_, cells = n * d;
    const double* top = placement_ == Placement::Pre ? final_.output.data() : block_output(blocks_.size() - 1);
    double* dy = dy_.data(); // the slope arriving at a layer and the one it passes down, in turn
    double* dx = dx_.data();
    dense_backward(at_.readout, p, top, dlogits.data.data(), dy, slopes);
    if (!all_finite(cells, dy)) return false;
    if (placement_ == Placement::Pre) {
        if (!normaliser_backward(at_.final, p, final_, dy, dx, slopes)) return false;
        std::swap(dy, dx);
    }
    for (std::size_t l = blocks_.size(); l-- > 0;) {
        const double* x = l == 0 ? embedded_.data() : block_output(l - 1);
        if (!block_backward(at_.blocks[l], p, x, blocks_[l], dy, dx, slopes)) return false;
        std::swap(dy, dx);
    }
    double* dtokens = &slopes[at_.tokens];
    double* dpositions = &slopes[at_.positions];
    std::fill(dtokens, dtokens + shape_.vocabulary * d, 0.0);
    std::fill(dpositions, dpositions + shape_.context * d, 0.0);
    for (std::size_t row = 0; row < n; ++row)
        for (std::size_t j = 0; j < d; ++j) {
            dtokens[tokens_.ids[row] * d + j] += dy[row * d + j];
            dpositions[(row % length_) * d + j] += dy[row * d + j];
        }
    return finite(slopes);
}

} // namespace normlab::fast
