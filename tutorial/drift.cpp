#include "drift.hpp"

#include <cmath>

#include "core/dense.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "options.hpp"

namespace normlab {

namespace {

Block relu(Block x) {
    for (double& v : x.data) v = activate(Activation::Relu, v);
    return x;
}

void record(DriftRun& run, Block output) {
    run.deviation.push_back(deviation_of(output.data));
    run.mean.push_back(mean_of(output.data));
    run.outputs.push_back(std::move(output));
}

} // namespace

Drift drift_through_depth(const DriftSettings& settings) {
    require_count(settings.examples, 2, 1024, "number of examples");
    require_count(settings.width, 2, 256, "width");
    require_count(settings.layers, 1, 12, "number of layers");
    require_within(settings.weight_gain, 0, 4, "weight gain");
    Random rng(settings.seed);
    Block x(settings.examples, settings.width);
    for (double& v : x.data) v = rng.normal();
    const double spread = settings.weight_gain / std::sqrt(static_cast<double>(settings.width));
    std::vector<Dense> layers;
    for (std::size_t l = 0; l < settings.layers; ++l) {
        Block w(settings.width, settings.width);
        for (double& v : w.data) v = spread * rng.normal();
        layers.emplace_back(w, std::vector<double>(settings.width, 0.0), Activation::Identity);
    }
    const Normaliser norm(settings.width, layer_norm());

    Drift d;
    d.settings = settings;
    d.input_deviation = deviation_of(x.data);
    Block plain = x, normalised = x;
    for (const Dense& layer : layers) {
        plain = relu(layer.infer(plain));
        normalised = relu(norm.infer(layer.infer(normalised)));
        record(d.plain, plain);
        record(d.normalised, normalised);
    }
    return d;
}

} // namespace normlab
