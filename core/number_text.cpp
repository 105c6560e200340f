#include "number_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace normlab {

namespace {

// Whether %.{digits}g of v reads back as v.
bool reads_back(double v, int digits) {
    char buf[320];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return std::strtod(buf, nullptr) == v;
}

// v's 17 significant digits, correctly rounded (what %.16e prints): v = d[0].d[1]...d[16] 10^exponent.
struct SeventeenDigits {
    bool negative = false;
    char d[17] = {};
    int exponent = 0;
};

SeventeenDigits seventeen_digits(double v) {
    char buf[320];
    std::snprintf(buf, sizeof buf, "%.16e", v);
    SeventeenDigits s;
    const char* c = buf;
    if (*c == '-') {
        s.negative = true;
        ++c;
    }
    s.d[0] = *c;
    c += 2; // the digit and the point
    for (int k = 1; k < 17; ++k) s.d[k] = *c++;
    s.exponent = std::atoi(c + 1); // after the 'e'
    return s;
}

// reads_back(v, digits) answered from v's seventeen digits where that is exact: 1 or 0, or -1
// when it cannot tell. Rounding the seventeen digits to fewer gives what %.{digits}g prints except
// where they end exactly halfway (the exact value may lie either side); and the decimal M 10^E
// with M < 2^53 and |E| <= 22 reads back as M * 10^E or M / 10^-E, one correctly rounded
// operation on exact numbers (Clinger's fast path), as strtod reads it.
int reads_back_from(const SeventeenDigits& s, double v, int digits) {
    bool half = s.d[digits] == '5', above_half = s.d[digits] > '5';
    for (int k = digits + 1; k < 17; ++k)
        if (s.d[k] != '0') {
            above_half = above_half || half;
            half = false;
        }
    if (half) return -1;
    long long m = 0;
    for (int k = 0; k < digits; ++k) m = 10 * m + (s.d[k] - '0');
    int e = s.exponent - (digits - 1);
    if (above_half) ++m;
    constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (m >= (1LL << 53) || e < -22 || e > 22) return -1;
    const double magnitude = e >= 0 ? static_cast<double>(m) * powers[e] : static_cast<double>(m) / powers[-e];
    return (s.negative ? -magnitude : magnitude) == v;
}

} // namespace

std::string format_number(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    // The fewest significant digits that read back exactly. If p digits read back, so do more,
    // so a binary search over 1..17 finds the fewest. Each step is answered from v's seventeen
    // digits where that is exact, else by printing and reading back.
    const SeventeenDigits seventeen = seventeen_digits(v);
    int low = 1, high = 17;
    while (low < high) {
        const int mid = (low + high) / 2;
        const int known = reads_back_from(seventeen, v, mid);
        if (known >= 0 ? known == 1 : reads_back(v, mid))
            high = mid;
        else
            low = mid + 1;
    }
    const int digits = low;
    char buf[320]; // room for any %g or %f the compiler can imagine; the answers need under 32
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    // %g turns 150 into 1.5e+02; between 1e-4 and 1e17 write plain decimals instead.
    const double magnitude = std::fabs(v);
    if (std::strchr(buf, 'e') && magnitude >= 1e-4 && magnitude < 1e17) {
        const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
        const int decimals = digits - 1 - exponent > 0 ? digits - 1 - exponent : 0;
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    }
    return buf;
}

std::string row_ranges(const std::vector<std::size_t>& rows) {
    std::string text;
    for (std::size_t k = 0; k < rows.size();) {
        std::size_t last = k;
        while (last + 1 < rows.size() && rows[last + 1] == rows[last] + 1) ++last;
        if (!text.empty()) text += ", ";
        text += std::to_string(rows[k]);
        if (last > k) text += "-" + std::to_string(rows[last]);
        k = last + 1;
    }
    return (rows.size() == 1 ? "row " : "rows ") + text;
}

} // namespace normlab
