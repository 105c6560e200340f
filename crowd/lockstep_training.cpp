#include "lockstep_training.hpp"

#include <cmath>
#include <limits>

#include "core/elementary.hpp"
#include "core/errors.hpp"

namespace normlab {
namespace {

constexpr std::size_t inputs = 2, units = hidden_units;

// One figure per training, side by side: lane l of a Lanes is training l's copy.
template <std::size_t L>
using Lanes = double[L];

// Every figure of L trainings, lane-innermost: figure f of training l lives at [f * L + l].
template <std::size_t L>
struct LockstepState {
    std::size_t rows = 0, sets = 0;
    std::vector<double> x, labels;                                       // (N, 2), (N)
    std::vector<double> w1, b1, direction, magnitude, length, w2, b2;    // hidden and output layers
    std::vector<double> scale, shift, running_mean, running_var;         // the normaliser
    std::vector<double> score1, hidden, standardised, normalised, logit; // forward
    std::vector<double> mean, corr, var, dev;                            // per set
    std::vector<double> dlogit, dw2, db2, dh, dscale, dshift, d, sum_d, sum_dz, dw1, db1, ddirection, dmagnitude;

    explicit LockstepState(std::size_t n, std::size_t set_count) : rows(n), sets(set_count) {
        auto make = [](std::vector<double>& v, std::size_t figures) { v.assign(figures * L, 0.0); };
        make(x, n * inputs);
        make(labels, n);
        for (auto* v : {&w1, &direction, &dw1, &ddirection}) make(*v, inputs * units);
        for (auto* v : {&b1, &magnitude, &length, &w2, &scale, &shift, &running_mean, &running_var, &dw2, &dscale,
                        &dshift, &db1, &dmagnitude})
            make(*v, units);
        make(b2, 1);
        make(db2, 1);
        for (auto* v : {&score1, &hidden, &standardised, &normalised, &dh, &d}) make(*v, n * units);
        make(logit, n);
        make(dlogit, n);
        for (auto* v : {&mean, &corr, &var, &dev, &sum_d, &sum_dz}) make(*v, set_count);
    }
};

template <std::size_t L>
void put(std::vector<double>& to, std::size_t l, const std::vector<double>& from) {
    for (std::size_t f = 0; f < from.size(); ++f) to[f * L + l] = from[f];
}

template <std::size_t L>
std::vector<double> take(const std::vector<double>& from, std::size_t l, std::size_t figures) {
    std::vector<double> v(figures);
    for (std::size_t f = 0; f < figures; ++f) v[f] = from[f * L + l];
    return v;
}

// The weight-normalised layer's derive(): lengths summed row by row, effective weights
// magnitude * (direction / length). false when a squared length is not a finite normal number
// (the layer value then takes its scaled path, or refuses a zero direction).
template <std::size_t L>
bool derive_weights(LockstepState<L>& st) {
    double* len = st.length.data();
    for (std::size_t c = 0; c < units * L; ++c) len[c] = 0.0;
    for (std::size_t j = 0; j < inputs; ++j)
        for (std::size_t c = 0; c < units * L; ++c) {
            const double v = st.direction[j * units * L + c];
            len[c] += v * v;
        }
    bool ordinary = true;
    for (std::size_t c = 0; c < units * L; ++c) {
        ordinary = ordinary && std::isfinite(len[c]) && len[c] >= std::numeric_limits<double>::min();
        len[c] = std::sqrt(len[c]);
    }
    for (std::size_t j = 0; j < inputs; ++j)
        for (std::size_t c = 0; c < units * L; ++c)
            st.w1[j * units * L + c] = st.magnitude[c] * (st.direction[j * units * L + c] / len[c]);
    return ordinary;
}

// One epoch: forward, loss slope (and the loss itself when want_value), backward and step, as
// CrowdNetwork::train_into, binary_cross_entropy_into, backward_into and step_into do them.
// false when a variance or a direction's length left the ordinary range.
template <std::size_t L>
bool epoch(LockstepState<L>& st, Arrangement a, const NormSpec* spec, double learning_rate, bool want_value,
           Lanes<L>& loss) {
    const std::size_t n = st.rows, row = units * L;
    const bool has_norm = spec != nullptr, weight_norm = a == Arrangement::WeightNorm;
    // Hidden dense 2 -> 16: score = b + x0 w0 + x1 w1, then ReLU.
    for (std::size_t i = 0; i < n; ++i) {
        double* __restrict s = &st.score1[i * row];
        double* __restrict h = &st.hidden[i * row];
        for (std::size_t c = 0; c < row; ++c) s[c] = st.b1[c];
        for (std::size_t j = 0; j < inputs; ++j) {
            const double* xv = &st.x[(i * inputs + j) * L];
            const double* wr = &st.w1[j * row];
            for (std::size_t k = 0; k < units; ++k)
                for (std::size_t l = 0; l < L; ++l) s[k * L + l] += xv[l] * wr[k * L + l];
        }
        for (std::size_t c = 0; c < row; ++c) h[c] = s[c] > 0 ? s[c] : 0.0;
    }
    // The normaliser: mean, its correction, the variance, z and the answer (Normaliser::train_into).
    const double* out_in = st.hidden.data(); // what the output layer reads
    bool ordinary = true;
    if (has_norm) {
        const bool batch = spec->axis() == Axis::Batch, centre = spec->centre();
        const std::size_t sets = st.sets, length = batch ? n : units / spec->groups;
        const double len = static_cast<double>(length);
        // Cell k of set s, lane-innermost offset (without the lane).
        auto cell = [&](std::size_t s, std::size_t k) { return batch ? (k * units + s) * L : (s * length + k) * L; };
        const double* xs = st.hidden.data();
        double* mean = st.mean.data();
        double* corr = st.corr.data();
        double* var = st.var.data();
        double* dev = st.dev.data();
        double* z = st.standardised.data();
        for (std::size_t c = 0; c < sets * L; ++c) mean[c] = corr[c] = var[c] = 0.0;
        for (std::size_t s = 0; s < sets; ++s) {
            double* __restrict m = &mean[s * L];
            double* __restrict co = &corr[s * L];
            double* __restrict v = &var[s * L];
            if (centre) {
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t l = 0; l < L; ++l) m[l] += xs[cell(s, k) + l];
                for (std::size_t l = 0; l < L; ++l) m[l] /= len;
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t l = 0; l < L; ++l) co[l] += xs[cell(s, k) + l] - m[l];
                for (std::size_t l = 0; l < L; ++l) co[l] /= len;
            }
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < L; ++l) {
                    const double centred = (xs[cell(s, k) + l] - m[l]) - co[l];
                    v[l] += centred * centred;
                }
            for (std::size_t l = 0; l < L; ++l) {
                v[l] /= len;
                dev[s * L + l] = std::sqrt(v[l] + spec->eps);
                ordinary = ordinary && std::isfinite(v[l]);
            }
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < L; ++l)
                    z[cell(s, k) + l] = ((xs[cell(s, k) + l] - m[l]) - co[l]) / dev[s * L + l];
            for (std::size_t l = 0; l < L; ++l) m[l] += co[l];
        }
        if (!ordinary) return false;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < row; ++c)
                st.normalised[i * row + c] = st.scale[c] * z[i * row + c] + st.shift[c];
        out_in = st.normalised.data();
    }
    // Output dense 16 -> 1, identity: logit = b + sum_j h_j w_j, in j order.
    for (std::size_t i = 0; i < n; ++i) {
        double s[L];
        for (std::size_t l = 0; l < L; ++l) s[l] = st.b2[l];
        for (std::size_t j = 0; j < units; ++j)
            for (std::size_t l = 0; l < L; ++l) s[l] += out_in[i * row + j * L + l] * st.w2[j * L + l];
        for (std::size_t l = 0; l < L; ++l) st.logit[i * L + l] = s[l];
    }
    // Binary cross-entropy of the logits and its slope (binary_cross_entropy_into).
    const double count = static_cast<double>(n);
    for (std::size_t l = 0; l < L; ++l) loss[l] = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t l = 0; l < L; ++l) {
            const double zl = st.logit[i * L + l], t = st.labels[i * L + l];
            const double e = normlab::exp(-std::fabs(zl));
            if (want_value) loss[l] += (zl > 0 ? zl : 0.0) - t * zl + normlab::log(1.0 + e);
            const double sg = zl >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
            st.dlogit[i * L + l] = (sg - t) / count;
        }
    for (std::size_t l = 0; l < L; ++l) loss[l] /= count;
    // Output layer backward: slopes summed over the rows in order, the passed-down block 0 + d w.
    for (std::size_t c = 0; c < row; ++c) st.dw2[c] = 0.0;
    for (std::size_t l = 0; l < L; ++l) st.db2[l] = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double* dl = &st.dlogit[i * L];
        for (std::size_t l = 0; l < L; ++l) st.db2[l] += dl[l];
        for (std::size_t j = 0; j < units; ++j)
            for (std::size_t l = 0; l < L; ++l) st.dw2[j * L + l] += out_in[i * row + j * L + l] * dl[l];
        for (std::size_t j = 0; j < units; ++j)
            for (std::size_t l = 0; l < L; ++l) st.dh[i * row + j * L + l] = 0.0 + dl[l] * st.w2[j * L + l];
    }
    // Normaliser backward (Normaliser::backward_into): parameter slopes down the columns, then the
    // three routes per set.
    const double* dhidden = st.dh.data(); // the slope arriving at the hidden layer's answer
    if (has_norm) {
        const bool batch = spec->axis() == Axis::Batch, centre = spec->centre();
        const std::size_t sets = st.sets, length = batch ? n : units / spec->groups;
        const double len = static_cast<double>(length);
        auto cell = [&](std::size_t s, std::size_t k) { return batch ? (k * units + s) * L : (s * length + k) * L; };
        const double* z = st.standardised.data();
        const double* dy = st.dh.data();
        double* d = st.d.data();
        for (std::size_t c = 0; c < row; ++c) st.dscale[c] = st.dshift[c] = 0.0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < row; ++c) {
                const std::size_t at = i * row + c;
                st.dscale[c] += dy[at] * z[at];
                st.dshift[c] += dy[at];
                d[at] = dy[at] * st.scale[c];
            }
        for (std::size_t s = 0; s < sets; ++s) {
            double* __restrict sd = &st.sum_d[s * L];
            double* __restrict sdz = &st.sum_dz[s * L];
            for (std::size_t l = 0; l < L; ++l) sd[l] = sdz[l] = 0.0;
            if (centre)
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t l = 0; l < L; ++l) sd[l] += d[cell(s, k) + l];
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < L; ++l) sdz[l] += d[cell(s, k) + l] * z[cell(s, k) + l];
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < L; ++l) {
                    const std::size_t at = cell(s, k) + l;
                    d[at] = (len * d[at] - sd[l] - z[at] * sdz[l]) / (len * st.dev[s * L + l]);
                }
        }
        dhidden = d;
    }
    // Hidden layer backward (ReLU, nothing passed down): bias and weight slopes over the rows.
    for (std::size_t c = 0; c < row; ++c) st.db1[c] = 0.0;
    for (std::size_t c = 0; c < inputs * row; ++c) st.dw1[c] = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        double ds[units * L];
        for (std::size_t c = 0; c < row; ++c) ds[c] = st.score1[i * row + c] > 0 ? dhidden[i * row + c] : 0.0;
        for (std::size_t c = 0; c < row; ++c) st.db1[c] += ds[c];
        for (std::size_t j = 0; j < inputs; ++j) {
            const double* xv = &st.x[(i * inputs + j) * L];
            double* __restrict dw = &st.dw1[j * row];
            for (std::size_t k = 0; k < units; ++k)
                for (std::size_t l = 0; l < L; ++l) dw[k * L + l] += xv[l] * ds[k * L + l];
        }
    }
    // Steps: every parameter minus learning_rate times its slope, in place (each figure reads only
    // its own old value).
    if (weight_norm) {
        for (std::size_t c = 0; c < row; ++c) {
            double along = 0.0;
            for (std::size_t j = 0; j < inputs; ++j)
                along += st.dw1[j * row + c] * (st.direction[j * row + c] / st.length[c]);
            st.dmagnitude[c] = along;
            const double ratio = st.magnitude[c] / st.length[c];
            for (std::size_t j = 0; j < inputs; ++j) {
                const double u = st.direction[j * row + c] / st.length[c];
                st.ddirection[j * row + c] = ratio * (st.dw1[j * row + c] - along * u);
            }
        }
        for (std::size_t c = 0; c < inputs * row; ++c)
            st.direction[c] = st.direction[c] - learning_rate * st.ddirection[c];
        for (std::size_t c = 0; c < row; ++c) {
            st.magnitude[c] = st.magnitude[c] - learning_rate * st.dmagnitude[c];
            st.b1[c] = st.b1[c] - learning_rate * st.db1[c];
        }
        ordinary = derive_weights(st);
    } else {
        for (std::size_t c = 0; c < inputs * row; ++c) st.w1[c] = st.w1[c] - learning_rate * st.dw1[c];
        for (std::size_t c = 0; c < row; ++c) st.b1[c] = st.b1[c] - learning_rate * st.db1[c];
    }
    if (has_norm) {
        for (std::size_t c = 0; c < row; ++c) {
            st.scale[c] = st.scale[c] - learning_rate * st.dscale[c];
            if (spec->learn_shift) st.shift[c] = st.shift[c] - learning_rate * st.dshift[c];
        }
        if (spec->axis() == Axis::Batch) {
            const double rows = static_cast<double>(n);
            const double keep = spec->rate.keep(), fold = spec->rate.momentum();
            for (std::size_t c = 0; c < row; ++c) {
                const double batch_var = spec->unbiased_running ? st.var[c] * rows / (rows - 1.0) : st.var[c];
                st.running_mean[c] = keep * st.running_mean[c] + fold * st.mean[c];
                st.running_var[c] = keep * st.running_var[c] + fold * batch_var;
            }
        }
    }
    for (std::size_t c = 0; c < row; ++c) st.w2[c] = st.w2[c] - learning_rate * st.dw2[c];
    for (std::size_t l = 0; l < L; ++l) st.b2[l] = st.b2[l] - learning_rate * st.db2[l];
    return ordinary;
}

template <std::size_t L>
std::vector<std::optional<TrainingRun>> run_lanes(const std::vector<LockstepTraining>& t, std::size_t epochs) {
    const std::size_t used = t.size(), n = t.front().x.rows;
    const CrowdNetwork& first = t.front().start;
    const Arrangement a = first.arrangement();
    const std::optional<Normaliser>& norm = first.norm();
    const NormSpec* spec = norm ? &norm->spec() : nullptr;
    const std::size_t sets = !spec ? 0 : spec->axis() == Axis::Batch ? units : n * spec->groups;
    LockstepState<L> st(n, sets);
    std::vector<std::optional<TrainingRun>> none(used);
    for (std::size_t l = 0; l < L; ++l) {
        const LockstepTraining& lane = t[l < used ? l : 0]; // spare lanes repeat the first training
        const CrowdNetwork& net = lane.start;
        put<L>(st.x, l, lane.x.data);
        put<L>(st.labels, l, lane.labels);
        if (const auto* d = std::get_if<Dense>(&net.hidden())) {
            put<L>(st.w1, l, d->weights().data);
            put<L>(st.b1, l, d->bias());
        } else {
            const auto& w = std::get<WeightNormDense>(net.hidden());
            put<L>(st.direction, l, w.direction().data);
            put<L>(st.magnitude, l, w.magnitude());
            put<L>(st.b1, l, w.bias());
        }
        if (net.norm()) {
            put<L>(st.scale, l, net.norm()->scale());
            put<L>(st.shift, l, net.norm()->shift());
            if (net.norm()->has_running()) {
                put<L>(st.running_mean, l, net.norm()->running_mean());
                put<L>(st.running_var, l, net.norm()->running_variance());
            }
        }
        put<L>(st.w2, l, net.output().weights().data);
        put<L>(st.b2, l, net.output().bias());
    }
    if (a == Arrangement::WeightNorm && !derive_weights(st)) return none;
    double loss[L] = {};
    for (std::size_t e = 0; e < epochs; ++e)
        if (!epoch<L>(st, a, spec, crowd_learning_rate, e + 1 == epochs, loss)) return none;
    std::vector<std::optional<TrainingRun>> runs(used);
    for (std::size_t l = 0; l < used; ++l) {
        const CrowdNetwork& start = t[l].start;
        HiddenLayer hidden = start.hidden();
        if (a == Arrangement::WeightNorm)
            hidden = WeightNormDense(Block::from_flat(inputs, units, take<L>(st.direction, l, inputs * units)),
                                     take<L>(st.magnitude, l, units), take<L>(st.b1, l, units), Activation::Relu);
        else
            hidden = Dense(Block::from_flat(inputs, units, take<L>(st.w1, l, inputs * units)), take<L>(st.b1, l, units),
                           Activation::Relu);
        std::optional<Normaliser> trained;
        if (norm) {
            trained = start.norm()->with_scale_shift(take<L>(st.scale, l, units), take<L>(st.shift, l, units));
            if (trained->has_running())
                trained = trained->with_running(take<L>(st.running_mean, l, units), take<L>(st.running_var, l, units));
        }
        Dense output(Block::from_flat(units, 1, take<L>(st.w2, l, units)), take<L>(st.b2, l, 1), Activation::Identity);
        runs[l] = TrainingRun{CrowdNetwork::assembled(a, std::move(hidden), std::move(trained), std::move(output)),
                              epochs == 0 ? 0.0 : loss[l],
                              {},
                              {}};
    }
    return runs;
}

} // namespace

std::vector<std::optional<TrainingRun>> train_in_lockstep(const std::vector<LockstepTraining>& trainings,
                                                          std::size_t epochs) {
    if (trainings.empty() || trainings.size() > lockstep_lanes)
        throw OptionError("lockstep training takes 1 to " + std::to_string(lockstep_lanes) + " trainings, not " +
                          std::to_string(trainings.size()));
    const LockstepTraining& first = trainings.front();
    for (const LockstepTraining& t : trainings) {
        if (t.start.arrangement() != first.start.arrangement())
            throw OptionError(std::string("lockstep trainings share one arrangement, not ") +
                              arrangement_name(first.start.arrangement()) + " and " +
                              arrangement_name(t.start.arrangement()));
        if (t.start.norm() && !(t.start.norm()->spec() == first.start.norm()->spec()))
            throw OptionError("lockstep trainings share one normaliser setting");
        require_nonempty(t.x.rows, t.x.cols, "input block");
        require_shape(t.x, first.x.rows, inputs, "input block");
        require_finite(t.x, "input block");
        require_same(t.labels.size(), t.x.rows, "label count", "row count");
    }
    switch (trainings.size()) {
        case 1:
            return run_lanes<1>(trainings, epochs);
        case 2:
            return run_lanes<2>(trainings, epochs);
        case 3:
            return run_lanes<3>(trainings, epochs);
        case 4:
            return run_lanes<4>(trainings, epochs);
        default:
            return run_lanes<5>(trainings, epochs);
    }
}

} // namespace normlab
