// Times the tutorial's chance-driven instruments natively, each at its widget's default setting,
// on the fast twin the page's workers run (transformer/fast/, the reference's bits):
// - starting slopes: 32 draws at 6 blocks of width 64, layer norm, seed 1 (starting_slopes_ensemble,
//   post-norm and pre-norm from each draw), the median of 5; and the across-depths chart's 7 depths
//   x 32 draws (slopes_across_depths_ensemble over compared_depths()), the median of 3;
// - warm-up: 6 blocks of width 32, Adam at 0.01 for 200 steps, a warm-up of 50, the four stacks
//   (post-norm and pre-norm, each without and with warm-up) over seeds 1..SEEDS, each training as
//   the page's worker runs it (the steps, then the check batch and the 1,024 unseen strings), once.
// Wall-clock and process CPU seconds. Usage: normlab_bench_ensembles [SEEDS] (5 by default).
// Prints one JSON object (what bench/ensembles.mjs reads).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "report/transformer_views.hpp"
#include "transformer/fast/fast_transformer.hpp"
#include "transformer/normlab_transformer.hpp"

using namespace normlab;

namespace {

struct Seconds {
    double wall = 0, cpu = 0;
};

template <class Work>
Seconds timed(Work&& work) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    work();
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
            static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC};
}

// The medians of wall and CPU seconds over `count` runs of the work.
template <class Work>
Seconds median_of(int count, Work&& work) {
    std::vector<double> wall, cpu;
    for (int k = 0; k < count; ++k) {
        const Seconds s = timed(work);
        wall.push_back(s.wall);
        cpu.push_back(s.cpu);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

std::string json(const Seconds& s) {
    char text[96];
    std::snprintf(text, sizeof text, "{\"wall\": %.4f, \"cpu\": %.4f}", s.wall, s.cpu);
    return text;
}

} // namespace

int main(int argc, char** argv) {
    try {
        const std::size_t seeds = argc > 1 ? std::stoul(argv[1]) : 5;
        StartingSlopesSettings slopes = starting_slopes_settings(6, 64, "layer", 1);
        slopes.draws = 32;
        (void)starting_slopes_ensemble(slopes); // warm
        const Seconds blocks = median_of(5, [&] { (void)starting_slopes_ensemble(slopes); });
        const Seconds across = median_of(3, [&] { (void)slopes_across_depths_ensemble(slopes, compared_depths()); });

        // The warm-up instrument's four stacks (web/src/work/transformer-jobs.js: WARM_UP_RUNS).
        const std::vector<std::pair<Placement, bool>> stacks = {
            {Placement::Post, false}, {Placement::Post, true}, {Placement::Pre, false}, {Placement::Pre, true}};
        std::vector<double> seed_wall(seeds, 0), seed_cpu(seeds, 0), steps_cpu, checks_cpu;
        std::size_t learned = 0;
        for (std::size_t k = 0; k < seeds; ++k)
            for (const auto& [placement, warm] : stacks) {
                DigitReversalSettings s;
                s.depth = 6;
                s.width = 32;
                s.heads = 4;
                s.hidden = 4 * s.width;
                s.placement = placement;
                s.adam.learning_rate = 0.01;
                s.adam.warmup_steps = warm ? 50 : 0;
                s.steps = 200;
                s.batch = 16;
                s.seed = k + 1;
                ReversalPiece run;
                const Seconds steps =
                    timed([&] { run = fast::continue_reversal_training(s, start_reversal_training(s), s.steps); });
                ReversalCheck unseen;
                const Seconds checks = timed([&] {
                    (void)fast::reversal_check(s, run.training);
                    unseen = fast::reversal_unseen_check(s, run.training);
                });
                learned += unseen.accuracy >= reversal_learned_accuracy;
                seed_wall[k] += steps.wall + checks.wall;
                seed_cpu[k] += steps.cpu + checks.cpu;
                steps_cpu.push_back(steps.cpu);
                checks_cpu.push_back(checks.cpu);
            }
        Seconds whole;
        for (std::size_t k = 0; k < seeds; ++k) whole = {whole.wall + seed_wall[k], whole.cpu + seed_cpu[k]};
        const auto median = [](std::vector<double> xs) {
            std::sort(xs.begin(), xs.end());
            return xs[xs.size() / 2];
        };
        std::printf("{\"slopesBlocks\": %s, \"slopesAcross\": %s, \"draws\": 32, \"depths\": %zu,\n",
                    json(blocks).c_str(), json(across).c_str(), compared_depths().size());
        std::printf(" \"warmUp\": %s, \"warmUpSeed\": %s, \"seeds\": %zu, \"learned\": %zu,\n", json(whole).c_str(),
                    json({median(seed_wall), median(seed_cpu)}).c_str(), seeds, learned);
        std::printf(" \"trainingStepsCpu\": %.4f, \"trainingChecksCpu\": %.4f}\n", median(steps_cpu),
                    median(checks_cpu));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
