// The layers' side of the boundary between the core and JavaScript: the types that cross, declared
// once, and the functions the page calls on layers. Every layer crosses as its State and is rebuilt
// by the core's validating from_state; every answer crosses through boundary::answer, so a refusal
// comes back as {error: {name, message}} and nothing is handed out that a caller must delete().
#include <emscripten/bind.h>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "boundary.hpp"
#include "core/normlab_core.hpp"

using namespace normlab;
using boundary::answer;
using boundary::crossing;
using emscripten::function;
using emscripten::val;

namespace {

// What a layer reports about itself beyond its state (read-outs, never read back).
struct NormaliserFacts {
    std::size_t features, parameter_count, buffer_count;
    double keep, momentum;
};
NormaliserFacts facts(const Normaliser& n) {
    return {n.features(), n.parameter_count(), n.buffer_count(), n.spec().rate.keep(), n.spec().rate.momentum()};
}
struct DenseFacts {
    std::size_t inputs, outputs, parameter_count;
};
DenseFacts facts(const Dense& d) { return {d.inputs(), d.outputs(), d.parameter_count()}; }
struct WeightNormFacts {
    std::size_t inputs, outputs, parameter_count;
    Block effective_weights;
    std::vector<double> direction_lengths;
};
WeightNormFacts facts(const WeightNormDense& w) {
    return {w.direction().rows, w.direction().cols, w.parameter_count(), w.effective_weights(), w.direction_lengths()};
}

// The four verbs, the gradient check and the read-outs of one layer kind, each through from_state.
template <class Layer>
struct Verbs {
    using State = decltype(std::declval<const Layer&>().state());
    using Response = decltype(std::declval<const Layer&>().train(Block{}));
    using Gradient = decltype(std::declval<const Layer&>().backward(Response{}, Block{}));

    static val make(const State& s) {
        return answer([&] { return Layer::from_state(s).state(); });
    }
    static val train(const State& s, const Block& x) {
        return answer([&] { return Layer::from_state(s).train(x); });
    }
    static val infer(const State& s, const Block& x) {
        return answer([&] { return Layer::from_state(s).infer(x); });
    }
    static val backward(const State& s, const Response& r, const Block& dy) {
        return answer([&] { return Layer::from_state(s).backward(r, dy); });
    }
    static val step(const State& s, const Gradient& g, double learning_rate) {
        return answer([&] { return Layer::from_state(s).step(g, learning_rate).state(); });
    }
    static val check(const State& s, const Block& x, const Block& dy, double h) {
        return answer([&] { return check_gradient(Layer::from_state(s), x, dy, h); });
    }
    static val describe(const State& s) {
        return answer([&] { return facts(Layer::from_state(s)); });
    }
    static void bind(const std::string& kind) {
        function((kind + "Make").c_str(), &make);
        function((kind + "Train").c_str(), &train);
        function((kind + "Infer").c_str(), &infer);
        function((kind + "Backward").c_str(), &backward);
        function((kind + "Step").c_str(), &step);
        function((kind + "Check").c_str(), &check);
        function((kind + "Describe").c_str(), &describe);
    }
};

// A trace and the first steps under the thresholds asked about.
struct ThresholdedTrace {
    RunningTrace trace;
    std::vector<std::size_t> first_step_under;
};

} // namespace

EMSCRIPTEN_BINDINGS(normlab_layers) {
    crossing<RunningRate>("RunningRate")
        .field("value", &RunningRate::value)
        .field(
            "convention",
            +[](const RunningRate& r) {
                return std::string(r.convention == RunningRate::Convention::Keep ? "keep" : "momentum");
            },
            +[](RunningRate& r, std::string c) {
                r.convention = c == "keep" ? RunningRate::Convention::Keep : RunningRate::Convention::Momentum;
            });
    crossing<NormSpec>("NormSpec")
        .named<&NormSpec::kind, &norm_kind_name, &norm_kind_named>("kind")
        .field("groups", &NormSpec::groups)
        .field("eps", &NormSpec::eps)
        .field("rate", &NormSpec::rate)
        .field("unbiasedRunning", &NormSpec::unbiased_running)
        .field("learnShift", &NormSpec::learn_shift);
    crossing<NormaliserState>("NormaliserState")
        .field("spec", &NormaliserState::spec)
        .numbers<&NormaliserState::scale>("scale")
        .numbers<&NormaliserState::shift>("shift")
        .numbers<&NormaliserState::running_mean>("runningMean")
        .numbers<&NormaliserState::running_variance>("runningVariance");
    crossing<DenseState>("DenseState")
        .field("weights", &DenseState::weights)
        .numbers<&DenseState::bias>("bias")
        .named<&DenseState::activation, &activation_name, &activation_named>("activation");
    crossing<WeightNormState>("WeightNormState")
        .field("direction", &WeightNormState::direction)
        .numbers<&WeightNormState::magnitude>("magnitude")
        .numbers<&WeightNormState::bias>("bias")
        .named<&WeightNormState::activation, &activation_name, &activation_named>("activation");

    crossing<NormResponse>("NormResponse")
        .named<&NormResponse::kind, &norm_kind_name, &norm_kind_named>("kind")
        .field("groups", &NormResponse::groups)
        .field("output", &NormResponse::output)
        .field("standardised", &NormResponse::standardised)
        .numbers<&NormResponse::mean>("mean")
        .numbers<&NormResponse::variance>("variance")
        .numbers<&NormResponse::deviation>("deviation");
    crossing<NormGradient>("NormGradient")
        .named<&NormGradient::kind, &norm_kind_name, &norm_kind_named>("kind")
        .field("groups", &NormGradient::groups)
        .field("dx", &NormGradient::dx)
        .numbers<&NormGradient::dscale>("dscale")
        .numbers<&NormGradient::dshift>("dshift")
        .numbers<&NormGradient::mean>("mean")
        .numbers<&NormGradient::variance>("variance")
        .field("rows", &NormGradient::rows);
    crossing<DenseResponse>("DenseResponse")
        .field("input", &DenseResponse::input)
        .field("score", &DenseResponse::score)
        .field("output", &DenseResponse::output);
    crossing<DenseGradient>("DenseGradient")
        .field("dx", &DenseGradient::dx)
        .field("dweights", &DenseGradient::dweights)
        .numbers<&DenseGradient::dbias>("dbias");
    crossing<WeightNormGradient>("WeightNormGradient")
        .field("dx", &WeightNormGradient::dx)
        .field("ddirection", &WeightNormGradient::ddirection)
        .numbers<&WeightNormGradient::dmagnitude>("dmagnitude")
        .numbers<&WeightNormGradient::dbias>("dbias")
        .field("dweights", &WeightNormGradient::dweights);

    crossing<NormaliserFacts>("NormaliserFacts")
        .field("features", &NormaliserFacts::features)
        .field("parameterCount", &NormaliserFacts::parameter_count)
        .field("bufferCount", &NormaliserFacts::buffer_count)
        .field("keep", &NormaliserFacts::keep)
        .field("momentum", &NormaliserFacts::momentum);
    crossing<DenseFacts>("DenseFacts")
        .field("inputs", &DenseFacts::inputs)
        .field("outputs", &DenseFacts::outputs)
        .field("parameterCount", &DenseFacts::parameter_count);
    crossing<WeightNormFacts>("WeightNormFacts")
        .field("inputs", &WeightNormFacts::inputs)
        .field("outputs", &WeightNormFacts::outputs)
        .field("parameterCount", &WeightNormFacts::parameter_count)
        .field("effectiveWeights", &WeightNormFacts::effective_weights)
        .numbers<&WeightNormFacts::direction_lengths>("directionLengths");
    crossing<SlopeCheck>("SlopeCheck")
        .field("name", &SlopeCheck::name)
        .numbers<&SlopeCheck::analytic>("analytic")
        .numbers<&SlopeCheck::numeric>("numeric")
        .field("largestGap", &SlopeCheck::largest_gap)
        .field("largestSlope", &SlopeCheck::largest_slope);
    crossing<GradientCheck>("GradientCheck")
        .list<&GradientCheck::slopes>("slopes")
        .readout("largestGap", &GradientCheck::largest_gap);
    crossing<RunningTrace>("RunningTrace")
        .numbers<&RunningTrace::widest_gap>("widestGap")
        .list<&RunningTrace::running_mean>("runningMean")
        .list<&RunningTrace::running_variance>("runningVariance")
        .list<&RunningTrace::predicted>("predicted")
        .field("trained", &RunningTrace::trained)
        .field("finalState", &RunningTrace::final_state);
    crossing<ThresholdedTrace>("ThresholdedTrace")
        .field("trace", &ThresholdedTrace::trace)
        .list<&ThresholdedTrace::first_step_under>("firstStepUnder");

    Verbs<Normaliser>::bind("norm");
    Verbs<Dense>::bind("dense");
    Verbs<WeightNormDense>::bind("weightNorm");
    function(
        "normSpec", +[](std::string kind) { return answer([&] { return norm_spec(norm_kind_named(kind)); }); });
    function(
        "normNew", +[](const NormSpec& spec, std::size_t features) {
            return answer([&] { return Normaliser(features, spec).state(); });
        });
    function(
        "normWithScaleShift", +[](const NormaliserState& s, val scale, val shift) {
            return answer([&] {
                return Normaliser::from_state(s)
                    .with_scale_shift(boundary::numbers(scale), boundary::numbers(shift))
                    .state();
            });
        });
    function(
        "normWithRunning", +[](const NormaliserState& s, val mean, val variance) {
            return answer([&] {
                return Normaliser::from_state(s)
                    .with_running(boundary::numbers(mean), boundary::numbers(variance))
                    .state();
            });
        });
    function(
        "normNaiveBackward", +[](const NormaliserState& s, const NormResponse& r, const Block& dy) {
            return answer([&] { return naive_backward(Normaliser::from_state(s), r, dy); });
        });
    function(
        "traceRunning", +[](const NormaliserState& s, const Block& x, std::size_t steps, val thresholds) {
            return answer([&] {
                ThresholdedTrace t{trace_running_figures(Normaliser::from_state(s), x, steps), {}};
                for (double th : boundary::numbers(thresholds))
                    t.first_step_under.push_back(t.trace.first_step_under(th));
                return t;
            });
        });
    function(
        "weightNormFromDense", +[](const DenseState& d) {
            return answer([&] { return WeightNormDense::from_dense(Dense::from_state(d)).state(); });
        });
    function(
        "weightNormUnprojected", +[](const WeightNormState& s, const Block& dweights) {
            return answer([&] { return unprojected_direction_slope(WeightNormDense::from_state(s), dweights); });
        });
    function(
        "largestGap", +[](const Block& a, const Block& b) { return answer([&] { return largest_gap(a, b); }); });
    function(
        "defaultDifferenceStep", +[] { return default_difference_step; });
    function("normKindNamed", &boundary::checked_name<&norm_kind_named, &norm_kind_name>);
    function("activationNamed", &boundary::checked_name<&activation_named, &activation_name>);
}
