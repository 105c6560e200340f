// The one JSON writer: commas, keys, escapes, shortest round-trip numbers, null for non-finite.
#include <limits>

#include "helpers.hpp"

using namespace normlab;

TEST_CASE("the writer separates values and keys and nests containers", "[json]") {
    JsonWriter j;
    j.begin_object().field("a", 1).field("b", std::vector<double>{0.1, 2.5}).key("c").begin_array();
    j.value(true).value(false).begin_object().end_object().end_array().field("d", "x").end_object();
    CHECK(j.str() == R"({"a":1,"b":[0.1,2.5],"c":[true,false,{}],"d":"x"})");
}

TEST_CASE("numbers print in their shortest round-trip form; non-finite ones as null", "[json]") {
    JsonWriter j;
    j.begin_array().value(1.0 / 3).value(1e-5).value(std::size_t(42)).value(-0.5);
    j.value(std::numeric_limits<double>::quiet_NaN()).value(-std::numeric_limits<double>::infinity()).end_array();
    CHECK(j.str() == "[0.3333333333333333,1e-05,42,-0.5,null,null]");
}

TEST_CASE("strings escape quotes, backslashes and control characters", "[json]") {
    JsonWriter j;
    j.value(std::string("a\"b\\c\nd\te\x01"));
    CHECK(j.str() == R"("a\"b\\c\nd\u0009e\u0001")");
}

TEST_CASE("raw inserts another writer's JSON as one value", "[json]") {
    JsonWriter inner;
    inner.begin_array().value(1).end_array();
    JsonWriter j;
    j.begin_object().key("x").raw(inner.str()).field("y", 2).end_object();
    CHECK(j.str() == R"({"x":[1],"y":2})");
}
