// The essay's measurements on the crowd network, each a function returning plain data:
// the comparison of arrangements over seeds and folds, the loss curves, the batch layer asked
// two ways, and the covariate-shift readouts.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/block.hpp"
#include "core/normaliser.hpp"
#include "core/seed_tally.hpp"
#include "core/spread.hpp"
#include "crowd.hpp"
#include "crowd_network.hpp"
#include "training.hpp"

namespace normlab {

constexpr std::size_t crowd_seeds = 5;
constexpr std::size_t crowd_folds = 5;

// A batch layer whose running figures are the given rows' mean and variance: predicting through
// it puts any rows into the standard units of those rows.
Normaliser standard_units_of(const Block& rows);

// ---- 1. the comparison: seeds x arrangements x folds -----------------------------------------
struct TrainingPlanEntry {
    std::size_t seed, fold;
    Arrangement arrangement;
};
// The 125 trainings, seed-major, then arrangement, then fold.
std::vector<TrainingPlanEntry> comparison_plan();
// The people held out in each fold under a seed: a seeded shuffle dealt into 5 folds of 5.
// requires: people within max_block_cells (else SizeError).
std::vector<std::vector<std::size_t>> crowd_folds_for(std::size_t seed, std::size_t people);
// The generator a training's initial weights come from: the same for every arrangement.
Random initial_weights_generator(std::size_t seed, std::size_t fold);

struct TrainingResult {
    std::size_t seed = 0, fold = 0;
    Arrangement arrangement = Arrangement::Plain;
    double train_accuracy = 0;       // on the 20 training rows, predicting
    std::size_t heldout_correct = 0; // of the 5 held-out rows, predicting
    std::size_t heldout_count = 0;
    double final_loss = 0;
};
// Runs entries [begin, end) of the plan: a worker can run it piece by piece and stop between.
// requires: a crowd as require_crowd says, of at least crowd_folds people.
std::vector<TrainingResult> run_comparison(std::size_t begin, std::size_t end, const Crowd& crowd = the_crowd());

struct ArrangementSummary {
    Arrangement arrangement;
    double train_accuracy = 0;              // mean over seeds and folds
    double final_loss = 0;                  // mean over seeds and folds
    std::vector<double> heldout_by_seed;    // (seeds) held-out correct / people, each seed over its 5 folds
    std::vector<double> final_loss_by_seed; // (seeds) the final loss, the mean over each seed's folds
    // The spread of heldout_by_seed over the seeds (core/spread.hpp): its mean, least and largest,
    // median and 10-90 % band, as every chance-driven instrument summarises its seeds.
    Spread heldout;
    double heldout_accuracy = 0, heldout_min = 0, heldout_max = 0; // heldout's mean, min and max
    // Seed by seed against the plain network (each seed numbered from 1, as the page shows them):
    // the seeds where this arrangement held out fewer people right, and where more. Absent for the
    // plain network itself and when no seed of the results holds both.
    std::optional<SeedTally> below_plain, above_plain;
    // The seeds where this arrangement's final loss (the mean over the seed's folds) ended above
    // the plain network's under the same seed; absent when below_plain is.
    std::optional<SeedTally> loss_above_plain;
};
// requires: results for whole seeds (every fold of a seed and arrangement), each one a training of
// the plan could give: seed and fold in range, 0 < held out, right <= held out, accuracy in [0, 1],
// a finite loss >= 0 (else OptionError or NonFiniteError).
std::vector<ArrangementSummary> summarise_comparison(const std::vector<TrainingResult>& results);

// ---- 2-4. whole-crowd runs ----------------------------------------------------------------------
struct CurveRun {
    Arrangement arrangement;
    std::vector<double> losses;        // per epoch
    std::size_t first_epoch_under = 0; // first epoch (1-based) whose loss is under the threshold, 0 if none
    double final_loss = 0;
    double final_accuracy = 0; // predicting, on the whole crowd
    std::vector<EpochRecord> records;
};
constexpr double curve_threshold = 0.3;
constexpr std::size_t curve_seed = 0;
// One arrangement trained on the whole crowd in its own standard units, recording every epoch.
CurveRun whole_crowd_run(Arrangement arrangement, std::size_t seed = curve_seed, const Crowd& crowd = the_crowd());

// The five whole-crowd runs of the compared arrangements, by name.
struct WholeCrowdRuns {
    CurveRun plain, batch, layer, rms, weight_norm;
    // requires: one of compared_arrangements (else OptionError).
    const CurveRun& of(Arrangement arrangement) const;
};
// Every compared arrangement trained by whole_crowd_run: what the loss curves, the two ways of
// asking and the covariate-shift chart read.
WholeCrowdRuns whole_crowd_runs(std::size_t seed = curve_seed, const Crowd& crowd = the_crowd());

struct TwoWays {
    std::vector<double> by_running; // per epoch: accuracy predicting through the running figures
    std::vector<double> by_batch;   // per epoch: accuracy by the batch's own statistics
    std::size_t epochs_differing = 0;
};
TwoWays asked_two_ways(const CurveRun& batch_run);

struct CovariateShift {
    std::vector<std::vector<double>> unit_mean;      // (epochs, 16)
    std::vector<std::vector<double>> unit_deviation; // (epochs, 16)
    double largest_shift = 0;                        // max over units of |mean at the last epoch - mean at the first|
    double largest_epoch_move = 0;                   // max over units and epochs of |mean(e + 1) - mean(e)|
    double largest_shift_gap = 0;                    // under a normaliser: max over epochs and units of |mean - shift|
};
// requires: every epoch's record of the same unit count (shifts of that count or none); else ShapeError.
CovariateShift covariate_shift(const CurveRun& run);

} // namespace normlab
