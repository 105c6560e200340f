#include "transformer/residual_block.hpp"

#include "core/errors.hpp"

namespace normlab {

Block sum_of(const Block& a, const Block& b) {
    require_shape(b, a.rows, a.cols, "addend");
    Block s = a;
    for (std::size_t k = 0; k < s.size(); ++k) s.data[k] += b.data[k];
    return s;
}

void require_feature_normaliser(const NormSpec& spec, const char* what) {
    if (spec.kind != NormKind::Layer && spec.kind != NormKind::Rms)
        throw OptionError(std::string(what) + " is " + norm_kind_name(spec.kind) +
                          " norm; a Transformer's normalisers are layer or rms");
}

ResidualBlock::ResidualBlock(Placement placement, Normaliser first, CausalSelfAttention attention, Normaliser second,
                             FeedForward feed_forward)
    : placement_(placement),
      first_(std::move(first)),
      attention_(std::move(attention)),
      second_(std::move(second)),
      feed_forward_(std::move(feed_forward)) {
    if (placement_ != Placement::Post && placement_ != Placement::Pre) throw OptionError("unknown placement");
    require_feature_normaliser(first_.spec(), "the first normaliser");
    require_feature_normaliser(second_.spec(), "the second normaliser");
    const std::size_t d = attention_.width();
    require_same(first_.features(), d, "first normaliser features", "the width");
    require_same(second_.features(), d, "second normaliser features", "the width");
    require_same(feed_forward_.expand().inputs(), d, "feed-forward inputs", "the width");
}

// The order of operations in train and backward is a contract: fast::StackPass::block and
// block_backward mirror them (transformer/fast/stack_pass.hpp).
ResidualBlockResponse ResidualBlock::train(const Block& x, std::size_t length) const {
    ResidualBlockResponse r;
    if (placement_ == Placement::Post) {
        r.attention = attention_.train(x, length);
        r.first = first_.train(sum_of(x, r.attention.output()));
        r.middle = r.first.output;
        r.feed_forward = feed_forward_.train(r.middle);
        r.second = second_.train(sum_of(r.middle, r.feed_forward.output()));
        r.output = r.second.output;
    } else {
        r.first = first_.train(x);
        r.attention = attention_.train(r.first.output, length);
        r.middle = sum_of(x, r.attention.output());
        r.second = second_.train(r.middle);
        r.feed_forward = feed_forward_.train(r.second.output);
        r.output = sum_of(r.middle, r.feed_forward.output());
    }
    return r;
}

// Backward follows the forward pass in reverse; an addition hands its slope to both addends.
ResidualBlockGradient ResidualBlock::backward(const ResidualBlockResponse& r, const Block& dy) const {
    ResidualBlockGradient g;
    if (placement_ == Placement::Post) {
        g.dsecond = second_.backward(r.second, dy);                             // through norm2
        g.dfeed_forward = feed_forward_.backward(r.feed_forward, g.dsecond.dx); // the branch
        const Block dmiddle = sum_of(g.dsecond.dx, g.dfeed_forward.dx);         // branch + main path
        g.dfirst = first_.backward(r.first, dmiddle);                           // through norm1
        g.dattention = attention_.backward(r.attention, g.dfirst.dx);
        g.dx = sum_of(g.dfirst.dx, g.dattention.dx);
    } else {
        g.dfeed_forward = feed_forward_.backward(r.feed_forward, dy); // the branch
        g.dsecond = second_.backward(r.second, g.dfeed_forward.dx);   // through norm2
        const Block dmiddle = sum_of(dy, g.dsecond.dx);               // main path + branch
        g.dattention = attention_.backward(r.attention, dmiddle);
        g.dfirst = first_.backward(r.first, g.dattention.dx);
        g.dx = sum_of(dmiddle, g.dfirst.dx);
    }
    return g;
}

ResidualBlock ResidualBlock::step(const ResidualBlockGradient& g, double stride) const {
    return ResidualBlock(placement_, first_.step(g.dfirst, stride), attention_.step(g.dattention, stride),
                         second_.step(g.dsecond, stride), feed_forward_.step(g.dfeed_forward, stride));
}

void ResidualBlock::describe(const std::string& name, ParameterLayout& layout) const {
    normlab::describe(first_, name + ".first", layout);
    attention_.describe(name + ".attention", layout);
    normlab::describe(second_, name + ".second", layout);
    feed_forward_.describe(name + ".feed_forward", layout);
}
void ResidualBlock::append_parameters(std::vector<double>& out) const {
    normlab::append_parameters(out, first_);
    attention_.append_parameters(out);
    normlab::append_parameters(out, second_);
    feed_forward_.append_parameters(out);
}
void ResidualBlock::append_slopes(std::vector<double>& out, const ResidualBlockGradient& g) const {
    normlab::append_slopes(out, first_, g.dfirst);
    CausalSelfAttention::append_slopes(out, g.dattention);
    normlab::append_slopes(out, second_, g.dsecond);
    FeedForward::append_slopes(out, g.dfeed_forward);
}
ResidualBlock ResidualBlock::read(ParameterReader& in) const {
    Normaliser a = read_normaliser(first_, in);
    CausalSelfAttention b = attention_.read(in);
    Normaliser c = read_normaliser(second_, in);
    return ResidualBlock(placement_, std::move(a), std::move(b), std::move(c), feed_forward_.read(in));
}

} // namespace normlab
