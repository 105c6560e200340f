// Numbers as text: the shortest form that reads back, as every message, view and JSON prints it.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
const double inf_value = std::numeric_limits<double>::infinity();
} // namespace

TEST_CASE("numbers in messages read back exactly", "[number_text]") {
    CHECK(format_number(0.1) == "0.1");
    CHECK(format_number(1e-5) == "1e-05");
    CHECK(format_number(3.0000016666662037) == "3.0000016666662037");
    CHECK(format_number(-inf_value) == "-Infinity");
    CHECK(format_number(150) == "150");
    CHECK(format_number(20) == "20");
    CHECK(format_number(1e20) == "1e+20");
    CHECK(format_number(-2500.5) == "-2500.5");
    CHECK(format_number(123456789012.0) == "123456789012");
}

namespace {

// format_number as first written: a binary search over 1..17 digits, each step printed with %g
// and read back with strtod. The faster one must print the same bytes for every double.
std::string format_number_by_printing(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    char buf[320];
    int low = 1, high = 17;
    while (low < high) {
        const int mid = (low + high) / 2;
        std::snprintf(buf, sizeof buf, "%.*g", mid, v);
        if (std::strtod(buf, nullptr) == v)
            high = mid;
        else
            low = mid + 1;
    }
    const int digits = low;
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    const double magnitude = std::fabs(v);
    if (std::strchr(buf, 'e') && magnitude >= 1e-4 && magnitude < 1e17) {
        const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
        const int decimals = digits - 1 - exponent > 0 ? digits - 1 - exponent : 0;
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    }
    return buf;
}

} // namespace

TEST_CASE("numbers print the same bytes as by printing every step of the digit search", "[number_text]") {
    Random rng(1729);
    std::vector<double> xs = {0.0,
                              -0.0,
                              1.0,
                              -1.0,
                              0.5,
                              1.5,
                              2.5,
                              0.25,
                              0.125,
                              1e22,
                              1e23,
                              9007199254740992.0,
                              9007199254740993.0,
                              5e-324,
                              2.2250738585072014e-308,
                              1.7976931348623157e308,
                              0.3,
                              0.1 + 0.2,
                              1.0 / 3,
                              2.0 / 3,
                              1e-4,
                              9.9999999999999e-5,
                              1e17,
                              9.999999999999998e16};
    for (int k = 0; k < 60000; ++k) { // every bit pattern that is a number
        const std::uint64_t bits = rng.next_u64();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        if (std::isfinite(v)) xs.push_back(v);
    }
    for (int k = 0; k < 60000; ++k) xs.push_back(rng.uniform());                         // accuracies, losses
    for (int k = 0; k < 30000; ++k) xs.push_back(std::round(rng.uniform() * 1e6) / 1e4); // short decimals
    for (int k = 0; k < 20000; ++k) {                                                    // halfway cases
        const double whole = std::round(rng.uniform() * 1e6);
        for (double scale : {1e-8, 1e-3, 0.1, 1.0, 1e5}) xs.push_back((whole + 0.5) * scale);
    }
    for (int k = -1074; k < 1024; ++k) xs.push_back(std::ldexp(1.0, k)); // powers of two
    for (int k = -30; k <= 30; ++k) xs.push_back(std::pow(10.0, k));
    for (const TrainingResult& r : run_comparison(0, 10)) {
        xs.push_back(r.train_accuracy);
        xs.push_back(r.final_loss);
    }
    std::size_t differing = 0;
    for (double v : xs)
        if (format_number(v) != format_number_by_printing(v)) {
            ++differing;
            UNSCOPED_INFO(format_number_by_printing(v) << " printed as " << format_number(v));
        }
    CHECK(differing == 0);
}

TEST_CASE("row numbers in messages read as ranges", "[number_text]") {
    CHECK(row_ranges({4}) == "row 4");
    CHECK(row_ranges({1, 2}) == "rows 1-2");
    CHECK(row_ranges({1, 2, 3, 5, 7, 8}) == "rows 1-3, 5, 7-8");
}
