#include "mnist/mnist_network.hpp"

#include <cmath>

#include "core/elementary.hpp"
#include "core/errors.hpp"
#include "core/normaliser_maths.hpp"
#include "core/random.hpp"
#include "mnist/dense_kernel.hpp"

namespace normlab::mnist {

namespace {

constexpr std::array<std::size_t, hidden_layers + 2> widths{input_width, hidden_width, hidden_width, hidden_width,
                                                            class_count};

maths::SetLayout sets_for(Arrangement a, std::size_t rows) {
    switch (a) {
        case Arrangement::Batch:
            return maths::batch_sets(rows, hidden_width);
        case Arrangement::Group:
            return maths::feature_sets(rows, hidden_width, group_count);
        default:
            return maths::feature_sets(rows, hidden_width, 1);
    }
}

void relu(std::size_t size, float* x) {
    for (std::size_t k = 0; k < size; ++k) x[k] = x[k] > 0.0f ? x[k] : 0.0f;
}

} // namespace

void require_mnist_arrangement(Arrangement a) {
    for (Arrangement m : mnist_arrangements)
        if (a == m) return;
    throw OptionError(std::string("the MNIST networks are plain, batch, layer or group, not ") + arrangement_name(a));
}

Arrangement mnist_arrangement_named(const std::string& name) {
    for (Arrangement a : mnist_arrangements)
        if (name == arrangement_name(a)) return a;
    throw OptionError("the arrangement '" + name + "' is not one of plain, batch, layer, group");
}

MnistNetwork MnistNetwork::shaped(Arrangement arrangement) {
    require_mnist_arrangement(arrangement);
    MnistNetwork net;
    net.arrangement_ = arrangement;
    for (std::size_t l = 0; l < dense_size; ++l) {
        DenseParameters& d = net.dense_[l];
        d.in = widths[l];
        d.out = widths[l + 1];
        d.weight.assign(d.in * d.out, 0.0f);
        d.bias.assign(d.out, 0.0f);
    }
    if (arrangement != Arrangement::Plain)
        for (NormParameters& n : net.norm_) {
            n.scale.assign(hidden_width, 1.0f);
            n.shift.assign(hidden_width, 0.0f);
            if (arrangement == Arrangement::Batch) {
                n.running_mean.assign(hidden_width, 0.0f);
                n.running_variance.assign(hidden_width, 1.0f);
            }
        }
    return net;
}

MnistNetwork MnistNetwork::initial(Arrangement arrangement, std::uint64_t seed) {
    MnistNetwork net = shaped(arrangement);
    Random random(seed);
    for (std::size_t l = 0; l < dense_size; ++l) {
        DenseParameters& d = net.dense_[l];
        const double bound = 1.0 / std::sqrt(static_cast<double>(d.in));
        for (std::size_t o = 0; o < d.out; ++o)
            for (std::size_t i = 0; i < d.in; ++i)
                d.weight[i * d.out + o] = static_cast<float>(bound * (2.0 * random.uniform() - 1.0));
        for (std::size_t o = 0; o < d.out; ++o) d.bias[o] = static_cast<float>(bound * (2.0 * random.uniform() - 1.0));
    }
    return net;
}

std::size_t MnistNetwork::state_size(Arrangement arrangement) {
    require_mnist_arrangement(arrangement);
    std::size_t size = 0;
    for (std::size_t l = 0; l < dense_size; ++l) size += widths[l] * widths[l + 1] + widths[l + 1];
    if (arrangement != Arrangement::Plain) size += hidden_layers * hidden_width * 2;
    if (arrangement == Arrangement::Batch) size += hidden_layers * hidden_width * 2;
    return size;
}

MnistState MnistNetwork::state() const {
    MnistState s;
    s.arrangement = arrangement_;
    s.values.reserve(state_size(arrangement_));
    auto put = [&](const std::vector<float>& v) { s.values.insert(s.values.end(), v.begin(), v.end()); };
    for (const DenseParameters& d : dense_) {
        put(d.weight);
        put(d.bias);
    }
    for (const NormParameters& n : norm_) {
        put(n.scale);
        put(n.shift);
        put(n.running_mean);
        put(n.running_variance);
    }
    return s;
}

MnistNetwork MnistNetwork::from_state(const MnistState& state) {
    require_same(state.values.size(), state_size(state.arrangement), "network state's length",
                 std::string(arrangement_name(state.arrangement)) + " network's");
    for (std::size_t k = 0; k < state.values.size(); ++k)
        if (!std::isfinite(state.values[k]))
            throw NonFiniteError("entry " + std::to_string(k + 1) + " of the network state is " +
                                 format_number(state.values[k]));
    MnistNetwork net = shaped(state.arrangement);
    std::size_t at = 0;
    auto take = [&](std::vector<float>& v) {
        for (float& x : v) x = state.values[at++];
    };
    for (DenseParameters& d : net.dense_) {
        take(d.weight);
        take(d.bias);
    }
    for (NormParameters& n : net.norm_) {
        take(n.scale);
        take(n.shift);
        take(n.running_mean);
        for (std::size_t j = 0; j < n.running_variance.size(); ++j) {
            if (state.values[at] < 0)
                throw NonFiniteError("a running variance in the network state is " + format_number(state.values[at]) +
                                     "; a variance cannot be negative");
            n.running_variance[j] = state.values[at++];
        }
    }
    return net;
}

std::size_t MnistNetwork::parameter_count() const {
    std::size_t count = 0;
    for (const DenseParameters& d : dense_) count += d.weight.size() + d.bias.size();
    for (const NormParameters& n : norm_) count += n.scale.size() + n.shift.size();
    return count;
}

MnistResponse MnistNetwork::train(const float* x, std::size_t rows) const {
    MnistResponse r;
    train_into(x, rows, r);
    return r;
}

void MnistNetwork::train_into(const float* x, std::size_t rows, MnistResponse& r) const {
    forward_into(x, rows, false, r);
}

MnistResponse MnistNetwork::infer(const float* x, std::size_t rows) const {
    MnistResponse r;
    infer_into(x, rows, r);
    return r;
}

void MnistNetwork::infer_into(const float* x, std::size_t rows, MnistResponse& r) const {
    forward_into(x, rows, arrangement_ == Arrangement::Batch, r);
}

// The forward pass, by_running: standardising by the running figures (the batch arrangement
// predicting), else by the batch's own statistics.
void MnistNetwork::forward_into(const float* x, std::size_t rows, bool by_running, MnistResponse& r) const {
    r.rows = rows;
    r.input.assign(x, x + rows * input_width);
    const float* in = r.input.data();
    std::size_t in_width = input_width;
    const bool normalised = arrangement_ != Arrangement::Plain;
    const maths::SetLayout sets = sets_for(arrangement_, rows);
    for (std::size_t l = 0; l < hidden_layers; ++l) {
        HiddenResponse& h = r.hidden[l];
        const std::size_t cells = rows * hidden_width;
        h.pre.resize(cells);
        h.out.resize(cells);
        multiply(rows, in_width, hidden_width, {in, in_width, 1}, dense_[l].weight.data(), dense_[l].bias.data(),
                 h.pre.data());
        const NormParameters& n = norm_[l];
        if (!normalised) {
            std::copy(h.pre.begin(), h.pre.end(), h.out.begin());
        } else if (by_running) {
            maths::standardise_by_running(rows, hidden_width, norm_eps, n.running_mean.data(),
                                          n.running_variance.data(), n.scale.data(), n.shift.data(), h.pre.data(),
                                          h.out.data());
        } else {
            h.standardised.resize(cells);
            h.mean.resize(sets.count);
            h.correction.resize(sets.count);
            h.variance.resize(sets.count);
            h.deviation.resize(sets.count);
            maths::standardise(sets, true, norm_eps, h.pre.data(), h.standardised.data(),
                               {h.mean.data(), h.correction.data(), h.variance.data(), h.deviation.data()});
            maths::scale_shift(rows, hidden_width, h.standardised.data(), n.scale.data(), n.shift.data(), h.out.data());
        }
        relu(cells, h.out.data());
        in = h.out.data();
        in_width = hidden_width;
    }
    r.logits.resize(rows * class_count);
    r.probabilities.resize(rows * class_count);
    multiply(rows, hidden_width, class_count, {in, hidden_width, 1}, dense_[hidden_layers].weight.data(),
             dense_[hidden_layers].bias.data(), r.logits.data());
    // Softmax in double with the core's own exp, so both builds round it the same way.
    for (std::size_t i = 0; i < rows; ++i) {
        const float* z = r.logits.data() + i * class_count;
        double top = z[0];
        for (std::size_t k = 1; k < class_count; ++k) top = std::fmax(top, double(z[k]));
        double e[class_count], sum = 0;
        for (std::size_t k = 0; k < class_count; ++k) sum += e[k] = normlab::exp(double(z[k]) - top);
        for (std::size_t k = 0; k < class_count; ++k)
            r.probabilities[i * class_count + k] = static_cast<float>(e[k] / sum);
    }
}

MnistGradient MnistNetwork::backward(const MnistResponse& r, const std::uint8_t* labels) const {
    MnistGradient g;
    MnistWorkspace work;
    backward_into(r, labels, g, work);
    return g;
}

void MnistNetwork::backward_into(const MnistResponse& r, const std::uint8_t* labels, MnistGradient& g,
                                 MnistWorkspace& work) const {
    const std::size_t rows = r.rows;
    g.rows = rows;
    // Softmax cross-entropy: loss = log(sum exp(z - top)) - (z_label - top); dlogits = (p - onehot) / N.
    double loss = 0;
    std::size_t correct = 0;
    work.dlogits.resize(rows * class_count);
    const float n = static_cast<float>(rows);
    for (std::size_t i = 0; i < rows; ++i) {
        const float* z = r.logits.data() + i * class_count;
        std::size_t best = 0;
        for (std::size_t k = 1; k < class_count; ++k)
            if (z[k] > z[best]) best = k;
        double sum = 0;
        for (std::size_t k = 0; k < class_count; ++k) sum += normlab::exp(double(z[k]) - double(z[best]));
        loss += normlab::log(sum) - (double(z[labels[i]]) - double(z[best]));
        correct += best == labels[i];
        for (std::size_t k = 0; k < class_count; ++k)
            work.dlogits[i * class_count + k] =
                (r.probabilities[i * class_count + k] - (k == labels[i] ? 1.0f : 0.0f)) / n;
    }
    g.loss = loss / static_cast<double>(rows);
    g.correct = correct;

    const maths::SetLayout sets = sets_for(arrangement_, rows);
    const float* dabove = work.dlogits.data(); // slope of the layer above's output
    work.dout.resize(rows * hidden_width);
    work.dpre.resize(rows * hidden_width);
    for (std::size_t l = dense_size; l-- > 0;) {
        const DenseParameters& d = dense_[l];
        DenseParameters& dd = g.dense[l];
        dd.in = d.in;
        dd.out = d.out;
        dd.weight.resize(d.weight.size());
        dd.bias.resize(d.bias.size());
        const float* in = l == 0 ? r.input.data() : r.hidden[l - 1].out.data();
        // dW (in, out) = input^T (in, N) * dabove (N, out); db = column sums of dabove.
        multiply(d.in, rows, d.out, {in, 1, d.in}, dabove, nullptr, dd.weight.data());
        column_sums(rows, d.out, dabove, dd.bias.data());
        if (l == 0) break;
        // The slope reaching the hidden layer below's output: dabove (N, out) * W^T (out, in).
        work.transposed.resize(d.weight.size());
        transpose(d.in, d.out, d.weight.data(), work.transposed.data());
        multiply(rows, d.out, d.in, {dabove, d.out, 1}, work.transposed.data(), nullptr, work.dout.data());
        // Through ReLU: the slope passes where the unit fired.
        const HiddenResponse& h = r.hidden[l - 1];
        for (std::size_t c = 0; c < rows * hidden_width; ++c)
            if (!(h.out[c] > 0.0f)) work.dout[c] = 0.0f;
        if (arrangement_ == Arrangement::Plain) {
            std::copy(work.dout.begin(), work.dout.end(), work.dpre.begin());
        } else {
            NormParameters& dn = g.norm[l - 1];
            dn.scale.resize(hidden_width);
            dn.shift.resize(hidden_width);
            work.sum_d.resize(sets.count);
            work.sum_dz.resize(sets.count);
            maths::backward(sets, true, rows, hidden_width, work.dout.data(), h.standardised.data(),
                            norm_[l - 1].scale.data(), h.deviation.data(), work.dpre.data(), dn.scale.data(),
                            dn.shift.data(), work.sum_d.data(), work.sum_dz.data());
            if (arrangement_ == Arrangement::Batch) {
                dn.running_mean = h.mean;
                dn.running_variance = h.variance;
            }
        }
        dabove = work.dpre.data();
    }
}

MnistNetwork MnistNetwork::step(const MnistGradient& g, float learning_rate) const {
    MnistNetwork next = *this;
    step_into(g, learning_rate, next);
    return next;
}

void MnistNetwork::step_into(const MnistGradient& g, float learning_rate, MnistNetwork& next) const {
    auto move = [&](const std::vector<float>& from, const std::vector<float>& slope, std::vector<float>& to) {
        to.resize(from.size());
        for (std::size_t k = 0; k < from.size(); ++k) to[k] = from[k] - learning_rate * slope[k];
    };
    next.arrangement_ = arrangement_;
    for (std::size_t l = 0; l < dense_size; ++l) {
        next.dense_[l].in = dense_[l].in;
        next.dense_[l].out = dense_[l].out;
        move(dense_[l].weight, g.dense[l].weight, next.dense_[l].weight);
        move(dense_[l].bias, g.dense[l].bias, next.dense_[l].bias);
    }
    if (arrangement_ == Arrangement::Plain) return;
    for (std::size_t l = 0; l < hidden_layers; ++l) {
        const NormParameters& n = norm_[l];
        NormParameters& to = next.norm_[l];
        move(n.scale, g.norm[l].scale, to.scale);
        move(n.shift, g.norm[l].shift, to.shift);
        if (arrangement_ == Arrangement::Batch) {
            to.running_mean = n.running_mean;
            to.running_variance = n.running_variance;
            maths::fold_running(hidden_width, running_keep, running_momentum, false, g.rows,
                                g.norm[l].running_mean.data(), g.norm[l].running_variance.data(),
                                to.running_mean.data(), to.running_variance.data());
        }
    }
}

bool MnistNetwork::operator==(const MnistNetwork& o) const {
    return arrangement_ == o.arrangement_ && state().values == o.state().values;
}

} // namespace normlab::mnist
