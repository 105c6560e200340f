// What RMSNorm saves: the core's layer norm and RMSNorm, each one forward (training) and one
// backward pass over the same block, timed inside the core so that the timing loop is the core's
// own and no call across the boundary is counted. Zhang and Sennrich (2019) report RMSNorm
// cutting running time by 7% to 64% against layer norm in their models; this measures only the
// normalisers themselves, on whatever machine runs it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace normlab {

// Rows of the block every timing normalises (a batch of 16 rows).
inline constexpr std::size_t rms_timing_rows = 16;
// Cells (rows x width) normalised in one round of one normaliser: a round's repeats are
// 2^23 / (16 x width), so every width takes about the same time per round: some tens of
// milliseconds, long against the 0.1 ms to which a browser may round its clock (at 2^20 cells a
// round took about 3 ms, and the medians came out as multiples of the clock's tick).
inline constexpr std::size_t rms_timing_cells_per_round = std::size_t(1) << 23;
inline constexpr std::size_t rms_timing_widest = 4096, rms_timing_most_rounds = 51;

struct RmsTiming {
    std::size_t width = 0, rows = rms_timing_rows, repeats = 0, rounds = 0;
    // Seconds for one forward and one backward pass, per round (the round's time / repeats).
    std::vector<double> layer_seconds, rms_seconds;
    // Per round: 100 x (1 - RMSNorm's time / layer norm's), the two timed back to back, so that
    // a machine busy with other work slows both sides of each ratio alike.
    std::vector<double> saved_percents;
    double layer_median = 0, rms_median = 0;
    double saved_percent = 0; // the median of saved_percents
};

// Times `rounds` rounds of each normaliser on one seeded (16, width) block and arriving slope,
// after one round of each that is not counted (the engine compiles its fast code meanwhile),
// alternating which goes first from round to round.
// requires: width in [2, 4096], rounds in [1, 51] (else OptionError naming it).
RmsTiming time_layer_and_rms(std::size_t width, std::size_t rounds, std::uint64_t seed);

// The middle value (the mean of the two middle values for an even count). requires: values.
double median_of(std::vector<double> values);

// {width, rows, repeats, rounds, layerSeconds[], rmsSeconds[], savedPercents[], layerMedian,
//  rmsMedian, savedPercent}
std::string rms_timing_view(std::size_t width, std::size_t rounds, std::uint64_t seed);

// The range Zhang and Sennrich (2019) report RMSNorm saving against layer norm, in percent.
inline constexpr double rms_paper_saving_low = 7, rms_paper_saving_high = 64;

// What a run of timings at several widths shows, set beside the paper's range.
// {paperLow, paperHigh, widths, least: {width, savedPercent}, most: {width, savedPercent},
//  belowPaper, withinPaper, abovePaper (counts of widths)}
// requires: as many savings as widths, at least one, all finite (else ShapeError, EmptyBlockError,
// NonFiniteError).
std::string rms_saving_summary_view(const std::vector<double>& widths, const std::vector<double>& saved_percents);

} // namespace normlab
