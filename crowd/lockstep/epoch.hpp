// One epoch of the lockstep engine as named kernels over one state type (Epoch<V, M>): forward
// (hidden forward, batch or feature statistics, answer), cross-entropy, backward (output
// backward, the normaliser's slopes and passed-down blocks, hidden backward) and step. Each
// kernel runs across the 2V trainings and mirrors a reference function of the layer values,
// which it names: the same operations in the same order, so the figures are the same bit for
// bit (tests/crowd/lockstep/test_engine.cpp). A row's passes run one after another where a row
// needs nothing of later rows; the batch axis's column sums need every row first.
#pragma once
#include <algorithm>
#include <cstddef>
#include <limits>

#include "state.hpp"

namespace normlab::lockstep {

// Every kernel is inlined into the epoch that calls it, as the closures they were: one compiled
// function per mode and width.
#define NORMLAB_KERNEL [[gnu::always_inline]] inline

// The weight-normalised layer's derive(): squared lengths summed row by row, effective weights
// magnitude * (direction / length), in the weight-normalised lanes (a plain lane keeps its
// weights). false when such a lane's squared length is not a finite normal number (the layer
// value then takes its scaled path, or refuses a zero direction). Mirrors WeightNormDense's
// derive (core/weight_norm.cpp). Out of line: the run's setup calls it too.
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

// One epoch's view of the state: its sizes, the addresses of its figures, and the kernels.
template <std::size_t V, NormMode M>
class Epoch {
public:
    using S = LockstepState<V>;
    static constexpr std::size_t row = S::row, R = S::record; // R: a row's record in the row block
    static constexpr bool batch = M == NormMode::Batch, has_norm = M != NormMode::None;
    static constexpr bool features = M == NormMode::Features || M == NormMode::FeaturesUncentred;
    static constexpr bool centre_features = M == NormMode::Features;
    // The backward passes take the rows in pieces [i0, i1) of at most rows_at_once, each
    // continuing the sums the pieces before left in memory, so that a large crowd's pieces stay
    // in the processor's caches.
    static constexpr std::size_t rows_at_once = 32;

    Epoch(S& state, const EpochSettings& settings)
        : st(state),
          set(settings),
          spec(settings.spec),
          n(state.rows),
          groups(features ? spec->groups : 1),
          length(features ? units / groups : n),
          sets(batch ? units : groups),
          per_set(batch ? 1 : length),
          len(static_cast<double>(length)),
          count(static_cast<double>(n)),
          eps(has_norm ? spec->eps : 0.0),
          x(state.block.data() + S::x_at),
          set_dev(state.block.data() + S::set_dev_at),
          hid(state.block.data() + S::hidden_at),
          z(state.block.data() + S::standardised_at),
          y(state.block.data() + S::answer_at),
          d(state.block.data() + S::slope_at),
          labels(state.labels.data()),
          logit(state.logit.data()),
          dlogit(state.dlogit.data()),
          w1(state.at(S::w1_at)),
          b1(state.at(S::b1_at)),
          scale(state.at(S::scale_at)),
          shift(state.at(S::shift_at)),
          w2(state.at(S::w2_at)),
          b2(state.at(S::b2_at)),
          mean(state.at(S::mean_at)),
          corr(state.at(S::corr_at)),
          var(state.at(S::var_at)),
          dev(state.at(S::dev_at)),
          under(state.at(S::under_at)),
          sum_d(state.at(S::sum_d_at)),
          sum_dz(state.at(S::sum_dz_at)),
          dw1(state.at(S::dw1_at)),
          db1(state.at(S::db1_at)),
          dw2(state.at(S::dw2_at)),
          db2(state.at(S::db2_at)),
          dscale(state.at(S::dscale_at)),
          dshift(state.at(S::dshift_at)) {}

    // ---- forward ------------------------------------------------------------------------------

    // Hidden dense 2 -> 16 of row i, into h (the row's hidden answers; restrict, as each row
    // kernel's blocks, so the compilers keep the row's figures in registers): score = b + x0 w0 + x1 w1, then ReLU (the
    // score is positive exactly where the ReLU's answer is, so the answer alone steers the backward pass). Mirrors
    // dense_train_into (core/dense.cpp).
    NORMLAB_KERNEL void hidden_forward(std::size_t i, f64x2* __restrict h) {
        const f64x2* xi = x + i * R;
        for (std::size_t u = 0; u < units; ++u)
            for (std::size_t p = 0; p < V; ++p) {
                const std::size_t c = u * V + p;
                h[c] = lanes::positive_part((b1[c] + xi[p] * w1[c]) + xi[V + p] * w1[row + c]);
            }
    }

    // The batch axis's statistics, each unit's column over every row: mean, its correction, the
    // variance and the deviation; z receives the centred values, which answer() divides by the
    // deviation. Mirrors maths::standardise (core/normaliser_maths.hpp) on batch_sets.
    NORMLAB_KERNEL void batch_statistics() {
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
                    z[i * R + c] = centred; // until answer() divides it by the deviation
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
    }

    // The feature axis's statistics of a row h: each contiguous group of the row is a set; mean,
    // correction, variance and deviation (into devs); zr receives the centred values,
    // which answer() divides by the deviation. Mirrors maths::standardise on feature_sets.
    NORMLAB_KERNEL void feature_statistics(const f64x2* __restrict h, f64x2* __restrict zr, f64x2* __restrict devs) {
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
    }

    // Row i's answer: z = centred / deviation, the normaliser's answer y = scale z + shift and the
    // output dense 16 -> 1 (identity), logit = b + sum_j o_j w_j in j order. The units run set by
    // set, devs[s * V + p] the deviation of set s (a unit on the batch axis, a group of the row on
    // the feature axis). Each division sits among the row's other work, so the divider runs
    // beside the multipliers and adders instead of alone. Mirrors standardise's last sweep,
    // maths::scale_shift and dense_train_into.
    NORMLAB_KERNEL void answer(std::size_t i, f64x2* __restrict zr, const f64x2* __restrict h, f64x2* __restrict yr,
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
    }

    // After the batch axis's answers, the mean the running figures fold: mean + correction, as
    // maths::standardise leaves it.
    NORMLAB_KERNEL void corrected_mean() {
        for (std::size_t c = 0; c < row; ++c) mean[c] += corr[c];
    }

    // ---- loss -----------------------------------------------------------------------------------

    // Binary cross-entropy of every row: the loss (when want_value), summed over the rows in row
    // order, and its slopes; exp_group registers at a time, so their exps' chains of dependent
    // steps overlap. Mirrors binary_cross_entropy_into (crowd/crowd_network.cpp).
    NORMLAB_KERNEL void cross_entropy(bool want_value, f64x2 (&loss)[V]) {
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
    }

    // ---- backward -------------------------------------------------------------------------------
    // The backward passes run unit by unit (its V registers side by side) down the rows, so each
    // slope sums in a register over the rows in row order, as the layer values sum it.

    // The output layer's bias slope: the logits' slopes summed in row order (dense_backward_into).
    NORMLAB_KERNEL void output_bias_backward() {
        for (std::size_t p = 0; p < V; ++p) {
            f64x2 sum = splat(0.0);
            for (std::size_t i = 0; i < n; ++i) sum += dlogit[i * V + p];
            db2[p] = sum;
        }
    }

    // The output layer's weight slope for unit u over rows [i0, i1); without a normaliser, the
    // slope it passes down (0 + dl w) goes straight into the hidden layer's backward. Mirrors
    // dense_backward_into.
    NORMLAB_KERNEL void output_backward(std::size_t u, std::size_t i0, std::size_t i1) {
        const f64x2* o = has_norm ? y : hid;
        f64x2 sw[V];
        for (std::size_t p = 0; p < V; ++p) sw[p] = so_far(i0, dw2[u * V + p]);
        for (std::size_t i = i0; i < i1; ++i)
            for (std::size_t p = 0; p < V; ++p) sw[p] += o[i * R + u * V + p] * dlogit[i * V + p];
        for (std::size_t p = 0; p < V; ++p) dw2[u * V + p] = sw[p];
        if constexpr (has_norm)
            normaliser_slopes(u, i0, i1);
        else
            hidden_backward(u, i0, i1, [&](std::size_t i, std::size_t c) { return passed_down(i, c); });
    }

    // The normaliser's parameter slopes for unit u over rows [i0, i1), with d = dy * scale stored
    // per row; on the batch axis also sum d and sum d z per unit. Mirrors the first loop and the
    // two sweep_sums of maths::backward.
    NORMLAB_KERNEL void normaliser_slopes(std::size_t u, std::size_t i0, std::size_t i1) {
        f64x2 ss[V], sh[V];
        for (std::size_t p = 0; p < V; ++p) {
            ss[p] = so_far(i0, dscale[u * V + p]);
            sh[p] = so_far(i0, dshift[u * V + p]);
        }
        for (std::size_t i = i0; i < i1; ++i)
            for (std::size_t p = 0; p < V; ++p) {
                const std::size_t c = u * V + p, at = i * R + c;
                const f64x2 sl = passed_down(i, c);
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
    }

    // The batch axis's passed-down slope at cell c of row i, (n d - sum d - z sum(d z)) / (n s):
    // the last sweep of maths::backward on batch_sets, computed where the hidden layer takes it.
    NORMLAB_KERNEL f64x2 batch_backward(std::size_t i, std::size_t c) const {
        const std::size_t at = i * R + c;
        return ((len * d[at] - sum_d[c]) - z[at] * sum_dz[c]) / under[c];
    }

    // The feature axis's passed-down block of a row, per set of the row,
    // (n d - sum d - z sum(d z)) / (n s), written over d. Mirrors maths::backward on feature_sets.
    NORMLAB_KERNEL void features_backward(const f64x2* __restrict zr, const f64x2* __restrict devs,
                                          f64x2* __restrict dr) {
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
    }

    // The hidden layer's backward for unit u over rows [i0, i1) (ReLU, nothing passed down),
    // arriving(i, c) the slope arriving at cell c of row i: bias and weight slopes. The batch
    // axis's arriving slope holds three figures per register: its registers one at a time keep
    // the loop's figures in the processor's registers. Mirrors dense_backward_into.
    template <class Arriving>
    NORMLAB_KERNEL void hidden_backward(std::size_t u, std::size_t i0, std::size_t i1, Arriving&& arriving) {
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
    }

    // ---- step ---------------------------------------------------------------------------------

    // Every parameter minus the learning rate times its slope (each figure reads only its own old
    // values), as the layers' step_into do; the running figures fold the batch's statistics.
    // false when a weight-normalised lane's direction left the ordinary range.
    NORMLAB_KERNEL bool step() {
        const double rate = set.learning_rate;
        if (set.plain)
            for (std::size_t c = 0; c < inputs * row; ++c) w1[c] = w1[c] - rate * dw1[c];
        for (std::size_t c = 0; c < row; ++c) b1[c] = b1[c] - rate * db1[c];
        if (set.weight_norm && !weight_norm_step(rate)) return false;
        if constexpr (has_norm) {
            for (std::size_t c = 0; c < row; ++c) scale[c] = scale[c] - rate * dscale[c];
            if (spec->learn_shift)
                for (std::size_t c = 0; c < row; ++c) shift[c] = shift[c] - rate * dshift[c];
            if constexpr (batch) fold_running();
        }
        for (std::size_t c = 0; c < row; ++c) w2[c] = w2[c] - rate * dw2[c];
        for (std::size_t p = 0; p < V; ++p) b2[p] = b2[p] - rate * db2[p];
        return true;
    }

    // The weight-normalised lanes step direction and magnitude, and derive_weights replaces their
    // weights; a plain lane keeps its own step and placeholders of 1. Mirrors
    // WeightNormDense::step_into (core/weight_norm.cpp).
    NORMLAB_KERNEL bool weight_norm_step(double rate) {
        f64x2* v = st.at(S::direction_at);
        f64x2* g = st.at(S::magnitude_at);
        const f64x2* lengths = st.at(S::length_at);
        const f64x2* along = st.at(S::along_at);
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
        return derive_weights(st);
    }

    // The running figures after the step. Mirrors maths::fold_running.
    NORMLAB_KERNEL void fold_running() {
        f64x2* rm = st.at(S::running_mean_at);
        f64x2* rv = st.at(S::running_var_at);
        const double rows = static_cast<double>(n);
        const double keep = spec->rate.keep(), fold = spec->rate.momentum();
        for (std::size_t c = 0; c < row; ++c) {
            const f64x2 batch_var = spec->unbiased_running ? var[c] * rows / (rows - 1.0) : var[c];
            rm[c] = keep * rm[c] + fold * mean[c];
            rv[c] = keep * rv[c] + fold * batch_var;
        }
    }

    // ---- the epoch ------------------------------------------------------------------------------

    // Forward to the logits. false when a variance left the ordinary range.
    NORMLAB_KERNEL bool forward() {
        if constexpr (batch) {
            for (std::size_t i = 0; i < n; ++i) hidden_forward(i, hid + i * R);
            batch_statistics();
            if (!lanes::both(ordinary)) return false;
            for (std::size_t i = 0; i < n; ++i) answer(i, z + i * R, hid + i * R, y + i * R, dev);
            corrected_mean();
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                const std::size_t r = i * R;
                hidden_forward(i, hid + r);
                if constexpr (features) feature_statistics(hid + r, z + r, set_dev + r);
                answer(i, z + r, hid + r, y + r, set_dev + r);
            }
            if (!lanes::both(ordinary)) return false;
        }
        return true;
    }

    // From the logits' slopes to every parameter's slope.
    NORMLAB_KERNEL void backward() {
        output_bias_backward();
        by_pieces([&](std::size_t i0, std::size_t i1) {
            for (std::size_t u = 0; u < units; ++u) output_backward(u, i0, i1);
        });
        if constexpr (batch) {
            by_pieces([&](std::size_t i0, std::size_t i1) {
                for (std::size_t u = 0; u < units; ++u)
                    hidden_backward(u, i0, i1, [&](std::size_t i, std::size_t c) { return batch_backward(i, c); });
            });
        } else if constexpr (features) {
            for (std::size_t i = 0; i < n; ++i) features_backward(z + i * R, set_dev + i * R, d + i * R);
            by_pieces([&](std::size_t i0, std::size_t i1) {
                for (std::size_t u = 0; u < units; ++u)
                    hidden_backward(u, i0, i1, [&](std::size_t i, std::size_t c) { return d[i * R + c]; });
            });
        }
    }

private:
    // The slope the output layer passes down to cell c of row i: 0 + dl w.
    NORMLAB_KERNEL f64x2 passed_down(std::size_t i, std::size_t c) const { return 0.0 + dlogit[i * V + c % V] * w2[c]; }
    static f64x2 so_far(std::size_t i0, f64x2 stored) { return i0 == 0 ? splat(0.0) : stored; }
    template <class Pass>
    NORMLAB_KERNEL void by_pieces(Pass&& pass) {
        for (std::size_t i0 = 0; i0 < n; i0 += rows_at_once) pass(i0, std::min(n, i0 + rows_at_once));
    }

    S& st;
    const EpochSettings& set;
    const NormSpec* spec;
    const std::size_t n, groups, length; // rows; sets of a row on the feature axis, cells per set
    const std::size_t sets, per_set;     // the sets whose deviations divide a row, cells of each
    const double len, count, eps;
    // No two of these overlap (restrict, as the compilers may then keep figures in registers).
    const f64x2* __restrict x;
    f64x2* __restrict set_dev, * __restrict hid, * __restrict z, * __restrict y, * __restrict d; // row 0's record parts
    const f64x2* __restrict labels;
    f64x2* __restrict logit, * __restrict dlogit;
    f64x2* __restrict w1, * __restrict b1, * __restrict scale, * __restrict shift, * __restrict w2, * __restrict b2;
    f64x2* __restrict mean, * __restrict corr, * __restrict var, * __restrict dev, * __restrict under;
    f64x2* __restrict sum_d, * __restrict sum_dz;
    f64x2* __restrict dw1, * __restrict db1, * __restrict dw2, * __restrict db2, * __restrict dscale, * __restrict dshift;
    i64x2 ordinary = every_lane;
};

#undef NORMLAB_KERNEL

} // namespace normlab::lockstep
