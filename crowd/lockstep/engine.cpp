#include "engine.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "crowd/crowd.hpp"
#include "epoch.hpp"
#include "state.hpp"

namespace normlab {
namespace lockstep {
namespace {

// The run's setup and assembly (not its epochs) compiled for size where the compiler can: they
// run once per call, and the page downloads them.
#if defined(__clang__)
#define NORMLAB_ONCE_PER_CALL __attribute__((minsize))
#else
#define NORMLAB_ONCE_PER_CALL
#endif

// put and take stay out of line: the run's setup and assembly then compile as small functions
// (V8's optimising compiler took over 100 ms on them inlined into one).
template <std::size_t V>
[[gnu::noinline]] void put(f64x2* to, std::size_t l, const std::vector<double>& from) {
    for (std::size_t f = 0; f < from.size(); ++f) set_lane<V>(to, f, l, from[f]);
}

template <std::size_t V>
[[gnu::noinline]] std::vector<double> take(const f64x2* from, std::size_t l, std::size_t figures) {
    std::vector<double> v(figures);
    for (std::size_t f = 0; f < figures; ++f) v[f] = lane<V>(from, f, l);
    return v;
}

// One epoch: forward, loss slope (and the loss itself when want_value), backward and step, as
// CrowdNetwork::train_into, binary_cross_entropy_into, backward_into and step_into do them, each
// sum over its terms in their order (the kernels of Epoch). false when a variance or a
// direction's length left the ordinary range. record(loss) sees the epoch's losses and the state
// before the step; false from it ends the run. Kept out of line: one function per mode and
// width, each small enough for a quick compile and tier-up in the browser, and only the modes
// used are compiled.
template <std::size_t V, NormMode M, class Record>
[[gnu::noinline]] bool epoch(LockstepState<V>& st, const EpochSettings& set, bool want_value, f64x2 (&loss)[V],
                             Record&& record) {
    Epoch<V, M> pass(st, set);
    for (std::size_t p = 0; p < V; ++p) loss[p] = splat(0.0);
    if (!pass.forward()) return false;
    pass.cross_entropy(want_value, loss);
    pass.backward();
    for (std::size_t p = 0; p < V; ++p) loss[p] /= static_cast<double>(st.rows);
    if (!record(loss)) return false;
    return pass.step();
}

// One training's figures read from its lane before the step, as record_epoch
// (crowd/training.cpp) reads them from the layer values.
template <std::size_t V, NormMode M>
struct LaneReader {
    using S = LockstepState<V>;
    static constexpr bool has_norm = M != NormMode::None;
    const S& st;
    std::size_t l;
    double at(std::size_t offset, std::size_t figure) const { return lane<V>(st.at(offset), figure, l); }
    double label(std::size_t i) const { return lane<V>(st.labels.data(), i, l); }
    double logit(std::size_t i) const { return lane<V>(st.logit.data(), i, l); }
    double hidden(std::size_t i, std::size_t j) const { return st.in_row(i, S::hidden_at, j, l); }
    // What the output layer read.
    double read(std::size_t i, std::size_t j) const {
        return st.in_row(i, has_norm ? S::answer_at : S::hidden_at, j, l);
    }
};

// The right answers predicting on the batch axis: Normaliser::infer by the running figures, then
// the output layer. false where the layer values would refuse a figure that is not finite.
template <std::size_t V, NormMode M>
bool predicted_by_running(const LaneReader<V, M>& r, const NormSpec* spec, std::size_t& right) {
    using S = LockstepState<V>;
    right = 0;
    double deviation[units];
    for (std::size_t j = 0; j < units; ++j) deviation[j] = std::sqrt(r.at(S::running_var_at, j) + spec->eps);
    for (std::size_t i = 0; i < r.st.rows; ++i) {
        double score = r.at(S::b2_at, 0);
        for (std::size_t j = 0; j < units; ++j) {
            const double answer =
                r.at(S::scale_at, j) * ((r.hidden(i, j) - r.at(S::running_mean_at, j)) / deviation[j]) +
                r.at(S::shift_at, j);
            if (!std::isfinite(answer)) return false;
            score += answer * r.at(S::w2_at, j);
        }
        if (!std::isfinite(score)) return false;
        right += (score > 0) == (r.label(i) > 0.5);
    }
    return true;
}

// The block the output layer read: mean and biased deviation per unit, by the batch layer's
// statistics (maths::standardise on batch_sets, one unit at a time). false for a variance that
// is not finite.
template <std::size_t V, NormMode M>
bool unit_statistics(const LaneReader<V, M>& r, EpochRecord& e) {
    const std::size_t n = r.st.rows;
    const double rows = static_cast<double>(n);
    e.unit_mean.resize(units);
    e.unit_deviation.resize(units);
    for (std::size_t j = 0; j < units; ++j) {
        double m = 0.0, co = 0.0, v = 0.0;
        for (std::size_t i = 0; i < n; ++i) m += r.read(i, j);
        m /= rows;
        for (std::size_t i = 0; i < n; ++i) co += r.read(i, j) - m;
        co /= rows;
        for (std::size_t i = 0; i < n; ++i) {
            const double centred = (r.read(i, j) - m) - co;
            v += centred * centred;
        }
        v /= rows;
        if (!std::isfinite(v)) return false;
        e.unit_mean[j] = m + co;
        e.unit_deviation[j] = std::sqrt(v);
    }
    return true;
}

// What record_epoch (train_crowd_network, Recording::Everything) writes down for training l,
// read from its lane before the step. false where the layer values would have refused a figure
// that is not finite (their checks then speak, on the careful path).
template <std::size_t V, NormMode M>
[[gnu::noinline]] bool record_lane(const LockstepState<V>& st, const NormSpec* spec, std::size_t l, double loss,
                                   EpochRecord& e) {
    using S = LockstepState<V>;
    const LaneReader<V, M> r{st, l};
    const std::size_t n = st.rows;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < units; ++j)
            if (!std::isfinite(r.hidden(i, j)) || !std::isfinite(r.read(i, j))) return false;
    std::size_t batch_right = 0, predicted_right = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double score = r.logit(i);
        if (!std::isfinite(score)) return false;
        batch_right += (score > 0) == (r.label(i) > 0.5);
    }
    predicted_right = batch_right; // predicting runs the training arithmetic, but on the batch axis
    if constexpr (M == NormMode::Batch)
        if (!predicted_by_running(r, spec, predicted_right)) return false;
    if (!unit_statistics(r, e)) return false;
    if constexpr (LaneReader<V, M>::has_norm) e.shift = take<V>(st.at(S::shift_at), l, units);
    const double rows = static_cast<double>(n);
    e.loss = loss;
    e.predicted_accuracy = static_cast<double>(predicted_right) / rows;
    e.batch_accuracy = static_cast<double>(batch_right) / rows;
    return true;
}

template <std::size_t V, NormMode M, class Record>
bool run_epochs(LockstepState<V>& st, const EpochSettings& set, std::size_t epochs, bool every_loss,
                std::vector<TrainingRun>& runs, Record&& record) {
    f64x2 loss[V];
    if (epochs == 0) return true;
    // The last epoch called apart (it always measures the loss): two calls keep epoch a function
    // of its own in the wasm module too, whose optimiser inlines a function called once.
    for (std::size_t e = 0; e + 1 < epochs; ++e)
        if (!epoch<V, M>(st, set, every_loss, loss, record)) return false;
    if (!epoch<V, M>(st, set, true, loss, record)) return false;
    for (std::size_t l = 0; l < runs.size(); ++l) runs[l].final_loss = lane<V>(loss, 0, l);
    return true;
}

template <std::size_t V, NormMode M>
bool train_epochs(LockstepState<V>& st, const EpochSettings& set, std::size_t epochs, Recording recording,
                  std::vector<TrainingRun>& runs) {
    // The comparison's trainings record nothing: their epochs at width 3 are compiled without the
    // recording, and only one register's width records (train_in_lockstep runs recorded trainings
    // in pairs); at that width one compiled epoch serves both, to keep the module small.
    const bool recorded = recording != Recording::FinalLoss;
    if constexpr (V > 1) return run_epochs<V, M>(st, set, epochs, false, runs, [](const f64x2(&)[V]) { return true; });
    if constexpr (V == 1)
        return run_epochs<V, M>(st, set, epochs, recorded, runs, [&](const f64x2(&losses)[V]) {
            if (!recorded) return true;
            for (std::size_t l = 0; l < runs.size(); ++l) {
                const double value = lane<V>(losses, 0, l);
                runs[l].losses.push_back(value);
                if (recording == Recording::Everything) {
                    EpochRecord e;
                    if (!record_lane<V, M>(st, set.spec, l, value, e)) return false;
                    runs[l].records.push_back(std::move(e));
                }
            }
            return true;
        });
    return false;
}

// A network's parameters and running figures as flat lists, in the order the lanes hold them:
// w1 for a dense hidden layer, direction and magnitude for a weight-normalised one; the
// normaliser's lists empty without one. Out of line and not per width, so each width's run
// stays small for V8 to compile.
struct NetworkFigures {
    std::vector<double> w1, direction, magnitude, b1, scale, shift, running_mean, running_var, w2, b2;
};

[[gnu::noinline]] NORMLAB_ONCE_PER_CALL NetworkFigures figures_of(const CrowdNetwork& net) {
    NetworkFigures f;
    if (const auto* d = std::get_if<Dense>(&net.hidden())) {
        f.w1 = d->weights().data;
        f.b1 = d->bias();
    } else {
        const auto& w = std::get<WeightNormDense>(net.hidden());
        f.direction = w.direction().data;
        f.magnitude = w.magnitude();
        f.b1 = w.bias();
    }
    if (net.norm()) {
        f.scale = net.norm()->scale();
        f.shift = net.norm()->shift();
        if (net.norm()->has_running()) {
            f.running_mean = net.norm()->running_mean();
            f.running_var = net.norm()->running_variance();
        }
    }
    f.w2 = net.output().weights().data;
    f.b2 = net.output().bias();
    return f;
}

// start's network with the figures f (of the same arrangement).
[[gnu::noinline]] NORMLAB_ONCE_PER_CALL CrowdNetwork network_of(const CrowdNetwork& start, NetworkFigures f) {
    HiddenLayer hidden = start.hidden();
    if (start.arrangement() == Arrangement::WeightNorm)
        hidden = WeightNormDense(Block::from_flat(inputs, units, std::move(f.direction)), std::move(f.magnitude),
                                 std::move(f.b1), Activation::Relu);
    else
        hidden = Dense(Block::from_flat(inputs, units, std::move(f.w1)), std::move(f.b1), Activation::Relu);
    std::optional<Normaliser> trained;
    if (start.norm()) {
        trained = start.norm()->with_scale_shift(std::move(f.scale), std::move(f.shift));
        if (trained->has_running())
            trained = trained->with_running(std::move(f.running_mean), std::move(f.running_var));
    }
    Dense output(Block::from_flat(units, 1, std::move(f.w2)), std::move(f.b2), Activation::Identity);
    return CrowdNetwork::assembled(start.arrangement(), std::move(hidden), std::move(trained), std::move(output));
}

// Each list of NetworkFigures beside where the lanes hold it and its length.
template <std::size_t V>
struct LaneList {
    std::vector<double> NetworkFigures::*list;
    std::size_t offset, figures;
};
template <std::size_t V>
constexpr LaneList<V> lane_lists[] = {{&NetworkFigures::w1, LockstepState<V>::w1_at, inputs* units},
                                      {&NetworkFigures::direction, LockstepState<V>::direction_at, inputs* units},
                                      {&NetworkFigures::magnitude, LockstepState<V>::magnitude_at, units},
                                      {&NetworkFigures::b1, LockstepState<V>::b1_at, units},
                                      {&NetworkFigures::scale, LockstepState<V>::scale_at, units},
                                      {&NetworkFigures::shift, LockstepState<V>::shift_at, units},
                                      {&NetworkFigures::running_mean, LockstepState<V>::running_mean_at, units},
                                      {&NetworkFigures::running_var, LockstepState<V>::running_var_at, units},
                                      {&NetworkFigures::w2, LockstepState<V>::w2_at, units},
                                      {&NetworkFigures::b2, LockstepState<V>::b2_at, 1}};

// What the lanes hold before the first epoch: each training's inputs, labels and network (lanes
// past the last training hold a copy of the first, whose results are dropped).
struct LaneSetup {
    bool weight_norm = false, plain = false, centre = false; // any lane weight-normalised, plain, centring
};

template <std::size_t V>
NORMLAB_ONCE_PER_CALL LaneSetup load_lanes(const std::vector<CrowdTraining>& t, LockstepState<V>& st) {
    const std::size_t used = t.size(), n = st.rows;
    LaneSetup setup;
    for (std::size_t l = 0; l < 2 * V; ++l) {
        const CrowdTraining& training = t[l < used ? l : 0];
        NetworkFigures f = figures_of(training.start);
        const bool normed = training.start.arrangement() == Arrangement::WeightNorm;
        const bool centred = training.start.norm() && training.start.norm()->spec().centre();
        if (!normed) { // placeholders for a plain lane beside weight-normalised ones
            f.direction.assign(inputs * units, 1.0);
            f.magnitude.assign(units, 1.0);
        }
        set_lane<V>(st.weight_normed, 0, l, std::int64_t{normed ? -1 : 0});
        set_lane<V>(st.centred, 0, l, std::int64_t{centred ? -1 : 0});
        setup.weight_norm = setup.weight_norm || normed;
        setup.plain = setup.plain || !normed;
        setup.centre = setup.centre || centred;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < inputs; ++j)
                set_lane<V>(st.block.data() + i * LockstepState<V>::record + LockstepState<V>::x_at, j, l,
                            training.x.at(i, j));
        put<V>(st.labels.data(), l, training.labels);
        for (const LaneList<V>& held : lane_lists<V>) put<V>(st.at(held.offset), l, f.*held.list);
    }
    return setup;
}

// Each training's network read back from its lanes; nothing for every one of them when a
// network diverged (figures no longer finite): the layer values' loop answers it, where the
// layer constructors here would refuse its figures.
template <std::size_t V>
NORMLAB_ONCE_PER_CALL std::vector<std::optional<TrainingRun>> unload_lanes(const std::vector<CrowdTraining>& t,
                                                                           const LockstepState<V>& st,
                                                                           std::vector<TrainingRun>& runs) {
    i64x2 finite = every_lane;
    for (const LaneList<V>& held : lane_lists<V>)
        for (std::size_t k = 0; k < held.figures * V; ++k) finite &= lanes::finite(st.at(held.offset)[k]);
    if (!lanes::both(finite)) return std::vector<std::optional<TrainingRun>>(t.size());
    std::vector<std::optional<TrainingRun>> out(t.size());
    for (std::size_t l = 0; l < t.size(); ++l) {
        const NetworkFigures start = figures_of(t[l].start); // which lists the network has
        NetworkFigures f;
        for (const LaneList<V>& held : lane_lists<V>)
            f.*held.list = take<V>(st.at(held.offset), l, (start.*held.list).size());
        runs[l].network = network_of(t[l].start, std::move(f));
        out[l] = std::move(runs[l]);
    }
    return out;
}

template <std::size_t V>
NORMLAB_ONCE_PER_CALL std::vector<std::optional<TrainingRun>> run_lanes(const std::vector<CrowdTraining>& t,
                                                                        std::size_t epochs, Recording recording) {
    const std::size_t used = t.size();
    const std::optional<Normaliser>& norm = t.front().start.norm();
    const NormSpec* spec = norm ? &norm->spec() : nullptr;
    LockstepState<V> st(t.front().x.rows);
    const std::vector<std::optional<TrainingRun>> none(used);
    const LaneSetup setup = load_lanes(t, st);
    if (setup.weight_norm && !derive_weights(st)) return none;
    std::vector<TrainingRun> runs;
    for (std::size_t l = 0; l < used; ++l) {
        runs.push_back(TrainingRun{t[l].start, 0.0, {}, {}});
        if (recording != Recording::FinalLoss) runs.back().losses.reserve(epochs);
        if (recording == Recording::Everything) runs.back().records.reserve(epochs);
    }
    const EpochSettings set{spec, setup.weight_norm, setup.plain, crowd_learning_rate};
    bool ordinary = true;
    if (!spec)
        ordinary = train_epochs<V, NormMode::None>(st, set, epochs, recording, runs);
    else if (spec->axis() == Axis::Batch)
        ordinary = train_epochs<V, NormMode::Batch>(st, set, epochs, recording, runs);
    else if (setup.centre) // any lane centring (layer, and RMS beside it)
        ordinary = train_epochs<V, NormMode::Features>(st, set, epochs, recording, runs);
    else
        ordinary = train_epochs<V, NormMode::FeaturesUncentred>(st, set, epochs, recording, runs);
    if (!ordinary) return none;
    return unload_lanes(t, st, runs);
}

// Arrangements whose trainings can share lanes: the same loops, told apart lane by lane.
int lockstep_family(Arrangement a) {
    switch (a) {
        case Arrangement::Plain:
        case Arrangement::WeightNorm:
            return 0;
        case Arrangement::Layer:
        case Arrangement::Rms:
            return 1;
        case Arrangement::Batch:
            return 2;
        case Arrangement::Group:
            break;
    }
    return 3;
}

// Normaliser settings equal but for layer's and RMS's kinds (whether they centre).
bool same_setting(const NormSpec& a, const NormSpec& b) {
    NormSpec kind_of_a = b;
    if ((a.kind == NormKind::Layer || a.kind == NormKind::Rms) &&
        (b.kind == NormKind::Layer || b.kind == NormKind::Rms))
        kind_of_a.kind = a.kind;
    return a == kind_of_a;
}

} // namespace
} // namespace lockstep

using lockstep::inputs;
using lockstep::lockstep_family;
using lockstep::same_setting;

NORMLAB_ONCE_PER_CALL std::vector<std::optional<TrainingRun>> train_in_lockstep(
    const std::vector<CrowdTraining>& trainings, std::size_t epochs, Recording recording) {
    if (trainings.empty() || trainings.size() > lockstep_lanes)
        throw OptionError("lockstep training takes 1 to " + std::to_string(lockstep_lanes) + " trainings, not " +
                          std::to_string(trainings.size()));
    const CrowdTraining& first = trainings.front();
    for (const CrowdTraining& t : trainings) {
        if (lockstep_family(t.start.arrangement()) != lockstep_family(first.start.arrangement()))
            throw OptionError(std::string("lockstep trainings share one arrangement (or pair plain with weightNorm, ") +
                              "layer with rms), not " + arrangement_name(first.start.arrangement()) + " and " +
                              arrangement_name(t.start.arrangement()));
        if (t.start.norm() && !same_setting(t.start.norm()->spec(), first.start.norm()->spec()))
            throw OptionError("lockstep trainings share one normaliser setting");
        require_nonempty(t.x.rows, t.x.cols, "input block");
        require_shape(t.x, first.x.rows, inputs, "input block");
        require_finite(t.x, "input block");
        require_same(t.labels.size(), t.x.rows, "label count", "row count");
        // Recording every epoch counts the right answers, which takes labels of 0 or 1, as
        // train_crowd_network's record does (DataError).
        if (recording == Recording::Everything) require_labels(t.labels);
    }
    // Two trainings to a register: one or two trainings take one register, three to five take
    // three (the page's calls hold five). Only these two widths are compiled, to keep the module
    // small.
    if (trainings.size() <= 2) return lockstep::run_lanes<1>(trainings, epochs, recording);
    if (recording == Recording::FinalLoss) return lockstep::run_lanes<3>(trainings, epochs, recording);
    // Recorded trainings two at a time (only one register's width records, to keep the module
    // small); nothing for every one of them if any pair leaves the ordinary range.
    std::vector<std::optional<TrainingRun>> out;
    for (std::size_t k = 0; k < trainings.size(); k += 2) {
        const std::vector<CrowdTraining> pair(
            trainings.begin() + static_cast<std::ptrdiff_t>(k),
            trainings.begin() + static_cast<std::ptrdiff_t>(std::min(trainings.size(), k + 2)));
        std::vector<std::optional<TrainingRun>> runs = lockstep::run_lanes<1>(pair, epochs, recording);
        if (!runs.front()) return std::vector<std::optional<TrainingRun>>(trainings.size());
        for (auto& run : runs) out.push_back(std::move(run));
    }
    return out;
}

} // namespace normlab
