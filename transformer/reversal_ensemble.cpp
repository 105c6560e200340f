#include "transformer/reversal_ensemble.hpp"

#include <string>

#include "core/errors.hpp"
#include "transformer/fast/fast_transformer.hpp"

namespace normlab {

namespace {
void require_seed_count(std::size_t count) {
    if (count == 0 || count > max_ensemble_seeds)
        throw SizeError(std::to_string(count) + " seeds is outside 1.." + std::to_string(max_ensemble_seeds));
}
} // namespace

std::vector<std::uint64_t> seeds_from_one(std::size_t count) {
    require_seed_count(count);
    std::vector<std::uint64_t> seeds;
    for (std::size_t k = 1; k <= count; ++k) seeds.push_back(k);
    return seeds;
}

ReversalEnsemble reversal_ensemble(const DigitReversalSettings& settings, const std::vector<std::uint64_t>& seeds) {
    require_reversal_settings(settings);
    require_seed_count(seeds.size());
    tally_of(seeds, std::vector<bool>(seeds.size(), true)); // refuses a seed given twice before any trains
    ReversalEnsemble out;
    std::vector<double> unseen;
    std::vector<bool> learned;
    for (std::uint64_t seed : seeds) {
        DigitReversalSettings s = settings;
        s.seed = seed;
        // The steps and both checks by the fast twin, as the page's workers take them: the
        // reference's figures bit for bit (tests/transformer/test_fast_twin.cpp). The reference's
        // check of the 1,024 unseen strings was 58 % of an ensemble's time natively.
        ReversalPiece run = fast::continue_reversal_training(s, start_reversal_training(s), s.steps);
        ReversalSeedRun r;
        r.seed = seed;
        r.losses = std::move(run.losses);
        r.check = fast::reversal_check(s, run.training);
        r.unseen = fast::reversal_unseen_check(s, run.training);
        r.learned = r.unseen.accuracy >= reversal_learned_accuracy;
        unseen.push_back(r.unseen.accuracy);
        learned.push_back(r.learned);
        out.runs.push_back(std::move(r));
    }
    std::vector<std::vector<double>> curves;
    for (const ReversalSeedRun& r : out.runs) curves.push_back(r.losses);
    out.losses = band_of(Block::from_rows(curves));
    out.unseen_accuracy = spread_of(unseen);
    out.learned = tally_of(seeds, learned);
    return out;
}

} // namespace normlab
