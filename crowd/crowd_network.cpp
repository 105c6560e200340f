#include "crowd_network.hpp"

#include <cmath>

#include "core/elementary.hpp"
#include "core/errors.hpp"
#include "crowd.hpp"

namespace normlab {

namespace {

std::optional<Normaliser> normaliser_for(Arrangement a) {
    switch (a) {
        case Arrangement::Batch:
            return Normaliser(hidden_units, batch_norm());
        case Arrangement::Layer:
            return Normaliser(hidden_units, layer_norm());
        // The essay's RMS layer keeps a shift, starting at zero, that training moves.
        case Arrangement::Rms:
            return Normaliser(hidden_units, rms_norm().with_learned_shift(true));
        case Arrangement::Group:
            return Normaliser(hidden_units, group_norm(4));
        case Arrangement::Plain:
        case Arrangement::WeightNorm:
            break;
    }
    return std::nullopt;
}

std::string with_or_without(bool has) { return has ? "with a normaliser" : "without a normaliser"; }

} // namespace

CrowdNetwork CrowdNetwork::initial(Arrangement arrangement, Random& rng) {
    Block w1(2, hidden_units);
    for (double& v : w1.data) v = rng.normal();
    Block w2(hidden_units, 1);
    for (double& v : w2.data) v = 0.25 * rng.normal();
    Dense hidden(w1, std::vector<double>(hidden_units, 0.0), Activation::Relu);
    HiddenLayer h = arrangement == Arrangement::WeightNorm ? HiddenLayer(WeightNormDense::from_dense(hidden))
                                                           : HiddenLayer(std::move(hidden));
    return CrowdNetwork(arrangement, std::move(h), normaliser_for(arrangement),
                        Dense(std::move(w2), {0.0}, Activation::Identity));
}

CrowdNetwork CrowdNetwork::assembled(Arrangement arrangement, HiddenLayer hidden, std::optional<Normaliser> norm,
                                     Dense output) {
    const bool weight_norm = arrangement == Arrangement::WeightNorm;
    if (std::holds_alternative<WeightNormDense>(hidden) != weight_norm)
        throw OptionError(std::string("the ") + arrangement_name(arrangement) + " arrangement's hidden layer is " +
                          (weight_norm ? "weight-normalised" : "dense") + ", not " +
                          (weight_norm ? "dense" : "weight-normalised"));
    if (norm.has_value() != normaliser_for(arrangement).has_value())
        throw OptionError(std::string("the ") + arrangement_name(arrangement) + " arrangement is one " +
                          with_or_without(!norm.has_value()) + ", but the layers given are " +
                          with_or_without(norm.has_value()));
    return CrowdNetwork(arrangement, std::move(hidden), std::move(norm), std::move(output));
}

Block CrowdNetwork::infer(const Block& x) const {
    Block h = std::visit([&](const auto& layer) { return layer.infer(x); }, hidden_);
    if (norm_) h = norm_->infer(h);
    return output_.infer(h);
}

NetworkResponse CrowdNetwork::train(const Block& x) const {
    NetworkResponse r{std::visit([&](const auto& layer) { return layer.train(x); }, hidden_), std::nullopt, {}};
    if (norm_) r.norm = norm_->train(r.hidden.output);
    r.output = output_.train(r.read_by_output());
    return r;
}

NetworkGradient CrowdNetwork::backward(const NetworkResponse& response, const Block& dlogits) const {
    if (response.norm.has_value() != norm_.has_value())
        throw OptionError("the response comes from a network " + with_or_without(response.norm.has_value()) +
                          " but this " + arrangement_name(arrangement_) + " network is one " +
                          with_or_without(norm_.has_value()));
    DenseGradient out = output_.backward(response.output, dlogits);
    std::optional<NormGradient> norm;
    const Block* dh = &out.dx;
    if (norm_) {
        norm = norm_->backward(*response.norm, out.dx);
        dh = &norm->dx;
    }
    HiddenGradient hidden =
        std::visit([&](const auto& layer) -> HiddenGradient { return layer.backward(response.hidden, *dh); }, hidden_);
    return NetworkGradient{std::move(hidden), std::move(norm), std::move(out)};
}

CrowdNetwork CrowdNetwork::step(const NetworkGradient& g, double learning_rate) const {
    const bool dense_hidden = std::holds_alternative<Dense>(hidden_);
    if (std::holds_alternative<DenseGradient>(g.hidden) != dense_hidden)
        throw OptionError(std::string("the gradient's hidden slopes are a ") +
                          (dense_hidden ? "weight-normalised" : "dense") + " layer's but this " +
                          arrangement_name(arrangement_) + " network's hidden layer is " +
                          (dense_hidden ? "dense" : "weight-normalised"));
    if (g.norm.has_value() != norm_.has_value())
        throw OptionError("the gradient comes from a network " + with_or_without(g.norm.has_value()) + " but this " +
                          arrangement_name(arrangement_) + " network is one " + with_or_without(norm_.has_value()));
    HiddenLayer hidden = std::visit(
        [&](const auto& layer) -> HiddenLayer {
            using G = std::conditional_t<std::is_same_v<std::decay_t<decltype(layer)>, Dense>, DenseGradient,
                                         WeightNormGradient>;
            return layer.step(*std::get_if<G>(&g.hidden), learning_rate);
        },
        hidden_);
    std::optional<Normaliser> norm;
    if (norm_) norm = norm_->step(*g.norm, learning_rate);
    return CrowdNetwork(arrangement_, std::move(hidden), std::move(norm), output_.step(g.output, learning_rate));
}

void CrowdNetwork::train_into(const Block& x, NetworkResponse& r, Workspace& work) const {
    std::visit([&](const auto& layer) { layer.train_into(x, r.hidden); }, hidden_);
    if (norm_) {
        if (!r.norm) r.norm.emplace();
        norm_->train_into(r.hidden.output, *r.norm, work);
    } else {
        r.norm.reset();
    }
    output_.train_into(r.read_by_output(), r.output);
}

void CrowdNetwork::backward_into(const NetworkResponse& r, const Block& dlogits, NetworkGradient& g,
                                 Workspace& work) const {
    output_.backward_into(r.output, dlogits, g.output, work);
    const Block* dh = &g.output.dx;
    if (norm_) {
        if (!g.norm) g.norm.emplace();
        norm_->backward_into(*r.norm, g.output.dx, *g.norm, work);
        dh = &g.norm->dx;
    }
    if (const auto* d = std::get_if<Dense>(&hidden_)) {
        if (!std::holds_alternative<DenseGradient>(g.hidden)) g.hidden.emplace<DenseGradient>();
        d->backward_into(r.hidden, *dh, std::get<DenseGradient>(g.hidden), work, false);
    } else {
        if (!std::holds_alternative<WeightNormGradient>(g.hidden)) g.hidden.emplace<WeightNormGradient>();
        std::get<WeightNormDense>(hidden_).backward_into(r.hidden, *dh, std::get<WeightNormGradient>(g.hidden), work,
                                                         false);
    }
}

void CrowdNetwork::step_into(const NetworkGradient& g, double learning_rate, CrowdNetwork& next) const {
    next.arrangement_ = arrangement_;
    if (const auto* d = std::get_if<Dense>(&hidden_)) {
        if (!std::holds_alternative<Dense>(next.hidden_)) next.hidden_ = *d;
        d->step_into(std::get<DenseGradient>(g.hidden), learning_rate, std::get<Dense>(next.hidden_));
    } else {
        const auto& w = std::get<WeightNormDense>(hidden_);
        if (!std::holds_alternative<WeightNormDense>(next.hidden_)) next.hidden_ = w;
        w.step_into(std::get<WeightNormGradient>(g.hidden), learning_rate, std::get<WeightNormDense>(next.hidden_));
    }
    if (norm_) {
        if (!next.norm_) next.norm_ = *norm_;
        norm_->step_into(*g.norm, learning_rate, *next.norm_);
    } else {
        next.norm_.reset();
    }
    output_.step_into(g.output, learning_rate, next.output_);
}

std::size_t CrowdNetwork::parameter_count() const {
    return std::visit([](const auto& l) { return l.parameter_count(); }, hidden_) +
           (norm_ ? norm_->parameter_count() : 0) + output_.parameter_count();
}

namespace {
void append(std::vector<double>& out, const std::vector<double>& v) { out.insert(out.end(), v.begin(), v.end()); }
// Takes the next n values from a list.
std::vector<double> take(const std::vector<double>& from, std::size_t& at, std::size_t n) {
    std::vector<double> v(from.begin() + at, from.begin() + at + n);
    at += n;
    return v;
}
} // namespace

std::vector<double> CrowdNetwork::parameters() const {
    std::vector<double> p;
    if (const auto* d = std::get_if<Dense>(&hidden_)) {
        append(p, d->weights().data);
        append(p, d->bias());
    } else {
        const auto& w = std::get<WeightNormDense>(hidden_);
        append(p, w.direction().data);
        append(p, w.magnitude());
        append(p, w.bias());
    }
    if (norm_) {
        append(p, norm_->scale());
        append(p, norm_->shift());
    }
    append(p, output_.weights().data);
    append(p, output_.bias());
    return p;
}

CrowdNetwork CrowdNetwork::with_parameters(const std::vector<double>& v) const {
    require_same(v.size(), parameters().size(), "parameter count", "network's parameter count");
    std::size_t at = 0;
    HiddenLayer hidden = hidden_;
    if (const auto* d = std::get_if<Dense>(&hidden_)) {
        Block w = Block::from_flat(d->weights().rows, d->weights().cols, take(v, at, d->weights().size()));
        hidden = Dense(std::move(w), take(v, at, d->bias().size()), d->activation());
    } else {
        const auto& wn = std::get<WeightNormDense>(hidden_);
        Block dir = Block::from_flat(wn.direction().rows, wn.direction().cols, take(v, at, wn.direction().size()));
        std::vector<double> g = take(v, at, wn.magnitude().size());
        hidden = WeightNormDense(std::move(dir), std::move(g), take(v, at, wn.bias().size()), wn.activation());
    }
    std::optional<Normaliser> norm = norm_;
    if (norm_) {
        std::vector<double> scale = take(v, at, norm_->features());
        norm = norm_->with_scale_shift(std::move(scale), take(v, at, norm_->features()));
    }
    Block w2 = Block::from_flat(output_.weights().rows, output_.weights().cols, take(v, at, output_.weights().size()));
    Dense output(std::move(w2), take(v, at, output_.bias().size()), output_.activation());
    return CrowdNetwork(arrangement_, std::move(hidden), std::move(norm), std::move(output));
}

std::vector<double> flatten(const NetworkGradient& g) {
    std::vector<double> s;
    if (const auto* d = std::get_if<DenseGradient>(&g.hidden)) {
        append(s, d->dweights.data);
        append(s, d->dbias);
    } else {
        const auto& w = std::get<WeightNormGradient>(g.hidden);
        append(s, w.ddirection.data);
        append(s, w.dmagnitude);
        append(s, w.dbias);
    }
    if (g.norm) {
        append(s, g.norm->dscale);
        append(s, g.norm->dshift);
    }
    append(s, g.output.dweights.data);
    append(s, g.output.dbias);
    return s;
}

namespace {
void check_logits(const Block& logits, const std::vector<double>& labels) {
    require_nonempty(logits.rows, logits.cols, "logit block");
    require_same(logits.cols, 1, "logit block's column count", "one output");
    require_well_formed(logits, "logit block");
    require_same(labels.size(), logits.rows, "label count", "logit count");
}
} // namespace

Loss binary_cross_entropy(const Block& logits, const std::vector<double>& labels) {
    check_logits(logits, labels);
    require_finite(logits, "logit block");
    require_finite(labels, "labels");
    Loss loss;
    binary_cross_entropy_into(logits, labels, loss);
    return loss;
}

// The order of operations here is a contract: lockstep::Epoch::cross_entropy mirrors it, and
// tests/crowd/lockstep/test_engine*.cpp compare them bit for bit.
void binary_cross_entropy_into(const Block& logits, const std::vector<double>& labels, Loss& loss, bool want_value) {
    const double n = static_cast<double>(logits.rows);
    loss.value = 0.0;
    loss.dlogits.reshape(logits.rows, 1);
    for (std::size_t i = 0; i < logits.rows; ++i) {
        const double z = logits.data[i], t = labels[i];
        // One exp serves both: e = exp(-|z|);
        //   -t log s(z) - (1 - t) log(1 - s(z)) = max(z, 0) - t z + log(1 + e)
        //   s(z) = 1 / (1 + e) for z >= 0, e / (1 + e) otherwise (the core's sigmoid, bit for bit).
        const double e = normlab::exp(-std::fabs(z));
        if (want_value) loss.value += (z > 0 ? z : 0.0) - t * z + normlab::log(1.0 + e);
        const double s = z >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
        loss.dlogits.data[i] = (s - t) / n;
    }
    loss.value /= n;
}

std::size_t correct_count(const Block& logits, const std::vector<double>& labels) {
    check_logits(logits, labels);
    require_labels(labels);
    std::size_t right = 0;
    for (std::size_t i = 0; i < logits.rows; ++i) right += (logits.data[i] > 0) == (labels[i] > 0.5);
    return right;
}

double accuracy(const Block& logits, const std::vector<double>& labels) {
    return static_cast<double>(correct_count(logits, labels)) / static_cast<double>(logits.rows);
}

} // namespace normlab
