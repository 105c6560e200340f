// Figure 3: mean, variance and standard deviation, by every intermediate step.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("3, 4, 5: mean 4, variance 0.667, deviation 0.816, standardised -1.22, 0, 1.22", "[tutorial][spread][seed]") {
    const MeanAndSpread m = mean_and_spread({3, 4, 5});
    CHECK(m.mean == 4);
    CHECK(m.distances == std::vector<double>{-1, 0, 1});
    CHECK(m.squares == std::vector<double>{1, 0, 1});
    CHECK_PRINTS(m.variance, "0.667", 3);
    CHECK_PRINTS(m.deviation, "0.816", 3);
    CHECK_PRINTS(m.standardised[0], "-1.22", 2);
    CHECK(m.standardised[1] == 0);
    CHECK_PRINTS(m.standardised[2], "1.22", 2);
}

TEST_CASE("replacing 5 by 50 moves the mean to 19 and the deviation to about 21.9", "[tutorial][spread][seed]") {
    const MeanAndSpread m = mean_and_spread({3, 4, 50});
    CHECK(m.mean == 19);
    CHECK_PRINTS(m.deviation, "21.9", 1);
}

TEST_CASE("multiplying every number by 1000 leaves the standardised numbers unchanged",
          "[tutorial][spread][seed][T9]") {
    const ScaledStandardised s = standardised_after_scaling({3, 4, 5});
    CHECK(s.largest_gap < 1e-15);
    CHECK_PRINTS(s.standardised[2], "1.22", 2);
}

TEST_CASE("a list of equal numbers standardises to zeros; bad lists are refused by name",
          "[tutorial][spread][errors]") {
    CHECK(mean_and_spread({2, 2}).standardised == std::vector<double>{0, 0});
    CHECK_THROWS_AS(mean_and_spread({}), EmptyBlockError);
    CHECK_THROWS_AS(mean_and_spread({1, std::nan("")}), NonFiniteError);
    CHECK_THROWS_AS(mean_and_spread(std::vector<double>(65, 1.0)), OptionError);
    CHECK_THROWS_AS(standardised_after_scaling({1, 2}, 0), OptionError);
}
