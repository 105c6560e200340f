// The yes/no finding over seeds: how many it holds in, which seeds it fails at, the words.
#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
std::vector<std::uint64_t> seeds_from_1(std::size_t n) {
    std::vector<std::uint64_t> s;
    for (std::size_t k = 1; k <= n; ++k) s.push_back(k);
    return s;
}
} // namespace

TEST_CASE("a tally counts the seeds a finding holds in and names those it fails at", "[tally]") {
    const SeedTally t = tally_of(seeds_from_1(5), {true, true, false, true, true});
    CHECK(t.holds == 4);
    CHECK(t.count == 5);
    CHECK(t.holding == std::vector<std::uint64_t>{1, 2, 4, 5});
    CHECK(t.failing == std::vector<std::uint64_t>{3});
    CHECK(tally_text(t) == "4 of 5 seeds, not at seed 3");
    const SeedTally order = tally_of({9, 2, 5}, {false, true, false});
    CHECK(order.failing == std::vector<std::uint64_t>{9, 5}); // the order given
    CHECK(tally_text(order) == "1 of 3 seeds, only at seed 2");
}

TEST_CASE("the tally in words names the fewer of the holding and the failing seeds", "[tally]") {
    std::vector<bool> holds(10, true);
    holds[2] = holds[6] = false;
    CHECK(tally_text(tally_of(seeds_from_1(10), holds)) == "8 of 10 seeds, not at seeds 3 and 7");
    CHECK(tally_text(tally_of(seeds_from_1(7), {false, true, false, true, true, true, false})) ==
          "4 of 7 seeds, not at seeds 1, 3 and 7");
    CHECK(tally_text(tally_of(seeds_from_1(4), {false, true, false, true})) == "2 of 4 seeds, not at seeds 1 and 3");
    CHECK(tally_text(tally_of(seeds_from_1(5), std::vector<bool>(5, true))) == "5 of 5 seeds");
    CHECK(tally_text(tally_of(seeds_from_1(5), std::vector<bool>(5, false))) == "0 of 5 seeds");
    CHECK(tally_text(tally_of({4}, {true})) == "1 of 1 seed");
    CHECK(tally_text(tally_of({4}, {false})) == "0 of 1 seed");
    CHECK(tally_text(tally_of(seeds_from_1(15), {true, false, false, false, false, false, false, false, false, false,
                                                 false, false, false, true, false})) ==
          "2 of 15 seeds, only at seeds 1 and 14");
}

TEST_CASE("a tally refuses unequal lists, no seed and a seed given twice", "[tally][errors]") {
    check_refusal<ShapeError>(
        [] {
            tally_of({1, 2, 3}, {true, false});
        },
        "number of answers is 2 but the number of seeds is 3");
    check_refusal<SizeError>([] { tally_of({}, {}); }, "empty");
    check_refusal<OptionError>([] { tally_of({1, 4, 2, 4}, {true, true, true, true}); }, "seed 4 is listed twice");
}

TEST_CASE("a rising tally counts the curves whose last value is above their first, in draws", "[tally]") {
    const Block curves = Block::from_rows({{1.0, 0.5, 2.0}, {3.0, 4.0, 3.0}, {2.0, 1.0, 1.5}, {0.1, 0.2, 0.3}});
    const SeedTally t = rising_tally({1, 2, 3, 4}, curves);
    CHECK(t.holds == 2);
    CHECK(t.holding == std::vector<std::uint64_t>{1, 4});
    CHECK(t.failing == std::vector<std::uint64_t>{2, 3}); // level is not a rise
    CHECK(tally_text(t, TallyUnit::Draws) == "2 of 4 draws, not at draws 2 and 3");
    CHECK(tally_text(rising_tally({7}, Block::from_rows({{1.0, 2.0}})), TallyUnit::Draws) == "1 of 1 draw");
    CHECK(tally_text(rising_tally({2, 5}, Block::from_rows({{2.0, 1.0}, {2.0, 3.0}})), TallyUnit::Draws) ==
          "1 of 2 draws, not at draw 2");
}

TEST_CASE("a rising tally refuses a curve of one value, a missing number and a value that is not finite",
          "[tally][errors]") {
    check_refusal<SizeError>([] { rising_tally({1, 2}, Block::from_rows({{1.0}, {2.0}})); }, "2 curves of 1");
    check_refusal<ShapeError>(
        [] {
            rising_tally({1}, Block::from_rows({{1.0, 2.0}, {2.0, 3.0}}));
        },
        "number of numbers is 1 but the number of curves is 2");
    check_refusal<NonFiniteError>(
        [] {
            rising_tally({4, 9}, Block::from_rows({{1.0, 2.0}, {2.0, std::nan("")}}));
        },
        "step 2 of curve 9 is NaN");
    check_refusal<OptionError>(
        [] {
            rising_tally({3, 3}, Block::from_rows({{1.0, 2.0}, {2.0, 3.0}}));
        },
        "seed 3 is listed twice");
}
