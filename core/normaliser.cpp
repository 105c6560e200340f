#include "normaliser.hpp"

#include <cmath>
#include <string>

#include "errors.hpp"

namespace normlab {
namespace {

// The index sets the sums run over, for a block of (rows, cols): set s holds the cells
// start(s) + k * step for k < length.
struct AxisSets {
    std::size_t count, length, step, start_step;
    std::size_t start(std::size_t s) const { return s * start_step; }
};

AxisSets sets_of(const NormSpec& spec, std::size_t rows, std::size_t cols) {
    if (spec.axis() == Axis::Batch) return {cols, rows, cols, 1};
    std::size_t length = cols / spec.groups;
    return {rows * spec.groups, length, 1, length};
}

// Visits every cell as f(set, cell), each set's cells in position order. Down the rows (the batch
// axis) the sets of one position are contiguous, so the inner loop runs across sets; along a row
// a set's cells are contiguous, so the inner loop runs along the set. Either way each set's sums
// run in the same order.
template <class F>
void sweep(const AxisSets& sets, F&& f) {
    if (sets.start_step == 1) {
        for (std::size_t k = 0; k < sets.length; ++k) {
            const std::size_t base = k * sets.step;
            for (std::size_t s = 0; s < sets.count; ++s) f(s, base + s);
        }
    } else {
        for (std::size_t s = 0; s < sets.count; ++s) {
            const std::size_t base = s * sets.start_step;
            for (std::size_t k = 0; k < sets.length; ++k) f(s, base + k);
        }
    }
}

// Adds term(set, cell) into acc[set] for every cell, each set's terms in position order, the
// running sum kept in a register along a row (the sums are the same, bit for bit, either way).
template <class F>
void sweep_sum(const AxisSets& sets, double* __restrict acc, F&& term) {
    if (sets.start_step == 1) {
        for (std::size_t k = 0; k < sets.length; ++k) {
            const std::size_t base = k * sets.step;
            for (std::size_t s = 0; s < sets.count; ++s) acc[s] += term(s, base + s);
        }
    } else {
        for (std::size_t s = 0; s < sets.count; ++s) {
            const std::size_t base = s * sets.start_step;
            double a = acc[s];
            for (std::size_t k = 0; k < sets.length; ++k) a += term(s, base + k);
            acc[s] = a;
        }
    }
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
void rescaled_set(const AxisSets& sets, std::size_t s, bool centre, double eps, const double* xs, double* z,
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
    // sweep() visits the cells in the order their layout favours; each set's sums run in
    // position order either way.
    const AxisSets sets = sets_of(spec_, x.rows, x.cols);
    const std::size_t count = sets.count;
    const double len = static_cast<double>(sets.length);
    r.output.reshape(x.rows, x.cols);
    r.standardised.reshape(x.rows, x.cols);
    r.mean.assign(count, 0.0);
    work.correction.assign(count, 0.0);
    r.variance.assign(count, 0.0);
    r.deviation.resize(count);
    double* mean = r.mean.data();
    double* corr = work.correction.data();
    double* var = r.variance.data();
    const double* xs = x.data.data();
    double* z = r.standardised.data.data();
    if (spec_.centre()) {
        // Pass 1: the mean, and its correction (the corrected two-pass algorithm of Chan, Golub
        // and LeVeque): x - mean is exact for x near the mean, so the correction recovers what
        // rounding the sum lost, and the mean is carried as mean + correction.
        sweep_sum(sets, mean, [&](std::size_t, std::size_t c) { return xs[c]; });
        for (std::size_t s = 0; s < count; ++s) mean[s] /= len;
        sweep_sum(sets, corr, [&](std::size_t s, std::size_t c) { return xs[c] - mean[s]; });
        for (std::size_t s = 0; s < count; ++s) corr[s] /= len;
    }
    // Pass 2: the biased variance about the mean (the mean square when not centring).
    sweep_sum(sets, var, [&](std::size_t s, std::size_t c) {
        const double centred = (xs[c] - mean[s]) - corr[s];
        return centred * centred;
    });
    bool overflowed = false;
    for (std::size_t s = 0; s < count; ++s) {
        var[s] /= len;
        r.deviation[s] = std::sqrt(var[s] + spec_.eps);
        overflowed = overflowed || !std::isfinite(var[s]);
    }
    const double* dev = r.deviation.data();
    sweep(sets, [&](std::size_t s, std::size_t c) { z[c] = ((xs[c] - mean[s]) - corr[s]) / dev[s]; });
    for (std::size_t s = 0; s < count; ++s) mean[s] += corr[s];
    for (std::size_t s = 0; overflowed && s < count; ++s)
        if (!std::isfinite(var[s]))
            rescaled_set(sets, s, spec_.centre(), spec_.eps, xs, z, mean[s], var[s], r.deviation[s]);
    // answer = scale * z + shift, feature by feature along each row.
    for (std::size_t i = 0; i < x.rows; ++i)
        for (std::size_t j = 0; j < x.cols; ++j)
            r.output.data[i * x.cols + j] = scale_[j] * z[i * x.cols + j] + shift_[j];
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
    const Block& zb = response.standardised;
    const AxisSets sets = sets_of(spec_, zb.rows, zb.cols);
    const std::size_t count = sets.count, rows = zb.rows, cols = zb.cols;
    const double len = static_cast<double>(sets.length);
    g.dx.reshape(rows, cols);
    g.dscale.assign(cols, 0.0);
    g.dshift.assign(cols, 0.0);
    g.mean = response.mean;
    g.variance = response.variance;
    g.rows = rows;
    work.sum_d.assign(count, 0.0);
    work.sum_dz.assign(count, 0.0);
    const double* z = zb.data.data();
    double* d = g.dx.data.data(); // holds d = dy * scale until it is overwritten by dx
    // Parameter slopes, sums down the columns: dscale = sum dy * z, dshift = sum dy.
    for (std::size_t j = 0; j < cols; ++j) {
        double ds = 0.0, dh = 0.0;
        for (std::size_t i = 0; i < rows; ++i) {
            const std::size_t c = i * cols + j;
            ds += dy.data[c] * z[c];
            dh += dy.data[c];
            d[c] = dy.data[c] * scale_[j];
        }
        g.dscale[j] = ds;
        g.dshift[j] = dh;
    }
    // Passed-down block, per set, with d = dy * scale:
    //   route 1, direct:             n * d
    //   route 2, through the mean:   - sum d            (only when centring)
    //   route 3, through variance:   - z * sum(d * z)
    //   all over n * s.
    double* sum_d = work.sum_d.data();
    double* sum_dz = work.sum_dz.data();
    if (spec_.centre()) sweep_sum(sets, sum_d, [&](std::size_t, std::size_t c) { return d[c]; });
    sweep_sum(sets, sum_dz, [&](std::size_t, std::size_t c) { return d[c] * z[c]; });
    const double* dev = response.deviation.data();
    sweep(sets,
          [&](std::size_t s, std::size_t c) { d[c] = (len * d[c] - sum_d[s] - z[c] * sum_dz[s]) / (len * dev[s]); });
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
    next.running_mean_.resize(running_mean_.size());
    next.running_var_.resize(running_var_.size());
    if (has_running()) {
        const double n = static_cast<double>(gradient.rows);
        const double keep = spec_.rate.keep(), fold = spec_.rate.momentum();
        for (std::size_t j = 0; j < features(); ++j) {
            const double batch_var =
                spec_.unbiased_running ? gradient.variance[j] * n / (n - 1.0) : gradient.variance[j];
            next.running_mean_[j] = keep * running_mean_[j] + fold * gradient.mean[j];
            next.running_var_[j] = keep * running_var_[j] + fold * batch_var;
        }
    }
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
    const AxisSets sets = sets_of(layer.spec(), z.rows, z.cols);
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
