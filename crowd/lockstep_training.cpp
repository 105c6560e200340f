#include "lockstep_training.hpp"

#include <cmath>
#include <limits>

#include "core/elementary.hpp"
#include "core/errors.hpp"

namespace normlab {
namespace {

constexpr std::size_t inputs = 2, units = hidden_units;

// How the hidden block is normalised, fixed at compile time so each loop is a plain one.
enum class NormMode { None, Batch, Features, FeaturesUncentred };

// Every figure of P trainings, lane-innermost: figure f of training l lives at [f * P + l].
template <std::size_t P>
struct LockstepState {
    std::size_t rows = 0, sets = 0;
    std::vector<double> x_units, labels;                                 // x(i, j) repeated per unit, (N)
    std::vector<double> w1, b1, direction, magnitude, length, w2, b2;    // hidden and output layers
    std::vector<double> scale, shift, running_mean, running_var;         // the normaliser
    std::vector<double> score1, hidden, standardised, normalised, logit; // forward
    std::vector<double> mean, corr, var, dev;                            // per set
    std::vector<double> dlogit, dw2, db2, dh, dscale, dshift, d, sum_d, sum_dz, dw1, db1, ddirection, dmagnitude;

    LockstepState(std::size_t n, std::size_t set_count) : rows(n), sets(set_count) {
        auto make = [](std::vector<double>& v, std::size_t figures) { v.assign(figures * P, 0.0); };
        make(x_units, n * inputs * units);
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

template <std::size_t P>
void put(std::vector<double>& to, std::size_t l, const std::vector<double>& from) {
    for (std::size_t f = 0; f < from.size(); ++f) to[f * P + l] = from[f];
}

template <std::size_t P>
std::vector<double> take(const std::vector<double>& from, std::size_t l, std::size_t figures) {
    std::vector<double> v(figures);
    for (std::size_t f = 0; f < figures; ++f) v[f] = from[f * P + l];
    return v;
}

// The weight-normalised layer's derive(): lengths summed row by row, effective weights
// magnitude * (direction / length). false when a squared length is not a finite normal number
// (the layer value then takes its scaled path, or refuses a zero direction).
template <std::size_t P>
bool derive_weights(LockstepState<P>& st) {
    constexpr std::size_t row = units * P;
    double* __restrict len = st.length.data();
    const double* __restrict v = st.direction.data();
    double* __restrict w = st.w1.data();
    const double* __restrict g = st.magnitude.data();
    for (std::size_t c = 0; c < row; ++c) len[c] = 0.0;
    for (std::size_t j = 0; j < inputs; ++j)
        for (std::size_t c = 0; c < row; ++c) len[c] += v[j * row + c] * v[j * row + c];
    bool ordinary = true;
    for (std::size_t c = 0; c < row; ++c) {
        ordinary = ordinary && std::isfinite(len[c]) && len[c] >= std::numeric_limits<double>::min();
        len[c] = std::sqrt(len[c]);
    }
    for (std::size_t j = 0; j < inputs; ++j)
        for (std::size_t c = 0; c < row; ++c) w[j * row + c] = g[c] * (v[j * row + c] / len[c]);
    return ordinary;
}

// The row loops with most of the work, as functions whose arrays are declared not to overlap
// (__restrict on parameters), so the compiler vectorises them without checking at run time.
template <std::size_t N>
void dense_relu_row(const double* __restrict b, const double* __restrict x0, const double* __restrict w0,
                    const double* __restrict x1, const double* __restrict w1, double* __restrict s,
                    double* __restrict h) {
    for (std::size_t c = 0; c < N; ++c) s[c] = (b[c] + x0[c] * w0[c]) + x1[c] * w1[c];
    for (std::size_t c = 0; c < N; ++c) h[c] = s[c] > 0 ? s[c] : 0.0;
}

template <std::size_t N>
void relu_back_row(const double* __restrict score, const double* __restrict arriving, const double* __restrict x0,
                   const double* __restrict x1, double* __restrict db, double* __restrict dw0, double* __restrict dw1) {
    for (std::size_t c = 0; c < N; ++c) {
        const double ds = score[c] > 0 ? arriving[c] : 0.0;
        db[c] += ds;
        dw0[c] += x0[c] * ds;
        dw1[c] += x1[c] * ds;
    }
}

template <std::size_t N, bool WithNorm>
void output_back_row(const double* __restrict o, const double* __restrict dl, const double* __restrict w2,
                     const double* __restrict z, const double* __restrict scale, double* __restrict dw2,
                     double* __restrict dh, double* __restrict dscale, double* __restrict dshift,
                     double* __restrict d) {
    for (std::size_t c = 0; c < N; ++c) {
        dw2[c] += o[c] * dl[c];
        const double slope = 0.0 + dl[c] * w2[c];
        dh[c] = slope;
        if constexpr (WithNorm) {
            dscale[c] += slope * z[c];
            dshift[c] += slope;
            d[c] = slope * scale[c];
        }
    }
}

template <std::size_t N>
void scale_shift_row(const double* __restrict z, const double* __restrict scale, const double* __restrict shift,
                     double* __restrict y) {
    for (std::size_t c = 0; c < N; ++c) y[c] = scale[c] * z[c] + shift[c];
}

// One epoch: forward, loss slope (and the loss itself when want_value), backward and step, as
// CrowdNetwork::train_into, binary_cross_entropy_into, backward_into and step_into do them, each
// sum over its terms in their order; the passes are fused row by row where a row needs nothing of
// later rows (the batch layer's column sums need every row first). false when a variance or a
// direction's length left the ordinary range.
template <std::size_t P, NormMode M>
bool epoch(LockstepState<P>& st, bool weight_norm, const NormSpec* spec, double learning_rate, bool want_value,
           double (&loss)[P]) {
    constexpr std::size_t row = units * P;
    constexpr bool batch = M == NormMode::Batch, has_norm = M != NormMode::None;
    constexpr bool features = M == NormMode::Features || M == NormMode::FeaturesUncentred;
    constexpr bool centre_features = M == NormMode::Features;
    const std::size_t n = st.rows;
    const std::size_t length = features ? units / spec->groups : n; // cells per set
    const double len = static_cast<double>(length), count = static_cast<double>(n);
    const double eps = has_norm ? spec->eps : 0.0;
    const double* __restrict xu = st.x_units.data();
    const double* __restrict labels = st.labels.data();
    double* __restrict score = st.score1.data();
    double* __restrict hid = st.hidden.data();
    double* __restrict w1 = st.w1.data();
    double* __restrict b1 = st.b1.data();
    double* __restrict z = st.standardised.data();
    double* __restrict y = st.normalised.data();
    double* __restrict mean = st.mean.data();
    double* __restrict corr = st.corr.data();
    double* __restrict var = st.var.data();
    double* __restrict dev = st.dev.data();
    double* __restrict scale = st.scale.data();
    double* __restrict shift = st.shift.data();
    double* __restrict w2 = st.w2.data();
    double* __restrict b2 = st.b2.data();
    double* __restrict dlogit = st.dlogit.data();
    double* __restrict dw2 = st.dw2.data();
    double* __restrict db2 = st.db2.data();
    double* __restrict dh = st.dh.data();
    double* __restrict d = st.d.data();
    double* __restrict dscale = st.dscale.data();
    double* __restrict dshift = st.dshift.data();
    double* __restrict sum_d = st.sum_d.data();
    double* __restrict sum_dz = st.sum_dz.data();
    double* __restrict dw1 = st.dw1.data();
    double* __restrict db1 = st.db1.data();
    const double* __restrict out_in = has_norm ? y : hid; // what the output layer reads
    bool ordinary = true;

    // Hidden dense 2 -> 16: score = b + x0 w0 + x1 w1, then ReLU.
    auto hidden_row = [&](std::size_t i) {
        const double* x0 = xu + (i * inputs) * row;
        dense_relu_row<row>(b1, x0, w1, x0 + row, w1 + row, score + i * row, hid + i * row);
    };
    // The feature axis: each contiguous group of row i is a set; mean, correction, variance, z.
    auto standardise_row = [&](std::size_t i) {
        for (std::size_t g = 0; g < spec->groups; ++g) {
            const std::size_t set = i * spec->groups + g;
            const double* __restrict xs = hid + set * length * P;
            double* __restrict zs = z + set * length * P;
            double m[P], co[P], v[P], dv[P];
            for (std::size_t l = 0; l < P; ++l) m[l] = co[l] = v[l] = 0.0;
            if constexpr (centre_features) {
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t l = 0; l < P; ++l) m[l] += xs[k * P + l];
                for (std::size_t l = 0; l < P; ++l) m[l] /= len;
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t l = 0; l < P; ++l) co[l] += xs[k * P + l] - m[l];
                for (std::size_t l = 0; l < P; ++l) co[l] /= len;
            }
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < P; ++l) {
                    const double centred = (xs[k * P + l] - m[l]) - co[l];
                    v[l] += centred * centred;
                }
            for (std::size_t l = 0; l < P; ++l) {
                v[l] /= len;
                dv[l] = std::sqrt(v[l] + eps);
                ordinary = ordinary && std::isfinite(v[l]);
            }
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < P; ++l) zs[k * P + l] = ((xs[k * P + l] - m[l]) - co[l]) / dv[l];
            for (std::size_t l = 0; l < P; ++l) {
                mean[set * P + l] = m[l] + co[l];
                var[set * P + l] = v[l];
                dev[set * P + l] = dv[l];
            }
        }
    };
    // The normaliser's answer, the output dense 16 -> 1 (identity) and binary cross-entropy
    // (binary_cross_entropy_into): logit = b + sum_j h_j w_j in j order.
    auto answer_row = [&](std::size_t i) {
        if constexpr (has_norm) scale_shift_row<row>(z + i * row, scale, shift, y + i * row);
        double s[P];
        for (std::size_t l = 0; l < P; ++l) s[l] = b2[l];
        for (std::size_t j = 0; j < units; ++j)
            for (std::size_t l = 0; l < P; ++l) s[l] += out_in[i * row + j * P + l] * w2[j * P + l];
        for (std::size_t l = 0; l < P; ++l) {
            const double zl = s[l], t = labels[i * P + l];
            const double e = normlab::exp(-std::fabs(zl));
            if (want_value) loss[l] += (zl > 0 ? zl : 0.0) - t * zl + normlab::log(1.0 + e);
            const double sg = zl >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
            dlogit[i * P + l] = (sg - t) / count;
        }
    };
    // Output layer backward (slopes summed over the rows in order, passed down 0 + d w), and the
    // normaliser's parameter slopes down the columns with d = dy * scale.
    auto output_back = [&](std::size_t i) {
        double dl[row]; // the row's logit slope, repeated per unit
        for (std::size_t j = 0; j < units; ++j)
            for (std::size_t l = 0; l < P; ++l) dl[j * P + l] = dlogit[i * P + l];
        for (std::size_t l = 0; l < P; ++l) db2[l] += dl[l];
        output_back_row<row, has_norm>(out_in + i * row, dl, w2, z + i * row, scale, dw2, dh + i * row, dscale, dshift,
                                       d + i * row);
    };
    // The normaliser's passed-down block on the feature axis, per set of row i:
    // (n d - sum d - z sum(d z)) / (n s).
    auto features_back_row = [&](std::size_t i) {
        for (std::size_t g = 0; g < spec->groups; ++g) {
            const std::size_t set = i * spec->groups + g;
            double* __restrict ds = d + set * length * P;
            const double* __restrict zs = z + set * length * P;
            double sd[P], sdz[P], under[P];
            for (std::size_t l = 0; l < P; ++l) sd[l] = sdz[l] = 0.0;
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < P; ++l) {
                    if constexpr (centre_features) sd[l] += ds[k * P + l];
                    sdz[l] += ds[k * P + l] * zs[k * P + l];
                }
            for (std::size_t l = 0; l < P; ++l) under[l] = len * dev[set * P + l];
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t l = 0; l < P; ++l)
                    ds[k * P + l] = (len * ds[k * P + l] - sd[l] - zs[k * P + l] * sdz[l]) / under[l];
        }
    };
    // Hidden layer backward (ReLU, nothing passed down): bias and weight slopes over the rows.
    auto hidden_back_row = [&](std::size_t i, const double* __restrict arriving) {
        const double* x0 = xu + (i * inputs) * row;
        relu_back_row<row>(score + i * row, arriving, x0, x0 + row, db1, dw1, dw1 + row);
    };

    for (std::size_t l = 0; l < P; ++l) loss[l] = 0.0;
    if constexpr (batch) {
        // Each unit's column over the rows: mean, its correction, the variance, z.
        for (std::size_t c = 0; c < row; ++c) mean[c] = corr[c] = var[c] = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            hidden_row(i);
            for (std::size_t c = 0; c < row; ++c) mean[c] += hid[i * row + c];
        }
        for (std::size_t c = 0; c < row; ++c) mean[c] /= len;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < row; ++c) corr[c] += hid[i * row + c] - mean[c];
        for (std::size_t c = 0; c < row; ++c) corr[c] /= len;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < row; ++c) {
                const double centred = (hid[i * row + c] - mean[c]) - corr[c];
                var[c] += centred * centred;
            }
        for (std::size_t c = 0; c < row; ++c) {
            var[c] /= len;
            dev[c] = std::sqrt(var[c] + eps);
            ordinary = ordinary && std::isfinite(var[c]);
        }
        if (!ordinary) return false;
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t c = 0; c < row; ++c) z[i * row + c] = ((hid[i * row + c] - mean[c]) - corr[c]) / dev[c];
            answer_row(i);
        }
        for (std::size_t c = 0; c < row; ++c) mean[c] += corr[c];
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            hidden_row(i);
            if constexpr (features) standardise_row(i);
            answer_row(i);
        }
        if (!ordinary) return false;
    }
    for (std::size_t l = 0; l < P; ++l) loss[l] /= count;

    for (std::size_t c = 0; c < row; ++c) dw2[c] = dscale[c] = dshift[c] = db1[c] = 0.0;
    for (std::size_t c = 0; c < inputs * row; ++c) dw1[c] = 0.0;
    for (std::size_t l = 0; l < P; ++l) db2[l] = 0.0;
    if constexpr (batch) {
        for (std::size_t c = 0; c < row; ++c) sum_d[c] = sum_dz[c] = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            output_back(i);
            for (std::size_t c = 0; c < row; ++c) {
                sum_d[c] += d[i * row + c];
                sum_dz[c] += d[i * row + c] * z[i * row + c];
            }
        }
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t c = 0; c < row; ++c) {
                const std::size_t at = i * row + c;
                d[at] = (len * d[at] - sum_d[c] - z[at] * sum_dz[c]) / (len * dev[c]);
            }
            hidden_back_row(i, d + i * row);
        }
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            output_back(i);
            if constexpr (features) {
                features_back_row(i);
                hidden_back_row(i, d + i * row);
            } else {
                hidden_back_row(i, dh + i * row);
            }
        }
    }

    // Steps: every parameter minus learning_rate times its slope, in place (each figure reads only
    // its own old value).
    if (weight_norm) {
        double* __restrict v = st.direction.data();
        double* __restrict g = st.magnitude.data();
        double* __restrict lengths = st.length.data();
        double* __restrict dv = st.ddirection.data();
        double* __restrict dg = st.dmagnitude.data();
        for (std::size_t c = 0; c < row; ++c) {
            const double along = (0.0 + dw1[c] * (v[c] / lengths[c])) + dw1[row + c] * (v[row + c] / lengths[c]);
            dg[c] = along;
            const double ratio = g[c] / lengths[c];
            dv[c] = ratio * (dw1[c] - along * (v[c] / lengths[c]));
            dv[row + c] = ratio * (dw1[row + c] - along * (v[row + c] / lengths[c]));
        }
        for (std::size_t c = 0; c < inputs * row; ++c) v[c] = v[c] - learning_rate * dv[c];
        for (std::size_t c = 0; c < row; ++c) {
            g[c] = g[c] - learning_rate * dg[c];
            b1[c] = b1[c] - learning_rate * db1[c];
        }
        ordinary = derive_weights(st);
    } else {
        for (std::size_t c = 0; c < inputs * row; ++c) w1[c] = w1[c] - learning_rate * dw1[c];
        for (std::size_t c = 0; c < row; ++c) b1[c] = b1[c] - learning_rate * db1[c];
    }
    if constexpr (has_norm) {
        for (std::size_t c = 0; c < row; ++c) scale[c] = scale[c] - learning_rate * dscale[c];
        if (spec->learn_shift)
            for (std::size_t c = 0; c < row; ++c) shift[c] = shift[c] - learning_rate * dshift[c];
        if constexpr (batch) {
            double* __restrict rm = st.running_mean.data();
            double* __restrict rv = st.running_var.data();
            const double rows = static_cast<double>(n);
            const double keep = spec->rate.keep(), fold = spec->rate.momentum();
            for (std::size_t c = 0; c < row; ++c) {
                const double batch_var = spec->unbiased_running ? var[c] * rows / (rows - 1.0) : var[c];
                rm[c] = keep * rm[c] + fold * mean[c];
                rv[c] = keep * rv[c] + fold * batch_var;
            }
        }
    }
    for (std::size_t c = 0; c < row; ++c) w2[c] = w2[c] - learning_rate * dw2[c];
    for (std::size_t l = 0; l < P; ++l) b2[l] = b2[l] - learning_rate * db2[l];
    return ordinary;
}

template <std::size_t P, NormMode M>
bool train_epochs(LockstepState<P>& st, bool weight_norm, const NormSpec* spec, std::size_t epochs, double (&loss)[P]) {
    for (std::size_t e = 0; e < epochs; ++e)
        if (!epoch<P, M>(st, weight_norm, spec, crowd_learning_rate, e + 1 == epochs, loss)) return false;
    return true;
}

template <std::size_t P>
std::vector<std::optional<TrainingRun>> run_lanes(const std::vector<LockstepTraining>& t, std::size_t epochs) {
    const std::size_t used = t.size(), n = t.front().x.rows;
    const CrowdNetwork& first = t.front().start;
    const Arrangement a = first.arrangement();
    const std::optional<Normaliser>& norm = first.norm();
    const NormSpec* spec = norm ? &norm->spec() : nullptr;
    const std::size_t sets = !spec ? 0 : spec->axis() == Axis::Batch ? units : n * spec->groups;
    LockstepState<P> st(n, sets);
    std::vector<std::optional<TrainingRun>> none(used);
    for (std::size_t l = 0; l < P; ++l) {
        const LockstepTraining& lane = t[l];
        const CrowdNetwork& net = lane.start;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < inputs; ++j)
                for (std::size_t k = 0; k < units; ++k)
                    st.x_units[((i * inputs + j) * units + k) * P + l] = lane.x.data[i * inputs + j];
        put<P>(st.labels, l, lane.labels);
        if (const auto* d = std::get_if<Dense>(&net.hidden())) {
            put<P>(st.w1, l, d->weights().data);
            put<P>(st.b1, l, d->bias());
        } else {
            const auto& w = std::get<WeightNormDense>(net.hidden());
            put<P>(st.direction, l, w.direction().data);
            put<P>(st.magnitude, l, w.magnitude());
            put<P>(st.b1, l, w.bias());
        }
        if (net.norm()) {
            put<P>(st.scale, l, net.norm()->scale());
            put<P>(st.shift, l, net.norm()->shift());
            if (net.norm()->has_running()) {
                put<P>(st.running_mean, l, net.norm()->running_mean());
                put<P>(st.running_var, l, net.norm()->running_variance());
            }
        }
        put<P>(st.w2, l, net.output().weights().data);
        put<P>(st.b2, l, net.output().bias());
    }
    const bool weight_norm = a == Arrangement::WeightNorm;
    if (weight_norm && !derive_weights(st)) return none;
    double loss[P] = {};
    bool ordinary = true;
    if (!spec)
        ordinary = train_epochs<P, NormMode::None>(st, weight_norm, spec, epochs, loss);
    else if (spec->axis() == Axis::Batch)
        ordinary = train_epochs<P, NormMode::Batch>(st, weight_norm, spec, epochs, loss);
    else if (spec->centre())
        ordinary = train_epochs<P, NormMode::Features>(st, weight_norm, spec, epochs, loss);
    else
        ordinary = train_epochs<P, NormMode::FeaturesUncentred>(st, weight_norm, spec, epochs, loss);
    if (!ordinary) return none;
    std::vector<std::optional<TrainingRun>> runs(used);
    for (std::size_t l = 0; l < used; ++l) {
        const CrowdNetwork& start = t[l].start;
        HiddenLayer hidden = start.hidden();
        if (weight_norm)
            hidden = WeightNormDense(Block::from_flat(inputs, units, take<P>(st.direction, l, inputs * units)),
                                     take<P>(st.magnitude, l, units), take<P>(st.b1, l, units), Activation::Relu);
        else
            hidden = Dense(Block::from_flat(inputs, units, take<P>(st.w1, l, inputs * units)), take<P>(st.b1, l, units),
                           Activation::Relu);
        std::optional<Normaliser> trained;
        if (norm) {
            trained = start.norm()->with_scale_shift(take<P>(st.scale, l, units), take<P>(st.shift, l, units));
            if (trained->has_running())
                trained = trained->with_running(take<P>(st.running_mean, l, units), take<P>(st.running_var, l, units));
        }
        Dense output(Block::from_flat(units, 1, take<P>(st.w2, l, units)), take<P>(st.b2, l, 1), Activation::Identity);
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
    // One lane per training: the loops over whole rows (units x lanes) still fill SIMD registers.
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
