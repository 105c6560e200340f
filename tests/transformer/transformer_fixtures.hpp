// Small stacks and token batches shared by the Transformer tests.
#pragma once
#include "helpers.hpp"
#include "json.hpp"
#include "transformer/normlab_transformer.hpp"

namespace normlab::testing {

// V 7, context 6, D 8, 2 heads, F 12, two blocks: about 1,300 parameters, checked in milliseconds.
inline TransformerShape small_shape() { return {7, 6, 8, 2, 12, 2}; }

inline TokenBatch random_tokens(Random& rng, std::size_t sequences, std::size_t length, std::size_t vocabulary) {
    TokenBatch t{sequences, length, std::vector<std::size_t>(sequences * length)};
    for (std::size_t& id : t.ids) id = static_cast<std::size_t>(rng.below(vocabulary));
    return t;
}

// A stack whose normalisers' scales and shifts are moved off 1 and 0, so their slopes matter.
inline TransformerStack dressed_stack(Placement placement, NormKind kind, Random& rng) {
    const TransformerStack fresh = initialised_stack(small_shape(), placement, kind, rng);
    std::vector<double> p = fresh.parameters();
    for (const ParameterRun& run : fresh.layout().runs) {
        const bool norm = run.name.find("first") != std::string::npos || run.name.find("second") != std::string::npos ||
                          run.name.rfind("final", 0) == 0;
        const bool bias = run.name.find(".bias") != std::string::npos;
        for (std::size_t k = run.offset; k < run.offset + run.count; ++k) {
            if (norm) p[k] += 0.3 * rng.normal();
            if (bias) p[k] = 0.2 * rng.normal();
        }
    }
    return fresh.with_parameters(p);
}

// A PyTorch fixture's named weights (a JSON object of lists) as a flat list in a layout's order;
// names the layout lacks (post-norm has no final normaliser) are left out.
inline std::vector<double> in_layout(const ParameterLayout& layout, const Json& named) {
    std::vector<double> flat;
    for (const ParameterRun& run : layout.runs) {
        const std::vector<double> v = named[run.name].numbers();
        REQUIRE(v.size() == run.count);
        flat.insert(flat.end(), v.begin(), v.end());
    }
    return flat;
}

inline double stack_loss(const TransformerStack& stack, const TokenBatch& tokens, const TokenBatch& targets) {
    return next_token_loss(stack.infer(tokens), targets).loss;
}

} // namespace normlab::testing
