// The warm-up instrument's training over many seeds: how often a stack learns the digit-reversal
// task, to set beside bench/reversal_ensemble_torch.py (the same stacks in PyTorch). Each seed
// trains as the page does (train_digit_reversal's steps: 4 digits, 4 heads, feed-forward 4 x
// width, layer norm, batches of 16), on the fast twin as the page's workers do (the reference's
// steps bit for bit, transformer/fast/), and is then asked for the reversed digits of 1,024 strings
// no step drew (the fast twin's reversal_unseen_check: 16 batches of 64, drawn as the steps after
// the run's check batch), teacher-forced. A seed learns the task when it gets at least 0.9 of those
// digits right (reversal_learned_accuracy, as reversal_ensemble counts it).
// Usage: normlab_reversal_ensemble DEPTH WIDTH RATE WARMUP STEPS post|pre FIRST_SEED LAST_SEED
// Prints one JSON line a seed, then the count: {"learned": k, "seeds": n, ...}.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <string>

#include "transformer/fast/fast_transformer.hpp"
#include "transformer/normlab_transformer.hpp"

using namespace normlab;

int main(int argc, char** argv) {
    if (argc != 9) {
        std::fputs("usage: normlab_reversal_ensemble DEPTH WIDTH RATE WARMUP STEPS post|pre FIRST_SEED LAST_SEED\n",
                   stderr);
        return 2;
    }
    try {
        DigitReversalSettings s;
        s.depth = std::stoul(argv[1]);
        s.width = std::stoul(argv[2]);
        s.heads = 4;
        s.hidden = 4 * s.width;
        s.adam.learning_rate = std::stod(argv[3]);
        s.adam.warmup_steps = std::stoul(argv[4]);
        s.steps = std::stoul(argv[5]);
        s.placement = placement_named(argv[6]);
        const unsigned long first = std::stoul(argv[7]), last = std::stoul(argv[8]);
        std::size_t learned = 0, seeds = 0;
        double cpu_total = 0;
        for (unsigned long seed = first; seed <= last; ++seed) {
            s.seed = seed;
            const std::clock_t c0 = std::clock();
            const auto t0 = std::chrono::steady_clock::now();
            const ReversalPiece run = fast::continue_reversal_training(s, start_reversal_training(s), s.steps);
            const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
            const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            const ReversalCheck check = fast::reversal_check(s, run.training);
            const double share = fast::reversal_unseen_check(s, run.training).accuracy;
            double last20 = 0;
            for (std::size_t k = run.losses.size() - 20; k < run.losses.size(); ++k) last20 += run.losses[k] / 20;
            learned += share >= reversal_learned_accuracy;
            ++seeds;
            cpu_total += cpu;
            std::printf(
                "{\"seed\":%lu,\"unseen\":%.4f,\"check\":%.4f,\"checkLoss\":%.4f,\"last20\":%.4f,"
                "\"cpuSeconds\":%.2f,\"wallSeconds\":%.2f}\n",
                seed, share, check.accuracy, check.loss, last20, cpu, wall);
            std::fflush(stdout);
        }
        std::printf("{\"learned\":%zu,\"seeds\":%zu,\"cpuSecondsPerSeed\":%.2f}\n", learned, seeds,
                    cpu_total / static_cast<double>(seeds));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
