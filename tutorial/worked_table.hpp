// Figures 4 and 7: the tutorial's table of four examples (rows) by three features (columns),
// normalised by the core's Normaliser. The tutorial works by hand with eps = 0, which the core
// refuses (eps must be above 0); these instruments use the core's default eps, 1e-5, which moves
// no digit the tutorial prints (it changes a deviation of 1 in its sixth decimal).
#pragma once
#include <vector>

#include "core/block.hpp"
#include "core/normaliser.hpp"
#include "core/seed_blocks.hpp" // tutorial_table(): {2, 1, 20}, {4, 3, 60}, {2, 3, 20}, {4, 9, 60}

namespace normlab {

constexpr double worked_table_eps = 1e-5;

// Figure 4: batch normalisation of each column worked step by step.
struct ColumnWorking {
    std::vector<double> values, distances, squares, standardised, output;
    double mean = 0, variance = 0, deviation = 0; // deviation = sqrt(variance + eps)
    double scale = 1, shift = 0;
};
struct BatchByHand {
    double eps = worked_table_eps;
    std::vector<ColumnWorking> columns;
    Block output; // (N, D) scale * standardised + shift
};
// requires: table non-empty and finite; scale and shift one per column, finite.
BatchByHand batch_norm_by_hand(const Block& table, const std::vector<double>& scale, const std::vector<double>& shift);

// Figure 7: one table under batch, layer and RMS normalisation (scale 1, shift 0).
struct UnderEachToggle {
    double eps = worked_table_eps;
    Block batch, layer, rms;                           // (N, D) each
    std::vector<double> row_mean, row_deviation;       // per row: layer norm's statistics
    std::vector<double> row_rms;                       // per row: RMS norm's sqrt(mean square + eps)
    std::vector<double> column_mean, column_deviation; // per column: batch norm's statistics
    std::vector<std::size_t> largest_feature;          // per row: the column with the largest raw value
};
UnderEachToggle under_each_toggle(const Block& table);

} // namespace normlab
