#include "normaliser.hpp"

#include <cmath>
#include <string>

#include "errors.hpp"
#include "normaliser_maths.hpp"

namespace normlab {
namespace {

using maths::SetLayout;

// The index sets the sums run over, for a block of (rows, cols) (see normaliser_maths.hpp).
SetLayout sets_of(const NormSpec& spec, std::size_t rows, std::size_t cols) {
    return spec.axis() == Axis::Batch ? maths::batch_sets(rows, cols) : maths::feature_sets(rows, cols, spec.groups);
}

// requires: a convention of the two and a value in [0, 1]; else OptionError or KeepError.
void require_rate(const RunningRate& rate) {
    if (rate.convention != RunningRate::Convention::Keep && rate.convention != RunningRate::Convention::Momentum)
        throw OptionError("the running rate's convention numbered " +
                          std::to_string(static_cast<int>(rate.convention)) + " is neither keep nor momentum");
    if (!(rate.value >= 0 && rate.value <= 1)) {
        const bool keep = rate.convention == RunningRate::Convention::Keep;
        throw KeepError(std::string(keep ? "keep" : "momentum") + " is " + format_number(rate.value) +
                        "; the share of " + (keep ? "the running figures kept" : "the batch figures folded in") +
                        " must lie in [0, 1]");
    }
}

// requires: statistics (a response's or a gradient's) taken over this spec's sets; else ShapeError.
void require_sets_of(NormKind kind, std::size_t groups, const NormSpec& spec, const std::string& what) {
    if (kind == spec.kind && groups == spec.groups) return;
    auto named = [](NormKind k, std::size_t g) {
        return std::string(norm_kind_name(k)) + (k == NormKind::Group ? " (" + std::to_string(g) + " groups)" : "");
    };
    throw ShapeError("the " + what + " comes from a " + named(kind, groups) +
                     " normaliser, whose statistics run over " + "other sets than this " +
                     named(spec.kind, spec.groups) + " normaliser's");
}

} // namespace

NormSpec NormSpec::with_eps(double e) const {
    NormSpec s = *this;
    s.eps = e;
    return s;
}
const char* norm_kind_name(NormKind kind) {
    switch (kind) {
        case NormKind::Layer:
            return "layer";
        case NormKind::Rms:
            return "rms";
        case NormKind::Group:
            return "group";
        case NormKind::Batch:
            break;
    }
    return "batch";
}

NormKind norm_kind_named(const std::string& name) {
    for (NormKind k : all_norm_kinds)
        if (name == norm_kind_name(k)) return k;
    throw OptionError("the kind '" + name + "' is not one of batch, layer, rms, group");
}

bool NormSpec::operator==(const NormSpec& o) const {
    return kind == o.kind && groups == o.groups && eps == o.eps && rate == o.rate &&
           unbiased_running == o.unbiased_running && learn_shift == o.learn_shift;
}

NormSpec NormSpec::with_keep(double k) const {
    NormSpec s = *this;
    s.rate = {k, RunningRate::Convention::Keep};
    return s;
}
NormSpec NormSpec::with_momentum(double m) const {
    NormSpec s = *this;
    s.rate = {m, RunningRate::Convention::Momentum};
    return s;
}
NormSpec NormSpec::with_unbiased_running(bool u) const {
    NormSpec s = *this;
    s.unbiased_running = u;
    return s;
}
NormSpec NormSpec::with_learned_shift(bool l) const {
    NormSpec s = *this;
    s.learn_shift = l;
    return s;
}

NormSpec batch_norm() { return NormSpec{}; }
NormSpec layer_norm() {
    NormSpec s;
    s.kind = NormKind::Layer;
    return s;
}
NormSpec rms_norm() {
    NormSpec s;
    s.kind = NormKind::Rms;
    s.learn_shift = false;
    return s;
}
NormSpec group_norm(std::size_t groups) {
    NormSpec s;
    s.kind = NormKind::Group;
    s.groups = groups;
    return s;
}

NormSpec norm_spec(NormKind kind) {
    switch (kind) {
        case NormKind::Layer:
            return layer_norm();
        case NormKind::Rms:
            return rms_norm();
        case NormKind::Group:
            return group_norm(1);
        case NormKind::Batch:
            break;
    }
    return batch_norm();
}

Normaliser::Normaliser(std::size_t features, NormSpec spec)
    : spec_(spec), scale_(filled(features, 1.0, "layer's scale")), shift_(filled(features, 0.0, "layer's shift")) {
    require_nonempty(1, features, "layer's feature count");
    bool known = false;
    for (NormKind k : all_norm_kinds) known = known || k == spec.kind;
    if (!known)
        throw OptionError("the kind numbered " + std::to_string(static_cast<int>(spec.kind)) +
                          " is not one of batch, layer, rms, group");
    require_eps(spec.eps);
    require_rate(spec.rate);
    if (spec.kind != NormKind::Group && spec.groups != 1)
        throw GroupError("the group count is " + std::to_string(spec.groups) + " but only the group kind has groups; " +
                         norm_kind_name(spec.kind) + " takes 1");
    if (spec.groups == 0 || features % spec.groups != 0)
        throw GroupError("the group count is " + std::to_string(spec.groups) + " but the layer has " +
                         std::to_string(features) + " features; the groups must divide the features evenly");
    if (spec.axis() == Axis::Batch) {
        running_mean_ = filled(features, 0.0, "layer's running mean");
        running_var_ = filled(features, 1.0, "layer's running variance");
    }
}

Normaliser Normaliser::from_state(const NormaliserState& state) {
    Normaliser layer = Normaliser(state.scale.size(), state.spec).with_scale_shift(state.scale, state.shift);
    if (!layer.has_running()) {
        if (!state.running_mean.empty() || !state.running_variance.empty())
            throw ShapeError("the " + std::string(norm_kind_name(state.spec.kind)) +
                             " kind keeps no running figures, but the state carries " +
                             std::to_string(state.running_mean.size()) + " running means and " +
                             std::to_string(state.running_variance.size()) + " running variances");
        return layer;
    }
    return layer.with_running(state.running_mean, state.running_variance);
}

NormaliserState Normaliser::state() const { return {spec_, scale_, shift_, running_mean_, running_var_}; }

Normaliser Normaliser::with_scale_shift(std::vector<double> scale, std::vector<double> shift) const {
    require_same(scale.size(), features(), "scale's length", "layer's feature count");
    require_same(shift.size(), features(), "shift's length", "layer's feature count");
    require_finite(scale, "scale");
    require_finite(shift, "shift");
    Normaliser next = *this;
    next.scale_ = std::move(scale);
    next.shift_ = std::move(shift);
    return next;
}

Normaliser Normaliser::with_running(std::vector<double> mean, std::vector<double> variance) const {
    if (!has_running()) throw OptionError("only the batch axis keeps running figures");
    require_same(mean.size(), features(), "running mean's length", "layer's feature count");
    require_same(variance.size(), features(), "running variance's length", "layer's feature count");
    require_finite(mean, "running mean");
    require_finite(variance, "running variance");
    for (std::size_t j = 0; j < variance.size(); ++j)
        if (variance[j] < 0)
            throw NonFiniteError("entry " + std::to_string(j + 1) + " of the running variance is " +
                                 format_number(variance[j]) + "; a variance cannot be negative");
    Normaliser next = *this;
    next.running_mean_ = std::move(mean);
    next.running_var_ = std::move(variance);
    return next;
}

void Normaliser::check_input(const Block& x) const {
    require_nonempty(x.rows, x.cols, "input block");
    require_same(x.cols, features(), "input's feature count", "layer's feature count");
    require_finite(x, "input block");
}

// The order of operations here is a contract: lockstep's predicted_by_running
// (crowd/lockstep/engine.cpp) mirrors the batch axis's answer, scale * ((x - mean) / sqrt(var +
// eps)) + shift, and leaves any answer that is not finite to this function's rescaled path;
// "lockstep runs that record every epoch write down what the layer values' run does, bit for bit"
// (tests/crowd/lockstep/test_engine.cpp) compares the accuracies predicted both ways.
Block Normaliser::infer(const Block& x) const {
    if (!has_running()) return train(x).output;
    check_input(x);
    Block y(x.rows, x.cols);
    for (std::size_t j = 0; j < x.cols; ++j) {
        double s = std::sqrt(running_var_[j] + spec_.eps);
        for (std::size_t i = 0; i < x.rows; ++i) {
            double answer = scale_[j] * ((x.at(i, j) - running_mean_[j]) / s) + shift_[j];
            if (!std::isfinite(answer)) // x - mean may overflow where the answer does not: halve both
                answer = scale_[j] * (((0.5 * x.at(i, j) - 0.5 * running_mean_[j]) / s) * 2.0) + shift_[j];
            y.at(i, j) = answer;
        }
    }
    require_answer_finite(y, "predicting answer");
    return y;
}

NormResponse Normaliser::train(const Block& x) const {
    check_input(x);
    NormResponse r;
    Workspace work;
    train_into(x, r, work);
    require_answer_finite(r.output, "training answer");
    require_answer_finite(r.deviation, "deviation");
    return r;
}

namespace {

// One set's statistics and standardised values with its cells scaled by 2^-e, where 2^e bounds
// the set's largest magnitude: for sets whose sums or squares overflow. Powers of two scale
// exactly, so the answer is the one exact arithmetic rounds to. When the variance itself is
// beyond a double it is Infinity, eps is below its last bit, and z is taken in scaled units.
void rescaled_set(const SetLayout& sets, std::size_t s, bool centre, double eps, const double* xs, double* z,
                  double& mean, double& variance, double& deviation) {
    const double len = static_cast<double>(sets.length);
    auto scaled = [&](std::size_t k, int e) { return std::ldexp(xs[sets.start(s) + k * sets.step], -e); };
    double top = 0.0;
    for (std::size_t k = 0; k < sets.length; ++k) top = std::fmax(top, std::fabs(scaled(k, 0)));
    int e = 0;
    std::frexp(top, &e);
    double m = 0.0, corr = 0.0, var = 0.0;
    if (centre) {
        for (std::size_t k = 0; k < sets.length; ++k) m += scaled(k, e);
        m /= len;
        for (std::size_t k = 0; k < sets.length; ++k) corr += scaled(k, e) - m;
        corr /= len;
    }
    for (std::size_t k = 0; k < sets.length; ++k) {
        const double centred = (scaled(k, e) - m) - corr;
        var += centred * centred;
    }
    var /= len;
    mean = std::ldexp(m + corr, e);
    variance = std::ldexp(var, 2 * e);
    if (std::isfinite(variance)) {
        deviation = std::sqrt(variance + eps);
        for (std::size_t k = 0; k < sets.length; ++k)
            z[sets.start(s) + k * sets.step] = std::ldexp((scaled(k, e) - m) - corr, e) / deviation;
    } else {
        const double scaled_deviation = std::sqrt(var);
        deviation = std::ldexp(scaled_deviation, e);
        for (std::size_t k = 0; k < sets.length; ++k)
            z[sets.start(s) + k * sets.step] = ((scaled(k, e) - m) - corr) / scaled_deviation;
    }
}

} // namespace

void Normaliser::train_into(const Block& x, NormResponse& r, Workspace& work) const {
    const SetLayout sets = sets_of(spec_, x.rows, x.cols);
    const std::size_t count = sets.count;
    r.kind = spec_.kind;
    r.groups = spec_.groups;
    r.output.reshape(x.rows, x.cols);
    r.standardised.reshape(x.rows, x.cols);
    r.mean.resize(count);
    work.correction.resize(count);
    r.variance.resize(count);
    r.deviation.resize(count);
    const double* xs = x.data.data();
    double* z = r.standardised.data.data();
    maths::standardise(sets, spec_.centre(), spec_.eps, xs, z,
                       {r.mean.data(), work.correction.data(), r.variance.data(), r.deviation.data()});
    // A set whose squares overflowed is taken again in scaled units.
    for (std::size_t s = 0; s < count; ++s)
        if (!std::isfinite(r.variance[s]))
            rescaled_set(sets, s, spec_.centre(), spec_.eps, xs, z, r.mean[s], r.variance[s], r.deviation[s]);
    maths::scale_shift(x.rows, x.cols, z, scale_.data(), shift_.data(), r.output.data.data());
}

void Normaliser::check_response(const NormResponse& response, const Block& dy) const {
    const Block& z = response.standardised;
    require_nonempty(z.rows, z.cols, "response's standardised block");
    require_same(z.cols, features(), "response's feature count", "layer's feature count");
    require_finite(z, "response's standardised block");
    require_shape(dy, z.rows, z.cols, "arriving slope");
    require_finite(dy, "arriving slope");
    const std::size_t count = sets_of(spec_, z.rows, z.cols).count;
    const std::string sets = "layer's set count for " + std::to_string(z.rows) + " rows";
    require_same(response.mean.size(), count, "response's mean count", sets);
    require_same(response.variance.size(), count, "response's variance count", sets);
    require_same(response.deviation.size(), count, "response's deviation count", sets);
    for (std::size_t s = 0; s < count; ++s)
        if (!(std::isfinite(response.deviation[s]) && response.deviation[s] > 0))
            throw NonFiniteError("entry " + std::to_string(s + 1) + " of the response's deviation is " +
                                 format_number(response.deviation[s]) +
                                 "; a deviation is sqrt(variance + eps), a finite number above 0");
    require_sets_of(response.kind, response.groups, spec_, "response");
}

NormGradient Normaliser::backward(const NormResponse& response, const Block& dy) const {
    check_response(response, dy);
    NormGradient g;
    Workspace work;
    backward_into(response, dy, g, work);
    require_answer_finite(g.dx, "passed-down block");
    require_answer_finite(g.dscale, "scale slope");
    require_answer_finite(g.dshift, "shift slope");
    return g;
}

void Normaliser::backward_into(const NormResponse& response, const Block& dy, NormGradient& g, Workspace& work) const {
    const Block& z = response.standardised;
    const SetLayout sets = sets_of(spec_, z.rows, z.cols);
    g.dx.reshape(z.rows, z.cols);
    g.dscale.resize(z.cols);
    g.dshift.resize(z.cols);
    g.kind = response.kind;
    g.groups = response.groups;
    g.mean = response.mean;
    g.variance = response.variance;
    g.rows = z.rows;
    work.sum_d.resize(sets.count);
    work.sum_dz.resize(sets.count);
    maths::backward(sets, spec_.centre(), z.rows, z.cols, dy.data.data(), z.data.data(), scale_.data(),
                    response.deviation.data(), g.dx.data.data(), g.dscale.data(), g.dshift.data(), work.sum_d.data(),
                    work.sum_dz.data());
}

Normaliser Normaliser::step(const NormGradient& gradient, double learning_rate) const {
    require_learning_rate(learning_rate);
    require_same(gradient.dscale.size(), features(), "gradient's scale slope length", "layer's feature count");
    require_same(gradient.dshift.size(), features(), "gradient's shift slope length", "layer's feature count");
    require_finite(gradient.dscale, "gradient's scale slope");
    require_finite(gradient.dshift, "gradient's shift slope");
    if (has_running()) {
        require_same(gradient.mean.size(), features(), "gradient's batch mean length", "layer's feature count");
        require_same(gradient.variance.size(), features(), "gradient's batch variance length", "layer's feature count");
        require_finite(gradient.mean, "gradient's batch mean");
        require_finite(gradient.variance, "gradient's batch variance");
        for (std::size_t j = 0; j < features(); ++j)
            if (gradient.variance[j] < 0)
                throw NonFiniteError("entry " + std::to_string(j + 1) + " of the gradient's batch variance is " +
                                     format_number(gradient.variance[j]) + "; a variance cannot be negative");
        if (gradient.rows == 0)
            throw ShapeError("the gradient's row count is 0; batch figures come from at least one row");
        if (spec_.unbiased_running && gradient.rows < 2)
            throw ShapeError("the unbiased running variance needs at least 2 rows but the batch had " +
                             std::to_string(gradient.rows));
    }
    require_sets_of(gradient.kind, gradient.groups, spec_, "gradient");
    Normaliser next = *this;
    step_into(gradient, learning_rate, next);
    require_answer_finite(next.scale_, "stepped scale");
    require_answer_finite(next.shift_, "stepped shift");
    require_answer_finite(next.running_var_, "stepped running variance");
    return next;
}

void Normaliser::step_into(const NormGradient& gradient, double learning_rate, Normaliser& next) const {
    next.spec_ = spec_;
    next.scale_.resize(features());
    next.shift_.resize(features());
    for (std::size_t j = 0; j < features(); ++j) {
        next.scale_[j] = scale_[j] - learning_rate * gradient.dscale[j];
        next.shift_[j] = spec_.learn_shift ? shift_[j] - learning_rate * gradient.dshift[j] : shift_[j];
    }
    next.running_mean_ = running_mean_;
    next.running_var_ = running_var_;
    if (has_running())
        maths::fold_running(features(), spec_.rate.keep(), spec_.rate.momentum(), spec_.unbiased_running, gradient.rows,
                            gradient.mean.data(), gradient.variance.data(), next.running_mean_.data(),
                            next.running_var_.data());
}

std::size_t Normaliser::parameter_count() const { return features() * (spec_.learn_shift ? 2 : 1); }
std::size_t Normaliser::buffer_count() const { return running_mean_.size() + running_var_.size(); }

bool Normaliser::operator==(const Normaliser& o) const {
    return scale_ == o.scale_ && shift_ == o.shift_ && running_mean_ == o.running_mean_ &&
           running_var_ == o.running_var_ && spec_ == o.spec_;
}

Block naive_backward(const Normaliser& layer, const NormResponse& response, const Block& dy) {
    layer.check_response(response, dy);
    const Block& z = response.standardised;
    const SetLayout sets = sets_of(layer.spec(), z.rows, z.cols);
    Block dx(z.rows, z.cols);
    for (std::size_t s = 0; s < sets.count; ++s)
        for (std::size_t k = 0; k < sets.length; ++k) {
            const std::size_t cell = sets.start(s) + k * sets.step;
            dx.data[cell] = dy.data[cell] * layer.scale()[cell % z.cols] / response.deviation[s];
        }
    require_answer_finite(dx, "passed-down block");
    return dx;
}

} // namespace normlab
