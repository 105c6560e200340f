// Figure 1: gradient descent on a quadratic bowl L = c1 w1^2 + c2 w2^2. The stretched bowl
// (curvatures 1 and 25, from (4, 1)) and its standardised, round twin (curvatures 1 and 1, from
// (4, 5)) start at the same loss, 41.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace normlab {

struct Bowl {
    std::string name;
    double curvature1 = 1, curvature2 = 1; // the loss's c1 and c2
    double start1 = 0, start2 = 0;         // where descent starts
    double loss(double w1, double w2) const { return curvature1 * w1 * w1 + curvature2 * w2 * w2; }
};

Bowl stretched_bowl();                    // L = w1^2 + 25 w2^2 from (4, 1)
Bowl round_bowl();                        // L = w1^2 + u2^2 from (4, 5), u2 = 5 w2
Bowl bowl_named(const std::string& name); // "stretched" or "round"; OptionError otherwise

struct BowlPoint {
    double w1 = 0, w2 = 0, loss = 0;
};

struct BowlDescent {
    std::vector<BowlPoint> path;     // the start, then one point per step
    double factor1 = 0, factor2 = 0; // what each step multiplies w1 and w2 by: 1 - 2 lr c
    double stable_limit = 0;         // descent converges for learning rates below 1 / max(c)
    bool diverges = false;           // some factor has size above 1
};

// requires: learning_rate in [0, 0.5]; steps in [0, 200].
// ensures: path.size() == steps + 1; each step is w <- w - learning_rate * dL/dw.
BowlDescent descend(const Bowl& bowl, double learning_rate, std::size_t steps);

// The level curves the page draws: each level's ellipse as `points` (w1, w2) pairs.
std::vector<std::vector<BowlPoint>> bowl_contours(const Bowl& bowl, const std::vector<double>& levels,
                                                  std::size_t points);

// The house-price nudge: how much a nudge of each weight moves a linear model's prediction.
struct Nudge {
    double bedrooms = 3, area = 150, nudge = 0.01;
    double bedrooms_change = 0, area_change = 0, ratio = 0; // nudge * input each; their ratio
};
Nudge house_price_nudge(double bedrooms = 3, double area = 150, double nudge = 0.01);

} // namespace normlab
