#include "helpers.hpp"

using namespace normlab;

TEST_CASE("the generator is a value: the same seed draws the same numbers", "[random]") {
    Random a(42), b(42), c(43);
    std::size_t same_as_other_seed = 0;
    for (int k = 0; k < 100; ++k) {
        const double x = a.normal();
        CHECK(x == b.normal());
        same_as_other_seed += x == c.normal();
    }
    CHECK(same_as_other_seed == 0); // another seed, another stream
    // A copy is a value: it continues the same stream, and drawing from it leaves the original be.
    Random copy = a;
    const double next = copy.normal();
    CHECK(a.normal() == next);
    CHECK(copy.next_u64() == a.next_u64());
}

TEST_CASE("splitmix64 draws its published first value", "[random]") {
    // splitmix64 seeded with 0 starts 0xE220A8397B1DCDAF (Vigna's reference implementation).
    CHECK(Random(0).next_u64() == 0xE220A8397B1DCDAFULL);
}

TEST_CASE("uniform and normal draws have the right moments", "[random]") {
    Random rng(5);
    double su = 0, sn = 0, sn2 = 0;
    const int n = 200000;
    for (int k = 0; k < n; ++k) {
        const double u = rng.uniform();
        REQUIRE(u >= 0.0);
        REQUIRE(u < 1.0);
        su += u;
        const double z = rng.normal();
        sn += z;
        sn2 += z * z;
    }
    CHECK_NEAR(su / n, 0.5, 0.005);
    CHECK_NEAR(sn / n, 0.0, 0.01);
    CHECK_NEAR(sn2 / n, 1.0, 0.01);
    for (int k = 0; k < 1000; ++k) CHECK(rng.below(5) < 5);
}

TEST_CASE("below(0) is refused: no whole number lies in [0, 0)", "[random][errors]") {
    Random rng(1);
    CHECK_THROWS_AS(rng.below(0), OptionError);
    CHECK(rng.below(1) == 0);
}
