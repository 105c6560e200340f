// The crowd file honours every fact the essay states about the crowd.
#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the crowd: 25 people, heights in cm above weights in kg, labels 0 or 1", "[crowd]") {
    const Crowd& c = the_crowd();
    REQUIRE(c.size() == 25);
    for (std::size_t i = 0; i < 25; ++i) {
        CHECK(c.measurements.at(i, 0) > c.measurements.at(i, 1));
        CHECK((c.labels[i] == 0 || c.labels[i] == 1));
    }
    double adults = 0;
    for (double l : c.labels) adults += l;
    CHECK(adults > 5);
    CHECK(adults < 20);
}

TEST_CASE("the first twenty heights average 151.9 cm, so a fresh batch layer's running mean after one step is 15.19",
          "[crowd][seed]") {
    const Crowd first20 = the_crowd().subset({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19});
    const Normaliser layer(2, batch_norm());
    const NormResponse r = layer.train(first20.measurements);
    CHECK_PRINTS(r.mean[0], "151.9", 10);
    const Normaliser stepped = layer.step(layer.backward(r, Block(20, 2, 0.0)), 1.0);
    CHECK_PRINTS(stepped.running_mean()[0], "15.19", 10);
}

TEST_CASE(
    "the smallest height-minus-weight among the first twenty is 87.7, so layer norm's largest distance "
    "from plus or minus one is 2.6e-09",
    "[crowd][seed]") {
    const Crowd first20 = the_crowd().subset({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19});
    double smallest = 1e9;
    for (std::size_t i = 0; i < 20; ++i)
        smallest = std::fmin(smallest, first20.measurements.at(i, 0) - first20.measurements.at(i, 1));
    CHECK_PRINTS(smallest, "87.7", 10);
    const Block y = Normaliser(2, layer_norm()).train(first20.measurements).output;
    double widest = 0;
    for (std::size_t i = 0; i < 20; ++i) {
        CHECK(y.at(i, 0) > 0); // height is the larger number: +1, -1
        widest = std::fmax(widest, std::fmax(std::fabs(y.at(i, 0) - 1), std::fabs(y.at(i, 1) + 1)));
    }
    CHECK_PRINTS(widest, "2.6e-09", 10);
}

TEST_CASE("person 1's weight/height is 0.2789 and person 2's 0.3397; RMS answers 1.3622, 0.3799 and 1.3390, 0.4549",
          "[crowd][seed][E34]") {
    const Block& m = the_crowd().measurements;
    CHECK_PRINTS(m.at(0, 1) / m.at(0, 0), "0.2789", 4);
    CHECK_PRINTS(m.at(1, 1) / m.at(1, 0), "0.3397", 4);
    const Block y = Normaliser(2, rms_norm()).train(m).output;
    CHECK_PRINTS(y.at(0, 0), "1.3622", 4);
    CHECK_PRINTS(y.at(0, 1), "0.3799", 4);
    CHECK_PRINTS(y.at(1, 0), "1.3390", 4);
    CHECK_PRINTS(y.at(1, 1), "0.4549", 4);
}

TEST_CASE("the crowd reader refuses what is not a crowd", "[crowd][errors]") {
    CHECK_THROWS_AS(parse_crowd_csv("height,weight\n1,2\n"), DataError);
    CHECK_THROWS_AS(parse_crowd_csv("height_cm,weight_kg,adult\n170,x,1\n"), DataError);
    CHECK_THROWS_AS(parse_crowd_csv("height_cm,weight_kg,adult\n170,60,2\n"), DataError);
    CHECK_THROWS_AS(parse_crowd_csv("# nobody\nheight_cm,weight_kg,adult\n"), DataError);
    CHECK(parse_crowd_csv("# c\nheight_cm,weight_kg,adult\r\n170,60,1\r\n").size() == 1);
}

TEST_CASE("a subset naming someone past the crowd is refused", "[crowd][errors]") {
    check_refusal<OptionError>([] { the_crowd().subset({0, 25}); }, "index 25 (entry 2) names no one");
    CHECK(the_crowd().subset({24}).size() == 1);
}

TEST_CASE("a crowd whose measurements and labels do not match is refused, never read past", "[crowd][errors]") {
    const Crowd torn{Block(2, 2), {1, 0, 1, 0, 1}};
    check_refusal<ShapeError>([&] { torn.subset({4}); }, "crowd's row count is 2 but the crowd's label count is 5");
    check_refusal<ShapeError>([&] { run_comparison(0, 1, torn); }, "row count is 2");
    check_refusal<ShapeError>([&] { whole_crowd_run(Arrangement::Plain, 0, torn); }, "row count is 2");
    const Crowd three_wide{Block(2, 3), {1, 0}};
    check_refusal<ShapeError>([&] { three_wide.subset({0}); }, "measurement count is 3");
    const Crowd odd_label{Block(1, 2), {0.5}};
    check_refusal<DataError>([&] { odd_label.subset({0}); }, "labelled 0.5");
    check_refusal<ShapeError>([&] { run_comparison(0, 1, the_crowd().subset({0, 1, 2})); }, "3 people");
}
