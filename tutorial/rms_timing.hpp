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

#include "core/block.hpp"
#include "core/spread.hpp"

namespace normlab {

// Rows of the block every timing normalises (a batch of 16 rows).
inline constexpr std::size_t rms_timing_rows = 16;
// Cells (rows x width) normalised in one round of one normaliser: a round's repeats are
// 2^23 / (16 x width), so every width takes about the same time per round: some tens of
// milliseconds, long against the 0.1 ms to which a browser may round its clock (at 2^20 cells a
// round took about 3 ms, and the medians came out as multiples of the clock's tick).
inline constexpr std::size_t rms_timing_cells_per_round = std::size_t(1) << 23;
inline constexpr std::size_t rms_timing_widest = 4096, rms_timing_most_rounds = 51;

// One width's paired rounds and what they show. Each round times the two normalisers back to back
// (rms_timing.cpp says how), so a machine busy with other work slows both sides of a round's ratio
// alike; the rounds' spread says how far apart the rounds fall, and the count how many RMSNorm won.
struct RmsTiming {
    std::size_t width = 0, rows = rms_timing_rows, repeats = 0, rounds = 0;
    // Seconds for one forward and one backward pass, per round (the round's time / repeats).
    std::vector<double> layer_seconds, rms_seconds;
    // Per round: 100 x (1 - RMSNorm's time / layer norm's), the percentage of layer norm's time saved.
    std::vector<double> saved_percents;
    Spread layer, rms; // of layer_seconds and of rms_seconds (core/spread.hpp)
    // Of saved_percents: the median saving and the 10-90 % band, the middle 80 % of the rounds'
    // savings (linear between order statistics, as every spread of the core).
    Spread saved;
    std::size_t rms_faster = 0; // rounds in which RMSNorm took less time (a saving above 0)
};

// What rounds already timed show: each round's saving, the three spreads and the rounds RMSNorm won.
// requires: as many RMSNorm times as layer-norm times (else ShapeError), 1 to 51 rounds (else
// OptionError), every time finite (else NonFiniteError) and above 0 (else OptionError naming it).
RmsTiming rms_timing_of(std::size_t width, std::size_t repeats, std::vector<double> layer_seconds,
                        std::vector<double> rms_seconds);

// Times `rounds` rounds of each normaliser on one seeded (16, width) block and arriving slope,
// after one round of each that is not counted (the engine compiles its fast code meanwhile),
// alternating which goes first from round to round; rms_timing_of gives the figures.
// requires: width in [2, 4096], rounds in [1, 51] (else OptionError naming it).
RmsTiming time_layer_and_rms(std::size_t width, std::size_t rounds, std::uint64_t seed);

// {width, rows, repeats, rounds, layerSeconds[], rmsSeconds[], savedPercents[], layerMedian,
//  rmsMedian, saved: {count, mean, min, max, median, low, high}, rmsFaster}: of the timing given, or
// of time_layer_and_rms(width, rounds, seed).
std::string rms_timing_view(const RmsTiming& timing);
std::string rms_timing_view(std::size_t width, std::size_t rounds, std::uint64_t seed);

// The range Zhang and Sennrich (2019) report RMSNorm saving against layer norm, in percent.
inline constexpr double rms_paper_saving_low = 7, rms_paper_saving_high = 64;

// What a run of timings at several widths shows: at which widths RMSNorm was faster in every
// round, in more than half of them, or in half or fewer; where each width's 10-90 % band of the
// rounds' savings lies against 0; and the median savings set beside the paper's range.
struct RmsSavingSummary {
    std::size_t widths = 0, rounds = 0; // widths timed, rounds per width
    // The widths of the least and the most median saving, and those savings.
    double least_width = 0, least_saved = 0, most_width = 0, most_saved = 0;
    std::size_t below_paper = 0, within_paper = 0, above_paper = 0;         // widths, by median against 7% to 64%
    std::vector<double> every_round, most_rounds, half_or_fewer;            // widths, by the rounds RMSNorm won
    std::vector<double> band_above_zero, band_across_zero, band_below_zero; // widths, by where the band lies
};

// savings: one row per width, one column per round (each round's percentage saved).
// requires: as many rows as widths (else ShapeError), at least one width and one round (else
// EmptyBlockError), every number finite (else NonFiniteError).
RmsSavingSummary rms_saving_summary(const std::vector<double>& widths, const Block& savings);

// {paperLow, paperHigh, widths, rounds, least: {width, savedPercent}, most: {width, savedPercent},
//  belowPaper, withinPaper, abovePaper (counts of widths), everyRound[], mostRounds[], halfOrFewer[],
//  bandAboveZero[], bandAcrossZero[], bandBelowZero[] (widths)}
std::string rms_saving_summary_view(const std::vector<double>& widths, const Block& savings);

} // namespace normlab
