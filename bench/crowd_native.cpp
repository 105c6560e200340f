// Times the 130 crowd trainings natively (all measurements, JSON included): median of 5 runs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "normlab.hpp"

int main() {
    std::vector<double> times;
    std::size_t bytes = 0;
    for (int k = 0; k < 5; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        bytes = normlab::measurements_json().size();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"medianSeconds\": %.6f, \"minSeconds\": %.6f, \"bytes\": %zu}\n", times[2], times[0], bytes);
}
