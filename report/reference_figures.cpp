#include "reference_figures.hpp"

#include "core/dense.hpp"
#include "core/elementary.hpp"
#include "core/gradient_check.hpp"
#include "core/json_writer.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "core/running_trace.hpp"
#include "core/seed_blocks.hpp"
#include "core/weight_norm.hpp"
#include "widget_views.hpp"

namespace normlab {
namespace {

Block random_block(Random& rng, std::size_t rows, std::size_t cols) {
    Block b(rows, cols);
    for (double& v : b.data) v = rng.normal();
    return b;
}

void write_check(JsonWriter& j, const GradientCheck& c) {
    j.key("check").begin_object();
    for (const SlopeCheck& s : c.slopes) j.field(s.name, s.largest_gap);
    j.end_object();
}

void write_normaliser(JsonWriter& j, const std::string& name, const Normaliser& layer, const Block& x,
                      const Block& dy) {
    const NormResponse r = layer.train(x);
    const NormGradient g = layer.backward(r, dy);
    j.key(name).begin_object();
    j.field("output", r.output.data).field("mean", r.mean).field("variance", r.variance);
    j.field("deviation", r.deviation).field("predicted", layer.infer(x).data);
    j.field("dx", g.dx.data).field("dscale", g.dscale).field("dshift", g.dshift);
    j.field("naive", naive_backward(layer, r, dy).data);
    j.field("stepped_scale", layer.step(g, 0.1).scale());
    write_check(j, check_gradient(layer, x, dy));
    j.end_object();
}

} // namespace

std::string reference_figures_json() {
    JsonWriter j;
    j.begin_object();

    const Block four = whole_number_four();
    const Block table = tutorial_table();
    j.key("whole_number_four").begin_object();
    write_normaliser(j, "batch", Normaliser(2, batch_norm()), four, counting_slope(4, 2));
    write_normaliser(j, "layer", Normaliser(2, layer_norm()), four, counting_slope(4, 2));
    write_normaliser(j, "rms", Normaliser(2, rms_norm()), four, counting_slope(4, 2));
    const RunningTrace t = trace_running_figures(Normaliser(2, batch_norm()), four, 100);
    j.field("widest_gap", t.widest_gap).field("first_under_0.01", t.first_step_under(0.01));
    j.field("first_under_0.001", t.first_step_under(0.001));
    j.end_object();

    j.key("tutorial_table").begin_object();
    write_normaliser(j, "batch", Normaliser(3, batch_norm()), table, counting_slope(4, 3));
    write_normaliser(j, "layer", Normaliser(3, layer_norm()), table, counting_slope(4, 3));
    write_normaliser(j, "rms", Normaliser(3, rms_norm()), table, counting_slope(4, 3));
    j.end_object();

    Random rng(20261130);
    j.key("random").begin_object();
    const std::pair<const char*, NormSpec> members[] = {{"batch", batch_norm()},
                                                        {"layer", layer_norm()},
                                                        {"rms", rms_norm().with_learned_shift(true)},
                                                        {"group", group_norm(3)}};
    for (const auto& m : members) {
        const Block x = random_block(rng, 5, 6), dy = random_block(rng, 5, 6);
        std::vector<double> scale(6), shift(6);
        for (std::size_t k = 0; k < 6; ++k) {
            scale[k] = 1.0 + 0.5 * rng.normal();
            shift[k] = rng.normal();
        }
        write_normaliser(j, m.first, Normaliser(6, m.second).with_scale_shift(scale, shift), x, dy);
    }
    const std::pair<const char*, Activation> activations[] = {{"identity", Activation::Identity},
                                                              {"relu", Activation::Relu},
                                                              {"tanh", Activation::Tanh},
                                                              {"sigmoid", Activation::Sigmoid}};
    for (const auto& a : activations) {
        const Dense d(random_block(rng, 3, 4), {0.1, -0.1, 0.2, 0.0}, a.second);
        const Block x = random_block(rng, 5, 3), dy = random_block(rng, 5, 4);
        const DenseResponse r = d.train(x);
        const DenseGradient g = d.backward(r, dy);
        j.key(std::string("dense_") + a.first).begin_object();
        j.field("output", r.output.data).field("dx", g.dx.data).field("dweights", g.dweights.data);
        j.field("dbias", g.dbias);
        j.end_object();
    }
    {
        const WeightNormDense w(random_block(rng, 3, 4), {1.0, 2.5, 0.5, 1.5}, {0.0, 0.1, -0.1, 0.2}, Activation::Tanh);
        const Block x = random_block(rng, 5, 3), dy = random_block(rng, 5, 4);
        const WeightNormGradient g = w.backward(w.train(x), dy);
        j.key("weight_norm").begin_object();
        j.field("output", w.infer(x).data).field("ddirection", g.ddirection.data).field("dmagnitude", g.dmagnitude);
        j.field("unprojected", unprojected_direction_slope(w, g.dweights).data);
        j.field("stepped_lengths", w.step(g, 0.1).direction_lengths());
        write_check(j, check_gradient(w, x, dy));
        j.end_object();
    }
    j.end_object();

    j.key("views").begin_object();
    for (const char* which : {"batch-four", "layer-three", "layer-four"})
        j.key(which).raw(gradient_check_view(which, gradient_check_default_slope(which)));
    j.key("two_numbers").raw(two_numbers_view());
    j.key("weight_norm").raw(weight_norm_view());
    j.key("behaviours").raw(behaviours_view());
    j.key("checklist").raw(checklist_view());
    j.end_object();

    j.key("elementary").begin_object();
    std::vector<double> e, l, th, s;
    for (int k = -400; k <= 400; ++k) {
        const double x = k * 0.0731;
        e.push_back(normlab::exp(x));
        th.push_back(normlab::tanh(x / 7));
        s.push_back(sigmoid(x));
        l.push_back(normlab::log(normlab::exp(x / 9) + 0.25));
    }
    j.field("exp", e).field("log", l).field("tanh", th).field("sigmoid", s);
    j.end_object();

    j.end_object();
    return j.str();
}

} // namespace normlab
