// libFuzzer's entry point: each input is one programme of core calls. A non-NormError exception
// escapes and ends the run as a crash, so libFuzzer keeps the input that caused it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core_fuzz.hpp"

namespace {

void print_calls() {
    std::fprintf(stderr, "core fuzz: %llu calls\n", static_cast<unsigned long long>(normlab::fuzz::core_calls()));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    normlab::fuzz::run_fixed_views();
    std::atexit(print_calls);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    normlab::fuzz::run_core_program(data, size);
    return 0;
}
