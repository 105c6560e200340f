// The normaliser family's arithmetic, once, for any number type T (double for the explanatory
// core, float for the MNIST networks): the statistics of each set, the standardised block and
// the three-route backward. No checks and no allocation: callers validate and own the storage.
//
// Legend: (N, D) is a block of N rows by D features, row-major. A "set" is one index set the
// sums run over: on the batch axis each column (D sets of N cells), on the features axis each
// contiguous group of a row (N * groups sets of D / groups cells; one group is the whole row).
// Each set's sums run in position order whatever order the cells are visited in, so the answers
// do not depend on the layout or on the compiler vectorising across sets. The crowd's lockstep
// engine (crowd/lockstep/epoch.hpp) repeats this arithmetic lane by lane: see the contract lines.
#pragma once
#include <cmath>
#include <cstddef>

namespace normlab::maths {

struct SetLayout {
    std::size_t count, length, step, start_step; // sets, cells per set, cell stride, set stride
    std::size_t start(std::size_t s) const { return s * start_step; }
};

// requires: groups divides cols (features axis).
inline SetLayout batch_sets(std::size_t rows, std::size_t cols) { return {cols, rows, cols, 1}; }
inline SetLayout feature_sets(std::size_t rows, std::size_t cols, std::size_t groups) {
    const std::size_t length = cols / groups;
    return {rows * groups, length, 1, length};
}

// Visits every cell as f(set, cell), each set's cells in position order: across sets when the
// sets of one position are contiguous (the batch axis), along each set otherwise.
template <class F>
void sweep(const SetLayout& sets, F&& f) {
    if (sets.start_step == 1) {
        for (std::size_t k = 0; k < sets.length; ++k) {
            const std::size_t base = k * sets.step;
            for (std::size_t s = 0; s < sets.count; ++s) f(s, base + s);
        }
    } else {
        for (std::size_t s = 0; s < sets.count; ++s) {
            const std::size_t base = s * sets.start_step;
            for (std::size_t k = 0; k < sets.length; ++k) f(s, base + k);
        }
    }
}

// Adds term(set, cell) into acc[set], each set's terms in position order.
template <class T, class F>
void sweep_sum(const SetLayout& sets, T* __restrict acc, F&& term) {
    if (sets.start_step == 1) {
        for (std::size_t k = 0; k < sets.length; ++k) {
            const std::size_t base = k * sets.step;
            for (std::size_t s = 0; s < sets.count; ++s) acc[s] += term(s, base + s);
        }
    } else {
        // Four sets side by side, each still summed in position order: four independent chains
        // of additions instead of one, the same sums bit for bit.
        std::size_t s = 0;
        for (; s + 4 <= sets.count; s += 4) {
            const std::size_t b0 = s * sets.start_step, b1 = b0 + sets.start_step, b2 = b1 + sets.start_step,
                              b3 = b2 + sets.start_step;
            T s0 = acc[s], s1 = acc[s + 1], s2 = acc[s + 2], s3 = acc[s + 3];
            for (std::size_t k = 0; k < sets.length; ++k) {
                s0 += term(s, b0 + k);
                s1 += term(s + 1, b1 + k);
                s2 += term(s + 2, b2 + k);
                s3 += term(s + 3, b3 + k);
            }
            acc[s] = s0;
            acc[s + 1] = s1;
            acc[s + 2] = s2;
            acc[s + 3] = s3;
        }
        for (; s < sets.count; ++s) {
            const std::size_t base = s * sets.start_step;
            T sum = acc[s];
            for (std::size_t k = 0; k < sets.length; ++k) sum += term(s, base + k);
            acc[s] = sum;
        }
    }
}

// Per-set statistics, each array of length sets.count.
template <class T>
struct SetStatistics {
    T* mean;       // the corrected mean (0 when not centring)
    T* correction; // scratch: what rounding lost from the mean's first pass
    T* variance;   // biased (the mean square when not centring)
    T* deviation;  // sqrt(variance + eps)
};

// Standardises x into z: z = (x - mean) / sqrt(variance + eps) per set.
// requires: x and z (N, D) as the layout says; stats arrays of sets.count.
// ensures: the mean by the corrected two-pass algorithm (Chan, Golub and LeVeque: x - mean is
// exact near the mean, so the correction recovers what rounding the first sum lost), the biased
// variance about it, z; stats.mean holds mean + correction on return.
// The order of operations here is a contract: lockstep::Epoch::batch_statistics,
// feature_statistics and answer mirror it, and tests/crowd/lockstep/test_engine*.cpp compare them bit for bit.
template <class T>
void standardise(const SetLayout& sets, bool centre, T eps, const T* __restrict x, T* __restrict z,
                 const SetStatistics<T>& stats) {
    const std::size_t count = sets.count;
    const T len = static_cast<T>(sets.length);
    T* mean = stats.mean;
    T* corr = stats.correction;
    T* var = stats.variance;
    for (std::size_t s = 0; s < count; ++s) mean[s] = corr[s] = var[s] = T(0);
    if (centre) {
        sweep_sum(sets, mean, [&](std::size_t, std::size_t c) { return x[c]; });
        for (std::size_t s = 0; s < count; ++s) mean[s] /= len;
        sweep_sum(sets, corr, [&](std::size_t s, std::size_t c) { return x[c] - mean[s]; });
        for (std::size_t s = 0; s < count; ++s) corr[s] /= len;
    }
    sweep_sum(sets, var, [&](std::size_t s, std::size_t c) {
        const T centred = (x[c] - mean[s]) - corr[s];
        return centred * centred;
    });
    T* dev = stats.deviation;
    for (std::size_t s = 0; s < count; ++s) {
        var[s] /= len;
        dev[s] = std::sqrt(var[s] + eps);
    }
    sweep(sets, [&](std::size_t s, std::size_t c) { z[c] = ((x[c] - mean[s]) - corr[s]) / dev[s]; });
    for (std::size_t s = 0; s < count; ++s) mean[s] += corr[s];
}

// y = scale * z + shift, feature by feature along each row. z and y may be the same block.
// The order of operations here is a contract: lockstep::Epoch::answer mirrors it.
template <class T>
void scale_shift(std::size_t rows, std::size_t cols, const T* z, const T* __restrict scale, const T* __restrict shift,
                 T* y) {
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) y[i * cols + j] = scale[j] * z[i * cols + j] + shift[j];
}

// Predicting by running figures (the batch axis): y = scale * ((x - mean) / sqrt(var + eps)) + shift.
template <class T>
void standardise_by_running(std::size_t rows, std::size_t cols, T eps, const T* __restrict mean,
                            const T* __restrict variance, const T* __restrict scale, const T* __restrict shift,
                            const T* __restrict x, T* __restrict y) {
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j)
            y[i * cols + j] = scale[j] * ((x[i * cols + j] - mean[j]) / std::sqrt(variance[j] + eps)) + shift[j];
}

// The backward pass of one normaliser.
// requires: dy, z (N, D); deviation per set from standardise; sum_d, sum_dz of sets.count.
// ensures: dscale = sum over rows of dy * z, dshift = sum over rows of dy (length D); dx the slope
// of sum(dy * y) with respect to x, by three routes per set with d = dy * scale:
//   route 1, direct:             n * d
//   route 2, through the mean:   - sum d            (only when centring)
//   route 3, through variance:   - z * sum(d * z)
//   all over n * s.
// dx may not alias dy or z.
// The order of operations here is a contract: lockstep::Epoch::normaliser_slopes,
// batch_backward and features_backward mirror it, and tests/crowd/lockstep/test_engine*.cpp compare them bit for bit.
template <class T>
void backward(const SetLayout& sets, bool centre, std::size_t rows, std::size_t cols, const T* __restrict dy,
              const T* __restrict z, const T* __restrict scale, const T* __restrict deviation, T* __restrict dx,
              T* __restrict dscale, T* __restrict dshift, T* __restrict sum_d, T* __restrict sum_dz) {
    const T len = static_cast<T>(sets.length);
    for (std::size_t j = 0; j < cols; ++j) dscale[j] = dshift[j] = T(0);
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
            const std::size_t c = i * cols + j;
            dscale[j] += dy[c] * z[c];
            dshift[j] += dy[c];
            dx[c] = dy[c] * scale[j]; // d, until it is overwritten by dx
        }
    for (std::size_t s = 0; s < sets.count; ++s) sum_d[s] = sum_dz[s] = T(0);
    T* d = dx;
    if (centre) sweep_sum(sets, sum_d, [&](std::size_t, std::size_t c) { return d[c]; });
    sweep_sum(sets, sum_dz, [&](std::size_t, std::size_t c) { return d[c] * z[c]; });
    sweep(sets, [&](std::size_t s, std::size_t c) {
        d[c] = (len * d[c] - sum_d[s] - z[c] * sum_dz[s]) / (len * deviation[s]);
    });
}

// The running figures after one step: running = keep * running + fold * batch (fold = 1 - keep
// in either convention), the batch variance biased or, with unbiased, times n / (n - 1).
// The order of operations here is a contract: lockstep::Epoch::fold_running mirrors it.
template <class T>
void fold_running(std::size_t cols, T keep, T fold, bool unbiased, std::size_t rows, const T* __restrict batch_mean,
                  const T* __restrict batch_variance, T* running_mean, T* running_variance) {
    const T n = static_cast<T>(rows);
    for (std::size_t j = 0; j < cols; ++j) {
        const T batch_var = unbiased ? batch_variance[j] * n / (n - T(1)) : batch_variance[j];
        running_mean[j] = keep * running_mean[j] + fold * batch_mean[j];
        running_variance[j] = keep * running_variance[j] + fold * batch_var;
    }
}

} // namespace normlab::maths
