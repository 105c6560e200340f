#include "lockstep_training.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/elementary.hpp"
#include "core/errors.hpp"
#include "lane_vectors.hpp"

namespace normlab {
namespace {

// The run's setup and assembly (not its epochs) compiled for size where the compiler can: they
// run once per call, and the page downloads them.
#if defined(__clang__)
#define NORMLAB_ONCE_PER_CALL __attribute__((minsize))
#else
#define NORMLAB_ONCE_PER_CALL
#endif

using lanes::f64x2;
using lanes::i64x2;
using lanes::splat;
using Lanes = std::vector<f64x2>;

constexpr std::size_t inputs = 2, units = hidden_units;
constexpr i64x2 every_lane = {-1, -1};

// How the hidden block is normalised, fixed at compile time so each loop is a plain one.
enum class NormMode { None, Batch, Features, FeaturesUncentred };

// Every figure of 2V trainings: figure f of training l lives in vector [f * V + l / 2], lane l % 2.
// A row of the hidden block is `row` vectors (unit-major, trainings innermost). The per-unit
// figures share one list and each row's figures one record of the row block, at offsets fixed at
// compile time, so a loop reaches all of them from one address.
template <std::size_t V>
struct LockstepState {
    static constexpr std::size_t row = units * V;
    // A row's record: its inputs (2), its sets' deviations on the feature axis (up to 16), the
    // hidden answers, z, the normaliser's answers and the slopes d passed down (16 each).
    static constexpr std::size_t x_at = 0, set_dev_at = inputs * V, hidden_at = set_dev_at + row,
                                 standardised_at = hidden_at + row, answer_at = standardised_at + row,
                                 slope_at = answer_at + row, record = slope_at + row;
    // The per-unit figures: parameters, the normaliser's running figures, the batch axis's
    // statistics (under = N dev) and the slopes; along = direction / length.
    static constexpr std::size_t w1_at = 0, direction_at = w1_at + inputs * row, along_at = direction_at + inputs * row,
                                 dw1_at = along_at + inputs * row, b1_at = dw1_at + inputs * row,
                                 magnitude_at = b1_at + row, length_at = magnitude_at + row, w2_at = length_at + row,
                                 scale_at = w2_at + row, shift_at = scale_at + row, running_mean_at = shift_at + row,
                                 running_var_at = running_mean_at + row, mean_at = running_var_at + row,
                                 corr_at = mean_at + row, var_at = corr_at + row, dev_at = var_at + row,
                                 under_at = dev_at + row, sum_d_at = under_at + row, sum_dz_at = sum_d_at + row,
                                 db1_at = sum_dz_at + row, dw2_at = db1_at + row, dscale_at = dw2_at + row,
                                 dshift_at = dscale_at + row, b2_at = dshift_at + row, db2_at = b2_at + V,
                                 figures = db2_at + V;
    std::size_t rows = 0;
    Lanes params, block;         // the per-unit figures; the row block (N records)
    Lanes labels, logit, dlogit; // (N)
    // Per register, all-ones in the lanes of weight-normalised trainings (the others are plain;
    // their direction and magnitude hold placeholders) and of trainings whose normaliser centres.
    i64x2 weight_normed[V] = {}, centred[V] = {};

    explicit LockstepState(std::size_t n)
        : rows(n),
          params(figures, splat(0.0)),
          block(n * record, splat(0.0)),
          labels(n * V, splat(0.0)),
          logit(n * V, splat(0.0)),
          dlogit(n * V, splat(0.0)) {}
    f64x2* at(std::size_t offset) { return params.data() + offset; }
    const f64x2* at(std::size_t offset) const { return params.data() + offset; }
    // Figure f of row i's record part that starts at offset, training lane's.
    double in_row(std::size_t i, std::size_t offset, std::size_t f, std::size_t lane) const {
        return block[i * record + offset + f * V + lane / 2][lane % 2];
    }
};

// put, take and derive_weights stay out of line: the run's setup and assembly then compile as
// small functions (V8's optimising compiler took over 100 ms on them inlined into one).
template <std::size_t V>
[[gnu::noinline]] void put(f64x2* to, std::size_t lane, const std::vector<double>& from) {
    for (std::size_t f = 0; f < from.size(); ++f) to[f * V + lane / 2][lane % 2] = from[f];
}

template <std::size_t V>
double get(const f64x2* from, std::size_t lane, std::size_t figure) {
    return from[figure * V + lane / 2][lane % 2];
}

template <std::size_t V>
[[gnu::noinline]] std::vector<double> take(const f64x2* from, std::size_t lane, std::size_t figures) {
    std::vector<double> v(figures);
    for (std::size_t f = 0; f < figures; ++f) v[f] = get<V>(from, lane, f);
    return v;
}

// The weight-normalised layer's derive(): squared lengths summed row by row, effective weights
// magnitude * (direction / length), in the weight-normalised lanes (a plain lane keeps its
// weights). false when such a lane's squared length is not a finite normal number (the layer
// value then takes its scaled path, or refuses a zero direction).
template <std::size_t V>
[[gnu::noinline]] bool derive_weights(LockstepState<V>& st) {
    using S = LockstepState<V>;
    constexpr std::size_t row = S::row;
    const f64x2* __restrict v = st.at(S::direction_at);
    const f64x2* __restrict g = st.at(S::magnitude_at);
    f64x2* __restrict len = st.at(S::length_at);
    f64x2* __restrict along = st.at(S::along_at);
    f64x2* __restrict w = st.at(S::w1_at);
    i64x2 ordinary = every_lane;
    for (std::size_t u = 0; u < units; ++u)
        for (std::size_t p = 0; p < V; ++p) {
            const std::size_t c = u * V + p;
            const i64x2 normed = st.weight_normed[p];
            f64x2 squared = splat(0.0);
            for (std::size_t j = 0; j < inputs; ++j) squared += v[j * row + c] * v[j * row + c];
            ordinary &=
                (lanes::finite(squared) & (i64x2)(squared >= splat(std::numeric_limits<double>::min()))) | ~normed;
            len[c] = lanes::sqrt(squared);
            for (std::size_t j = 0; j < inputs; ++j) {
                along[j * row + c] = v[j * row + c] / len[c];
                w[j * row + c] = lanes::choose(normed, g[c] * along[j * row + c], w[j * row + c]);
            }
        }
    return lanes::both(ordinary);
}

struct EpochSettings {
    const NormSpec* spec; // the normaliser's, or null
    bool weight_norm;     // any lane weight-normalised
    bool plain;           // any lane with a plain dense hidden layer
    double learning_rate;
};

// One epoch: forward, loss slope (and the loss itself when want_value), backward and step, as
// CrowdNetwork::train_into, binary_cross_entropy_into, backward_into and step_into do them, each
// sum over its terms in their order. A row's passes run one after another where a row needs
// nothing of later rows; the batch axis's column sums need every row first. false when a variance
// or a direction's length left the ordinary range.
// record(loss) sees the epoch's losses and the state before the step; false from it ends the run.
// Kept out of line: one function per mode and width, each small enough for a quick compile and
// tier-up in the browser, and only the modes used are compiled.
template <std::size_t V, NormMode M, class Record>
[[gnu::noinline]] bool epoch(LockstepState<V>& st, const EpochSettings& set, bool want_value, f64x2 (&loss)[V],
                             Record&& record) {
    constexpr std::size_t row = LockstepState<V>::row;
    constexpr bool batch = M == NormMode::Batch, has_norm = M != NormMode::None;
    constexpr bool features = M == NormMode::Features || M == NormMode::FeaturesUncentred;
    constexpr bool centre_features = M == NormMode::Features;
    const NormSpec* spec = set.spec;
    const std::size_t n = st.rows;
    const std::size_t groups = features ? spec->groups : 1;
    const std::size_t length = features ? units / groups : n; // cells per set
    const double len = static_cast<double>(length), count = static_cast<double>(n);
    // The sets whose deviations divide a row: each unit on the batch axis, the groups on the feature axis.
    const std::size_t sets = batch ? units : groups, per_set = batch ? 1 : length;
    const double eps = has_norm ? spec->eps : 0.0;
    using S = LockstepState<V>;
    constexpr std::size_t R = S::record; // a row's record in the row block
    f64x2* const B = st.block.data();
    const f64x2* __restrict x = B + S::x_at;
    f64x2* __restrict set_dev = B + S::set_dev_at;
    f64x2* __restrict hid = B + S::hidden_at;
    f64x2* __restrict z = B + S::standardised_at;
    f64x2* __restrict y = B + S::answer_at;
    f64x2* __restrict d = B + S::slope_at;
    const f64x2* __restrict labels = st.labels.data();
    f64x2* __restrict logit = st.logit.data();
    f64x2* __restrict dlogit = st.dlogit.data();
    f64x2* __restrict w1 = st.at(S::w1_at);
    f64x2* __restrict b1 = st.at(S::b1_at);
    f64x2* __restrict scale = st.at(S::scale_at);
    f64x2* __restrict shift = st.at(S::shift_at);
    f64x2* __restrict w2 = st.at(S::w2_at);
    f64x2* __restrict b2 = st.at(S::b2_at);
    f64x2* __restrict mean = st.at(S::mean_at);
    f64x2* __restrict corr = st.at(S::corr_at);
    f64x2* __restrict var = st.at(S::var_at);
    f64x2* __restrict dev = st.at(S::dev_at);
    f64x2* __restrict under = st.at(S::under_at);
    f64x2* __restrict sum_d = st.at(S::sum_d_at);
    f64x2* __restrict sum_dz = st.at(S::sum_dz_at);
    f64x2* __restrict dw1 = st.at(S::dw1_at);
    f64x2* __restrict db1 = st.at(S::db1_at);
    f64x2* __restrict dw2 = st.at(S::dw2_at);
    f64x2* __restrict db2 = st.at(S::db2_at);
    f64x2* __restrict dscale = st.at(S::dscale_at);
    f64x2* __restrict dshift = st.at(S::dshift_at);
    i64x2 ordinary = every_lane;

    // Hidden dense 2 -> 16: score = b + x0 w0 + x1 w1, then ReLU (the score is positive exactly
    // where the ReLU's answer is, so the answer alone steers the backward pass).
    auto hidden_row = [&](std::size_t i, f64x2* __restrict h) {
        const f64x2* xi = x + i * R;
        for (std::size_t u = 0; u < units; ++u)
            for (std::size_t p = 0; p < V; ++p) {
                const std::size_t c = u * V + p;
                h[c] = lanes::positive_part((b1[c] + xi[p] * w1[c]) + xi[V + p] * w1[row + c]);
            }
    };
    // The feature axis: each contiguous group of the row is a set; mean, correction, variance and
    // deviation. zr receives the centred values, which answer_row divides by the deviation.
    auto standardise_row = [&](const f64x2* __restrict h, f64x2* __restrict zr, f64x2* __restrict devs) {
        for (std::size_t g = 0; g < groups; ++g) {
            const f64x2* __restrict xs = h + g * length * V;
            f64x2* __restrict zs = zr + g * length * V;
            f64x2 m[V], co[V], v[V];
            for (std::size_t p = 0; p < V; ++p) m[p] = co[p] = v[p] = splat(0.0);
            if constexpr (centre_features) {
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t p = 0; p < V; ++p) m[p] += xs[k * V + p];
                for (std::size_t p = 0; p < V; ++p) m[p] /= len;
                for (std::size_t k = 0; k < length; ++k)
                    for (std::size_t p = 0; p < V; ++p) co[p] += xs[k * V + p] - m[p];
                for (std::size_t p = 0; p < V; ++p) co[p] /= len;
                // A lane that does not centre (RMS beside layer) takes 0 and 0: (x - 0) - 0 is x.
                for (std::size_t p = 0; p < V; ++p) {
                    m[p] = lanes::choose(st.centred[p], m[p], splat(0.0));
                    co[p] = lanes::choose(st.centred[p], co[p], splat(0.0));
                }
            }
            // Not centring, mean and correction are 0, and (x - 0) - 0 is x bit for bit.
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t p = 0; p < V; ++p) {
                    const f64x2 centred = centre_features ? (xs[k * V + p] - m[p]) - co[p] : xs[k * V + p];
                    v[p] += centred * centred;
                    zs[k * V + p] = centred;
                }
            for (std::size_t p = 0; p < V; ++p) {
                v[p] /= len;
                devs[g * V + p] = lanes::sqrt(v[p] + eps);
                ordinary &= lanes::finite(v[p]);
            }
        }
    };
    // z = centred / deviation, the normaliser's answer and the output dense 16 -> 1 (identity):
    // logit = b + sum_j o_j w_j in j order. The
    // units run set by set, devs[s * V + p] the deviation of set s (a unit on the batch axis, a
    // group of the row on the feature axis). Each division sits among the row's other work, so
    // the divider runs beside the multipliers and adders instead of alone.
    auto answer_row = [&](std::size_t i, f64x2* __restrict zr, const f64x2* __restrict h, f64x2* __restrict yr,
                          const f64x2* __restrict devs) {
        f64x2 s[V];
        for (std::size_t p = 0; p < V; ++p) s[p] = b2[p];
        if constexpr (has_norm) {
            for (std::size_t set_index = 0; set_index < sets; ++set_index)
                for (std::size_t k = 0; k < per_set; ++k)
                    for (std::size_t p = 0; p < V; ++p) {
                        const std::size_t c = (set_index * per_set + k) * V + p;
                        const f64x2 zc = zr[c] / devs[set_index * V + p];
                        zr[c] = zc;
                        yr[c] = scale[c] * zc + shift[c];
                        s[p] += yr[c] * w2[c];
                    }
        } else {
            for (std::size_t u = 0; u < units; ++u)
                for (std::size_t p = 0; p < V; ++p) s[p] += h[u * V + p] * w2[u * V + p];
        }
        for (std::size_t p = 0; p < V; ++p) logit[i * V + p] = s[p];
    };
    // Binary cross-entropy of every row (binary_cross_entropy_into): the loss (when want_value),
    // summed over the rows in row order, and its slopes; exp_group registers at a time, so their
    // exps' chains of dependent steps overlap.
    auto cross_entropy = [&] {
        constexpr std::size_t exp_group = 4;
        const std::size_t cells = n * V;
        for (std::size_t q = 0; q < cells; q += exp_group) {
            const std::size_t m = std::min(exp_group, cells - q);
            f64x2 e[exp_group];
            for (std::size_t j = 0; j < exp_group; ++j) e[j] = -lanes::abs(logit[q + (j < m ? j : 0)]);
            lanes::exp_each(e);
            f64x2 one_e[exp_group], log_one_e[exp_group];
            for (std::size_t j = 0; j < exp_group; ++j) log_one_e[j] = one_e[j] = 1.0 + e[j];
            if (want_value) lanes::log_each(log_one_e);
            for (std::size_t j = 0; j < m; ++j) {
                const std::size_t at = q + j;
                const f64x2 zl = logit[at], t = labels[at];
                if (want_value) loss[at % V] += (lanes::positive_part(zl) - t * zl) + log_one_e[j];
                const f64x2 sg = lanes::choose((i64x2)(zl >= splat(0.0)), splat(1.0), e[j]) / one_e[j];
                dlogit[at] = (sg - t) / count;
            }
        }
    };
    // The backward passes run unit by unit (its V registers side by side) down the rows, so each
    // slope sums in a register over the rows in row order, as the layer values sum it. They take
    // the rows in pieces [i0, i1) of at most rows_at_once, each continuing the sums the pieces
    // before left in memory, so that a large crowd's pieces stay in the processor's caches.
    constexpr std::size_t rows_at_once = 32;
    auto so_far = [](std::size_t i0, f64x2 stored) { return i0 == 0 ? splat(0.0) : stored; };
    auto by_pieces = [&](auto&& pass) {
        for (std::size_t i0 = 0; i0 < n; i0 += rows_at_once) pass(i0, std::min(n, i0 + rows_at_once));
    };
    // The hidden layer's backward for unit u (ReLU, nothing passed down), arriving(i, c) the slope
    // arriving at cell c of row i: bias and weight slopes.
    // The batch axis's slope arriving holds three figures per register: its registers one at a
    // time keep the loop's figures in the processor's registers.
    auto hidden_back = [&](std::size_t u, std::size_t i0, std::size_t i1, auto&& arriving) {
        constexpr std::size_t chunk = batch ? 1 : V;
        for (std::size_t p0 = 0; p0 < V; p0 += chunk) {
            f64x2 sb[chunk], s0[chunk], s1[chunk];
            for (std::size_t q = 0; q < chunk; ++q) {
                sb[q] = so_far(i0, db1[u * V + p0 + q]);
                s0[q] = so_far(i0, dw1[u * V + p0 + q]);
                s1[q] = so_far(i0, dw1[row + u * V + p0 + q]);
            }
            for (std::size_t i = i0; i < i1; ++i) {
                const f64x2* xi = x + i * R;
                for (std::size_t q = 0; q < chunk; ++q) {
                    const std::size_t p = p0 + q, c = u * V + p;
                    const f64x2 ds = lanes::where_positive(hid[i * R + c], arriving(i, c));
                    sb[q] += ds;
                    s0[q] += xi[p] * ds;
                    s1[q] += xi[V + p] * ds;
                }
            }
            for (std::size_t q = 0; q < chunk; ++q) {
                db1[u * V + p0 + q] = sb[q];
                dw1[u * V + p0 + q] = s0[q];
                dw1[row + u * V + p0 + q] = s1[q];
            }
        }
    };
    // Output layer backward for unit u (passed down as 0 + dl w), and the normaliser's parameter
    // slopes with d = dy * scale (stored per row, summed for the batch axis as sum d, sum d z);
    // without a normaliser the hidden layer's backward.
    auto output_back = [&](std::size_t u, std::size_t i0, std::size_t i1) {
        auto slope = [&](std::size_t i, std::size_t c) { return 0.0 + dlogit[i * V + c % V] * w2[c]; };
        const f64x2* o = has_norm ? y : hid;
        f64x2 sw[V];
        for (std::size_t p = 0; p < V; ++p) sw[p] = so_far(i0, dw2[u * V + p]);
        for (std::size_t i = i0; i < i1; ++i)
            for (std::size_t p = 0; p < V; ++p) sw[p] += o[i * R + u * V + p] * dlogit[i * V + p];
        for (std::size_t p = 0; p < V; ++p) dw2[u * V + p] = sw[p];
        if constexpr (has_norm) {
            f64x2 ss[V], sh[V];
            for (std::size_t p = 0; p < V; ++p) {
                ss[p] = so_far(i0, dscale[u * V + p]);
                sh[p] = so_far(i0, dshift[u * V + p]);
            }
            for (std::size_t i = i0; i < i1; ++i)
                for (std::size_t p = 0; p < V; ++p) {
                    const std::size_t c = u * V + p, at = i * R + c;
                    const f64x2 sl = slope(i, c);
                    ss[p] += sl * z[at];
                    sh[p] += sl;
                    d[at] = sl * scale[c];
                }
            for (std::size_t p = 0; p < V; ++p) {
                dscale[u * V + p] = ss[p];
                dshift[u * V + p] = sh[p];
            }
            if constexpr (batch) {
                f64x2 sd[V], sdz[V];
                for (std::size_t p = 0; p < V; ++p) {
                    sd[p] = so_far(i0, sum_d[u * V + p]);
                    sdz[p] = so_far(i0, sum_dz[u * V + p]);
                }
                for (std::size_t i = i0; i < i1; ++i)
                    for (std::size_t p = 0; p < V; ++p) {
                        const std::size_t at = i * R + u * V + p;
                        sd[p] += d[at];
                        sdz[p] += d[at] * z[at];
                    }
                for (std::size_t p = 0; p < V; ++p) {
                    sum_d[u * V + p] = sd[p];
                    sum_dz[u * V + p] = sdz[p];
                }
            }
        } else {
            hidden_back(u, i0, i1, slope);
        }
    };
    // The normaliser's passed-down block on the feature axis, per set of the row,
    // (n d - sum d - z sum(d z)) / (n s), written over d.
    auto features_back_row = [&](const f64x2* __restrict zr, const f64x2* __restrict devs, f64x2* __restrict dr) {
        for (std::size_t g = 0; g < groups; ++g) {
            const std::size_t first = g * length * V;
            f64x2 sd[V], sdz[V], set_under[V];
            for (std::size_t p = 0; p < V; ++p) sd[p] = sdz[p] = splat(0.0);
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t p = 0; p < V; ++p) {
                    if constexpr (centre_features) sd[p] += dr[first + k * V + p];
                    sdz[p] += dr[first + k * V + p] * zr[first + k * V + p];
                }
            if constexpr (centre_features)
                for (std::size_t p = 0; p < V; ++p) sd[p] = lanes::choose(st.centred[p], sd[p], splat(0.0));
            for (std::size_t p = 0; p < V; ++p) set_under[p] = len * devs[g * V + p];
            for (std::size_t k = 0; k < length; ++k)
                for (std::size_t p = 0; p < V; ++p) {
                    const std::size_t c = first + k * V + p;
                    dr[c] = ((len * dr[c] - sd[p]) - zr[c] * sdz[p]) / set_under[p];
                }
        }
    };

    for (std::size_t p = 0; p < V; ++p) loss[p] = splat(0.0);
    if constexpr (batch) {
        // Each unit's column over the rows: mean, its correction, the variance, z.
        for (std::size_t i = 0; i < n; ++i) hidden_row(i, hid + i * R);
        by_pieces([&](std::size_t i0, std::size_t i1) {
            for (std::size_t c = 0; c < row; ++c) {
                f64x2 m = so_far(i0, mean[c]);
                for (std::size_t i = i0; i < i1; ++i) m += hid[i * R + c];
                mean[c] = m;
            }
        });
        for (std::size_t c = 0; c < row; ++c) mean[c] /= len;
        by_pieces([&](std::size_t i0, std::size_t i1) {
            for (std::size_t c = 0; c < row; ++c) {
                f64x2 co = so_far(i0, corr[c]);
                for (std::size_t i = i0; i < i1; ++i) co += hid[i * R + c] - mean[c];
                corr[c] = co;
            }
        });
        for (std::size_t c = 0; c < row; ++c) corr[c] /= len;
        by_pieces([&](std::size_t i0, std::size_t i1) {
            for (std::size_t c = 0; c < row; ++c) {
                f64x2 v = so_far(i0, var[c]);
                for (std::size_t i = i0; i < i1; ++i) {
                    const f64x2 centred = (hid[i * R + c] - mean[c]) - corr[c];
                    v += centred * centred;
                    z[i * R + c] = centred; // until answer_row divides it by the deviation
                }
                var[c] = v;
            }
        });
        for (std::size_t c = 0; c < row; ++c) {
            var[c] /= len;
            dev[c] = lanes::sqrt(var[c] + eps);
            under[c] = len * dev[c];
            ordinary &= lanes::finite(var[c]);
        }
        if (!lanes::both(ordinary)) return false;
        for (std::size_t i = 0; i < n; ++i) answer_row(i, z + i * R, hid + i * R, y + i * R, dev);
        for (std::size_t c = 0; c < row; ++c) mean[c] += corr[c];
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t r = i * R;
            f64x2* devs = set_dev + i * R;
            hidden_row(i, hid + r);
            if constexpr (features) standardise_row(hid + r, z + r, devs);
            answer_row(i, z + r, hid + r, y + r, devs);
        }
        if (!lanes::both(ordinary)) return false;
    }
    cross_entropy();
    for (std::size_t p = 0; p < V; ++p) {
        f64x2 sum = splat(0.0);
        for (std::size_t i = 0; i < n; ++i) sum += dlogit[i * V + p];
        db2[p] = sum;
    }
    by_pieces([&](std::size_t i0, std::size_t i1) {
        for (std::size_t u = 0; u < units; ++u) output_back(u, i0, i1);
    });
    if constexpr (batch) {
        by_pieces([&](std::size_t i0, std::size_t i1) {
            for (std::size_t u = 0; u < units; ++u)
                hidden_back(u, i0, i1, [&](std::size_t i, std::size_t c) {
                    const std::size_t at = i * R + c;
                    return ((len * d[at] - sum_d[c]) - z[at] * sum_dz[c]) / under[c];
                });
        });
    } else if constexpr (features) {
        for (std::size_t i = 0; i < n; ++i) features_back_row(z + i * R, set_dev + i * R, d + i * R);
        by_pieces([&](std::size_t i0, std::size_t i1) {
            for (std::size_t u = 0; u < units; ++u)
                hidden_back(u, i0, i1, [&](std::size_t i, std::size_t c) { return d[i * R + c]; });
        });
    }
    for (std::size_t p = 0; p < V; ++p) loss[p] /= count;
    if (!record(loss)) return false;

    // Steps: every parameter minus learning_rate times its slope (each figure reads only its own
    // old values).
    const double rate = set.learning_rate;
    if (set.plain)
        for (std::size_t c = 0; c < inputs * row; ++c) w1[c] = w1[c] - rate * dw1[c];
    for (std::size_t c = 0; c < row; ++c) b1[c] = b1[c] - rate * db1[c];
    if (set.weight_norm) {
        // The weight-normalised lanes step direction and magnitude, and derive_weights replaces
        // their weights; a plain lane keeps the step above and placeholders of 1.
        f64x2* __restrict v = st.at(S::direction_at);
        f64x2* __restrict g = st.at(S::magnitude_at);
        const f64x2* __restrict lengths = st.at(S::length_at);
        const f64x2* __restrict along = st.at(S::along_at);
        for (std::size_t u = 0; u < units; ++u)
            for (std::size_t p = 0; p < V; ++p) {
                const std::size_t c = u * V + p;
                const i64x2 normed = st.weight_normed[p];
                const f64x2 a0 = along[c], a1 = along[row + c];
                const f64x2 projected = (0.0 + dw1[c] * a0) + dw1[row + c] * a1;
                const f64x2 ratio = g[c] / lengths[c];
                v[c] = lanes::choose(normed, v[c] - rate * (ratio * (dw1[c] - projected * a0)), splat(1.0));
                v[row + c] =
                    lanes::choose(normed, v[row + c] - rate * (ratio * (dw1[row + c] - projected * a1)), splat(1.0));
                g[c] = lanes::choose(normed, g[c] - rate * projected, splat(1.0));
            }
        if (!derive_weights(st)) return false;
    }
    if constexpr (has_norm) {
        for (std::size_t c = 0; c < row; ++c) scale[c] = scale[c] - rate * dscale[c];
        if (spec->learn_shift)
            for (std::size_t c = 0; c < row; ++c) shift[c] = shift[c] - rate * dshift[c];
        if constexpr (batch) {
            f64x2* __restrict rm = st.at(S::running_mean_at);
            f64x2* __restrict rv = st.at(S::running_var_at);
            const double rows = static_cast<double>(n);
            const double keep = spec->rate.keep(), fold = spec->rate.momentum();
            for (std::size_t c = 0; c < row; ++c) {
                const f64x2 batch_var = spec->unbiased_running ? var[c] * rows / (rows - 1.0) : var[c];
                rm[c] = keep * rm[c] + fold * mean[c];
                rv[c] = keep * rv[c] + fold * batch_var;
            }
        }
    }
    for (std::size_t c = 0; c < row; ++c) w2[c] = w2[c] - rate * dw2[c];
    for (std::size_t p = 0; p < V; ++p) b2[p] = b2[p] - rate * db2[p];
    return true;
}

// What record_epoch (train_crowd_network, Recording::Everything) writes down for one training,
// read from its lane before the step. false where the layer values would have refused a figure
// that is not finite (their checks then speak, on the careful path).
template <std::size_t V, NormMode M>
[[gnu::noinline]] bool record_lane(const LockstepState<V>& st, const NormSpec* spec, std::size_t lane, double loss,
                                   EpochRecord& e) {
    using S = LockstepState<V>;
    constexpr bool has_norm = M != NormMode::None;
    const std::size_t n = st.rows;
    auto at = [&](std::size_t offset, std::size_t figure) { return get<V>(st.at(offset), lane, figure); };
    auto label = [&](std::size_t i) { return get<V>(st.labels.data(), lane, i); };
    auto hidden = [&](std::size_t i, std::size_t j) { return st.in_row(i, S::hidden_at, j, lane); };
    // What the output layer read.
    auto read = [&](std::size_t i, std::size_t j) {
        return st.in_row(i, has_norm ? S::answer_at : S::hidden_at, j, lane);
    };
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < units; ++j)
            if (!std::isfinite(hidden(i, j)) || !std::isfinite(read(i, j))) return false;
    std::size_t batch_right = 0, predicted_right = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double score = get<V>(st.logit.data(), lane, i);
        if (!std::isfinite(score)) return false;
        batch_right += (score > 0) == (label(i) > 0.5);
    }
    predicted_right = batch_right; // predicting runs the training arithmetic, but on the batch axis
    if constexpr (M == NormMode::Batch) {
        // Normaliser::infer by the running figures, then the output layer.
        predicted_right = 0;
        double deviation[units];
        for (std::size_t j = 0; j < units; ++j) deviation[j] = std::sqrt(at(S::running_var_at, j) + spec->eps);
        for (std::size_t i = 0; i < n; ++i) {
            double score = at(S::b2_at, 0);
            for (std::size_t j = 0; j < units; ++j) {
                const double answer = at(S::scale_at, j) * ((hidden(i, j) - at(S::running_mean_at, j)) / deviation[j]) +
                                      at(S::shift_at, j);
                if (!std::isfinite(answer)) return false;
                score += answer * at(S::w2_at, j);
            }
            if (!std::isfinite(score)) return false;
            predicted_right += (score > 0) == (label(i) > 0.5);
        }
    }
    // The block's mean and biased deviation per unit, by the batch layer's statistics.
    const double rows = static_cast<double>(n);
    e.unit_mean.resize(units);
    e.unit_deviation.resize(units);
    for (std::size_t j = 0; j < units; ++j) {
        double m = 0.0, co = 0.0, v = 0.0;
        for (std::size_t i = 0; i < n; ++i) m += read(i, j);
        m /= rows;
        for (std::size_t i = 0; i < n; ++i) co += read(i, j) - m;
        co /= rows;
        for (std::size_t i = 0; i < n; ++i) {
            const double centred = (read(i, j) - m) - co;
            v += centred * centred;
        }
        v /= rows;
        if (!std::isfinite(v)) return false;
        e.unit_mean[j] = m + co;
        e.unit_deviation[j] = std::sqrt(v);
    }
    if constexpr (has_norm) e.shift = take<V>(st.at(S::shift_at), lane, units);
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
    for (std::size_t l = 0; l < runs.size(); ++l) runs[l].final_loss = loss[l / 2][l % 2];
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
                const double value = losses[l / 2][l % 2];
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

template <std::size_t V>
NORMLAB_ONCE_PER_CALL std::vector<std::optional<TrainingRun>> run_lanes(const std::vector<LockstepTraining>& t,
                                                                        std::size_t epochs, Recording recording) {
    const std::size_t used = t.size(), n = t.front().x.rows;
    const CrowdNetwork& first = t.front().start;
    const std::optional<Normaliser>& norm = first.norm();
    const NormSpec* spec = norm ? &norm->spec() : nullptr;
    const bool batch = spec && spec->axis() == Axis::Batch;
    LockstepState<V> st(n);
    std::vector<std::optional<TrainingRun>> none(used);
    // Lanes past the last training hold a copy of the first; their results are dropped.
    bool weight_norm = false, plain = false, centre = false;
    for (std::size_t l = 0; l < 2 * V; ++l) {
        const LockstepTraining& lane = t[l < used ? l : 0];
        NetworkFigures f = figures_of(lane.start);
        const bool normed = lane.start.arrangement() == Arrangement::WeightNorm;
        const bool centred = lane.start.norm() && lane.start.norm()->spec().centre();
        if (!normed) { // placeholders for a plain lane beside weight-normalised ones
            f.direction.assign(inputs * units, 1.0);
            f.magnitude.assign(units, 1.0);
        }
        st.weight_normed[l / 2][l % 2] = normed ? -1 : 0;
        st.centred[l / 2][l % 2] = centred ? -1 : 0;
        weight_norm = weight_norm || normed;
        plain = plain || !normed;
        centre = centre || centred;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < inputs; ++j)
                st.block[i * LockstepState<V>::record + LockstepState<V>::x_at + j * V + l / 2][l % 2] =
                    lane.x.at(i, j);
        put<V>(st.labels.data(), l, lane.labels);
        for (const LaneList<V>& held : lane_lists<V>) put<V>(st.at(held.offset), l, f.*held.list);
    }
    if (weight_norm && !derive_weights(st)) return none;
    std::vector<TrainingRun> runs;
    for (std::size_t l = 0; l < used; ++l) {
        runs.push_back(TrainingRun{t[l].start, 0.0, {}, {}});
        if (recording != Recording::FinalLoss) runs.back().losses.reserve(epochs);
        if (recording == Recording::Everything) runs.back().records.reserve(epochs);
    }
    const EpochSettings set{spec, weight_norm, plain, crowd_learning_rate};
    bool ordinary = true;
    if (!spec)
        ordinary = train_epochs<V, NormMode::None>(st, set, epochs, recording, runs);
    else if (batch)
        ordinary = train_epochs<V, NormMode::Batch>(st, set, epochs, recording, runs);
    else if (centre) // any lane centring (layer, and RMS beside it)
        ordinary = train_epochs<V, NormMode::Features>(st, set, epochs, recording, runs);
    else
        ordinary = train_epochs<V, NormMode::FeaturesUncentred>(st, set, epochs, recording, runs);
    if (!ordinary) return none;
    // A network that diverged (figures no longer finite) is handed back as nothing too: the layer
    // values' loop answers it, where the layer constructors here would refuse its figures.
    i64x2 finite = every_lane;
    for (const LaneList<V>& held : lane_lists<V>)
        for (std::size_t k = 0; k < held.figures * V; ++k) finite &= lanes::finite(st.at(held.offset)[k]);
    if (!lanes::both(finite)) return none;
    std::vector<std::optional<TrainingRun>> out(used);
    for (std::size_t l = 0; l < used; ++l) {
        const NetworkFigures start = figures_of(t[l].start); // which lists the network has
        NetworkFigures f;
        for (const LaneList<V>& held : lane_lists<V>)
            f.*held.list = take<V>(st.at(held.offset), l, (start.*held.list).size());
        runs[l].network = network_of(t[l].start, std::move(f));
        out[l] = std::move(runs[l]);
    }
    return out;
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

NORMLAB_ONCE_PER_CALL std::vector<std::optional<TrainingRun>> train_in_lockstep(
    const std::vector<LockstepTraining>& trainings, std::size_t epochs, Recording recording) {
    if (trainings.empty() || trainings.size() > lockstep_lanes)
        throw OptionError("lockstep training takes 1 to " + std::to_string(lockstep_lanes) + " trainings, not " +
                          std::to_string(trainings.size()));
    const LockstepTraining& first = trainings.front();
    for (const LockstepTraining& t : trainings) {
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
    if (trainings.size() <= 2) return run_lanes<1>(trainings, epochs, recording);
    if (recording == Recording::FinalLoss) return run_lanes<3>(trainings, epochs, recording);
    // Recorded trainings two at a time (only one register's width records, to keep the module
    // small); nothing for every one of them if any pair leaves the ordinary range.
    std::vector<std::optional<TrainingRun>> out;
    for (std::size_t k = 0; k < trainings.size(); k += 2) {
        const std::vector<LockstepTraining> pair(
            trainings.begin() + static_cast<std::ptrdiff_t>(k),
            trainings.begin() + static_cast<std::ptrdiff_t>(std::min(trainings.size(), k + 2)));
        std::vector<std::optional<TrainingRun>> runs = run_lanes<1>(pair, epochs, recording);
        if (!runs.front()) return std::vector<std::optional<TrainingRun>>(trainings.size());
        for (auto& run : runs) out.push_back(std::move(run));
    }
    return out;
}

} // namespace normlab
