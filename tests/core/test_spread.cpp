// The spread over seeds: the summary of one value per seed (count, mean, least, largest, median,
// the 10 % and 90 % quantiles of numpy's linear rule), the band over curves, and the refusals.
// Every expected figure is worked by hand below; numpy.quantile(values, q) gives the same.
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the spread of 3 1 4 1 5: mean 2.8, median 3, 10 % at 1, 90 % at 4.6", "[spread]") {
    // Sorted: 1 1 3 4 5 (n = 5). Median: h = 4 x 0.5 = 2, x_2 = 3. 10 %: h = 0.4, between x_0 = 1
    // and x_1 = 1: 1. 90 %: h = 3.6, 0.6 of the way from x_3 = 4 to x_4 = 5: 4.6.
    const Spread s = spread_of({3, 1, 4, 1, 5});
    CHECK(s.count == 5);
    CHECK_NEAR(s.mean, 2.8, 1e-15);
    CHECK(s.min == 1);
    CHECK(s.max == 5);
    CHECK(s.median == 3);
    CHECK(s.low == 1);
    CHECK_NEAR(s.high, 4.6, 1e-15);
}

TEST_CASE("the spread of 10 20 30 40: median midway at 25, quantiles at 13 and 37", "[spread]") {
    // n = 4. Median: h = 1.5, midway from 20 to 30. 10 %: h = 0.3, 10 + 0.3 x 10. 90 %: h = 2.7,
    // 30 + 0.7 x 10 (computed from the upper end: 40 - 0.3 x 10).
    const Spread s = spread_of({40, 10, 30, 20});
    CHECK(s.mean == 25);
    CHECK(s.median == 25);
    CHECK_NEAR(s.low, 13, 1e-14);
    CHECK_NEAR(s.high, 37, 1e-14);
    CHECK(s.min == 10);
    CHECK(s.max == 40);
}

TEST_CASE("the spread of seven uneven values: 10 % at -0.13, median 1.1, 90 % at 2.64", "[spread]") {
    // Sorted: -0.4 0.05 0.27 1.1 1.9 2.2 3.3 (n = 7). 10 %: h = 0.6, -0.4 + 0.6 x 0.45. Median:
    // h = 3, 1.1. 90 %: h = 5.4, 2.2 + 0.4 x 1.1. Mean: 8.42 / 7.
    const Spread s = spread_of({0.27, 1.9, -0.4, 3.3, 0.05, 2.2, 1.1});
    CHECK_NEAR(s.low, -0.13, 1e-15);
    CHECK(s.median == 1.1);
    CHECK_NEAR(s.high, 2.64, 1e-15);
    CHECK_NEAR(s.mean, 8.42 / 7, 1e-15);
    CHECK(s.min == -0.4);
    CHECK(s.max == 3.3);
}

TEST_CASE("the spread of seeds 1 to 15: quantiles between order statistics, 2.4 and 13.6", "[spread]") {
    std::vector<double> v;
    for (int k = 15; k >= 1; --k) v.push_back(k);
    const Spread s = spread_of(v);
    CHECK(s.mean == 8);
    CHECK(s.median == 8);            // h = 7: the eighth value
    CHECK_NEAR(s.low, 2.4, 1e-15);   // h = 1.4
    CHECK_NEAR(s.high, 13.6, 1e-14); // h = 12.6
    std::vector<double> eleven;
    for (int k = 0; k <= 10; ++k) eleven.push_back(k);
    CHECK(spread_of(eleven).low == 1); // h = 1 exactly: an order statistic, no interpolation
    CHECK(spread_of(eleven).high == 9);
}

TEST_CASE("one value is its own spread", "[spread]") {
    const Spread s = spread_of({-7.25});
    CHECK(s.count == 1);
    for (double v : {s.mean, s.min, s.max, s.median, s.low, s.high}) CHECK(v == -7.25);
}

TEST_CASE("the mean is the sum of x / n in the order given", "[spread]") {
    const std::vector<double> v = {0.1, 0.7, 0.3, 1e-9, 2.9};
    double sum = 0;
    for (double x : v) sum += x / 5.0;
    CHECK(spread_of(v).mean == sum); // the same bits starting_slopes' means have always had
}

TEST_CASE("quantiles lie between their order statistics and never outside the values", "[spread]") {
    Random random(4);
    for (std::size_t n = 1; n <= 40; ++n) {
        std::vector<double> v(n);
        for (double& x : v) x = random.normal() * 1e3;
        const Spread s = spread_of(v);
        CHECK(s.min <= s.low);
        CHECK(s.low <= s.median);
        CHECK(s.median <= s.high);
        CHECK(s.high <= s.max);
        CHECK(quantile_of(v, 0) == s.min);
        CHECK(quantile_of(v, 1) == s.max);
        CHECK(quantile_of(v, 0.5) == s.median);
        CHECK(quantile_of(v, spread_low_quantile) == s.low);
    }
}

TEST_CASE("values near the largest double give a finite spread", "[spread]") {
    const double big = 1.5e308;
    const Spread s = spread_of({big, -big});
    CHECK(s.mean == 0);
    CHECK(s.median == 0);
    CHECK_NEAR(s.low, -1.2e308, 1e293);
    CHECK_NEAR(s.high, 1.2e308, 1e293);
    CHECK(spread_of({big, big, big}).mean == big);
}

TEST_CASE("the spread refuses an empty list and names a value that is not finite", "[spread][errors]") {
    check_refusal<SizeError>([] { spread_of({}); }, "empty");
    check_refusal<NonFiniteError>([] { spread_of({1, 2, std::nan(""), 4}); }, "entry 3 of the values is NaN");
    check_refusal<NonFiniteError>([] { spread_of({std::numeric_limits<double>::infinity()}); },
                                  "entry 1 of the values is Infinity");
    check_refusal<OptionError>([] { quantile_of({1, 2}, 1.5); }, "quantile 1.5 is outside 0..1");
    check_refusal<OptionError>([] { quantile_of({1, 2}, std::nan("")); }, "quantile NaN");
    check_refusal<SizeError>([] { quantile_of({}, 0.5); }, "empty");
}

TEST_CASE("a band is each step's spread over the curves", "[spread][band]") {
    // Steps 1 to 3 over three curves: {1, 3, 2}, {2, 2, 2}, {3, 1, 8}.
    const Band b = band_of(Block::from_rows({{1, 2, 3}, {3, 2, 1}, {2, 2, 8}}));
    CHECK(b.count == 3);
    CHECK(b.median == std::vector<double>{2, 2, 3});
    CHECK(b.min == std::vector<double>{1, 2, 1});
    CHECK(b.max == std::vector<double>{3, 2, 8});
    REQUIRE(b.mean.size() == 3);
    CHECK_NEAR(b.mean[0], 2, 1e-15);
    CHECK_NEAR(b.mean[2], 4, 1e-15);
    CHECK_NEAR(b.low[0], 1.2, 1e-15); // h = 0.2 from 1 to 2
    CHECK(b.low[1] == 2);
    CHECK_NEAR(b.low[2], 1.4, 1e-15);  // 1 + 0.2 x 2
    CHECK_NEAR(b.high[0], 2.8, 1e-15); // h = 1.8 from 2 to 3
    CHECK_NEAR(b.high[2], 7, 1e-15);   // 3 + 0.8 x 5
    for (std::size_t j = 0; j < 3; ++j) {
        const Spread s = spread_of(Block::from_rows({{1, 2, 3}, {3, 2, 1}, {2, 2, 8}}).column(j));
        CHECK(b.mean[j] == s.mean);
        CHECK(b.low[j] == s.low);
        CHECK(b.high[j] == s.high);
    }
}

TEST_CASE("a band refuses no curves and names the step and curve of a value not finite", "[spread][band][errors]") {
    check_refusal<SizeError>([] { band_of(Block()); }, "0 curves of 0 steps");
    Block curves = Block::from_rows({{1, 2, 3}, {4, 5, 6}});
    curves.at(1, 2) = -std::numeric_limits<double>::infinity();
    check_refusal<NonFiniteError>([&] { band_of(curves); }, "step 3 of curve 2 is -Infinity");
    Block torn = Block::from_rows({{1, 2}});
    torn.data.push_back(3);
    check_refusal<ShapeError>([&] { band_of(torn); }, "curves");
}
