// Figure 6: the batch-size problem, on our seeded bell curve.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("10,000 seeded numbers sit near mean 5 and deviation 2", "[tutorial][batchsize]") {
    const BatchSizeProblem p = batch_size_problem(BatchSizeSettings{});
    CHECK(std::fabs(p.population_mean - 5) < 0.1);
    CHECK(std::fabs(p.population_deviation - 2) < 0.1);
    CHECK(p.batch_count == 5000);
    CHECK(p.first_means.size() == 10);
}

TEST_CASE("the batch-mean wobble over 200 batches is within 10 % of deviation / sqrt(batch size)",
          "[tutorial][batchsize][T24]") {
    for (std::size_t size : {2, 4, 8, 16, 32}) {
        BatchSizeSettings s;
        s.batch_size = size;
        const BatchSizeProblem p = batch_size_problem(s);
        CHECK(p.wobble_count == 200);
        CHECK(std::fabs(p.wobble / p.rule - 1) < 0.1);
    }
}

TEST_CASE("size 2 gives far wider batch means, and tiny deviations, than size 32", "[tutorial][batchsize][T25]") {
    BatchSizeSettings s;
    const BatchSizeProblem two = batch_size_problem(s);
    s.batch_size = 32;
    const BatchSizeProblem big = batch_size_problem(s);
    CHECK(two.first_means_high - two.first_means_low > 2 * (big.first_means_high - big.first_means_low));
    CHECK(big.first_means_low > 4);
    CHECK(big.first_means_high < 6);
    CHECK(two.smallest_deviation < 0.01); // some batch of two would be blown up more than a hundredfold
    CHECK(big.smallest_deviation > 1);
    CHECK(two.blow_up == 1 / two.smallest_first_deviation);
    CHECK(two.largest_blow_up > 100);
}

TEST_CASE("the batch size must leave at least two batches", "[tutorial][batchsize][errors]") {
    BatchSizeSettings s;
    s.batch_size = 1;
    CHECK_THROWS_AS(batch_size_problem(s), OptionError);
    s.batch_size = 5001;
    CHECK_THROWS_AS(batch_size_problem(s), OptionError);
}
