// Figure 1: the stretched and the round bowl, the factors, the stable limit, the nudge.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("both bowls start at loss 41", "[tutorial][bowl][seed]") {
    CHECK(descend(stretched_bowl(), 0.035, 0).path.front().loss == 41);
    CHECK(descend(round_bowl(), 0.3, 0).path.front().loss == 41);
}

TEST_CASE("the stretched bowl after 20 steps at 0.035 is near (0.937, 0.0032) with loss 0.878",
          "[tutorial][bowl][seed][T2]") {
    const BowlDescent d = descend(stretched_bowl(), 0.035, 20);
    REQUIRE(d.path.size() == 21);
    CHECK_PRINTS(d.path.back().w1, "0.937", 3);
    CHECK_PRINTS(d.path.back().w2, "0.0032", 4);
    CHECK_PRINTS(d.path.back().loss, "0.878", 3);
    CHECK_PRINTS(d.factor1, "0.93", 2);
    CHECK_PRINTS(d.factor2, "-0.75", 2);
    CHECK_PRINTS(d.stable_limit, "0.04", 2);
    CHECK_FALSE(d.diverges);
}

TEST_CASE("the round bowl after 5 steps at 0.3 has loss 0.0043, every coordinate times 0.4 a step",
          "[tutorial][bowl][seed][T3]") {
    const BowlDescent d = descend(round_bowl(), 0.3, 5);
    CHECK_PRINTS(d.path.back().loss, "0.0043", 4);
    CHECK_PRINTS(d.factor1, "0.4", 1);
    CHECK_PRINTS(d.factor2, "0.4", 1);
    CHECK(d.path.back().loss * 200 < descend(stretched_bowl(), 0.035, 20).path.back().loss);
}

TEST_CASE("at 0.045 the steep coordinate grows by -1.25 a step and the loss diverges", "[tutorial][bowl][seed]") {
    const BowlDescent d = descend(stretched_bowl(), 0.045, 20);
    CHECK_PRINTS(d.factor2, "-1.25", 2);
    CHECK(d.diverges);
    for (std::size_t k = 1; k < d.path.size(); ++k) CHECK_NEAR(d.path[k].w2 / d.path[k - 1].w2, -1.25, 1e-12);
    CHECK(d.path.back().loss > 41 * 100);
}

TEST_CASE("contours are ellipses at their levels", "[tutorial][bowl]") {
    const Bowl b = stretched_bowl();
    for (const auto& ring : bowl_contours(b, {41, 1}, 16))
        for (const BowlPoint& p : ring) CHECK_NEAR(b.loss(p.w1, p.w2), p.loss, 1e-12 * p.loss);
    CHECK_THROWS_AS(bowl_contours(b, {0}, 16), OptionError);
}

TEST_CASE("the house-price nudge: 0.03 through bedrooms, 1.5 through area, fifty times more; curvature ratio 25",
          "[tutorial][bowl][seed][T1]") {
    const Nudge n = house_price_nudge();
    CHECK_PRINTS(n.bedrooms_change, "0.03", 2);
    CHECK_PRINTS(n.area_change, "1.5", 1);
    CHECK(n.ratio == 50);
    const Bowl b = stretched_bowl();
    CHECK(b.curvature2 / b.curvature1 == 25);
}

TEST_CASE("the bowl refuses a learning rate or step count outside its range, by name", "[tutorial][bowl][errors]") {
    CHECK_THROWS_AS(descend(stretched_bowl(), -0.1, 1), OptionError);
    CHECK_THROWS_AS(descend(stretched_bowl(), std::nan(""), 1), NonFiniteError);
    CHECK_THROWS_AS(descend(stretched_bowl(), 0.03, 201), OptionError);
    CHECK_THROWS_WITH(bowl_named("flat"), Catch::Contains("flat"));
}
