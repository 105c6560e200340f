#include "seed_blocks.hpp"

namespace normlab {

Block whole_number_four() { return Block::from_rows({{1, 7}, {1, 9}, {7, 1}, {23, 7}}); }

Block tutorial_table() { return Block::from_rows({{2, 1, 20}, {4, 3, 60}, {2, 3, 20}, {4, 9, 60}}); }

Block counting_slope(std::size_t rows, std::size_t cols) {
    Block b(rows, cols);
    for (std::size_t c = 0; c < b.size(); ++c) b.data[c] = static_cast<double>(c + 1);
    return b;
}

} // namespace normlab
