#include "options.hpp"

#include "core/errors.hpp"

namespace normlab {

void require_within(double value, double lo, double hi, const std::string& what) {
    require_finite(value, what);
    if (value < lo || value > hi)
        throw OptionError("the " + what + " is " + format_number(value) + " but must lie between " + format_number(lo) +
                          " and " + format_number(hi));
}

void require_count(std::size_t value, std::size_t lo, std::size_t hi, const std::string& what) {
    if (value < lo || value > hi)
        throw OptionError("the " + what + " is " + std::to_string(value) + " but must lie between " +
                          std::to_string(lo) + " and " + std::to_string(hi));
}

} // namespace normlab
