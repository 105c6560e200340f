// What RMSNorm saves, natively: the tutorial instrument's paired rounds at every width it times
// (rms_timing_view), and the core's summary over the widths, as one JSON object
// {timings: [view per width], summary}. Read by bench/rms_timing.mjs. Argument: rounds (default 21).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tutorial/normlab_tutorial.hpp"

int main(int argc, char** argv) {
    const std::size_t rounds = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 21;
    const std::vector<double> widths{64, 128, 256, 512, 1024, 2048, 4096};
    normlab::Block savings(widths.size(), rounds);
    std::string out = "{\"timings\":[";
    for (std::size_t k = 0; k < widths.size(); ++k) {
        const normlab::RmsTiming t = normlab::time_layer_and_rms(std::size_t(widths[k]), rounds, 1);
        for (std::size_t r = 0; r < rounds; ++r) savings.at(k, r) = t.saved_percents[r];
        out += (k > 0 ? "," : "") + normlab::rms_timing_view(t);
    }
    out += "],\"summary\":" + normlab::rms_saving_summary_view(widths, savings) + "}";
    std::printf("%s\n", out.c_str());
}
