// The widgets' views: the figures the page shows beside each idea.
#include "helpers.hpp"
#include "json.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the gradient-check view on the whole-number four reproduces the essay's figures", "[views][seed]") {
    const Json v = JsonReader(gradient_check_view("batch-four", gradient_check_default_slope("batch-four"))).read();
    CHECK(v["trueGap"].number < 1e-8);
    CHECK_PRINTS(v["naiveGap"].number, "2.0370", 4);
    CHECK_PRINTS(v["largestTrueSlope"].number, "1.0741", 4);
    CHECK_PRINTS(v["sums"]["naive"][0].number, "1.7778", 4);
    CHECK_PRINTS(v["sums"]["naive"][1].number, "6.6667", 4);
    CHECK(std::fabs(v["sums"]["dx"][1].number) <= 2.3e-16);
    CHECK_PRINTS(v["dscale"][1].number, "-2.6667", 4);
    CHECK(v["dshift"][1].number == 20);
}

TEST_CASE("the gradient-check view under layer norm: rows sum to zero; two-number rows pass down nothing", "[views]") {
    const Json three =
        JsonReader(gradient_check_view("layer-three", gradient_check_default_slope("layer-three"))).read();
    CHECK(three["trueGap"].number < 1e-8);
    for (const Json& s : three["sums"]["dx"].array) CHECK(std::fabs(s.number) < 1e-15);
    CHECK(three["naiveGap"].number > 0.1);
    const Json four = JsonReader(gradient_check_view("layer-four", gradient_check_default_slope("layer-four"))).read();
    for (const Json& d : four["dx"].array) CHECK_PRINTS(d.number, "0.0000", 4);
    CHECK_PRINTS(four["naiveGap"].number, "2.0", 1);
    CHECK_THROWS_AS(gradient_check_view("nonsense", Block(1, 1)), OptionError);
}

TEST_CASE("the row of two numbers: layer norm sends twenty people to plus and minus one, 2.6e-09 away",
          "[views][crowd][seed]") {
    const Json v = JsonReader(two_numbers_view()).read();
    CHECK(v["people"].number == 20);
    CHECK_PRINTS(v["layer"]["largestDistanceFromOne"].number, "2.6e-09", 10);
    CHECK_PRINTS(v["layer"]["largestPassedDown"].number, "0.0000", 4);
    CHECK_PRINTS(v["rms"]["output"][0].number, "1.3622", 4);
    CHECK_PRINTS(v["rms"]["output"][3].number, "0.4549", 4);
}

TEST_CASE("the weight-normalisation view: exact forward, projected slopes orthogonal, the step differs",
          "[views][weight_norm]") {
    const Json v = JsonReader(weight_norm_view()).read();
    CHECK(v["forwardGap"].number == 0.0);
    CHECK(v["directionLengths"][1].number == 2.5);
    CHECK_NEAR(v["directionLengths"][0].number, 1.0, 1e-15);
    CHECK(v["directionGap"].number < 1e-8);
    CHECK(v["magnitudeGap"].number < 1e-8);
    CHECK(v["projectedDot"].number < 1e-14);
    CHECK(v["unprojectedDot"].number > 1e-3);
    CHECK(v["unprojectedGap"].number > 100 * v["directionGap"].number);
    CHECK(v["step"]["distance"].number > 1e-4);
    CHECK(v["step"]["lengthsBefore"][0].number == Approx(1.0));
}

TEST_CASE("the behaviours table: every refusal is a typed error, every acceptance an answer", "[views][behaviour]") {
    const Json rows = JsonReader(behaviours_view()).read();
    std::size_t refused = 0, answered = 0;
    for (const Json& r : rows.array) {
        const bool is_error = r["outcome"].object.count("error") == 1;
        CHECK(is_error == (r["group"].string == "refused"));
        refused += is_error;
        answered += !is_error;
    }
    CHECK(refused == 11);
    CHECK(answered >= 8);
}

TEST_CASE("the checklist answers every question from the core's settings", "[views]") {
    const Json items = JsonReader(checklist_view()).read();
    CHECK(items.array.size() == 13);
    bool eps_named = false;
    for (const Json& i : items.array) eps_named = eps_named || i["answer"].string.find("1e-05") != std::string::npos;
    CHECK(eps_named);
}
