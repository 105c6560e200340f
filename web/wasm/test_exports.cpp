// Exports only the tests use, built into the test module (normlab_core_test) and never into the
// module the page downloads: the JSON the native command prints, for the byte-identical
// comparison, the allocator's bytes in use, for leak checks, the block sums, and the Transformer's
// reference training and slopes draw beside its fast twin's (for the bit-for-bit test in wasm and
// bench/transformer.mjs).
#include <emscripten/bind.h>
#include <malloc.h>

#include "boundary.hpp"
#include "core/normlab_core.hpp"
#include "report/normlab_report.hpp"
#include "transformer/fast/fast_transformer.hpp"
#include "transformer/normlab_transformer.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;
using boundary::answer;
using emscripten::function;

namespace {

// One starting-slopes draw at the instrument's setting (4 heads, hidden 4 x width, 16 tokens, 8
// sequences): post-norm's sizes per block, then pre-norm's; by the fast twin, or by the layer
// values as starting_slopes.cpp draws them.
std::vector<double> slopes_draw(std::size_t width, std::size_t depth, const std::string& norm, double seed, bool twin) {
    const TransformerShape shape{11, 16, width, 4, 4 * width, depth};
    std::vector<double> out;
    for (Placement placement : {Placement::Post, Placement::Pre}) {
        const NormKind kind = norm_kind_named(norm);
        std::vector<double> sizes;
        if (twin) {
            sizes = fast::starting_slope_sizes(shape, placement, kind, static_cast<std::uint64_t>(seed), 8);
        } else {
            Random random(static_cast<std::uint64_t>(seed));
            const TransformerStack stack = initialised_stack(shape, placement, kind, random);
            TokenBatch tokens{8, shape.context, std::vector<std::size_t>(8 * shape.context)};
            for (std::size_t& id : tokens.ids) id = static_cast<std::size_t>(random.below(shape.vocabulary));
            const TransformerResponse r = stack.train(tokens);
            sizes =
                feed_forward_slope_sizes(stack.backward(r, next_token_loss(r.logits(), next_tokens(tokens)).dlogits));
        }
        out.insert(out.end(), sizes.begin(), sizes.end());
    }
    return out;
}

} // namespace

EMSCRIPTEN_BINDINGS(normlab_test) {
    function(
        "heapInUse", +[] { return static_cast<double>(mallinfo().uordblks); });
    function(
        "referenceFiguresJson", +[] { return reference_figures_json(); });
    function(
        "measurementsJson", +[] { return measurements_json(); });
    function(
        "wholeCrowdJson", +[] { return whole_crowd_json(); });
    function(
        "tutorialFiguresJson", +[] { return tutorial_figures_json(); });
    function(
        "columnSums", +[](const Block& a) { return answer([&] { return boundary::numbers_value(column_sums(a)); }); });
    function(
        "rowSums", +[](const Block& a) { return answer([&] { return boundary::numbers_value(row_sums(a)); }); });
    function(
        "reversalTrainingContinueReference", +[](DigitReversalSettings s, ReversalTraining t, std::size_t count) {
            return answer([&] { return continue_reversal_training(s, t, count); });
        });
    function(
        "startingSlopesDraw", +[](std::size_t width, std::size_t depth, std::string norm, double seed, bool twin) {
            return answer([&] { return boundary::numbers_value(slopes_draw(width, depth, norm, seed, twin)); });
        });
}
