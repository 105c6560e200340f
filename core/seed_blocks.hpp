// The small blocks the seed documents work by hand, written once: the tests, the widget views
// and the reference figures read them from here.
#pragma once
#include <cstddef>

#include "block.hpp"

namespace normlab {

// The essay's playground: four people at two hidden units, (1, 7), (1, 9), (7, 1), (23, 7).
Block whole_number_four();

// The tutorial's 4 x 3 table: (2, 1, 20), (4, 3, 60), (2, 3, 20), (4, 9, 60).
Block tutorial_table();

// The arriving slope the seeds use: 1, 2, 3, ... across the block, row after row.
Block counting_slope(std::size_t rows, std::size_t cols);

} // namespace normlab
