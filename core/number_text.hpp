// Numbers as text, the one way every message, view and JSON document prints them.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace normlab {

// The shortest text that reads back as v (round trip), plain decimals between 1e-4 and 1e17,
// and NaN, Infinity, -Infinity for the rest.
std::string format_number(double v);

// 1-based row numbers as ranges, for messages: {1, 2, 3, 5} -> "rows 1-3, 5"; {4} -> "row 4".
// requires: rows ascending, not empty.
std::string row_ranges(const std::vector<std::size_t>& rows);

} // namespace normlab
