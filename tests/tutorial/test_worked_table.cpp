// Figures 4 and 7: the tutorial's 4 x 3 table through the core's Normaliser.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("batch norm by hand, feature 2: mean 4, variance 9, outputs -1, -0.33, -0.33, 1.67",
          "[tutorial][table][seed][T15]") {
    const BatchByHand b = batch_norm_by_hand(tutorial_table(), {1, 1, 1}, {0, 0, 0});
    CHECK(b.eps == 1e-5);
    const ColumnWorking& c = b.columns[1];
    CHECK(c.mean == 4);
    CHECK(c.distances == std::vector<double>{-3, -1, -1, 5});
    CHECK(c.squares == std::vector<double>{9, 1, 1, 25});
    CHECK(c.variance == 9);
    CHECK_PRINTS(c.deviation, "3", 4);
    const std::vector<std::string> printed{"-1", "-0.33", "-0.33", "1.67"};
    for (std::size_t i = 0; i < 4; ++i) CHECK_PRINTS(c.output[i], printed[i], 2);
    CHECK(b.columns[0].mean == 3);
    CHECK(b.columns[0].variance == 1);
    CHECK(b.columns[2].mean == 40);
    CHECK(b.columns[2].variance == 400);
}

TEST_CASE("scale 2 and shift 1 on feature 1 give -1, 3, -1, 3", "[tutorial][table][seed][T16]") {
    const BatchByHand b = batch_norm_by_hand(tutorial_table(), {2, 1, 1}, {1, 0, 0});
    const std::vector<double> want{-1, 3, -1, 3};
    for (std::size_t i = 0; i < 4; ++i) CHECK_PRINTS(b.columns[0].output[i], std::to_string(want[i]), 2);
}

TEST_CASE("doubling feature 3 leaves its normalised column unchanged", "[tutorial][table][seed][T17]") {
    Block doubled = tutorial_table();
    for (std::size_t i = 0; i < 4; ++i) doubled.at(i, 2) *= 2;
    const BatchByHand b = batch_norm_by_hand(doubled, {1, 1, 1}, {0, 0, 0});
    CHECK(b.columns[2].mean == 80);
    CHECK_PRINTS(b.columns[2].deviation, "40", 4);
    CHECK(largest_gap(b.columns[2].output,
                      batch_norm_by_hand(tutorial_table(), {1, 1, 1}, {0, 0, 0}).columns[2].output) < 1e-7);
}

TEST_CASE("example 1 under each toggle: -1, -1, -1 / -0.65, -0.76, 1.41 / 0.17, 0.09, 1.72",
          "[tutorial][table][seed][T46]") {
    const UnderEachToggle u = under_each_toggle(tutorial_table());
    const std::vector<std::string> batch{"-1", "-1", "-1"}, layer{"-0.65", "-0.76", "1.41"},
        rms{"0.17", "0.09", "1.72"};
    for (std::size_t j = 0; j < 3; ++j) {
        CHECK_PRINTS(u.batch.at(0, j), batch[j], 2);
        CHECK_PRINTS(u.layer.at(0, j), layer[j], 2);
        CHECK_PRINTS(u.rms.at(0, j), rms[j], 2);
    }
}

TEST_CASE("the tutorial's layer-norm and RMS tables at two decimals, and the row statistics",
          "[tutorial][table][seed][T29]") {
    const UnderEachToggle u = under_each_toggle(tutorial_table());
    const Block layer =
        Block::from_rows({{-0.65, -0.76, 1.41}, {-0.69, -0.73, 1.41}, {-0.77, -0.65, 1.41}, {-0.80, -0.61, 1.41}});
    const Block rms =
        Block::from_rows({{0.17, 0.09, 1.72}, {0.12, 0.09, 1.73}, {0.17, 0.26, 1.70}, {0.11, 0.26, 1.71}});
    CHECK(largest_gap(u.layer, layer) <= 0.005);
    CHECK(largest_gap(u.rms, rms) <= 0.005);
    const std::vector<std::string> means{"7.67", "22.33", "8.33", "24.33"},
        deviations{"8.73", "26.64", "8.26", "25.30"};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK_PRINTS(u.row_mean[i], means[i], 2);
        CHECK_PRINTS(u.row_deviation[i], deviations[i], 2);
        CHECK(u.largest_feature[i] == 2); // feature 3 dominates every row
    }
}

TEST_CASE("the worked table refuses shapes that do not fit", "[tutorial][table][errors]") {
    CHECK_THROWS_AS(batch_norm_by_hand(tutorial_table(), {1, 1}, {0, 0, 0}), ShapeError);
    CHECK_THROWS_AS(batch_norm_by_hand(tutorial_table(), {1, 1, std::nan("")}, {0, 0, 0}), NonFiniteError);
    CHECK_THROWS_AS(under_each_toggle(Block()), EmptyBlockError);
}
