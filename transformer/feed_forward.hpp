// The feed-forward block: expand (D, F) with ReLU, then contract (F, D), token by token.
#pragma once
#include <string>

#include "core/dense.hpp"
#include "transformer/parameter_list.hpp"

namespace normlab {

struct FeedForwardResponse {
    DenseResponse expand;   // (B * T, D) -> (B * T, F), ReLU
    DenseResponse contract; // (B * T, F) -> (B * T, D)
    const Block& output() const { return contract.output; }
};

struct FeedForwardGradient {
    Block dx;
    DenseGradient dexpand, dcontract;
};

class FeedForward {
public:
    // requires: expand (D, F) with ReLU; contract (F, D) without activation (else ShapeError, OptionError).
    FeedForward(Dense expand, Dense contract);

    const Dense& expand() const { return expand_; }
    const Dense& contract() const { return contract_; }

    Block infer(const Block& x) const { return contract_.infer(expand_.infer(x)); }
    FeedForwardResponse train(const Block& x) const;
    FeedForwardGradient backward(const FeedForwardResponse& response, const Block& dy) const;
    FeedForward step(const FeedForwardGradient& gradient, double stride) const;

    void describe(const std::string& name, ParameterLayout& layout) const;
    void append_parameters(std::vector<double>& out) const;
    static void append_slopes(std::vector<double>& out, const FeedForwardGradient& g);
    FeedForward read(ParameterReader& in) const;

private:
    Dense expand_, contract_;
};

} // namespace normlab
