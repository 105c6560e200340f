#include "worked_table.hpp"

#include "core/errors.hpp"

namespace normlab {

BatchByHand batch_norm_by_hand(const Block& table, const std::vector<double>& scale, const std::vector<double>& shift) {
    require_nonempty(table.rows, table.cols, "table");
    require_same(scale.size(), table.cols, "number of scales", "table's features");
    require_same(shift.size(), table.cols, "number of shifts", "table's features");
    const Normaliser layer =
        Normaliser(table.cols, batch_norm().with_eps(worked_table_eps)).with_scale_shift(scale, shift);
    const NormResponse r = layer.train(table);
    BatchByHand b;
    b.output = r.output;
    for (std::size_t j = 0; j < table.cols; ++j) {
        ColumnWorking c;
        c.values = table.column(j);
        c.mean = r.mean[j];
        c.variance = r.variance[j];
        c.deviation = r.deviation[j];
        c.scale = scale[j];
        c.shift = shift[j];
        for (double v : c.values) {
            c.distances.push_back(v - c.mean);
            c.squares.push_back((v - c.mean) * (v - c.mean));
        }
        c.standardised = r.standardised.column(j);
        c.output = r.output.column(j);
        b.columns.push_back(c);
    }
    return b;
}

UnderEachToggle under_each_toggle(const Block& table) {
    require_nonempty(table.rows, table.cols, "table");
    const std::size_t d = table.cols;
    const NormResponse batch = Normaliser(d, batch_norm().with_eps(worked_table_eps)).train(table);
    const NormResponse layer = Normaliser(d, layer_norm().with_eps(worked_table_eps)).train(table);
    const NormResponse rms = Normaliser(d, rms_norm().with_eps(worked_table_eps)).train(table);
    UnderEachToggle u;
    u.batch = batch.output;
    u.layer = layer.output;
    u.rms = rms.output;
    u.row_mean = layer.mean;
    u.row_deviation = layer.deviation;
    u.row_rms = rms.deviation;
    u.column_mean = batch.mean;
    u.column_deviation = batch.deviation;
    for (std::size_t i = 0; i < table.rows; ++i) {
        std::size_t best = 0;
        for (std::size_t j = 1; j < d; ++j)
            if (table.at(i, j) > table.at(i, best)) best = j;
        u.largest_feature.push_back(best);
    }
    return u;
}

} // namespace normlab
