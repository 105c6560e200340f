#include "transformer/feed_forward.hpp"

#include "core/errors.hpp"

namespace normlab {

FeedForward::FeedForward(Dense expand, Dense contract) : expand_(std::move(expand)), contract_(std::move(contract)) {
    require_same(contract_.inputs(), expand_.outputs(), "feed-forward contract inputs", "expand outputs");
    require_same(contract_.outputs(), expand_.inputs(), "feed-forward contract outputs", "expand inputs");
    if (expand_.activation() != Activation::Relu || contract_.activation() != Activation::Identity)
        throw OptionError("the feed-forward block is ReLU, then no activation");
}

// The order of operations in train and backward is a contract: fast::StackPass::feed_forward and
// feed_forward_backward mirror them (transformer/fast/stack_pass.hpp).
FeedForwardResponse FeedForward::train(const Block& x) const {
    FeedForwardResponse r;
    r.expand = expand_.train(x);
    r.contract = contract_.train(r.expand.output);
    return r;
}

FeedForwardGradient FeedForward::backward(const FeedForwardResponse& r, const Block& dy) const {
    FeedForwardGradient g;
    g.dcontract = contract_.backward(r.contract, dy);
    g.dexpand = expand_.backward(r.expand, g.dcontract.dx);
    g.dx = std::move(g.dexpand.dx);
    g.dexpand.dx = Block();
    g.dcontract.dx = Block();
    return g;
}

FeedForward FeedForward::step(const FeedForwardGradient& g, double stride) const {
    return FeedForward(expand_.step(g.dexpand, stride), contract_.step(g.dcontract, stride));
}

void FeedForward::describe(const std::string& name, ParameterLayout& layout) const {
    normlab::describe(expand_, name + ".expand", layout);
    normlab::describe(contract_, name + ".contract", layout);
}
void FeedForward::append_parameters(std::vector<double>& out) const {
    normlab::append_parameters(out, expand_);
    normlab::append_parameters(out, contract_);
}
void FeedForward::append_slopes(std::vector<double>& out, const FeedForwardGradient& g) {
    normlab::append_slopes(out, g.dexpand);
    normlab::append_slopes(out, g.dcontract);
}
FeedForward FeedForward::read(ParameterReader& in) const {
    Dense e = read_dense(expand_, in);
    return FeedForward(std::move(e), read_dense(contract_, in));
}

} // namespace normlab
