// The MNIST lab across the boundary: declarations over mnist/lab.hpp (which holds the digits a
// module instance was handed and checks every argument's domain). Networks cross as
// {arrangement, values: Float32Array}; every answer is a declared value or a refusal
// {error: {name, message}}.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "core/normaliser_geometry.hpp"
#include "mnist/lab.hpp"

using emscripten::val;
using normlab::boundary::answer;
using namespace normlab;
using namespace normlab::mnist;

namespace {

// Adapters: JS numbers and strings to the library's types, the library's answers to values.
MnistNetwork network(const MnistState& s) { return MnistNetwork::from_state(s); }
std::uint64_t seed_of(double seed) { return static_cast<std::uint64_t>(seed); }

val load_digits_js(val bytes) {
    return answer([&] { return load_digits(boundary::typed_vector<std::uint8_t>(bytes)); });
}
val initial_js(std::string arrangement, double seed) {
    return answer([&] { return starting_network(mnist_arrangement_named(arrangement), seed_of(seed)); });
}
val describe_js(std::string arrangement) {
    return answer([&] { return describe(mnist_arrangement_named(arrangement)); });
}
val train_batches_js(MnistState net, double learning_rate, std::size_t batch_size, double seed, std::size_t epoch,
                     std::size_t first, std::size_t count) {
    return answer([&] {
        const TrainingOptions options{learning_rate, batch_size, seed_of(seed)};
        return train_part_of_epoch(network(net), options, epoch, first, count);
    });
}
val evaluate_js(MnistState net, std::string part) {
    return answer([&] { return evaluate_part(network(net), digit_part_named(part)); });
}
val activations_js(MnistState net, std::size_t shown) {
    return answer([&] { return activations(network(net), loaded_digits(), shown); });
}
val classify_js(MnistState net, val image) {
    return answer([&] {
        const auto p = classify_drawn(network(net), boundary::typed_vector<float>(image));
        return boundary::numbers_value(std::vector<double>(p.begin(), p.end()));
    });
}
val held_out_digit_js(std::size_t index) {
    return answer([&] { return held_out_digit(index); });
}
val jacobian_rank_js(std::size_t width, std::size_t groups, double seed) {
    return answer([&] { return normaliser_jacobian_rank(width, groups, seed_of(seed)); });
}
val circle_js(std::size_t count, double seed) {
    return answer([&] { return layer_norm_circle(count, seed_of(seed)); });
}
val sweep_plan_js(std::size_t digits, double base_rate) {
    return answer([&] { return boundary::list(sweep_plan(digits, base_rate)); });
}
val sweep_trial_js(std::string arrangement, std::size_t batch_size, std::size_t digits, double base_rate, double seed) {
    return answer([&] {
        return sweep_trial(mnist_arrangement_named(arrangement), batch_size, digits, base_rate, seed_of(seed));
    });
}
val digest_after_first_digits_js(std::string arrangement, std::size_t count) {
    return answer([&] { return digest_after_first_digits(mnist_arrangement_named(arrangement), count); });
}

// Read-outs: figures a value carries that are not fields of its struct.
val state_of(const BatchesRun& r) { return val(r.network.state()); }
double accuracy_of(const Evaluation& e) { return e.accuracy(); }
std::size_t units_of(const ActivationReport&) { return hidden_width; }
val maps_of(const ActivationReport& a) {
    std::vector<val> maps;
    for (const std::vector<std::uint8_t>& m : a.maps) maps.push_back(boundary::typed_array("Uint8Array", m));
    return boundary::list(maps);
}
val silent_of(const ActivationReport& a) {
    return boundary::list(std::vector<std::size_t>(a.silent.begin(), a.silent.end()));
}
template <class S>
double eps_of(const S&) {
    return geometry_eps;
}
std::string arrangement_of(const StartingNetwork& s) { return arrangement_name(s.state.arrangement); }
val values_of(const StartingNetwork& s) { return boundary::typed_array("Float32Array", s.state.values); }

} // namespace

EMSCRIPTEN_BINDINGS(mnist) {
    using boundary::crossing;
    using emscripten::function;
    crossing<MnistState>("MnistState")
        .named<&MnistState::arrangement, &arrangement_name, &mnist_arrangement_named>("arrangement")
        .floats<&MnistState::values>("values");
    crossing<StartingNetwork>("StartingNetwork")
        .readout("arrangement", &arrangement_of)
        .readout("values", &values_of)
        .field("parameterCount", &StartingNetwork::parameter_count);
    crossing<DigitsLoaded>("DigitsLoaded")
        .field("count", &DigitsLoaded::count)
        .field("trainingCount", &DigitsLoaded::training_count)
        .field("heldOutCount", &DigitsLoaded::held_out_count)
        .field("checksum", &DigitsLoaded::checksum);
    crossing<ArrangementFacts>("ArrangementFacts")
        .named<&ArrangementFacts::arrangement, &arrangement_name, &mnist_arrangement_named>("arrangement")
        .field("parameterCount", &ArrangementFacts::parameter_count)
        .field("stateSize", &ArrangementFacts::state_size);
    crossing<BatchesRun>("BatchesRun")
        .readout("network", &state_of)
        .numbers<&BatchesRun::losses>("losses")
        .numbers<&BatchesRun::accuracies>("accuracies")
        .field("meanLoss", &BatchesRun::mean_loss)
        .field("batchesPerEpoch", &BatchesRun::batches_per_epoch);
    crossing<Evaluation>("Evaluation")
        .field("loss", &Evaluation::loss)
        .readout("accuracy", &accuracy_of)
        .field("correct", &Evaluation::correct)
        .field("count", &Evaluation::count);
    crossing<SweepEntry>("SweepEntry")
        .field("batchSize", &SweepEntry::batch_size)
        .field("learningRate", &SweepEntry::learning_rate)
        .field("batches", &SweepEntry::batches);
    crossing<ActivationReport>("ActivationReport")
        .field("shown", &ActivationReport::shown)
        .readout("units", &units_of)
        .readout("maps", &maps_of)
        .readout("silent", &silent_of);
    crossing<HeldOutDigit>("HeldOutDigit").field("label", &HeldOutDigit::label).floats<&HeldOutDigit::pixels>("pixels");
    crossing<JacobianRank>("JacobianRank")
        .field("width", &JacobianRank::width)
        .field("groups", &JacobianRank::groups)
        .field("rank", &JacobianRank::rank)
        .readout("eps", &eps_of<JacobianRank>)
        .field("largestPivot", &JacobianRank::largest_pivot)
        .field("smallestKeptPivot", &JacobianRank::smallest_kept_pivot)
        .field("largestDroppedPivot", &JacobianRank::largest_dropped_pivot);
    crossing<CirclePoints>("CirclePoints")
        .numbers<&CirclePoints::points>("points")
        .numbers<&CirclePoints::outputs>("outputs")
        .field("largestPlaneOffset", &CirclePoints::largest_plane_offset)
        .field("largestRadiusOffset", &CirclePoints::largest_radius_offset)
        .field("largestDistance", &CirclePoints::largest_distance)
        .readout("eps", &eps_of<CirclePoints>);

    function("mnistLoadDigits", &load_digits_js);
    function("mnistInitial", &initial_js);
    function("mnistDescribe", &describe_js);
    function("mnistTrainBatches", &train_batches_js);
    function("mnistEvaluate", &evaluate_js);
    function("mnistActivations", &activations_js);
    function("mnistClassify", &classify_js);
    function("mnistHeldOutDigit", &held_out_digit_js);
    function("mnistJacobianRank", &jacobian_rank_js);
    function("mnistCircle", &circle_js);
    function("mnistDigestAfterFirstDigits", &digest_after_first_digits_js);
    function("mnistSweepPlan", &sweep_plan_js);
    function("mnistSweepTrial", &sweep_trial_js);
}
