#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("a block is row-major with shape checks", "[block]") {
    const Block b = whole_number_four();
    CHECK(b.rows == 4);
    CHECK(b.cols == 2);
    CHECK(b.at(3, 0) == 23);
    CHECK(b.data[1] == 7);
    CHECK(b.column(1) == std::vector<double>{7, 9, 1, 7});
    CHECK(b.row(2) == std::vector<double>{7, 1});
    CHECK(b.transposed().at(0, 3) == 23);
    CHECK(column_sums(b) == std::vector<double>{32, 24});
    CHECK(row_sums(b) == std::vector<double>{8, 10, 8, 30});
    CHECK_THROWS_AS(Block::from_flat(2, 2, {1, 2, 3}), ShapeError);
    CHECK_THROWS_AS(largest_gap(b, Block(2, 2)), ShapeError);
}
