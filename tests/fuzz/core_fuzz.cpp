#include "core_fuzz.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "core/normaliser_geometry.hpp"
#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "fuzz_input.hpp"
#include "json_check.hpp"
#include "mnist/digits.hpp"
#include "mnist/mnist_network.hpp"
#include "mnist/mnist_training.hpp"
#include "report/normlab_report.hpp"
#include "tutorial/normlab_tutorial.hpp"

namespace normlab::fuzz {
namespace {

std::uint64_t calls = 0;

// What escaped a call that is not a refusal: the call's name and what was thrown.
struct Finding : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One call into the core: a NormError is the core refusing, as it should; anything else escapes
// as a Finding naming the call.
template <class F>
void call(const char* name, F&& f) {
    ++calls;
    try {
        f();
    } catch (const NormError&) {
    } catch (const Finding&) {
        throw;
    } catch (const std::exception& e) {
        throw Finding(std::string(name) + " let an untyped " + typeid(e).name() + " escape: " + e.what());
    } catch (...) {
        throw Finding(std::string(name) + " let a non-exception escape");
    }
}

void expect(bool holds, const std::string& what) {
    if (!holds) throw Finding(what);
}

void expect_json(const std::string& text, const char* what) {
    expect(is_json(text), std::string(what) + " printed text that is not JSON: " + text.substr(0, 200));
}

// A handful of values of one kind; new ones replace old ones once the pool is full.
template <class T>
struct Pool {
    std::vector<T> items;
    void keep(T v, FuzzInput& in) {
        if (items.size() < 4)
            items.push_back(std::move(v));
        else
            items[in.choice(items.size())] = std::move(v);
    }
    const T* pick(FuzzInput& in) const { return items.empty() ? nullptr : &items[in.choice(items.size())]; }
};

const std::vector<std::string> norm_kind_words = {"batch", "layer", "rms", "group", "", "Batch"};
const std::vector<std::string> activation_words = {"identity", "relu", "tanh", "sigmoid", ""};
const std::vector<std::string> arrangement_words = {"plain", "batch", "layer", "rms", "weightNorm", "group", ""};
const std::vector<std::string> view_words = {"batch-four", "layer-three", "layer-four", ""};

struct Programme {
    FuzzInput in;
    Pool<Block> blocks;
    Pool<Normaliser> norms;
    Pool<NormResponse> norm_responses;
    Pool<NormGradient> norm_gradients;
    Pool<Dense> denses;
    Pool<WeightNormDense> weight_norms;
    Pool<DenseResponse> dense_responses;
    Pool<DenseGradient> dense_gradients;
    Pool<WeightNormGradient> weight_norm_gradients;
    Pool<CrowdNetwork> networks;
    Pool<NetworkResponse> network_responses;
    Pool<NetworkGradient> network_gradients;
    Pool<mnist::MnistNetwork> mnist_networks;
    Pool<mnist::MnistResponse> mnist_responses;
    Pool<mnist::MnistGradient> mnist_gradients;

    Programme(const std::uint8_t* data, std::size_t size) : in(data, size) {}

    // ---- values a caller could hand in ---------------------------------------------------------

    // A block shaped for a layer of the given width, or a pool block, or anything.
    Block block_for(std::size_t cols) {
        const std::uint8_t how = in.byte();
        if (how < 40) {
            if (const Block* b = blocks.pick(in)) return *b;
        }
        const std::size_t rows = 1 + in.byte() % 5;
        return in.block(rows, cols == 0 || cols > 64 ? 1 + in.byte() % 4 : cols);
    }

    std::vector<double> numbers_of(std::size_t n) {
        if (in.byte() < 40 || n > 64) return in.numbers();
        std::vector<double> v(n);
        const bool plain = in.flip();
        for (double& x : v) x = plain ? static_cast<double>(static_cast<int>(in.byte() % 9) - 4) : in.number();
        return v;
    }

    NormSpec spec() {
        NormSpec s;
        switch (in.choice(6)) {
            case 0:
                s = batch_norm();
                break;
            case 1:
                s = layer_norm();
                break;
            case 2:
                s = rms_norm();
                break;
            case 3:
                s = group_norm(in.count(4));
                break;
            case 4:
                s.kind = static_cast<NormKind>(in.byte() % 6);
                break;
            default:
                s = norm_kind_named(in.text(norm_kind_words)) == NormKind::Group ? group_norm(2) : batch_norm();
        }
        if (in.flip()) s = s.with_eps(in.number());
        if (in.flip()) s = in.flip() ? s.with_keep(in.number()) : s.with_momentum(in.number());
        if (in.flip()) s = s.with_unbiased_running(in.flip());
        if (in.flip()) s = s.with_learned_shift(in.flip());
        if (in.byte() < 30) {
            // Fields set directly, as a caller building the struct by hand could.
            s.groups = in.count(4);
            s.eps = in.number();
            s.rate.value = in.number();
            s.rate.convention = static_cast<RunningRate::Convention>(in.byte() % 3);
        }
        return s;
    }

    Activation activation() {
        if (in.byte() < 200) return static_cast<Activation>(in.byte() % 4);
        return static_cast<Activation>(in.byte() % 7);
    }

    // ---- edits: a value taken from one layer and changed before it is handed to another ------

    void edit(Block& b) {
        switch (in.choice(5)) {
            case 0:
                b = in.block();
                break;
            case 1:
                b.rows = in.count();
                break;
            case 2:
                b.cols = in.count();
                break;
            case 3:
                if (!b.data.empty()) b.data[in.byte() % b.data.size()] = in.number();
                break;
            default:
                b.data.resize(in.byte() % 9);
        }
    }
    void edit(std::vector<double>& v) {
        if (in.flip() && !v.empty())
            v[in.byte() % v.size()] = in.number();
        else
            v.resize(in.byte() % 9);
    }
    void edit(NormResponse& r) {
        switch (in.choice(5)) {
            case 0:
                edit(r.output);
                break;
            case 1:
                edit(r.standardised);
                break;
            case 2:
                edit(r.mean);
                break;
            case 3:
                edit(r.variance);
                break;
            default:
                edit(r.deviation);
        }
    }
    void edit(NormGradient& g) {
        switch (in.choice(7)) {
            case 0:
                edit(g.dx);
                break;
            case 1:
                edit(g.dscale);
                break;
            case 2:
                edit(g.dshift);
                break;
            case 3:
                edit(g.mean);
                break;
            case 4:
                edit(g.variance);
                break;
            default:
                g.rows = in.count();
        }
    }
    void edit(DenseResponse& r) {
        switch (in.choice(3)) {
            case 0:
                edit(r.input);
                break;
            case 1:
                edit(r.score);
                break;
            default:
                edit(r.output);
        }
    }
    void edit(DenseGradient& g) {
        switch (in.choice(3)) {
            case 0:
                edit(g.dx);
                break;
            case 1:
                edit(g.dweights);
                break;
            default:
                edit(g.dbias);
        }
    }
    void edit(WeightNormGradient& g) {
        switch (in.choice(5)) {
            case 0:
                edit(g.dx);
                break;
            case 1:
                edit(g.ddirection);
                break;
            case 2:
                edit(g.dmagnitude);
                break;
            case 3:
                edit(g.dbias);
                break;
            default:
                edit(g.dweights);
        }
    }
    void edit(NetworkResponse& r) {
        switch (in.choice(4)) {
            case 0:
                edit(r.hidden);
                break;
            case 1:
                edit(r.output);
                break;
            case 2:
                if (const NormResponse* n = norm_responses.pick(in))
                    r.norm = *n;
                else
                    r.norm.reset();
                break;
            default:
                r.norm.reset();
        }
    }
    void edit(NetworkGradient& g) {
        switch (in.choice(5)) {
            case 0:
                if (const DenseGradient* d = dense_gradients.pick(in)) g.hidden = *d;
                break;
            case 1:
                if (const WeightNormGradient* w = weight_norm_gradients.pick(in)) g.hidden = *w;
                break;
            case 2:
                if (const NormGradient* n = norm_gradients.pick(in))
                    g.norm = *n;
                else
                    g.norm.reset();
                break;
            case 3:
                g.norm.reset();
                break;
            default:
                edit(g.output);
        }
    }

    void edit(std::vector<float>& v) {
        if (in.flip() && !v.empty())
            v[in.byte() % v.size()] = static_cast<float>(in.number());
        else
            v.resize(in.flip() ? in.byte() % 9 : v.size() + 1);
    }
    void edit(mnist::MnistResponse& r) {
        mnist::HiddenResponse& h = r.hidden[in.byte() % r.hidden.size()];
        switch (in.choice(6)) {
            case 0:
                r.rows = in.count();
                break;
            case 1:
                edit(r.probabilities);
                break;
            case 2:
                edit(r.logits);
                break;
            case 3:
                edit(r.probabilities);
                break;
            case 4:
                edit(h.standardised);
                break;
            default:
                edit(in.flip() ? h.deviation : h.pre);
        }
    }
    void edit(mnist::MnistGradient& g) {
        switch (in.choice(4)) {
            case 0:
                g.rows = in.count();
                break;
            case 1:
                edit(g.dense[in.byte() % g.dense.size()].weight);
                break;
            case 2:
                edit(g.norm[in.byte() % g.norm.size()].scale);
                break;
            default:
                edit(g.norm[in.byte() % g.norm.size()].running_variance);
        }
    }

    // A value from the pool, sometimes edited; or none.
    template <class T>
    std::optional<T> taken(const Pool<T>& pool) {
        const T* v = pool.pick(in);
        if (!v) return std::nullopt;
        T copy = *v;
        if (in.byte() < 90) edit(copy);
        return copy;
    }

    // ---- the steps of a programme --------------------------------------------------------------

    void blocks_and_sums() {
        switch (in.choice(8)) {
            case 0:
                blocks.keep(in.block(), in);
                break;
            case 1:
                call("Block::from_rows", [&] {
                    std::vector<std::vector<double>> rows(in.byte() % 5);
                    for (auto& r : rows) r = in.numbers(4);
                    blocks.keep(Block::from_rows(rows), in);
                });
                break;
            case 2:
                call("Block::from_flat", [&] {
                    const std::size_t r = in.count(4, true), c = in.count(4, true);
                    blocks.keep(Block::from_flat(r, c, in.numbers(8)), in);
                });
                break;
            case 3:
                call("Block(rows, cols)", [&] {
                    const std::size_t r = in.count(4), c = in.count(4);
                    Block b(r, c, in.number());
                    if (b.size() <= 64) blocks.keep(b, in);
                });
                break;
            case 4:
                call("Block::reshape", [&] {
                    Block b = in.block();
                    b.reshape(in.count(4), in.count(4));
                    if (b.size() <= 64) blocks.keep(b, in);
                });
                break;
            case 5: {
                const Block a = block_for(0);
                call("column_sums", [&] { column_sums(a); });
                call("row_sums", [&] { row_sums(a); });
                call("largest_magnitude", [&] { largest_magnitude(a); });
                call("Block::transposed", [&] { a.transposed(); });
                call("Block::row", [&] { a.row(in.count(4)); });
                call("Block::column", [&] { a.column(in.count(4)); });
                break;
            }
            case 6: {
                const Block a = block_for(0), b = block_for(a.cols);
                call("largest_gap(Block)", [&] { largest_gap(a, b); });
                call("largest_gap(vector)", [&] { largest_gap(in.numbers(), in.numbers()); });
                break;
            }
            default:
                call("filled", [&] { filled(in.count(4), in.number(), "fuzz"); });
        }
    }

    void normalisers() {
        switch (in.choice(10)) {
            case 0:
                call("Normaliser()", [&] {
                    const std::size_t features = in.count(5);
                    norms.keep(Normaliser(features, spec()), in);
                });
                break;
            case 1:
                call("Normaliser::from_state", [&] {
                    NormaliserState s;
                    if (const Normaliser* n = norms.pick(in)) s = n->state();
                    switch (in.choice(6)) {
                        case 0:
                            s.spec = spec();
                            break;
                        case 1:
                            edit(s.scale);
                            break;
                        case 2:
                            edit(s.shift);
                            break;
                        case 3:
                            edit(s.running_mean);
                            break;
                        case 4:
                            edit(s.running_variance);
                            break;
                        default:
                            break;
                    }
                    norms.keep(Normaliser::from_state(s), in);
                });
                break;
            case 2:
                if (const Normaliser* n = norms.pick(in)) {
                    call("Normaliser::with_scale_shift", [&] {
                        norms.keep(n->with_scale_shift(numbers_of(n->features()), numbers_of(n->features())), in);
                    });
                }
                break;
            case 3:
                if (const Normaliser* n = norms.pick(in)) {
                    call("Normaliser::with_running", [&] {
                        norms.keep(n->with_running(numbers_of(n->features()), numbers_of(n->features())), in);
                    });
                }
                break;
            case 4:
                if (const Normaliser* n = norms.pick(in)) {
                    const Block x = block_for(n->features());
                    call("Normaliser::infer", [&] { n->infer(x); });
                    call("Normaliser::train", [&] { norm_responses.keep(n->train(x), in); });
                }
                break;
            case 5:
                if (const Normaliser* n = norms.pick(in)) {
                    if (auto r = taken(norm_responses)) {
                        const Block dy = block_for(r->output.cols);
                        call("Normaliser::backward", [&] { norm_gradients.keep(n->backward(*r, dy), in); });
                    }
                }
                break;
            case 6:
                if (const Normaliser* n = norms.pick(in)) {
                    if (auto g = taken(norm_gradients)) {
                        const double rate = in.number();
                        call("Normaliser::step", [&] { norms.keep(n->step(*g, rate), in); });
                    }
                }
                break;
            case 7:
                if (const Normaliser* n = norms.pick(in)) {
                    if (auto r = taken(norm_responses)) {
                        const Block dy = block_for(r->output.cols);
                        call("naive_backward", [&] { naive_backward(*n, *r, dy); });
                    }
                }
                break;
            case 8:
                if (const Normaliser* n = norms.pick(in)) {
                    const Block x = block_for(n->features()), dy = block_for(x.cols);
                    const double h = in.byte() < 200 ? default_difference_step : in.number();
                    call("check_gradient(Normaliser)", [&] { check_gradient(*n, x, dy, h); });
                }
                break;
            default:
                if (const Normaliser* n = norms.pick(in)) {
                    const Block x = block_for(n->features());
                    const std::size_t steps = in.byte() < 220 ? in.byte() % 9 : in.count(4, true);
                    call("trace_running_figures", [&] { trace_running_figures(*n, x, steps); });
                }
        }
    }

    void dense_layers() {
        switch (in.choice(9)) {
            case 0:
                call("Dense()", [&] {
                    const Block w = block_for(0);
                    denses.keep(Dense(w, numbers_of(w.cols), activation()), in);
                });
                break;
            case 1:
                call("Dense::from_state", [&] {
                    DenseState s;
                    if (const Dense* d = denses.pick(in)) s = d->state();
                    if (in.flip()) edit(s.weights);
                    if (in.flip()) edit(s.bias);
                    if (in.byte() < 40) s.activation = activation();
                    denses.keep(Dense::from_state(s), in);
                });
                break;
            case 2:
                call("WeightNormDense()", [&] {
                    const Block v = block_for(0);
                    weight_norms.keep(WeightNormDense(v, numbers_of(v.cols), numbers_of(v.cols), activation()), in);
                });
                break;
            case 3:
                call("WeightNormDense::from_state", [&] {
                    WeightNormState s;
                    if (const WeightNormDense* w = weight_norms.pick(in)) s = w->state();
                    switch (in.choice(4)) {
                        case 0:
                            edit(s.direction);
                            break;
                        case 1:
                            edit(s.magnitude);
                            break;
                        case 2:
                            edit(s.bias);
                            break;
                        default:
                            s.activation = activation();
                    }
                    weight_norms.keep(WeightNormDense::from_state(s), in);
                });
                break;
            case 4:
                if (const Dense* d = denses.pick(in)) {
                    call("WeightNormDense::from_dense",
                         [&] { weight_norms.keep(WeightNormDense::from_dense(*d), in); });
                }
                break;
            case 5:
                if (const Dense* d = denses.pick(in)) {
                    const Block x = block_for(d->inputs());
                    call("Dense::infer", [&] { d->infer(x); });
                    call("Dense::train", [&] { dense_responses.keep(d->train(x), in); });
                    if (auto r = taken(dense_responses)) {
                        const Block dy = block_for(r->output.cols);
                        call("Dense::backward", [&] { dense_gradients.keep(d->backward(*r, dy), in); });
                    }
                    if (auto g = taken(dense_gradients)) {
                        const double rate = in.number();
                        call("Dense::step", [&] { denses.keep(d->step(*g, rate), in); });
                    }
                }
                break;
            case 6:
                if (const WeightNormDense* w = weight_norms.pick(in)) {
                    const Block x = block_for(w->direction().rows);
                    call("WeightNormDense::infer", [&] { w->infer(x); });
                    call("WeightNormDense::train", [&] { dense_responses.keep(w->train(x), in); });
                    call("WeightNormDense::effective_weights", [&] { w->effective_weights(); });
                    call("WeightNormDense::as_dense", [&] { denses.keep(w->as_dense(), in); });
                    if (auto r = taken(dense_responses)) {
                        const Block dy = block_for(r->output.cols);
                        call("WeightNormDense::backward", [&] { weight_norm_gradients.keep(w->backward(*r, dy), in); });
                    }
                    if (auto g = taken(weight_norm_gradients)) {
                        const double rate = in.number();
                        call("WeightNormDense::step", [&] { weight_norms.keep(w->step(*g, rate), in); });
                    }
                }
                break;
            case 7:
                if (const WeightNormDense* w = weight_norms.pick(in)) {
                    const Block dw = block_for(w->direction().cols);
                    call("unprojected_direction_slope", [&] { unprojected_direction_slope(*w, dw); });
                }
                break;
            default: {
                const double h = in.byte() < 200 ? default_difference_step : in.number();
                if (in.flip()) {
                    if (const Dense* d = denses.pick(in)) {
                        const Block x = block_for(d->inputs()), dy = block_for(d->outputs());
                        call("check_gradient(Dense)", [&] { check_gradient(*d, x, dy, h); });
                    }
                } else if (const WeightNormDense* w = weight_norms.pick(in)) {
                    const Block x = block_for(w->direction().rows), dy = block_for(w->direction().cols);
                    call("check_gradient(WeightNormDense)", [&] { check_gradient(*w, x, dy, h); });
                }
            }
        }
    }

    Block crowd_input() {
        if (in.byte() < 160) return the_crowd().measurements;
        return block_for(2);
    }

    void networks_and_losses() {
        switch (in.choice(9)) {
            case 0:
                call("CrowdNetwork::initial", [&] {
                    Random rng(in.u64());
                    const Arrangement a = in.byte() < 220 ? static_cast<Arrangement>(in.byte() % 6)
                                                          : static_cast<Arrangement>(in.byte() % 9);
                    networks.keep(CrowdNetwork::initial(a, rng), in);
                });
                break;
            case 1:
                if (const CrowdNetwork* n = networks.pick(in)) {
                    const Block x = crowd_input();
                    call("CrowdNetwork::infer", [&] { n->infer(x); });
                    call("CrowdNetwork::train", [&] { network_responses.keep(n->train(x), in); });
                }
                break;
            case 2:
                if (const CrowdNetwork* n = networks.pick(in)) {
                    if (auto r = taken(network_responses)) {
                        const Block dlogits = block_for(1);
                        call("CrowdNetwork::backward", [&] { network_gradients.keep(n->backward(*r, dlogits), in); });
                    }
                }
                break;
            case 3:
                if (const CrowdNetwork* n = networks.pick(in)) {
                    if (auto g = taken(network_gradients)) {
                        const double rate = in.number();
                        call("CrowdNetwork::step", [&] { networks.keep(n->step(*g, rate), in); });
                        call("flatten", [&] { flatten(*g); });
                    }
                }
                break;
            case 4:
                if (const CrowdNetwork* n = networks.pick(in)) {
                    call("CrowdNetwork::with_parameters", [&] {
                        std::vector<double> p = n->parameters();
                        if (in.flip()) edit(p);
                        networks.keep(n->with_parameters(p), in);
                    });
                }
                break;
            case 5: {
                const Block logits = block_for(1);
                const std::vector<double> labels = numbers_of(logits.rows);
                call("binary_cross_entropy", [&] { binary_cross_entropy(logits, labels); });
                call("accuracy", [&] { accuracy(logits, labels); });
                call("correct_count", [&] { correct_count(logits, labels); });
                break;
            }
            case 6:
                if (const CrowdNetwork* n = networks.pick(in)) {
                    const Block x = crowd_input();
                    const std::vector<double> labels = in.byte() < 160 ? the_crowd().labels : numbers_of(x.rows);
                    const std::size_t epochs = in.byte() % 4;
                    const auto recording = static_cast<Recording>(in.byte() % 3);
                    call("train_crowd_network", [&] { train_crowd_network(*n, x, labels, epochs, recording); });
                }
                break;
            case 7: {
                const Block x = block_for(0);
                call("standard_units_of", [&] { standard_units_of(x); });
                break;
            }
            default:
                call("arrangement_named", [&] { arrangement_named(in.text(arrangement_words)); });
                call("activation_named", [&] { activation_named(in.text(activation_words)); });
                call("norm_kind_named", [&] { norm_kind_named(in.text(norm_kind_words)); });
        }
    }

    Crowd crowd() {
        if (in.byte() < 128) return the_crowd();
        Crowd c;
        c.measurements = block_for(2);
        c.labels = numbers_of(c.measurements.rows);
        return c;
    }

    std::string crowd_csv() {
        std::string text = "# a crowd\nheight_cm,weight_kg,adult\n";
        const std::size_t rows = in.count(4);
        for (std::size_t k = 0; k < rows && k < 8; ++k) {
            text += format_number(in.number()) + "," + format_number(in.number()) + "," +
                    format_number(static_cast<double>(in.byte() % 3));
            text += in.byte() < 230 ? "\n" : in.text({",", "\r\n", " ", "#", "\"\n"});
        }
        if (in.byte() < 40) text[in.byte() % text.size()] = static_cast<char>(in.byte());
        return text;
    }

    void crowd_and_experiments() {
        switch (in.choice(9)) {
            case 0:
                call("parse_crowd_csv", [&] { parse_crowd_csv(crowd_csv()); });
                break;
            case 1:
                call("Crowd::subset", [&] {
                    std::vector<std::size_t> people(in.byte() % 6);
                    for (auto& p : people) p = in.byte() < 200 ? in.byte() % 27 : in.count();
                    crowd().subset(people);
                });
                break;
            case 2:
                call("Random::below", [&] {
                    Random rng(in.u64());
                    const std::uint64_t n = in.byte() < 128 ? in.count() : in.u64();
                    const std::uint64_t k = rng.below(n);
                    expect(k < n, "Random::below(" + std::to_string(n) + ") answered " + std::to_string(k));
                    rng.uniform();
                    rng.normal();
                });
                break;
            case 3:
                call("crowd_folds_for", [&] {
                    const std::size_t seed = in.u64(), people = in.byte() < 220 ? in.byte() % 40 : in.count();
                    crowd_folds_for(seed, people);
                });
                break;
            case 4:
                call("run_comparison", [&] {
                    const std::size_t plan = comparison_plan().size();
                    const std::size_t starts[] = {plan - 1, plan, plan + 1, in.count(), in.byte() % plan};
                    const std::size_t begin = starts[in.choice(5)];
                    const std::size_t end = in.flip() ? begin + in.byte() % 2 : in.count();
                    Crowd c = crowd();
                    if (begin + 1 < plan && end > begin + 1) return; // many trainings: too slow for a fuzz step
                    const auto results = run_comparison(begin, end, c);
                    expect_json(comparison_json(results), "comparison_json");
                });
                break;
            case 5:
                call("summarise_comparison", [&] {
                    std::vector<TrainingResult> results(in.byte() % 30);
                    for (TrainingResult& r : results) {
                        r.seed = in.byte() < 200 ? in.byte() % 6 : in.count();
                        r.fold = in.byte() < 200 ? in.byte() % 6 : in.count();
                        r.arrangement = static_cast<Arrangement>(in.byte() % 7);
                        r.train_accuracy = in.number();
                        r.heldout_correct = in.count();
                        r.heldout_count = in.count();
                        r.final_loss = in.number();
                    }
                    summarise_comparison(results);
                    expect_json(comparison_json(results), "comparison_json");
                });
                break;
            case 6:
                if (in.byte() < 32) {
                    call("whole_crowd_run", [&] {
                        const auto a = static_cast<Arrangement>(in.byte() % 7);
                        const std::size_t seed = in.u64();
                        const Crowd c = crowd();
                        whole_crowd_run(a, seed, c);
                    });
                }
                break;
            case 7:
                call("gradient_check_view", [&] {
                    const std::string which = in.text(view_words);
                    const Block dy = in.flip() ? gradient_check_default_slope(which) : block_for(2);
                    expect_json(gradient_check_view(which, dy), "gradient_check_view");
                });
                break;
            default:
                json_and_numbers();
        }
    }

    void json_and_numbers() {
        call("format_number", [&] {
            const double v = in.number();
            const std::string s = format_number(v);
            if (v == v && v - v == 0) {
                expect(std::strtod(s.c_str(), nullptr) == v, "format_number(" + s + ") does not read back");
            }
        });
        call("JsonWriter", [&] {
            JsonWriter j;
            j.begin_object();
            const std::size_t fields = in.byte() % 6;
            for (std::size_t k = 0; k < fields; ++k) {
                j.key(in.text({"a", "\"", "\\", "\n", "\x01", "\xff"}));
                switch (in.choice(4)) {
                    case 0:
                        j.value(in.number());
                        break;
                    case 1:
                        j.value(in.text({"x", "\x7f", "\t"}));
                        break;
                    case 2:
                        j.value(in.flip());
                        break;
                    default:
                        j.value(in.numbers());
                }
            }
            j.end_object();
            expect_json(j.str(), "JsonWriter");
        });
    }

    // The tutorial's instruments: each view is JSON for the page, whatever it is asked.
    void tutorial_views() {
        switch (in.choice(9)) {
            case 0:
                call("bowl_view", [&] {
                    const std::string which = in.text({"stretched", "round", ""});
                    const double rate = in.number();
                    const std::size_t steps = in.byte() < 200 ? in.byte() % 40 : in.count();
                    expect_json(bowl_view(which, rate, steps), "bowl_view");
                });
                break;
            case 1:
                call("drift_view", [&] {
                    const std::uint64_t seed = in.u64();
                    // A legal drift is slow (layers x 256 x 64 x 64): mostly one layer, or out of range.
                    const std::size_t layers = in.byte() < 220 ? in.byte() % 2 : in.count(), bins = in.count(12);
                    expect_json(drift_view(seed, layers, bins), "drift_view");
                });
                break;
            case 2:
                call("mean_and_spread_view",
                     [&] { expect_json(mean_and_spread_view(in.numbers()), "mean_and_spread_view"); });
                break;
            case 3:
                call("batch_by_hand_view", [&] {
                    const Block table = block_for(3);
                    expect_json(batch_by_hand_view(table, numbers_of(table.cols), numbers_of(table.cols)),
                                "batch_by_hand_view");
                });
                break;
            case 4:
                call("batch_size_view", [&] {
                    const std::uint64_t seed = in.u64();
                    expect_json(batch_size_view(seed, in.count(8)), "batch_size_view");
                });
                break;
            case 5:
                call("under_each_toggle_view",
                     [&] { expect_json(under_each_toggle_view(block_for(3)), "under_each_toggle_view"); });
                break;
            case 6:
                call("residual_stacks_view", [&] {
                    const std::uint64_t seed = in.u64();
                    expect_json(residual_stacks_view(seed, in.count(3)), "residual_stacks_view");
                });
                break;
            case 7:
                call("parameter_count_view",
                     [&] { expect_json(parameter_count_view(in.count(8)), "parameter_count_view"); });
                break;
            default:
                call("histogram", [&] { histogram(in.numbers(), in.count(8)); });
                call("mean_of", [&] { mean_of(in.numbers()); });
        }
    }

    // The digit reader, a classic parser of untrusted bytes: mostly a header that reads, then
    // counts, labels and pixels as the input spells them.
    mnist::DigitSet digits() {
        std::vector<std::uint8_t> bytes;
        if (in.byte() < 200) {
            const char* header = "NLDIGITS";
            bytes.assign(header, header + 8);
            const std::uint32_t count = in.byte() < 200 ? 2 + in.byte() % 3 : static_cast<std::uint32_t>(in.u64());
            const std::uint32_t fields[] = {count, in.byte() < 200 ? 1u : static_cast<std::uint32_t>(in.u64()),
                                            in.byte() < 230 ? 28u : in.byte(), in.byte() < 230 ? 28u : in.byte()};
            for (std::uint32_t f : fields)
                for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<std::uint8_t>(f >> (8 * k)));
            const std::size_t body = std::min<std::size_t>(count, 4) * (1 + mnist::digit_pixels);
            const std::size_t length = in.byte() < 220 ? body : in.byte() % 64;
            for (std::size_t k = 0; k < length; ++k)
                bytes.push_back(k < std::min<std::size_t>(count, 4) ? in.byte() % 11 : in.byte());
        } else {
            const std::size_t n = in.byte();
            for (std::size_t k = 0; k < n; ++k) bytes.push_back(in.byte());
        }
        return mnist::read_digits(bytes.data(), bytes.size());
    }

    Arrangement mnist_arrangement() {
        return static_cast<Arrangement>(in.byte() < 230 ? in.byte() % 4 : in.byte() % 7);
    }

    void mnist_networks_and_digits() {
        switch (in.choice(8)) {
            case 0:
                call("MnistNetwork::initial", [&] {
                    const auto a = mnist_arrangement();
                    mnist_networks.keep(mnist::MnistNetwork::initial(a, in.u64()), in);
                });
                break;
            case 1:
                call("MnistNetwork::from_state", [&] {
                    mnist::MnistState s;
                    if (const mnist::MnistNetwork* n = mnist_networks.pick(in)) s = n->state();
                    if (in.flip()) s.arrangement = mnist_arrangement();
                    if (in.flip()) edit(s.values);
                    mnist_networks.keep(mnist::MnistNetwork::from_state(s), in);
                });
                break;
            case 2:
                if (const mnist::MnistNetwork* n = mnist_networks.pick(in)) {
                    const std::size_t rows = 1 + in.byte() % 3;
                    std::vector<float> x(rows * mnist::input_width);
                    for (float& v : x)
                        v = in.byte() < 250 ? static_cast<float>(in.byte()) / 255.0f : static_cast<float>(in.number());
                    if (in.byte() % 2)
                        call("MnistNetwork::train", [&] { mnist_responses.keep(n->train(x.data(), rows), in); });
                    else
                        call("MnistNetwork::infer", [&] { mnist_responses.keep(n->infer(x.data(), rows), in); });
                    call("classify", [&] { mnist::classify(*n, x.data()); });
                }
                break;
            case 3:
                if (const mnist::MnistNetwork* n = mnist_networks.pick(in)) {
                    if (auto r = taken(mnist_responses)) {
                        // The labels are a pointer: as many as the response says it has rows, or none.
                        const std::size_t rows = r->rows <= 64 ? r->rows : 0;
                        std::vector<std::uint8_t> labels(rows);
                        for (auto& l : labels) l = in.byte() % 12;
                        if (rows == r->rows)
                            call("MnistNetwork::backward",
                                 [&] { mnist_gradients.keep(n->backward(*r, labels.data()), in); });
                    }
                }
                break;
            case 4:
                if (const mnist::MnistNetwork* n = mnist_networks.pick(in)) {
                    if (auto g = taken(mnist_gradients)) {
                        const auto rate = static_cast<float>(in.number());
                        call("MnistNetwork::step", [&] { mnist_networks.keep(n->step(*g, rate), in); });
                    }
                }
                break;
            case 5:
                call("read_digits", [&] {
                    const mnist::DigitSet d = digits();
                    if (const mnist::MnistNetwork* n = mnist_networks.pick(in)) {
                        const std::size_t first = in.count(4), count = in.count(4);
                        call("evaluate", [&] { mnist::evaluate(*n, d, first, count); });
                        call("activations", [&] { mnist::activations(*n, d, in.count(4)); });
                    }
                });
                break;
            case 6:
                call("normaliser_jacobian_rank", [&] {
                    const std::size_t width = in.byte() < 200 ? in.byte() % 40 : in.count(), groups = in.count(8);
                    normaliser_jacobian_rank(width, groups, in.u64());
                });
                break;
            default:
                call("layer_norm_circle", [&] {
                    const std::size_t count = in.byte() < 200 ? in.byte() % 40 : in.count();
                    layer_norm_circle(count, in.u64());
                });
                call("mnist::mnist_arrangement_named", [&] {
                    mnist::mnist_arrangement_named(in.text({"plain", "batch", "layer", "group"}));
                });
        }
    }

    void run() {
        while (!in.exhausted()) {
            switch (in.choice(5)) {
                case 0:
                    blocks_and_sums();
                    break;
                case 1:
                    normalisers();
                    break;
                case 2:
                    dense_layers();
                    break;
                case 3:
                    networks_and_losses();
                    break;
                default:
                    crowd_and_experiments();
            }
        }
    }
};

} // namespace

void run_core_program(const std::uint8_t* data, std::size_t size) { Programme(data, size).run(); }

std::uint64_t core_calls() { return calls; }

void run_fixed_views() {
    call("two_numbers_view", [] { expect_json(two_numbers_view(), "two_numbers_view"); });
    call("weight_norm_view", [] { expect_json(weight_norm_view(), "weight_norm_view"); });
    call("behaviours_view", [] { expect_json(behaviours_view(), "behaviours_view"); });
    call("checklist_view", [] { expect_json(checklist_view(), "checklist_view"); });
}

} // namespace normlab::fuzz
