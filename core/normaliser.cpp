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
    for (NormKind k : {NormKind::Batch, NormKind::Layer, NormKind::Rms, NormKind::Group})
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

Normaliser::Normaliser(std::size_t features, NormSpec spec)
    : spec_(spec), scale_(features, 1.0), shift_(features, 0.0) {
    require_nonempty(1, features, "layer's feature count");
    require_eps(spec.eps);
    require_rate(spec.rate);
    if (spec.kind != NormKind::Group && spec.groups != 1)
        throw GroupError("the group count is " + std::to_string(spec.groups) + " but only the group kind has groups; " +
                         norm_kind_name(spec.kind) + " takes 1");
    if (spec.groups == 0 || features % spec.groups != 0)
        throw GroupError("the group count is " + std::to_string(spec.groups) + " but the layer has " +
                         std::to_string(features) + " features; the groups must divide the features evenly");
    if (spec.axis() == Axis::Batch) {
        running_mean_.assign(features, 0.0);
        running_var_.assign(features, 1.0);
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
        for (std::size_t i = 0; i < x.rows; ++i)
            y.at(i, j) = scale_[j] * ((x.at(i, j) - running_mean_[j]) / s) + shift_[j];
    }
    return y;
}

NormResponse Normaliser::train(const Block& x) const {
    check_input(x);
    NormResponse r;
    train_into(x, r);
    return r;
}

void Normaliser::train_into(const Block& x, NormResponse& r) const {
    // sweep() visits the cells in the order their layout favours; each set's sums run in
    // position order either way.
    const AxisSets sets = sets_of(spec_, x.rows, x.cols);
    const std::size_t count = sets.count;
    const double len = static_cast<double>(sets.length);
    r.output.reshape(x.rows, x.cols);
    r.standardised.reshape(x.rows, x.cols);
    r.mean.assign(count, 0.0);
    r.correction.assign(count, 0.0);
    r.variance.assign(count, 0.0);
    r.deviation.resize(count);
    double* mean = r.mean.data();
    double* corr = r.correction.data();
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
    for (std::size_t s = 0; s < count; ++s) {
        var[s] /= len;
        r.deviation[s] = std::sqrt(var[s] + spec_.eps);
    }
    const double* dev = r.deviation.data();
    sweep(sets, [&](std::size_t s, std::size_t c) { z[c] = ((xs[c] - mean[s]) - corr[s]) / dev[s]; });
    for (std::size_t s = 0; s < count; ++s) mean[s] += corr[s];
    // answer = scale * z + shift, feature by feature along each row.
    for (std::size_t i = 0; i < x.rows; ++i)
        for (std::size_t j = 0; j < x.cols; ++j)
            r.output.data[i * x.cols + j] = scale_[j] * z[i * x.cols + j] + shift_[j];
}

Block Normaliser::forward(const Block& x, Purpose purpose) const {
    return purpose == Purpose::Predict ? infer(x) : train(x).output;
}

NormGradient Normaliser::backward(const NormResponse& response, const Block& dy) const {
    const Block& z = response.standardised;
    require_shape(dy, z.rows, z.cols, "arriving slope");
    require_finite(dy, "arriving slope");
    const AxisSets sets = sets_of(spec_, z.rows, z.cols);
    require_same(response.deviation.size(), sets.count, "response's statistics count", "layer's set count");
    NormGradient g;
    backward_into(response, dy, g);
    return g;
}

void Normaliser::backward_into(const NormResponse& response, const Block& dy, NormGradient& g) const {
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
    g.sum_d.assign(count, 0.0);
    g.sum_dz.assign(count, 0.0);
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
    double* sum_d = g.sum_d.data();
    double* sum_dz = g.sum_dz.data();
    if (spec_.centre()) sweep_sum(sets, sum_d, [&](std::size_t, std::size_t c) { return d[c]; });
    sweep_sum(sets, sum_dz, [&](std::size_t, std::size_t c) { return d[c] * z[c]; });
    const double* dev = response.deviation.data();
    sweep(sets,
          [&](std::size_t s, std::size_t c) { d[c] = (len * d[c] - sum_d[s] - z[c] * sum_dz[s]) / (len * dev[s]); });
}

Normaliser Normaliser::step(const NormGradient& gradient, double stride) const {
    require_stride(stride);
    require_same(gradient.dscale.size(), features(), "gradient's scale slope length", "layer's feature count");
    require_same(gradient.dshift.size(), features(), "gradient's shift slope length", "layer's feature count");
    if (has_running()) {
        require_same(gradient.mean.size(), features(), "gradient's batch mean length", "layer's feature count");
        if (spec_.unbiased_running && gradient.rows < 2)
            throw ShapeError("the unbiased running variance needs at least 2 rows but the batch had " +
                             std::to_string(gradient.rows));
    }
    Normaliser next = *this;
    step_into(gradient, stride, next);
    return next;
}

void Normaliser::step_into(const NormGradient& gradient, double stride, Normaliser& next) const {
    next.spec_ = spec_;
    next.scale_.resize(features());
    next.shift_.resize(features());
    for (std::size_t j = 0; j < features(); ++j) {
        next.scale_[j] = scale_[j] - stride * gradient.dscale[j];
        next.shift_[j] = spec_.learn_shift ? shift_[j] - stride * gradient.dshift[j] : shift_[j];
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
    const Block& z = response.standardised;
    require_shape(dy, z.rows, z.cols, "arriving slope");
    require_finite(dy, "arriving slope");
    const AxisSets sets = sets_of(layer.spec(), z.rows, z.cols);
    Block dx(z.rows, z.cols);
    for (std::size_t s = 0; s < sets.count; ++s)
        for (std::size_t k = 0; k < sets.length; ++k) {
            const std::size_t cell = sets.start(s) + k * sets.step;
            dx.data[cell] = dy.data[cell] * layer.scale()[cell % z.cols] / response.deviation[s];
        }
    return dx;
}

} // namespace normlab
