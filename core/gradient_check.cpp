#include "gradient_check.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "errors.hpp"

namespace normlab {

double GradientCheck::largest_gap() const {
    double g = 0.0;
    for (const auto& s : slopes) g = larger(g, s.largest_gap);
    return g;
}

const SlopeCheck& GradientCheck::slope(const std::string& name) const {
    for (const auto& s : slopes)
        if (s.name == name) return s;
    throw OptionError("this check has no slope named '" + name + "'");
}

std::vector<double> central_differences(const std::vector<double>& values, const LossOf& loss, double h) {
    // 2h must be finite too: beyond it every slope would come out 0 or NaN.
    if (!(h > 0 && h <= std::numeric_limits<double>::max() / 2))
        throw OptionError("the difference step is " + format_number(h) +
                          "; it must be a number above 0 and at most half the largest double");
    std::vector<double> numeric(values.size());
    std::vector<double> probe = values;
    for (std::size_t k = 0; k < values.size(); ++k) {
        probe[k] = values[k] + h;
        const double up = loss(probe);
        probe[k] = values[k] - h;
        const double down = loss(probe);
        probe[k] = values[k];
        numeric[k] = (up - down) / (2.0 * h);
        if (std::isfinite(up) && std::isfinite(down) && !std::isfinite(numeric[k]))
            throw NonFiniteError("the numeric slope of entry " + std::to_string(k + 1) + " comes out " +
                                 format_number(numeric[k]) + " with the difference step " + format_number(h) +
                                 ": the losses either side, " + format_number(up) + " and " + format_number(down) +
                                 ", are too far apart for a double");
    }
    return numeric;
}

LossOf weighted_sum(BlockOf forward, const Block& dy) {
    return [forward = std::move(forward), &dy](const std::vector<double>& v) {
        const Block y = forward(v);
        require_shape(y, dy.rows, dy.cols, "answer");
        double s = 0.0;
        for (std::size_t c = 0; c < y.size(); ++c) s += dy.data[c] * y.data[c];
        if (std::isinf(s))
            throw NonFiniteError("the loss sum(dy * answer) comes out " + format_number(s) +
                                 ": it is beyond the largest double");
        return s;
    };
}

GradientCheck check_gradient(const std::vector<SlopeProbe>& probes, double h) {
    GradientCheck c;
    for (const SlopeProbe& p : probes) {
        require_same(p.analytic.size(), p.values.size(), p.name + " slope's length", p.name + "'s length");
        SlopeCheck s{p.name, p.analytic, central_differences(p.values, p.loss, h)};
        s.largest_gap = largest_gap(s.analytic, s.numeric);
        for (double v : s.numeric) s.largest_slope = larger(s.largest_slope, std::fabs(v));
        c.slopes.push_back(std::move(s));
    }
    return c;
}

namespace {

Block reshaped(const Block& like, const std::vector<double>& v) { return Block::from_flat(like.rows, like.cols, v); }

// requires: (x's cells + parameters) * (x's cells + the answer's cells) within max_check_work.
void require_check_work(const Block& x, std::size_t parameters, double answer_cells) {
    const double work = (static_cast<double>(x.data.size()) + static_cast<double>(parameters)) *
                        (static_cast<double>(x.data.size()) + answer_cells);
    if (work > max_check_work)
        throw SizeError("a gradient check of a " + std::to_string(x.rows) + " by " + std::to_string(x.cols) +
                        " block and " + std::to_string(parameters) + " parameters needs " + format_number(work) +
                        " cell evaluations, beyond the limit of " + format_number(max_check_work));
}

// The input's probe, the same for every layer: the training answer as a function of x.
template <class Layer>
SlopeProbe input_probe(const Layer& layer, const Block& x, const Block& dy, std::vector<double> analytic) {
    return {
        "input", x.data, std::move(analytic),
        weighted_sum([&layer, &x](const std::vector<double>& v) { return layer.train(reshaped(x, v)).output; }, dy)};
}

} // namespace

GradientCheck check_gradient(const Normaliser& layer, const Block& x, const Block& dy, double h) {
    require_check_work(x, 2 * layer.features(), static_cast<double>(x.data.size()));
    const NormGradient g = layer.backward(layer.train(x), dy);
    return check_gradient(
        {input_probe(layer, x, dy, g.dx.data),
         {"scale", layer.scale(), g.dscale,
          weighted_sum(
              [&](const std::vector<double>& v) { return layer.with_scale_shift(v, layer.shift()).train(x).output; },
              dy)},
         {"shift", layer.shift(), g.dshift,
          weighted_sum(
              [&](const std::vector<double>& v) { return layer.with_scale_shift(layer.scale(), v).train(x).output; },
              dy)}},
        h);
}

GradientCheck check_gradient(const Dense& layer, const Block& x, const Block& dy, double h) {
    require_check_work(x, layer.parameter_count(), static_cast<double>(x.rows) * layer.outputs());
    const DenseGradient g = layer.backward(layer.train(x), dy);
    const Block& w = layer.weights();
    return check_gradient(
        {input_probe(layer, x, dy, g.dx.data),
         {"weights", w.data, g.dweights.data,
          weighted_sum(
              [&](const std::vector<double>& v) {
                  return Dense(reshaped(w, v), layer.bias(), layer.activation()).train(x).output;
              },
              dy)},
         {"bias", layer.bias(), g.dbias,
          weighted_sum([&](const std::vector<double>& v) { return Dense(w, v, layer.activation()).train(x).output; },
                       dy)}},
        h);
}

GradientCheck check_gradient(const WeightNormDense& layer, const Block& x, const Block& dy, double h) {
    require_check_work(x, layer.parameter_count(), static_cast<double>(x.rows) * layer.direction().cols);
    const WeightNormGradient g = layer.backward(layer.train(x), dy);
    const Block& v0 = layer.direction();
    auto answer = [&](Block v, std::vector<double> m, std::vector<double> b) {
        return WeightNormDense(std::move(v), std::move(m), std::move(b), layer.activation()).train(x).output;
    };
    return check_gradient(
        {input_probe(layer, x, dy, g.dx.data),
         {"direction", v0.data, g.ddirection.data,
          weighted_sum(
              [&](const std::vector<double>& v) { return answer(reshaped(v0, v), layer.magnitude(), layer.bias()); },
              dy)},
         {"magnitude", layer.magnitude(), g.dmagnitude,
          weighted_sum([&](const std::vector<double>& v) { return answer(v0, v, layer.bias()); }, dy)},
         {"bias", layer.bias(), g.dbias,
          weighted_sum([&](const std::vector<double>& v) { return answer(v0, layer.magnitude(), v); }, dy)}},
        h);
}

} // namespace normlab
