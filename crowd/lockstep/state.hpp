// The lockstep engine's storage: every figure of 2V trainings, two to a register, and the one
// accessor that knows where training l's figure lies.
#pragma once
#include <cstddef>
#include <vector>

#include "core/normaliser.hpp"
#include "crowd/crowd_network.hpp"
#include "lane_vectors.hpp"

namespace normlab::lockstep {

using lanes::f64x2;
using lanes::i64x2;
using lanes::splat;
using Lanes = std::vector<f64x2>;

constexpr std::size_t inputs = 2, units = hidden_units;
constexpr i64x2 every_lane = {-1, -1};

// The lane layout, in one place: in a list of figures of 2V trainings, figure f of training l is
// lane l % 2 of register f * V + l / 2. Every read or write of one training's figure goes
// through these two.
template <std::size_t V, class Vec>
auto lane(const Vec* list, std::size_t figure, std::size_t training) {
    return list[figure * V + training / 2][training % 2];
}
template <std::size_t V, class Vec, class T>
void set_lane(Vec* list, std::size_t figure, std::size_t training, T value) {
    list[figure * V + training / 2][training % 2] = value;
}

// How the hidden block is normalised, fixed at compile time so each loop is a plain one.
enum class NormMode { None, Batch, Features, FeaturesUncentred };

// Every figure of 2V trainings: figure f of training l lives as lane() says. A row of the hidden
// block is `row` vectors (unit-major, trainings innermost). The per-unit figures share one list
// and each row's figures one record of the row block, at offsets fixed at compile time, so a loop
// reaches all of them from one address.
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
    // Figure f of row i's record part that starts at offset, training l's.
    double in_row(std::size_t i, std::size_t offset, std::size_t f, std::size_t l) const {
        return lane<V>(block.data() + i * record + offset, f, l);
    }
};

struct EpochSettings {
    const NormSpec* spec; // the normaliser's, or null
    bool weight_norm;     // any lane weight-normalised
    bool plain;           // any lane with a plain dense hidden layer
    double learning_rate;
};

} // namespace normlab::lockstep
