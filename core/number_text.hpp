// Numbers as text, the one way every message, view and JSON document prints them.
#pragma once
#include <string>

namespace normlab {

// The shortest text that reads back as v (round trip), plain decimals between 1e-4 and 1e17,
// and NaN, Infinity, -Infinity for the rest.
std::string format_number(double v);

} // namespace normlab
