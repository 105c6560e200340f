// The row of two numbers for a reader's crowd: the essay's view when handed the essay's crowd, the
// first twenty people of any other.
#include "crowd/crowd_csv.hpp"
#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the two numbers of the essay's crowd, handed in, are the essay's view byte for byte", "[report][csv]") {
    CHECK(two_numbers_view_of(the_crowd()) == two_numbers_view());
}

TEST_CASE("the two numbers of a reader's crowd show its first twenty people, or all when fewer", "[report][csv]") {
    const Crowd seven = read_crowd_csv("150,45,0\n185,90,1\n140,40,0\n175,70,1\n160,50,0\n170,65,1\n155,60,1\n");
    const std::string v = two_numbers_view_of(seven);
    CHECK_THAT(v, Catch::StartsWith("{\"people\":7,\"x\":[150,45,185,90,140,40,175,70,160,50,170,65,155,60]"));
    CHECK(v != two_numbers_view());
    std::string text;
    for (int i = 0; i < 30; ++i)
        text += std::to_string(140 + i) + "," + std::to_string(40 + i) + "," + (i % 2 ? "1\n" : "0\n");
    CHECK_THAT(two_numbers_view_of(read_crowd_csv(text)), Catch::StartsWith("{\"people\":20,\"x\":[140,40,141,41,"));
}

TEST_CASE("the two numbers refuse a crowd that is not one", "[report][csv][errors]") {
    check_refusal<ShapeError>([] { two_numbers_view_of(Crowd{Block(2, 2), {1, 0, 1}}); }, "crowd's row count");
    check_refusal<DataError>([] { two_numbers_view_of(Crowd{Block(1, 2), {2}}); }, "labelled 2");
}
