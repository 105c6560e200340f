// Parity with PyTorch 1.13 in float64 (fixtures made by scripts/make-transformer-fixtures.py):
// nn.TransformerEncoderLayer stacks with a causal mask, post-norm and pre-norm (with the final
// normaliser), layer norm and a hand-written RMSNorm, next-token cross-entropy, and two steps of
// torch.optim.Adam (layer-norm cases; one with a linear warm-up). The same weights give the same logits, loss,
// slopes and steps to a relative 1e-12: max |ours - theirs| / max(1, |theirs|).
#include "json.hpp"
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

const Json& fixtures() {
    static const Json j = JsonReader::file(std::string(NORMLAB_FIXTURES) + "/transformer_torch_parity.json");
    return j;
}

// A fixture's named parameters in the stack's layout, every name of theirs one of the layout's.
std::vector<double> exactly_in_layout(const ParameterLayout& layout, const Json& named) {
    REQUIRE(named.object.size() == layout.runs.size());
    return in_layout(layout, named);
}

constexpr double tolerance = 1e-12;

// The attention's key biases get no slope: adding a constant to every key of a query adds the
// same score to every token it weighs, which softmax ignores. Both sides compute rounding noise
// (~1e-18) there, and Adam's first steps move a parameter by about rate * g / (|g| + eps), which
// turns noise into moves of up to rate / eps * 1e-17 = 1e-11 at rate 1e-2: these entries are
// held to that instead.
constexpr double key_bias_tolerance = 2e-11;

std::vector<std::size_t> key_bias_indices(const ParameterLayout& layout) {
    std::vector<std::size_t> out;
    for (const ParameterRun& run : layout.runs)
        if (run.name.find("attention.projection.bias") != std::string::npos)
            for (std::size_t k = run.count / 3; k < 2 * run.count / 3; ++k) out.push_back(run.offset + k);
    return out;
}

struct StepGaps {
    double ordinary = 0; // relative, as relative_gap, over every parameter but the key biases
    double key_bias = 0; // absolute, over the key biases
};

StepGaps step_gaps(const ParameterLayout& layout, const std::vector<double>& ours, const std::vector<double>& theirs) {
    REQUIRE(ours.size() == theirs.size());
    std::vector<bool> key(ours.size(), false);
    for (std::size_t k : key_bias_indices(layout)) key[k] = true;
    StepGaps g;
    for (std::size_t k = 0; k < ours.size(); ++k) {
        const double gap = std::fabs(ours[k] - theirs[k]);
        if (key[k])
            g.key_bias = std::fmax(g.key_bias, gap);
        else
            g.ordinary = std::fmax(g.ordinary, gap / std::fmax(1.0, std::fabs(theirs[k])));
    }
    return g;
}

} // namespace

TEST_CASE("stacks match PyTorch's encoder layers, loss, slopes and Adam steps", "[transformer][torch][parity]") {
    const Json& f = fixtures();
    const Json& s = f["shape"];
    const auto size = [&](const char* key) { return static_cast<std::size_t>(s[key].number); };
    const TransformerShape shape{size("vocabulary"), size("context"), size("width"),
                                 size("heads"),      size("hidden"),  size("depth")};
    const auto sequences = static_cast<std::size_t>(f["sequences"].number);
    const auto length = static_cast<std::size_t>(f["length"].number);
    REQUIRE(f["cases"].array.size() == 4);
    for (const Json& c : f["cases"].array) {
        INFO(c["name"].string);
        Random rng(1);
        const TransformerStack shell =
            initialised_stack(shape, placement_named(c["placement"].string), norm_kind_named(c["kind"].string), rng);
        const ParameterLayout layout = shell.layout();
        const TransformerStack stack = shell.with_parameters(exactly_in_layout(layout, c["parameters"]));
        TokenBatch tokens{sequences, length, {}};
        for (double id : c["tokens"].numbers()) tokens.ids.push_back(static_cast<std::size_t>(id));
        const TokenBatch targets = next_tokens(tokens);

        const TransformerResponse r = stack.train(tokens);
        const NextTokenLoss loss = next_token_loss(r.logits(), targets);
        const std::vector<double> slopes = stack.slopes(stack.backward(r, loss.dlogits));
        CHECK(relative_gap(r.logits().data, c["logits"].numbers()) <= tolerance);
        CHECK(relative_gap({loss.loss}, {c["loss"].number}) <= tolerance);
        const std::vector<double> their_slopes = exactly_in_layout(layout, c["slopes"]);
        CHECK(relative_gap(slopes, their_slopes) <= tolerance);
        for (std::size_t k : key_bias_indices(layout)) { // analytically 0: rounding noise in both
            CHECK(std::fabs(slopes[k]) <= 1e-16);
            CHECK(std::fabs(their_slopes[k]) <= 1e-16);
        }

        if (c.object.count("after_step_1") == 0) continue; // the RMS cases stop at the slopes
        AdamSettings settings;
        settings.learning_rate = c["adam"]["learning_rate"].number;
        settings.warmup_steps = static_cast<std::size_t>(c["adam"]["warmup_steps"].number);
        const Adam::Move one = Adam(settings, layout.size()).step(stack.parameters(), slopes);
        const StepGaps gaps1 = step_gaps(layout, one.parameters, exactly_in_layout(layout, c["after_step_1"]));
        // Adam alone: fed PyTorch's own slopes, it takes PyTorch's step, key biases included.
        const Adam::Move on_theirs = Adam(settings, layout.size()).step(stack.parameters(), their_slopes);
        CHECK(relative_gap(on_theirs.parameters, exactly_in_layout(layout, c["after_step_1"])) <= 1e-15);
        const TransformerStack moved = stack.with_parameters(one.parameters);
        const TransformerResponse r2 = moved.train(tokens);
        const std::vector<double> slopes2 =
            moved.slopes(moved.backward(r2, next_token_loss(r2.logits(), targets).dlogits));
        const Adam::Move two = one.next.step(one.parameters, slopes2);
        const StepGaps gaps2 = step_gaps(layout, two.parameters, exactly_in_layout(layout, c["after_step_2"]));
        UNSCOPED_INFO("steps: " << gaps1.ordinary << ", " << gaps2.ordinary << "; key biases " << gaps1.key_bias << ", "
                                << gaps2.key_bias);
        CHECK(gaps1.ordinary <= tolerance);
        CHECK(gaps2.ordinary <= tolerance);
        CHECK(gaps1.key_bias <= key_bias_tolerance);
        CHECK(gaps2.key_bias <= key_bias_tolerance);
    }
}
