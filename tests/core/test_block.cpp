#include <limits>

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

TEST_CASE("shapes beyond 2^26 cells are refused with SizeError before anything is allocated", "[block][size]") {
    check_refusal<SizeError>([] { Block::from_flat(2, std::size_t(1) << 63, {}); }, "2 by 9223372036854775808");
    check_refusal<SizeError>([] { Block(65536, 65537); }, "beyond the limit of 67108864");
    check_refusal<SizeError>([] { Block(max_block_cells + 1, 1); }, "67108865 by 1");
    check_refusal<SizeError>([] { filled(std::size_t(1) << 61, 1.0, "layer's scale"); }, "layer's scale");
    Block b = whole_number_four();
    check_refusal<SizeError>([&] { b.reshape(std::size_t(1) << 32, std::size_t(1) << 32); }, "4294967296");
    CHECK(b == whole_number_four()); // a refused reshape leaves the block as it was
}

TEST_CASE("a block whose values do not match its shape is refused, never read past", "[block][size]") {
    Block torn;
    torn.rows = 2;
    torn.cols = 2;
    torn.data = {1};
    check_refusal<ShapeError>([&] { column_sums(torn); }, "number of values is 1");
    check_refusal<ShapeError>([&] { row_sums(torn); }, "number of values is 1");
    check_refusal<ShapeError>([&] { torn.transposed(); }, "number of values is 1");
    check_refusal<ShapeError>([&] { largest_gap(torn, torn); }, "number of values is 1");
    Block wide;
    wide.rows = 2;
    wide.cols = std::size_t(1) << 31;
    check_refusal<SizeError>([&] { row_sums(wide); }, "2 by 2147483648");
    check_refusal<ShapeError>([] { whole_number_four().row(4); }, "row 5");
    check_refusal<ShapeError>([] { whole_number_four().column(2); }, "feature 3");
}

TEST_CASE("largest gaps and magnitudes let a NaN through rather than hide it", "[block]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(std::isnan(larger(0.0, nan)));
    CHECK(std::isnan(larger(nan, 1.0)));
    CHECK(larger(2.0, 1.0) == 2.0);
    CHECK(std::isnan(largest_gap(std::vector<double>{1, nan, 3}, std::vector<double>{1, 2, 3})));
    CHECK(std::isnan(largest_gap(std::vector<double>{1, 2, 3}, std::vector<double>{nan, 2, 3})));
    CHECK(std::isnan(largest_magnitude(Block::from_flat(1, 2, {nan, 5}))));
    CHECK(largest_gap(std::vector<double>{1, 2}, std::vector<double>{1.5, 4}) == 2.0);
    check_refusal<NonFiniteError>(
        [] {
            largest_gap(std::vector<double>{0, 1.5e308}, std::vector<double>{0, -1.5e308});
        },
        "gap at entry 2 between 1.5e+308 and -1.5e+308");
    CHECK(largest_gap(std::vector<double>{1e308}, std::vector<double>{-7e307}) == 1e308 + 7e307);
}
