// The native command: prints the core's figures and measurements as tables or, with --json, as
// JSON (the schema is in docs/architecture.md). The WebAssembly build produces the same JSON, byte for byte.
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

namespace {

const char* const usage_text =
    "usage: normlab COMMAND [--json] [--draws N] [--seeds N]\n"
    "       normlab --help\n"
    "commands:\n"
    "  comparison    5 seeds x 5 arrangements x 5 folds: train and held-out accuracy, loss, seed spread\n"
    "  curves        the whole-crowd loss curves: first epoch under 0.3, final loss and accuracy\n"
    "  two-ways      the batch layer's accuracy by running figures and by batch statistics\n"
    "  shift         covariate shift: the hidden block's means under the plain and batch networks\n"
    "  measurements  all four (JSON only)\n"
    "  figures       the reference figures the wasm build is compared against (JSON only)\n"
    "  tutorial      the tutorial's instruments at their settings (JSON only)\n"
    "  starting-slopes  each block's feed-forward weight slopes at initialisation, post-norm\n"
    "                beside pre-norm (depth 6, width 64, 4 heads, layer norm; JSON only)\n"
    "  starting-slopes-ensemble  the same over 32 draws: each draw's slopes per block at depth 6\n"
    "                and of the last block at depths 1 to 12, and the spread of each (JSON only)\n"
    "  warm-up-ensemble  the warm-up instrument's four stacks (post-norm and pre-norm, without and\n"
    "                with warm-up) trained over seeds 1 to 5: each seed's losses and accuracy on\n"
    "                1,024 unseen strings, the spread, the seeds that learned (JSON only; slow)\n"
    "options:\n"
    "  --json        print JSON (the schema is in docs/architecture.md)\n"
    "  --draws N     starting-slopes-ensemble: N draws (1 to 64, default 32)\n"
    "  --seeds N     warm-up-ensemble: seeds 1 to N (1 to 64, default 5)\n"
    "  -h, --help    print this text\n";

// A refused command line: the reason and the usage on stderr, exit status 2.
int refuse(const std::string& reason) {
    std::fprintf(stderr, "normlab: %s\n%s", reason.c_str(), usage_text);
    return 2;
}

void print_comparison(const std::vector<TrainingResult>& results) {
    std::printf("%-12s %8s %9s %8s %13s\n", "arrangement", "train", "held out", "loss", "seed spread");
    for (const ArrangementSummary& s : summarise_comparison(results))
        std::printf("%-12s %8.3f %9.3f %8.4f %6.2f - %.2f\n", arrangement_name(s.arrangement), s.train_accuracy,
                    s.heldout_accuracy, s.final_loss, s.heldout_min, s.heldout_max);
}

void print_curves(const WholeCrowdRuns& runs) {
    std::printf("%-12s %16s %11s %15s\n", "arrangement", "first under 0.3", "final loss", "final accuracy");
    for (Arrangement a : compared_arrangements) {
        const CurveRun& c = runs.of(a);
        std::printf("%-12s %16zu %11.4f %15.2f\n", arrangement_name(c.arrangement), c.first_epoch_under, c.final_loss,
                    c.final_accuracy);
    }
}

void print_two_ways(const TwoWays& t) {
    std::printf("epochs where running figures and batch statistics disagree: %zu of %zu\n", t.epochs_differing,
                t.by_running.size());
    for (std::size_t e : {std::size_t(0), std::size_t(9), std::size_t(99), t.by_running.size() - 1})
        std::printf("epoch %3zu: %.2f by running figures, %.2f by batch statistics\n", e + 1, t.by_running[e],
                    t.by_batch[e]);
}

void print_shift(const char* name, const CovariateShift& c) {
    std::printf("%-6s largest shift first-to-last %.4f, largest single-epoch move %.4f, largest |mean - shift| %.2g\n",
                name, c.largest_shift, c.largest_epoch_move, c.largest_shift_gap);
}

// A count option's value: digits only (else refused); beyond the largest size it reads as that
// size, which the core then refuses by name.
bool read_count(const std::string& text, std::size_t& count) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
    count = errno == ERANGE || v > static_cast<unsigned long long>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(v);
    return true;
}

// The counts the ensembles take (0: the command's default).
struct Counts {
    std::size_t draws = 0, seeds = 0;
};

// Runs one command, printing to stdout. requires: a command in the usage text.
void run(const std::string& command, bool json, const Counts& counts) {
    if (command == "figures") {
        std::puts(reference_figures_json().c_str());
    } else if (command == "tutorial") {
        std::puts(tutorial_figures_json().c_str());
    } else if (command == "starting-slopes") {
        std::puts(starting_slopes_view(default_starting_slopes_settings()).c_str());
    } else if (command == "starting-slopes-ensemble") {
        StartingSlopesSettings s = default_starting_slopes_settings();
        s.draws = counts.draws != 0 ? counts.draws : default_ensemble_draws;
        std::puts(starting_slopes_ensemble_view(s, compared_depths()).c_str());
    } else if (command == "warm-up-ensemble") {
        const std::size_t seeds = counts.seeds != 0 ? counts.seeds : default_warm_up_seeds;
        std::puts(warm_up_ensemble_view(default_warm_up_settings(), seeds).c_str());
    } else if (command == "measurements") {
        std::puts(measurements_json().c_str());
    } else if (command == "comparison") {
        const std::vector<TrainingResult> results = run_comparison(0, comparison_plan().size());
        json ? (void)std::puts(comparison_json(results).c_str()) : print_comparison(results);
    } else if (command == "curves") {
        const WholeCrowdRuns runs = whole_crowd_runs();
        json ? (void)std::puts(curves_json(runs).c_str()) : print_curves(runs);
    } else if (command == "two-ways") {
        const TwoWays t = asked_two_ways(whole_crowd_run(Arrangement::Batch));
        json ? (void)std::puts(two_ways_json(t).c_str()) : print_two_ways(t);
    } else if (command == "shift") {
        const CovariateShift plain = covariate_shift(whole_crowd_run(Arrangement::Plain));
        const CovariateShift batch = covariate_shift(whole_crowd_run(Arrangement::Batch));
        if (json) {
            std::puts(covariate_shift_json(plain, batch).c_str());
        } else {
            print_shift("plain", plain);
            print_shift("batch", batch);
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    static const char* const commands[] = {"comparison",      "curves",          "two-ways",
                                           "shift",           "measurements",    "figures",
                                           "tutorial",        "starting-slopes", "starting-slopes-ensemble",
                                           "warm-up-ensemble"};
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN); // a closed pipe then fails the write, which is reported below
#endif
    std::string command;
    bool json = false, help = false;
    Counts counts;
    bool draws_given = false, seeds_given = false;
    for (int k = 1; k < argc; ++k) {
        const std::string arg = argv[k];
        if (arg == "-h" || arg == "--help") {
            help = true;
        } else if (arg == "--json") {
            json = true;
        } else if (arg == "--draws" || arg == "--seeds" || arg.rfind("--draws=", 0) == 0 ||
                   arg.rfind("--seeds=", 0) == 0) {
            const std::string name = arg.substr(0, 7);
            const bool inline_value = arg.size() > 7;
            if (!inline_value && k + 1 == argc) return refuse("'" + name + "' needs a whole number");
            const std::string value = inline_value ? arg.substr(8) : std::string(argv[++k]);
            std::size_t& count = name == "--draws" ? counts.draws : counts.seeds;
            if (!read_count(value, count) || count == 0)
                return refuse("'" + name + "' takes a whole number from 1, not '" + value + "'");
            (name == "--draws" ? draws_given : seeds_given) = true;
        } else if (!arg.empty() && arg[0] == '-') {
            return refuse("unknown option '" + arg + "'");
        } else if (!command.empty()) {
            return refuse("one command at a time; '" + arg + "' follows '" + command + "'");
        } else {
            bool known = false;
            for (const char* c : commands) known = known || arg == c;
            if (!known) return refuse("unknown command '" + arg + "'");
            command = arg;
        }
    }
    if (help) {
        std::fputs(usage_text, stdout);
    } else if (command.empty()) {
        return refuse("no command given");
    } else if (draws_given && command != "starting-slopes-ensemble") {
        return refuse("'--draws' is an option of starting-slopes-ensemble, not of " + command);
    } else if (seeds_given && command != "warm-up-ensemble") {
        return refuse("'--seeds' is an option of warm-up-ensemble, not of " + command);
    }
    try {
        if (!help) run(command, json, counts);
    } catch (const NormError& e) {
        std::fprintf(stderr, "%s: %s\n", e.name(), e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "SizeError: the computation needs more memory than there is\n");
        return 1;
    }
    // Output lost to a full disk or a closed pipe is a failure, not a success.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "normlab: could not write the output: %s\n", std::strerror(errno));
        return 1;
    }
    return 0;
}
