#include "errors.hpp"

#include <cmath>

namespace normlab {

void require_nonempty(std::size_t rows, std::size_t cols, const std::string& what) {
    if (rows == 0 || cols == 0)
        throw EmptyBlockError("the " + what + " has " + std::to_string(rows) + " rows and " + std::to_string(cols) +
                              " features; it needs at least one of each");
}

void require_same(std::size_t got, std::size_t want, const std::string& what, const std::string& against) {
    if (got != want)
        throw ShapeError("the " + what + " is " + std::to_string(got) + " but the " + against + " is " +
                         std::to_string(want));
}

void require_finite(const std::vector<double>& v, const std::string& what) {
    for (std::size_t k = 0; k < v.size(); ++k)
        if (!std::isfinite(v[k]))
            throw NonFiniteError("entry " + std::to_string(k + 1) + " of the " + what + " is " + format_number(v[k]) +
                                 "; every value must be a finite number");
}

void require_finite(double v, const std::string& what) {
    if (!std::isfinite(v))
        throw NonFiniteError("the " + what + " is " + format_number(v) + "; it must be a finite number");
}

void require_eps(double eps) {
    if (!(std::isfinite(eps) && eps > 0))
        throw EpsilonError("eps is " + format_number(eps) +
                           "; it must be a finite number above 0 (it keeps the divisor positive)");
}

void require_learning_rate(double learning_rate) {
    if (!std::isfinite(learning_rate))
        throw LearningRateError("the learning rate is " + format_number(learning_rate) +
                                "; it must be a finite number");
}

void refuse_overflow(const std::string& where, double v, const char* what) {
    throw NonFiniteError(where + " of the " + std::string(what) + " comes out " + format_number(v) +
                         ": the inputs are finite but the answer is beyond the largest double");
}

void require_answer_finite(const std::vector<double>& v, const char* what) {
    for (std::size_t k = 0; k < v.size(); ++k)
        if (!std::isfinite(v[k])) refuse_overflow("entry " + std::to_string(k + 1), v[k], what);
}

} // namespace normlab
