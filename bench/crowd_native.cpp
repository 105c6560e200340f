// Times the 130 crowd trainings natively, alone and with the measurements' JSON: medians of 5.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "core/normlab_core.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

namespace {
// The trainings alone: the 125 comparison trainings and the 5 whole-crowd runs.
double time_trainings() {
    const auto t0 = std::chrono::steady_clock::now();
    const auto results = normlab::run_comparison(0, normlab::comparison_plan().size());
    (void)normlab::whole_crowd_runs();
    (void)results;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
} // namespace

int main() {
    std::vector<double> train;
    for (int k = 0; k < 5; ++k) train.push_back(time_trainings());
    std::sort(train.begin(), train.end());
    std::vector<double> times;
    std::size_t bytes = 0;
    for (int k = 0; k < 5; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        bytes = normlab::measurements_json().size();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"trainSeconds\": %.6f, \"medianSeconds\": %.6f, \"minSeconds\": %.6f, \"bytes\": %zu}\n", train[2],
                times[2], times[0], bytes);
}
