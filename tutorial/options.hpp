// The checks the tutorial's instruments share (each message says "the <what> is ...", as the
// core's own checks do): a reader's choice must be a finite number inside
// the range the instrument draws sensibly.
#pragma once
#include <cstddef>
#include <string>

namespace normlab {

// requires: lo <= value <= hi and value finite; otherwise NonFiniteError or OptionError naming it.
void require_within(double value, double lo, double hi, const std::string& what);
// requires: a whole number in [lo, hi]; otherwise OptionError naming it.
void require_count(std::size_t value, std::size_t lo, std::size_t hi, const std::string& what);

} // namespace normlab
