// The seeds' small blocks, as the essay and the tutorial print them.
#include "helpers.hpp"

using namespace normlab;

TEST_CASE("the seeds' blocks: the whole-number four, the tutorial's table, the counting slope", "[seed]") {
    CHECK(whole_number_four().data == std::vector<double>{1, 7, 1, 9, 7, 1, 23, 7});
    CHECK(tutorial_table().rows == 4);
    CHECK(tutorial_table().data == std::vector<double>{2, 1, 20, 4, 3, 60, 2, 3, 20, 4, 9, 60});
    const Block c = counting_slope(2, 3);
    CHECK(c.rows == 2);
    CHECK(c.data == std::vector<double>{1, 2, 3, 4, 5, 6});
}
