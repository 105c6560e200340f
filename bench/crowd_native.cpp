// Times the 130 crowd trainings natively, alone (wall-clock and process CPU time) and with the
// measurements' JSON: medians of 5. With --once it runs the 130 trainings once and prints nothing
// (what a profiler such as callgrind should watch).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <utility>
#include <vector>

#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

namespace {
// The trainings as the page asks for them: the 125 comparison trainings and their summary, the 5
// whole-crowd runs and the figures read from them (what wasm's runComparison, summariseComparison
// and wholeCrowd compute); wall and CPU seconds.
std::pair<double, double> time_trainings() {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    const auto results = normlab::run_comparison(0, normlab::comparison_plan().size());
    (void)normlab::summarise_comparison(results);
    (void)normlab::whole_crowd_figures();
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
            static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC};
}
} // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--once") == 0) {
        (void)time_trainings();
        return 0;
    }
    std::vector<double> train, train_cpu;
    for (int k = 0; k < 5; ++k) {
        const auto [wall, cpu] = time_trainings();
        train.push_back(wall);
        train_cpu.push_back(cpu);
    }
    std::sort(train.begin(), train.end());
    std::sort(train_cpu.begin(), train_cpu.end());
    std::vector<double> times;
    std::size_t bytes = 0;
    for (int k = 0; k < 5; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        bytes = normlab::measurements_json().size();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    std::printf(
        "{\"trainSeconds\": %.6f, \"trainCpuSeconds\": %.6f, \"medianSeconds\": %.6f, \"minSeconds\": "
        "%.6f, \"bytes\": %zu}\n",
        train[2], train_cpu[2], times[2], times[0], bytes);
}
