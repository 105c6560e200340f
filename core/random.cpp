#include "random.hpp"

#include <cmath>

#include "elementary.hpp"
#include "errors.hpp"

namespace normlab {

std::uint64_t Random::next_u64() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double Random::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Random::normal() {
    if (has_spare_) {
        has_spare_ = false;
        return spare_;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    double f = std::sqrt(-2.0 * normlab::log(s) / s);
    spare_ = v * f;
    has_spare_ = true;
    return u * f;
}

std::uint64_t Random::below(std::uint64_t n) {
    if (n == 0) throw OptionError("below(0) asks for a whole number in [0, 0), and there is none");
    std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % n);
    std::uint64_t r;
    do r = next_u64();
    while (r >= limit);
    return r % n;
}

} // namespace normlab
