// Training parity with PyTorch 1.13 in float64 (fixture made by scripts/make-transformer-fixtures.py):
// six-block post-norm and pre-norm stacks of nn.TransformerEncoderLayer, started from the same
// weights and trained by torch.optim.Adam with a linear warm-up of 30 steps on the same 150
// digit-reversal batches of 16 strings. Ours is the core's own loop (continue_reversal_training
// fed those batches). Gaps are max |ours - theirs| / max(1, |theirs|), over every step's loss and
// over every weight after the last step: pre-norm is held to 1e-11 (measured 1.3e-12 and 1.4e-12),
// post-norm to 1e-9 (9.8e-11 and 7.3e-11). Post-norm's training amplifies rounding: moving one
// starting weight of our own run by one ulp moves its losses by 2.7e-10 at the end, more than
// PyTorch's run differs from ours. The attention's key biases take no slope (rounding noise that
// Adam turns into moves; test_transformer_torch_parity.cpp) and are held to 1e-8 apart.
#include "json.hpp"
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

const Json& fixture() {
    static const Json j = JsonReader::file(std::string(NORMLAB_FIXTURES) + "/transformer_torch_training.json");
    return j;
}

std::size_t whole(const Json& j) { return static_cast<std::size_t>(j.number); }

DigitReversalSettings settings_of(const Json& s, Placement placement) {
    DigitReversalSettings out;
    out.digits = whole(s["digits"]);
    out.width = whole(s["width"]);
    out.heads = whole(s["heads"]);
    out.hidden = whole(s["hidden"]);
    out.depth = whole(s["depth"]);
    out.batch = whole(s["batch"]);
    out.steps = whole(s["steps"]);
    out.placement = placement;
    out.adam.learning_rate = s["learning_rate"].number;
    out.adam.warmup_steps = whole(s["warmup_steps"]);
    return out;
}

// PyTorch's strings, each step's B * n digits, made into batches by the core.
std::vector<ReversalBatch> batches_of(const Json& f, const DigitReversalSettings& s) {
    std::vector<ReversalBatch> out;
    for (const Json& step : f["strings"].array) {
        std::vector<std::size_t> digits;
        for (char d : step.string) digits.push_back(static_cast<std::size_t>(d - '0'));
        out.push_back(reversal_batch_of(s.batch, s.digits, digits));
    }
    return out;
}

// A list of token ids from PyTorch: its ignore_index (-100) is our no_target.
std::vector<std::size_t> ids_of(const Json& list) {
    std::vector<std::size_t> out;
    for (double v : list.numbers()) out.push_back(v < 0 ? no_target : static_cast<std::size_t>(v));
    return out;
}

bool is_key_bias(const ParameterLayout& layout, std::size_t k) {
    for (const ParameterRun& run : layout.runs)
        if (run.name.find("attention.projection.bias") != std::string::npos && k >= run.offset + run.count / 3 &&
            k < run.offset + 2 * run.count / 3)
            return true;
    return false;
}

} // namespace

TEST_CASE("150 Adam steps of six-block stacks match PyTorch's, loss by loss and weight by weight",
          "[transformer][torch][parity][training]") {
    const Json& f = fixture();
    REQUIRE(f["cases"].array.size() == 2);
    for (const Json& c : f["cases"].array) {
        const Placement placement = placement_named(c["placement"].string);
        INFO(placement_name(placement));
        const DigitReversalSettings s = settings_of(f["settings"], placement);
        REQUIRE(s.depth == 6);
        Random rng(1);
        const ParameterLayout layout =
            initialised_stack({reversal_vocabulary, 2 * s.digits, s.width, s.heads, s.hidden, s.depth}, placement,
                              s.kind, rng)
                .layout();
        ReversalTraining start = start_reversal_training(s); // Adam's moments 0, no step taken
        start.parameters = in_layout(layout, f["parameters"]);
        const std::vector<ReversalBatch> batches = batches_of(f, s);
        REQUIRE(batches.size() == s.steps);
        CHECK(batches.front().input.ids == ids_of(f["first_batch"]["input"])); // the batches PyTorch trained on
        CHECK(batches.front().targets.ids == ids_of(f["first_batch"]["targets"]));

        const ReversalPiece ours = continue_reversal_training(s, start, batches);
        const std::vector<double> theirs = c["losses"].numbers();
        const double training_tolerance = placement == Placement::Pre ? 1e-11 : 1e-9;
        CHECK(relative_gap(ours.losses, theirs) <= training_tolerance);
        const auto mean_of = [&](std::size_t from) { // ten steps' losses from `from`
            double sum = 0;
            for (std::size_t k = from; k < from + 10; ++k) sum += theirs[k];
            return sum / 10;
        };
        CHECK(mean_of(s.steps - 10) < 0.5 * mean_of(0)); // the stacks learn on the way: 2.8 to 1.2 and 0.25

        const std::vector<double> final = in_layout(layout, c["final"]);
        double gap = 0, key_gap = 0;
        for (std::size_t k = 0; k < final.size(); ++k) {
            const double d = std::fabs(ours.training.parameters[k] - final[k]);
            if (is_key_bias(layout, k))
                key_gap = std::fmax(key_gap, d);
            else
                gap = std::fmax(gap, d / std::fmax(1.0, std::fabs(final[k])));
        }
        UNSCOPED_INFO("losses " << relative_gap(ours.losses, theirs) << "; weights " << gap << "; key biases "
                                << key_gap);
        CHECK(gap <= training_tolerance);
        CHECK(key_gap <= 1e-8);
        CHECK(relative_gap(ours.training.parameters, start.parameters) > 1e-2); // the weights moved
    }
}
