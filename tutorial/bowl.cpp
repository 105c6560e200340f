#include "bowl.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "options.hpp"

namespace normlab {

namespace {

// cos and sin on [-pi, pi] by their Taylor series in + - * / only, so both builds draw the same
// contours to the last bit (the C libraries' sin and cos may differ there).
double cosine(double t) {
    double term = 1, sum = 1;
    for (int k = 1; k < 30; ++k) {
        term *= -t * t / ((2 * k - 1) * (2 * k));
        sum += term;
    }
    return sum;
}
double sine(double t) {
    double term = t, sum = t;
    for (int k = 1; k < 30; ++k) {
        term *= -t * t / ((2 * k) * (2 * k + 1));
        sum += term;
    }
    return sum;
}

} // namespace

Bowl stretched_bowl() { return {"stretched", 1, 25, 4, 1}; }
Bowl round_bowl() { return {"round", 1, 1, 4, 5}; }

Bowl bowl_named(const std::string& name) {
    if (name == "stretched") return stretched_bowl();
    if (name == "round") return round_bowl();
    throw OptionError("the bowl '" + name + "' is not one of stretched, round");
}

BowlDescent descend(const Bowl& bowl, double learning_rate, std::size_t steps) {
    require_within(learning_rate, 0, 0.5, "learning rate");
    require_count(steps, 0, 200, "number of steps");
    BowlDescent d;
    d.factor1 = 1 - 2 * learning_rate * bowl.curvature1;
    d.factor2 = 1 - 2 * learning_rate * bowl.curvature2;
    d.stable_limit = 1 / std::max(bowl.curvature1, bowl.curvature2);
    d.diverges = std::fabs(d.factor1) > 1 || std::fabs(d.factor2) > 1;
    double w1 = bowl.start1, w2 = bowl.start2;
    d.path.push_back({w1, w2, bowl.loss(w1, w2)});
    for (std::size_t k = 0; k < steps; ++k) {
        w1 -= learning_rate * 2 * bowl.curvature1 * w1;
        w2 -= learning_rate * 2 * bowl.curvature2 * w2;
        d.path.push_back({w1, w2, bowl.loss(w1, w2)});
    }
    return d;
}

std::vector<std::vector<BowlPoint>> bowl_contours(const Bowl& bowl, const std::vector<double>& levels,
                                                  std::size_t points) {
    require_finite(levels, "contour levels");
    require_count(points, 3, 1000, "points per contour");
    const double pi = 3.14159265358979323846;
    std::vector<std::vector<BowlPoint>> contours;
    for (double level : levels) {
        if (level <= 0) throw OptionError("the contour level " + format_number(level) + " is not above 0");
        const double a = std::sqrt(level / bowl.curvature1), b = std::sqrt(level / bowl.curvature2);
        std::vector<BowlPoint> ring;
        for (std::size_t k = 0; k <= points; ++k) {
            const double t = 2 * pi * static_cast<double>(k) / static_cast<double>(points) - pi;
            ring.push_back({a * cosine(t), b * sine(t), level});
        }
        contours.push_back(ring);
    }
    return contours;
}

Nudge house_price_nudge(double bedrooms, double area, double nudge) {
    require_finite(bedrooms, "bedrooms");
    require_finite(area, "floor area");
    require_finite(nudge, "nudge");
    if (bedrooms == 0) throw OptionError("the bedrooms are 0, so there is no ratio to take");
    Nudge n{bedrooms, area, nudge, nudge * bedrooms, nudge * area, area / bedrooms};
    return n;
}

} // namespace normlab
