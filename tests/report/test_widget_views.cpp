// The widgets' views: the figures the page shows beside each idea.
#include <map>
#include <set>

#include "helpers.hpp"
#include "json.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("the gradient-check view on the whole-number four reproduces the essay's figures", "[views][seed][E23]") {
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

TEST_CASE("the gradient-check view under layer norm: rows sum to zero; two-number rows pass down nothing",
          "[views][E30]") {
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
          "[views][crowd][seed][E31]") {
    const Json v = JsonReader(two_numbers_view()).read();
    CHECK(v["people"].number == 20);
    CHECK_PRINTS(v["layer"]["largestDistanceFromOne"].number, "2.6e-09", 10);
    CHECK_PRINTS(v["layer"]["largestPassedDown"].number, "0.0000", 4);
    CHECK_PRINTS(v["rms"]["output"][0].number, "1.3622", 4);
    CHECK_PRINTS(v["rms"]["output"][3].number, "0.4549", 4);
}

TEST_CASE("down the columns the twenty people keep their differences; along the row they collapse to two",
          "[views][crowd][E32]") {
    const Json v = JsonReader(two_numbers_view()).read();
    const std::vector<double> x = v["x"].numbers(), by_columns = v["batch"]["output"].numbers(),
                              by_rows = v["layer"]["output"].numbers();
    REQUIRE(x.size() == 40);
    // Batch norm is one positive affine map per column: every pair of people keeps its order and
    // the ratio of its difference to the raw difference is the column's own.
    for (std::size_t k = 0; k < 2; ++k) {
        const double ratio = (by_columns[2 + k] - by_columns[k]) / (x[2 + k] - x[k]);
        CHECK(ratio > 0);
        for (std::size_t i = 0; i < 20; ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (x[2 * i + k] != x[2 * j + k])
                    CHECK_NEAR((by_columns[2 * i + k] - by_columns[2 * j + k]) / (x[2 * i + k] - x[2 * j + k]), ratio,
                               1e-12 * ratio);
    }
    // People told apart to six decimals.
    const auto distinct = [](const std::vector<double>& rows) {
        std::set<std::pair<double, double>> seen;
        for (std::size_t i = 0; i < rows.size() / 2; ++i)
            seen.insert({std::round(rows[2 * i] * 1e6), std::round(rows[2 * i + 1] * 1e6)});
        return seen.size();
    };
    CHECK(distinct(by_columns) == distinct(x));
    CHECK(distinct(x) == 20);
    CHECK(distinct(by_rows) <= 2);
}

TEST_CASE("one step: weight normalisation's lengths are its magnitudes; the dense layer's step lengthens them too",
          "[views][weight_norm][E43]") {
    const Json v = JsonReader(weight_norm_view()).read();
    const Json& step = v["step"];
    const double rate = step["learningRate"].number;
    for (std::size_t k = 0; k < 3; ++k) {
        INFO("neuron " << k + 1);
        const double magnitude_after = v["magnitude"][k].number - rate * v["magnitudeSlope"][k].number;
        CHECK_NEAR(step["weightNormLengthsAfter"][k].number, magnitude_after, 1e-12);
        // The dense step's part across the weights lengthens them as a side effect.
        CHECK(step["denseLengthsAfter"][k].number > step["weightNormLengthsAfter"][k].number + 1e-4);
    }
    CHECK(step["distance"].number > 1e-2);
}

TEST_CASE("the weight-normalisation view: exact forward, projected slopes orthogonal, the step differs",
          "[views][weight_norm][E38][E41][E43]") {
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

TEST_CASE("the weight-normalisation view answers the reader's directions, magnitudes and learning rate",
          "[views][weight_norm]") {
    WeightNormSetting s = weight_norm_default_setting();
    const Json before = JsonReader(weight_norm_view_of(s)).read();
    s.direction.at(0, 0) = 3.0; // neuron 1's direction becomes (3, 0.8)
    s.magnitude[2] = 4.0;
    s.learning_rate = 0.5;
    const Json v = JsonReader(weight_norm_view_of(s)).read();
    CHECK_NEAR(v["directionLengths"][0].number, std::sqrt(3.0 * 3.0 + 0.8 * 0.8), 1e-15);
    CHECK(v["step"]["learningRate"].number == 0.5);
    CHECK(v["step"]["lengthsBefore"][2].number == Approx(4.0));
    // The finite difference agrees to within a millionth of the largest slope.
    CHECK(v["directionGap"].number < 1e-6 * v["largestDirectionSlope"].number);
    CHECK(v["projectedDot"].number < 1e-14);
    CHECK(v["unprojectedGap"].number > 100 * v["directionGap"].number);
    CHECK(v["directionSlope"][0].number != before["directionSlope"][0].number);
    CHECK(v["step"]["distance"].number != before["step"]["distance"].number);
}

TEST_CASE("the weight-normalisation view refuses a setting by name", "[views][weight_norm][errors]") {
    WeightNormSetting s = weight_norm_default_setting();
    s.direction.at(0, 1) = 0.0;
    s.direction.at(1, 1) = 0.0;
    CHECK_THROWS_AS(weight_norm_view_of(s), ZeroDirectionError);
    s = weight_norm_default_setting();
    s.magnitude.pop_back();
    check_refusal<ShapeError>([&] { weight_norm_view_of(s); },
                              "the magnitude length is 2 but the number of neurons is 3");
    s = weight_norm_default_setting();
    s.direction = Block(3, 3, 1.0);
    CHECK_THROWS_AS(weight_norm_view_of(s), ShapeError);
    s = weight_norm_default_setting();
    s.learning_rate = 0;
    check_refusal<LearningRateError>([&] { weight_norm_view_of(s); }, "the learning rate is 0");
    s.learning_rate = 11;
    check_refusal<LearningRateError>([&] { weight_norm_view_of(s); }, "the learning rate is 11");
    // Entries near the largest double: the lengths they make overflow, and the view says so.
    s = weight_norm_default_setting();
    s.direction = Block::from_rows({{1e308, 1e308, 1e308}, {-1e308, -1e308, -1e308}});
    s.magnitude = {1e308, 1e308, -1e308};
    s.learning_rate = 10;
    check_refusal<NonFiniteError>([&] { weight_norm_view_of(s); },
                                  "the directions and magnitudes are too large for this view");
}

TEST_CASE("the behaviours table: every refusal is a typed error, every acceptance an answer",
          "[views][behaviour][E14][E58]") {
    const Json rows = JsonReader(behaviours_view()).read();
    // Each refusal by the type its case names.
    const std::map<std::string, std::string> refusals = {
        {"an empty block (0 rows)", "EmptyBlockError"},
        {"a block of 3 features into a layer of 2", "ShapeError"},
        {"an arriving slope of the wrong shape", "ShapeError"},
        {"a scale of the wrong length", "ShapeError"},
        {"NaN in the input", "NonFiniteError"},
        {"an infinity in the input", "NonFiniteError"},
        {"eps = 0", "EpsilonError"},
        {"keep = 1.5", "KeepError"},
        {"a learning rate of NaN", "LearningRateError"},
        {"4 groups of 6 features", "GroupError"},
        {"a weight-normalised neuron with a zero direction", "ZeroDirectionError"}};
    // Some answers, as the arithmetic gives them.
    const std::map<std::string, std::string> answers = {
        {"a constant column (5, 5, 5, 5) under the batch layer", "0, 0, 0, 0"},
        {"RMS on (1, 7)", "0.2, 1.4"},
        {"a fresh batch layer predicting (1, 7)", "0.999995, 6.999965 (running mean 0, variance 1)"}};
    std::size_t refused = 0, answered = 0, known_answers = 0;
    for (const Json& r : rows.array) {
        const std::string what = r["case"].string;
        INFO(what);
        const bool is_error = r["outcome"].object.count("error") == 1;
        CHECK(is_error == (r["group"].string == "refused"));
        if (is_error) {
            ++refused;
            REQUIRE(refusals.count(what) == 1);
            CHECK(r["outcome"]["error"]["name"].string == refusals.at(what));
            CHECK_FALSE(r["outcome"]["error"]["message"].string.empty());
        } else {
            ++answered;
            CHECK_FALSE(r["outcome"]["answer"].string.empty());
            if (answers.count(what) == 1) {
                CHECK(r["outcome"]["answer"].string == answers.at(what));
                ++known_answers;
            }
        }
    }
    CHECK(refused == refusals.size());
    CHECK(answered == 8);
    CHECK(known_answers == answers.size());
}

TEST_CASE("the checklist answers every question from the core's settings", "[views][E7][E11][E57]") {
    const Json items = JsonReader(checklist_view()).read();
    CHECK(items.array.size() == 13);
    std::map<std::string, std::string> answer_to;
    for (const Json& i : items.array) {
        CHECK_FALSE(i["question"].string.empty());
        CHECK_FALSE(i["answer"].string.empty());
        answer_to[i["question"].string] = i["answer"].string;
    }
    CHECK(answer_to.size() == 13); // no question asked twice
    // The answers that quote a setting quote the core's own.
    const NormSpec b = batch_norm();
    const Normaliser fresh(2, b);
    CHECK(answer_to["Where does epsilon go?"] ==
          "Inside the square root: deviation = sqrt(variance + " + format_number(b.eps) + ").");
    CHECK(answer_to["By what rule do they move?"] ==
          "running = " + format_number(b.rate.keep()) + " x running + " + format_number(b.rate.momentum()) +
              " x batch (keep " + format_number(b.rate.keep()) + ", which PyTorch calls momentum " +
              format_number(b.rate.momentum()) + ").");
    CHECK(answer_to["How do the running figures start?"] == "At mean " + format_number(fresh.running_mean()[0]) +
                                                                " and variance " +
                                                                format_number(fresh.running_variance()[0]) + ".");
    CHECK(answer_to["Is the running variance biased?"].rfind(b.unbiased_running ? "No" : "Yes", 0) == 0);
    // Every member starts where the answer says scale and shift start.
    for (NormKind kind : all_norm_kinds) {
        const Normaliser member(2, norm_spec(kind));
        CHECK_THAT(answer_to["Do scale and shift exist, and what do they start at?"],
                   Catch::Contains("starting at " + format_number(member.scale()[0]) + " and " +
                                   format_number(member.shift()[0])));
    }
    // A complete implementation states each of these; one question asks for each.
    for (const char* topic : {"axis", "variance", "epsilon", "scale and shift", "purposes", "running figures", "routes",
                              "parameter slopes", "direction slope", "zero direction"}) {
        INFO(topic);
        std::size_t asking = 0;
        for (const auto& qa : answer_to) asking += qa.first.find(topic) != std::string::npos;
        CHECK(asking >= 1);
    }
}
