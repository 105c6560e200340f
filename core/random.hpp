// A small seeded generator (splitmix64) with our own uniform and normal transforms, passed
// around as a value and never global, so native and WebAssembly builds draw identical numbers
// (std::normal_distribution differs between standard libraries).
#pragma once
#include <cstdint>

namespace normlab {

class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next_u64();
    // Uniform in [0, 1) with 53 random bits.
    double uniform();
    // Standard normal by Marsaglia's polar method (uses only our own log and IEEE sqrt).
    double normal();
    // Uniform integer in [0, n) without modulo bias. requires: n > 0 (else OptionError).
    std::uint64_t below(std::uint64_t n);

private:
    std::uint64_t state_;
    bool has_spare_ = false;
    double spare_ = 0.0;
};

} // namespace normlab
