// The generic finite-difference checker over every parameter of a small stack, in both
// placements and with both normalisers, at the next-token loss; and over a block's input.
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

void print_first_disagreements(const GradientCheck& c, double tolerance) {
    for (const auto& s : c.slopes) {
        int shown = 0;
        for (std::size_t k = 0; k < s.analytic.size() && shown < 3; ++k)
            if (std::fabs(s.analytic[k] - s.numeric[k]) > tolerance) {
                UNSCOPED_INFO(s.name << "[" << k << "]: analytic " << s.analytic[k] << " numeric " << s.numeric[k]);
                ++shown;
            }
    }
}

} // namespace

TEST_CASE("every parameter of a small stack agrees with the finite difference", "[transformer][gradient]") {
    for (Placement placement : {Placement::Post, Placement::Pre})
        for (NormKind kind : {NormKind::Layer, NormKind::Rms}) {
            INFO(placement_name(placement) << "-norm, " << norm_kind_name(kind));
            Random rng(21);
            const TransformerStack stack = dressed_stack(placement, kind, rng);
            const TokenBatch tokens = random_tokens(rng, 3, 6, 7);
            TokenBatch targets = next_tokens(tokens);
            const TransformerResponse r = stack.train(tokens);
            const NextTokenLoss loss = next_token_loss(r.logits(), targets);
            const std::vector<double> values = stack.parameters();
            const std::vector<double> slopes = stack.slopes(stack.backward(r, loss.dlogits));
            std::vector<SlopeProbe> probes;
            for (const ParameterRun& run : stack.layout().runs) {
                const auto from = values.begin() + static_cast<std::ptrdiff_t>(run.offset);
                const auto at = slopes.begin() + static_cast<std::ptrdiff_t>(run.offset);
                probes.push_back({run.name, std::vector<double>(from, from + static_cast<std::ptrdiff_t>(run.count)),
                                  std::vector<double>(at, at + static_cast<std::ptrdiff_t>(run.count)),
                                  [&, run](const std::vector<double>& v) {
                                      std::vector<double> p = values;
                                      std::copy(v.begin(), v.end(),
                                                p.begin() + static_cast<std::ptrdiff_t>(run.offset));
                                      return stack_loss(stack.with_parameters(p), tokens, targets);
                                  }});
            }
            const GradientCheck c = check_gradient(probes);
            CHECK(c.slopes.size() == stack.layout().runs.size());
            // embedding 2, each block 8 dense runs and two normalisers, the final normaliser, readout 2
            const std::size_t norm_runs = kind == NormKind::Layer ? 2 : 1;
            CHECK(c.slopes.size() == 4 + 2 * (8 + 2 * norm_runs) + (placement == Placement::Pre ? norm_runs : 0));
            print_first_disagreements(c, 1e-9);
            CHECK(c.largest_gap() < 1e-9);
            double largest = 0;
            for (const SlopeCheck& s : c.slopes) largest = larger(largest, s.largest_slope);
            CHECK(largest > 1e-3); // the slopes checked are not all vanishing
        }
}

TEST_CASE("a block's input slope agrees with the finite difference", "[transformer][gradient]") {
    for (Placement placement : {Placement::Post, Placement::Pre})
        for (NormKind kind : {NormKind::Layer, NormKind::Rms}) {
            INFO(placement_name(placement) << "-norm, " << norm_kind_name(kind));
            Random rng(7);
            const ResidualBlock block = dressed_stack(placement, kind, rng).blocks()[1];
            const Block x = random_block(rng, 12, 8);
            const Block dy = random_block(rng, 12, 8);
            const ResidualBlockGradient g = block.backward(block.train(x, 4), dy);
            const GradientCheck c = check_gradient(
                {{"input", x.data, g.dx.data,
                  weighted_sum([&](const std::vector<double>& v) { return block.infer(Block::from_flat(12, 8, v), 4); },
                               dy)}});
            print_first_disagreements(c, 1e-8);
            CHECK(c.largest_gap() < 1e-8);
        }
}
