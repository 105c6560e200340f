#include "gradient_check.hpp"

#include <cmath>

#include "errors.hpp"

namespace normlab {

double GradientCheck::largest_gap() const {
    double g = 0.0;
    for (const auto& s : slopes) g = std::fmax(g, s.largest_gap);
    return g;
}

const SlopeCheck& GradientCheck::slope(const std::string& name) const {
    for (const auto& s : slopes)
        if (s.name == name) return s;
    throw OptionError("this check has no slope named '" + name + "'");
}

std::vector<double> central_differences(const std::vector<double>& values,
                                        const std::function<Block(const std::vector<double>&)>& forward,
                                        const Block& dy, double h) {
    auto objective = [&](const std::vector<double>& v) {
        const Block y = forward(v);
        double s = 0.0;
        for (std::size_t c = 0; c < y.size(); ++c) s += dy.data[c] * y.data[c];
        return s;
    };
    std::vector<double> numeric(values.size());
    std::vector<double> probe = values;
    for (std::size_t k = 0; k < values.size(); ++k) {
        probe[k] = values[k] + h;
        const double up = objective(probe);
        probe[k] = values[k] - h;
        const double down = objective(probe);
        probe[k] = values[k];
        numeric[k] = (up - down) / (2.0 * h);
    }
    return numeric;
}

SlopeCheck compare_slopes(std::string name, std::vector<double> analytic, std::vector<double> numeric) {
    SlopeCheck s{std::move(name), std::move(analytic), std::move(numeric)};
    s.largest_gap = largest_gap(s.analytic, s.numeric);
    for (double v : s.numeric) s.largest_slope = std::fmax(s.largest_slope, std::fabs(v));
    return s;
}

namespace {
Block reshaped(const Block& like, const std::vector<double>& v) { return Block::from_flat(like.rows, like.cols, v); }
} // namespace

GradientCheck check_gradient(const Normaliser& layer, const Block& x, const Block& dy, double h) {
    const NormResponse r = layer.train(x);
    const NormGradient g = layer.backward(r, dy);
    GradientCheck c;
    c.slopes.push_back(compare_slopes(
        "input", g.dx.data,
        central_differences(
            x.data, [&](const std::vector<double>& v) { return layer.train(reshaped(x, v)).output; }, dy, h)));
    c.slopes.push_back(compare_slopes(
        "scale", g.dscale,
        central_differences(
            layer.scale(),
            [&](const std::vector<double>& v) { return layer.with_scale_shift(v, layer.shift()).train(x).output; }, dy,
            h)));
    c.slopes.push_back(compare_slopes(
        "shift", g.dshift,
        central_differences(
            layer.shift(),
            [&](const std::vector<double>& v) { return layer.with_scale_shift(layer.scale(), v).train(x).output; }, dy,
            h)));
    return c;
}

GradientCheck check_gradient(const Dense& layer, const Block& x, const Block& dy, double h) {
    const DenseResponse r = layer.train(x);
    const DenseGradient g = layer.backward(r, dy);
    const Block& w = layer.weights();
    GradientCheck c;
    c.slopes.push_back(compare_slopes(
        "input", g.dx.data,
        central_differences(
            x.data, [&](const std::vector<double>& v) { return layer.train(reshaped(x, v)).output; }, dy, h)));
    c.slopes.push_back(
        compare_slopes("weights", g.dweights.data,
                       central_differences(
                           w.data,
                           [&](const std::vector<double>& v) {
                               return Dense(reshaped(w, v), layer.bias(), layer.activation()).train(x).output;
                           },
                           dy, h)));
    c.slopes.push_back(compare_slopes(
        "bias", g.dbias,
        central_differences(
            layer.bias(), [&](const std::vector<double>& v) { return Dense(w, v, layer.activation()).train(x).output; },
            dy, h)));
    return c;
}

GradientCheck check_gradient(const WeightNormDense& layer, const Block& x, const Block& dy, double h) {
    const DenseResponse r = layer.train(x);
    const WeightNormGradient g = layer.backward(r, dy);
    const Block& v0 = layer.direction();
    auto rebuilt = [&](Block v, std::vector<double> m, std::vector<double> b) {
        return WeightNormDense(std::move(v), std::move(m), std::move(b), layer.activation());
    };
    GradientCheck c;
    c.slopes.push_back(compare_slopes(
        "input", g.dx.data,
        central_differences(
            x.data, [&](const std::vector<double>& v) { return layer.train(reshaped(x, v)).output; }, dy, h)));
    c.slopes.push_back(
        compare_slopes("direction", g.ddirection.data,
                       central_differences(
                           v0.data,
                           [&](const std::vector<double>& v) {
                               return rebuilt(reshaped(v0, v), layer.magnitude(), layer.bias()).train(x).output;
                           },
                           dy, h)));
    c.slopes.push_back(compare_slopes(
        "magnitude", g.dmagnitude,
        central_differences(
            layer.magnitude(),
            [&](const std::vector<double>& v) { return rebuilt(v0, v, layer.bias()).train(x).output; }, dy, h)));
    c.slopes.push_back(compare_slopes(
        "bias", g.dbias,
        central_differences(
            layer.bias(),
            [&](const std::vector<double>& v) { return rebuilt(v0, layer.magnitude(), v).train(x).output; }, dy, h)));
    return c;
}

} // namespace normlab
