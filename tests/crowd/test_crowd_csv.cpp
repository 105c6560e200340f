// A reader's crowd as CSV text: read strictly, every bad line named at once, sizes limited, and a
// crowd that reads trains like the essay's.
#include <string>

#include "crowd/crowd_csv.hpp"
#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace normlab {
extern const char* const crowd_csv_text; // data/crowd.csv, as the build embeds it
}

namespace {

// The refused lines of a text, or a failure when the text reads.
std::vector<RefusedLine> refused_lines(const std::string& text) {
    try {
        read_crowd_csv(text);
    } catch (const CrowdCsvError& e) {
        CHECK(std::string(e.name()) == "DataError");
        return e.lines;
    }
    FAIL("the text was read; expected refused lines");
    return {};
}

// n people, alternating labels, heights 150, 151, ... and weights 50, 51, ...
std::string people(std::size_t n) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i)
        text += std::to_string(150 + i % 50) + "," + std::to_string(50 + i % 40) + "," + std::to_string(i % 2) + "\n";
    return text;
}

} // namespace

TEST_CASE("the essay's crowd file reads as the essay's crowd", "[crowd][csv]") {
    const Crowd c = read_crowd_csv(crowd_csv_text);
    CHECK(c.measurements.data == the_crowd().measurements.data);
    CHECK(c.labels == the_crowd().labels);
}

TEST_CASE("a crowd's text: header optional, spaces, comments, blank lines, CRLF, CR and a byte-order mark",
          "[crowd][csv]") {
    const std::string rows = "170,60,1\n120, 25 ,0\n\n# a comment\n180,80,1\n130,30,0\n 165 ,\t55,1\n";
    const Crowd plain = read_crowd_csv(rows);
    REQUIRE(plain.size() == 5);
    CHECK(plain.measurements.at(1, 1) == 25);
    CHECK(plain.measurements.at(4, 0) == 165);
    CHECK(plain.labels == std::vector<double>{1, 0, 1, 0, 1});
    CHECK(read_crowd_csv("height,weight,label\n" + rows).measurements.data == plain.measurements.data);
    std::string crlf, cr;
    for (char ch : rows) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    for (char ch : rows) cr += ch == '\n' ? '\r' : ch;
    CHECK(read_crowd_csv(crlf).measurements.data == plain.measurements.data);
    CHECK(read_crowd_csv(cr).measurements.data == plain.measurements.data);
    CHECK(read_crowd_csv("\xEF\xBB\xBFh,w,adult\n" + rows).labels == plain.labels);
    CHECK(read_crowd_csv("1.5e2,-6e1,1.0\n" + rows).measurements.at(0, 1) == -60);
}

TEST_CASE("every bad line of a crowd's text is refused at once, with its line number and reason",
          "[crowd][csv][errors]") {
    const std::string text =
        "height,weight,label\n" // 1
        "170,60,1\n"            // 2
        "170,abc,1\n"           // 3: not a number
        "170,60\n"              // 4: two fields
        "170,60,2\n"            // 5: label
        "\n"                    // 6: blank, skipped
        "170,,1\n"              // 7: empty
        "inf,60,NaN\n"          // 8: two reasons
        "height,weight,label\n" // 9: the header again
        "1e999,60,0\n"          // 10: beyond a double
        "170;60;1\n"            // 11: semicolons
        "0x10,60,1\n"           // 12: hexadecimal is not a decimal
        "120,30,0\n";           // 13
    const std::vector<RefusedLine> lines = refused_lines(text);
    const std::vector<std::pair<std::size_t, std::string>> want = {
        {3, "weight 'abc' is not a number"},
        {4, "has 2 fields, not 3"},
        {5, "label '2' is not 0 or 1"},
        {7, "weight is empty"},
        {8, "height 'inf' is not finite; label 'NaN' is not finite"},
        {9, "repeats the header of line 1"},
        {10, "height '1e999' is not finite: it is beyond the largest double"},
        {11, "has 1 field, not 3 (fields are separated by commas)"},
        {12, "height '0x10' is not a number"},
    };
    REQUIRE(lines.size() == want.size());
    for (std::size_t k = 0; k < want.size(); ++k) {
        CHECK(lines[k].line == want[k].first);
        CHECK(lines[k].reason == want[k].second);
    }
    check_refusal<DataError>([&] { read_crowd_csv(text); },
                             "9 lines of the crowd are refused (a row is height,weight,label): line 3: weight 'abc' is "
                             "not a number; line 4: has 2 fields, not 3;");
    const std::vector<RefusedLine> one = refused_lines(people(6) + "170,6O,1\n");
    REQUIRE(one.size() == 1);
    CHECK(one[0].line == 7);
    check_refusal<DataError>([&] { read_crowd_csv(people(6) + "170,6O,1\n"); },
                             "1 line of the crowd is refused (a row is height,weight,label): line 7: weight '6O' is "
                             "not a number.");
}

TEST_CASE("only three column names make a header: a first row written otherwise is refused by number, not skipped",
          "[crowd][csv][errors]") {
    CHECK(read_crowd_csv("\"height\",\"weight\",\"label\"\n" + people(5)).size() == 5);
    CHECK(read_crowd_csv("tall,heavy,adult\n" + people(5)).size() == 5);
    const std::vector<std::pair<std::string, std::string>> first_rows = {
        {"\"172\",\"68\",\"1\"",
         "height '\"172\"' is not a number; weight '\"68\"' is not a number; label '\"1\"' is not a number"},
        {"172;68;1", "has 1 field, not 3 (fields are separated by commas)"},
        {"172\t68\t1", "has 1 field, not 3 (fields are separated by commas)"},
        {"172 68 1", "has 1 field, not 3"},
        {"height,weight", "has 2 fields, not 3"},
        {"inf,nan,x", "height 'inf' is not finite; weight 'nan' is not finite; label 'x' is not a number"},
    };
    for (const auto& [row, reason] : first_rows) {
        INFO(row);
        const std::vector<RefusedLine> lines = refused_lines(row + "\n" + people(5));
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].line == 1);
        CHECK(lines[0].reason == reason);
    }
}

TEST_CASE("a control character in a refused field is written as \\xNN, so no NUL cuts the message",
          "[crowd][csv][errors]") {
    const std::vector<RefusedLine> lines = refused_lines(std::string("150\0,45,0\n", 10) + people(5));
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].reason == "height '150\\x00' is not a number");
    check_refusal<DataError>([] { read_crowd_csv(std::string("150\0,45,0\n", 10) + people(5)); },
                             "line 1: height '150\\x00' is not a number.");
}

TEST_CASE("a long refused field is quoted in part, cut between characters", "[crowd][csv][errors]") {
    const std::string long_field = std::string(23, 'x') + "\xC3\xA9" + std::string(30, 'y'); // é at bytes 23-24
    const std::vector<RefusedLine> lines = refused_lines(people(5) + "170," + long_field + ",1\n");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].reason == "weight '" + std::string(23, 'x') + "...' is not a number");
}

TEST_CASE("a crowd's text beyond 65,536 bytes or 2,000 people is refused with SizeError naming the size",
          "[crowd][csv][errors]") {
    std::string at_limit = people(10);
    at_limit += "#" + std::string(crowd_csv_max_bytes - at_limit.size() - 2, '.') + "\n";
    REQUIRE(at_limit.size() == crowd_csv_max_bytes);
    CHECK(read_crowd_csv(at_limit).size() == 10);
    check_refusal<SizeError>([&] { read_crowd_csv(at_limit + "\n"); },
                             "the crowd's text is 65537 bytes; the limit is 65536 bytes (at most 2000 people)");
    check_refusal<SizeError>([] { require_crowd_csv_size(1u << 30); }, "is 1073741824 bytes");
    check_refusal<SizeError>([] { require_crowd_csv_size(70000, true); }, "the crowd's text is at least 70000 bytes");
    require_crowd_csv_size(crowd_csv_max_bytes);

    const std::string most = people(crowd_csv_max_people);
    REQUIRE(most.size() <= crowd_csv_max_bytes);
    CHECK(read_crowd_csv(most).size() == crowd_csv_max_people);
    check_refusal<SizeError>([&] { read_crowd_csv(most + "1,2,1\n"); },
                             "more than 2000 rows of people (line 2001 is row 2001); the limit is 2000");
    // Refused rows count too, repeated headers included: no text lists more than 2,000 refusals.
    std::string headers = "h,w,label\n";
    for (int k = 0; k < 3000; ++k) headers += "h,w,label\n";
    check_refusal<SizeError>([&] { read_crowd_csv(headers); }, "(line 2002 is row 2001)");
}

TEST_CASE("a crowd too small for the folds, or of one label, is refused by name", "[crowd][csv][errors]") {
    check_refusal<DataError>([] { read_crowd_csv(""); }, "the crowd holds no people");
    check_refusal<DataError>([] { read_crowd_csv("height,weight,label\n# none\n"); }, "the crowd holds no people");
    check_refusal<DataError>([] { read_crowd_csv(people(4)); },
                             "the crowd has 4 people; the comparison's 5 folds each hold someone out, so it needs at "
                             "least 5");
    check_refusal<DataError>([] { read_crowd_csv("170,60,1\n171,61,1\n172,62,1\n173,63,1\n174,64,1\n"); },
                             "every one of the 5 people is labelled 1");
    check_refusal<DataError>([] { read_crowd_csv("170,60,0\n171,61,0\n172,62,0\n173,63,0\n174,64,0\n"); },
                             "every one of the 5 people is labelled 0");
    CHECK(read_crowd_csv(people(5)).size() == 5);
    check_refusal<DataError>([] { require_trainable_crowd(the_crowd().subset({0, 1, 2})); }, "has 3 people");
    std::vector<std::size_t> many(crowd_csv_max_people + 1);
    for (std::size_t k = 0; k < many.size(); ++k) many[k] = k % 25;
    check_refusal<SizeError>([&] { require_trainable_crowd(the_crowd().subset(many)); },
                             "the crowd has 2001 people; the limit is 2000");
    CHECK_NOTHROW(require_trainable_crowd(the_crowd()));
}

TEST_CASE("a reader's crowd trains through the comparison and the whole-crowd runs", "[crowd][csv]") {
    // Seven people: folds of one and two, so the lockstep groups hold trainings of unequal rows.
    const Crowd seven = read_crowd_csv("150,45,0\n185,90,1\n140,40,0\n175,70,1\n160,50,0\n170,65,1\n155,60,1\n");
    const std::vector<TrainingResult> all = run_comparison(0, comparison_plan().size(), seven);
    REQUIRE(all.size() == comparison_plan().size());
    for (std::size_t seed = 0; seed < crowd_seeds; ++seed)
        for (Arrangement a : compared_arrangements) {
            std::size_t held = 0;
            for (const TrainingResult& r : all)
                if (r.seed == seed && r.arrangement == a) held += r.heldout_count;
            CHECK(held == 7); // the folds of a seed hold every person out exactly once
        }
    const std::vector<ArrangementSummary> summary = summarise_comparison(all);
    CHECK(summary.size() == 5);
    const WholeCrowdRuns runs = whole_crowd_runs(curve_seed, seven);
    CHECK(runs.batch.losses.size() == crowd_epochs);
    CHECK(runs.batch.final_loss != whole_crowd_runs().batch.final_loss);
    CHECK(runs.plain.final_accuracy >= 0);
    CHECK(runs.plain.final_accuracy <= 1);
}

TEST_CASE("a crowd whose heights or weights spread beyond a double's variance is refused by name",
          "[crowd][csv][errors]") {
    check_refusal<DataError>([] { read_crowd_csv("1e300,60,0\n-1e300,61,1\n1e300,62,0\n-1e300,63,1\n1e300,64,1\n"); },
                             "the heights spread too widely to put in standard units");
    check_refusal<DataError>([] { read_crowd_csv("170,1e200,0\n171,-1e200,1\n172,0,0\n173,1,1\n174,2,1\n"); },
                             "the weights spread too widely");
    const Crowd large = read_crowd_csv("1e150,60,0\n-1e150,61,1\n1e150,62,0\n-1e150,63,1\n1e150,64,1\n");
    CHECK(std::isfinite(whole_crowd_runs(curve_seed, large).layer.final_loss));
}
