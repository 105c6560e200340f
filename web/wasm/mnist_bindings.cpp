// The MNIST lab across the boundary. The digits are handed over once per module instance (each
// worker has its own) and kept here; networks cross as {arrangement, values: Float32Array}.
// Every answer is a plain object or a refusal {error: {name, message}}. Adapters only.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "core/normaliser_geometry.hpp"
#include "mnist/digits.hpp"
#include "mnist/mnist_training.hpp"

using emscripten::val;
using normlab::boundary::answer;
using namespace normlab;
using namespace normlab::mnist;

namespace {

std::unique_ptr<DigitSet>& loaded() {
    static std::unique_ptr<DigitSet> digits;
    return digits;
}

const DigitSet& digits() {
    if (!loaded()) throw DataError("no digits are loaded yet: hand the asset to mnistLoadDigits first");
    return *loaded();
}

template <class T>
std::vector<T> typed(const val& array) {
    std::vector<T> v(array["length"].as<std::size_t>());
    val(emscripten::typed_memory_view(v.size(), v.data())).call<void>("set", array);
    return v;
}

template <class T>
val typed_value(const char* type, const T* data, std::size_t size) {
    return val::global(type).new_(emscripten::typed_memory_view(size, data));
}

val network_value(const MnistNetwork& net) {
    const MnistState s = net.state();
    val o = val::object();
    o.set("arrangement", std::string(arrangement_name(s.arrangement)));
    o.set("values", typed_value("Float32Array", s.values.data(), s.values.size()));
    return o;
}

MnistNetwork network(const val& v) {
    MnistState s;
    s.arrangement = mnist_arrangement_named(v["arrangement"].as<std::string>());
    s.values = typed<float>(v["values"]);
    return MnistNetwork::from_state(s);
}

TrainingOptions options(double learning_rate, std::size_t batch_size, double seed) {
    TrainingOptions o;
    o.learning_rate = learning_rate;
    o.batch_size = batch_size;
    o.seed = static_cast<std::uint64_t>(seed);
    require_options(o, digits().training_count);
    return o;
}

val load_digits_js(val bytes) {
    return answer([&] {
        const std::vector<std::uint8_t> b = typed<std::uint8_t>(bytes);
        auto d = std::make_unique<DigitSet>(read_digits(b.data(), b.size()));
        val o = val::object();
        o.set("count", d->count);
        o.set("trainingCount", d->training_count);
        o.set("heldOutCount", d->held_out_count());
        o.set("checksum", fnv1a32(b.data(), b.size()));
        loaded() = std::move(d);
        return o;
    });
}

val initial_js(std::string arrangement, double seed) {
    return answer([&] {
        const MnistNetwork net =
            MnistNetwork::initial(mnist_arrangement_named(arrangement), static_cast<std::uint64_t>(seed));
        val o = network_value(net);
        o.set("parameterCount", net.parameter_count());
        return o;
    });
}

val describe_js(std::string arrangement) {
    return answer([&] {
        const Arrangement a = mnist_arrangement_named(arrangement);
        val o = val::object();
        o.set("arrangement", arrangement);
        o.set("parameterCount", MnistNetwork::initial(a, 0).parameter_count());
        o.set("stateSize", MnistNetwork::state_size(a));
        return o;
    });
}

// Batches [first, first + count) of an epoch; short calls keep V8 tiering the code up.
val train_batches_js(val net, double learning_rate, std::size_t batch_size, double seed, std::size_t epoch,
                     std::size_t first, std::size_t count) {
    return answer([&] {
        const TrainingOptions o = options(learning_rate, batch_size, seed);
        const std::size_t total = batches_per_epoch(digits().training_count, o.batch_size);
        if (first > total || count > total - first)
            throw ShapeError("batches " + std::to_string(first) + " to " +
                             std::to_string(static_cast<unsigned long long>(first) + count) + " run past the epoch's " +
                             std::to_string(total));
        const std::vector<std::uint32_t> order = epoch_order(digits().training_count, o.seed, epoch);
        std::vector<BatchRecord> records;
        TrainingWorkspace workspace;
        const MnistNetwork next = train_batches(network(net), digits(), order, o, first, count, workspace, &records);
        std::vector<double> losses, correct;
        double loss_sum = 0;
        for (const BatchRecord& r : records) {
            losses.push_back(r.loss);
            correct.push_back(static_cast<double>(r.correct) / static_cast<double>(r.rows));
            loss_sum += r.loss;
        }
        val out = val::object();
        out.set("network", network_value(next));
        out.set("losses", normlab::boundary::numbers_value(losses));
        out.set("accuracies", normlab::boundary::numbers_value(correct));
        out.set("meanLoss", records.empty() ? 0.0 : loss_sum / static_cast<double>(records.size()));
        out.set("batchesPerEpoch", total);
        return out;
    });
}

// part: "heldOut" (the 2,000 test digits) or "training" (the 8,000 training digits).
val evaluate_js(val net, std::string part) {
    return answer([&] {
        const DigitSet& d = digits();
        if (part != "heldOut" && part != "training")
            throw OptionError("the part '" + part + "' is not one of heldOut, training");
        const Evaluation e =
            part == "training" ? evaluate(network(net), d, 0, d.training_count) : evaluate_held_out(network(net), d);
        val o = val::object();
        o.set("loss", e.loss);
        o.set("accuracy", e.accuracy());
        o.set("correct", e.correct);
        o.set("count", e.count);
        return o;
    });
}

val activations_js(val net, std::size_t shown) {
    return answer([&] {
        const ActivationReport a = activations(network(net), digits(), shown);
        val maps = val::array(), silent = val::array();
        for (std::size_t l = 0; l < hidden_layers; ++l) {
            maps.call<void>("push", typed_value("Uint8Array", a.maps[l].data(), a.maps[l].size()));
            silent.call<void>("push", a.silent[l]);
        }
        val o = val::object();
        o.set("shown", a.shown);
        o.set("units", hidden_width);
        o.set("maps", maps);
        o.set("silent", silent);
        return o;
    });
}

val classify_js(val net, val image) {
    return answer([&] {
        const std::vector<float> pixels = typed<float>(image);
        require_same(pixels.size(), digit_pixels, "drawn digit's pixel count", "28 x 28 pad's");
        const auto p = classify(network(net), pixels.data());
        const std::vector<double> out(p.begin(), p.end());
        return normlab::boundary::numbers_value(out);
    });
}

val held_out_digit_js(std::size_t index) {
    return answer([&] {
        const DigitSet& d = digits();
        if (index >= d.held_out_count())
            throw ShapeError("held-out digit " + std::to_string(index) + " does not exist; there are " +
                             std::to_string(d.held_out_count()));
        std::vector<float> pixels(digit_pixels);
        d.image(d.training_count + index, pixels.data());
        val o = val::object();
        o.set("label", d.labels[d.training_count + index]);
        o.set("pixels", typed_value("Float32Array", pixels.data(), pixels.size()));
        return o;
    });
}

val jacobian_rank_js(std::size_t width, std::size_t groups, double seed) {
    return answer([&] {
        const JacobianRank j = normaliser_jacobian_rank(width, groups, static_cast<std::uint64_t>(seed));
        val o = val::object();
        o.set("width", j.width);
        o.set("groups", j.groups);
        o.set("rank", j.rank);
        o.set("eps", geometry_eps);
        o.set("largestPivot", j.largest_pivot);
        o.set("smallestKeptPivot", j.smallest_kept_pivot);
        o.set("largestDroppedPivot", j.largest_dropped_pivot);
        return o;
    });
}

val circle_js(std::size_t count, double seed) {
    return answer([&] {
        const CirclePoints c = layer_norm_circle(count, static_cast<std::uint64_t>(seed));
        val o = val::object();
        o.set("points", normlab::boundary::numbers_value(c.points));
        o.set("outputs", normlab::boundary::numbers_value(c.outputs));
        o.set("largestPlaneOffset", c.largest_plane_offset);
        o.set("largestRadiusOffset", c.largest_radius_offset);
        o.set("largestDistance", c.largest_distance);
        o.set("eps", geometry_eps);
        return o;
    });
}

val digest_after_first_digits_js(std::string arrangement, std::size_t count) {
    return answer([&] {
        const MnistNetwork net =
            train_on_first_digits(mnist_arrangement_named(arrangement), digits(), count, TrainingOptions{});
        char hex[9];
        std::snprintf(hex, sizeof hex, "%08x", state_digest(net));
        return val(std::string(hex));
    });
}

} // namespace

EMSCRIPTEN_BINDINGS(mnist) {
    emscripten::function("mnistLoadDigits", &load_digits_js);
    emscripten::function("mnistInitial", &initial_js);
    emscripten::function("mnistDescribe", &describe_js);
    emscripten::function("mnistTrainBatches", &train_batches_js);
    emscripten::function("mnistEvaluate", &evaluate_js);
    emscripten::function("mnistActivations", &activations_js);
    emscripten::function("mnistClassify", &classify_js);
    emscripten::function("mnistHeldOutDigit", &held_out_digit_js);
    emscripten::function("mnistJacobianRank", &jacobian_rank_js);
    emscripten::function("mnistCircle", &circle_js);
    emscripten::function("mnistDigestAfterFirstDigits", &digest_after_first_digits_js);
}
