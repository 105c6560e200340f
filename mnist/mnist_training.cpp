#include "mnist/mnist_training.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/elementary.hpp"
#include "core/errors.hpp"
#include "core/random.hpp"

namespace normlab::mnist {

void require_options(const TrainingOptions& options, std::size_t training_count) {
    if (!std::isfinite(options.learning_rate) || options.learning_rate <= 0 || options.learning_rate > 10)
        throw LearningRateError("the learning rate is " + format_number(options.learning_rate) +
                                "; it must be finite, above 0 and at most 10");
    if (options.batch_size < 1 || options.batch_size > training_count)
        throw OptionError("the batch size is " + std::to_string(options.batch_size) + "; it must be from 1 to " +
                          std::to_string(training_count));
}

std::vector<std::uint32_t> epoch_order(std::size_t training_count, std::uint64_t seed, std::size_t epoch) {
    std::vector<std::uint32_t> order(training_count);
    for (std::size_t k = 0; k < training_count; ++k) order[k] = static_cast<std::uint32_t>(k);
    Random random(seed ^ (0xD1B54A32D192ED03ULL * (static_cast<std::uint64_t>(epoch) + 1)));
    for (std::size_t i = training_count; i-- > 1;) std::swap(order[i], order[random.below(i + 1)]);
    return order;
}

std::size_t batches_per_epoch(std::size_t training_count, std::size_t batch_size) {
    return (training_count + batch_size - 1) / batch_size;
}

MnistNetwork train_batches(const MnistNetwork& network, const DigitSet& digits, const std::vector<std::uint32_t>& order,
                           const TrainingOptions& options, std::size_t first, std::size_t count, TrainingWorkspace& w,
                           std::vector<BatchRecord>* records) {
    MnistNetwork next = network;
    const float learning_rate = static_cast<float>(options.learning_rate);
    for (std::size_t b = first; b < first + count; ++b) {
        const std::size_t start = b * options.batch_size;
        const std::size_t rows = std::min(options.batch_size, order.size() - start);
        w.images.resize(rows * input_width);
        w.labels.resize(rows);
        for (std::size_t i = 0; i < rows; ++i) {
            digits.image(order[start + i], w.images.data() + i * input_width);
            w.labels[i] = digits.labels[order[start + i]];
        }
        next.train_into(w.images.data(), rows, w.response);
        next.backward_into(w.response, w.labels.data(), w.gradient, w.scratch);
        if (!std::isfinite(w.gradient.loss))
            throw NonFiniteError("the loss of batch " + std::to_string(b + 1) + " of the epoch is " +
                                 format_number(w.gradient.loss) +
                                 ": the network's answers are beyond what single precision holds");
        next.step_into(w.gradient, learning_rate, next);
        if (records) records->push_back({w.gradient.loss, w.gradient.correct, rows});
    }
    // A finite network never comes back poisoned: a step beyond single precision is refused.
    const MnistState state = next.state();
    for (std::size_t k = 0; k < state.values.size(); ++k)
        if (!std::isfinite(state.values[k]))
            throw NonFiniteError("training batches " + std::to_string(first + 1) + " to " +
                                 std::to_string(static_cast<unsigned long long>(first) + count) +
                                 " of the epoch takes entry " + std::to_string(k + 1) + " of the network state to " +
                                 format_number(state.values[k]) + ": the step is beyond what single precision holds");
    return next;
}

MnistNetwork train_epoch(const MnistNetwork& network, const DigitSet& digits, const TrainingOptions& options,
                         std::size_t epoch, TrainingWorkspace& workspace, std::vector<BatchRecord>* records) {
    const std::vector<std::uint32_t> order = epoch_order(digits.training_count, options.seed, epoch);
    return train_batches(network, digits, order, options, 0, batches_per_epoch(order.size(), options.batch_size),
                         workspace, records);
}

MnistNetwork train_on_first_digits(Arrangement arrangement, const DigitSet& digits, std::size_t count,
                                   const TrainingOptions& options) {
    if (count < 1 || count > digits.training_count)
        throw ShapeError("the first " + std::to_string(count) + " digits: choose 1 to " +
                         std::to_string(digits.training_count));
    const std::vector<std::uint32_t> order = epoch_order(count, options.seed, 0);
    TrainingWorkspace workspace;
    return train_batches(MnistNetwork::initial(arrangement, options.seed), digits, order, options, 0,
                         batches_per_epoch(count, options.batch_size), workspace);
}

std::uint32_t state_digest(const MnistNetwork& network) {
    const std::vector<float> values = network.state().values;
    std::vector<std::uint8_t> bytes(values.size() * 4);
    for (std::size_t k = 0; k < values.size(); ++k) {
        std::uint32_t u;
        std::memcpy(&u, &values[k], 4);
        for (int b = 0; b < 4; ++b) bytes[4 * k + b] = static_cast<std::uint8_t>(u >> (8 * b));
    }
    return fnv1a32(bytes.data(), bytes.size());
}

namespace {

// Runs the network predicting over digits [first, first + count) in chunks, handing each
// chunk's response to visit(response, first digit of the chunk).
template <class Visit>
void predict_chunks(const MnistNetwork& network, const DigitSet& digits, std::size_t first, std::size_t count,
                    Visit&& visit) {
    constexpr std::size_t chunk = 500;
    std::vector<float> images;
    MnistResponse r;
    for (std::size_t at = first; at < first + count; at += chunk) {
        const std::size_t rows = std::min(chunk, first + count - at);
        images.resize(rows * input_width);
        for (std::size_t i = 0; i < rows; ++i) digits.image(at + i, images.data() + i * input_width);
        network.infer_into(images.data(), rows, r);
        visit(r, at);
    }
}

} // namespace

Evaluation evaluate(const MnistNetwork& network, const DigitSet& digits, std::size_t first, std::size_t count) {
    if (first > digits.count || count > digits.count - first)
        throw ShapeError("digits " + std::to_string(first) + " to " +
                         std::to_string(static_cast<unsigned long long>(first) + count) + " run past the " +
                         std::to_string(digits.count) + " digits");
    Evaluation e;
    double loss = 0;
    predict_chunks(network, digits, first, count, [&](const MnistResponse& r, std::size_t at) {
        for (std::size_t i = 0; i < r.rows; ++i) {
            const float* p = r.probabilities.data() + i * class_count;
            const std::size_t label = digits.labels[at + i];
            const std::size_t best = static_cast<std::size_t>(std::max_element(p, p + class_count) - p);
            e.correct += best == label;
            loss -= normlab::log(std::max(double(p[label]), 1e-30));
        }
    });
    e.count = count;
    e.loss = count ? loss / double(count) : 0.0;
    return e;
}

Evaluation evaluate_held_out(const MnistNetwork& network, const DigitSet& digits) {
    return evaluate(network, digits, digits.training_count, digits.held_out_count());
}

ActivationReport activations(const MnistNetwork& network, const DigitSet& digits, std::size_t shown) {
    ActivationReport a;
    a.shown = std::min(shown, digits.held_out_count());
    std::array<std::vector<std::uint8_t>, hidden_layers> fired;
    for (std::size_t l = 0; l < hidden_layers; ++l) {
        a.maps[l].assign(a.shown * hidden_width, 0);
        fired[l].assign(hidden_width, 0);
    }
    predict_chunks(network, digits, digits.training_count, digits.held_out_count(),
                   [&](const MnistResponse& r, std::size_t at) {
                       for (std::size_t l = 0; l < hidden_layers; ++l)
                           for (std::size_t i = 0; i < r.rows; ++i) {
                               const std::size_t digit = at - digits.training_count + i;
                               for (std::size_t j = 0; j < hidden_width; ++j) {
                                   const bool on = r.hidden[l].out[i * hidden_width + j] > 0.0f;
                                   fired[l][j] |= on;
                                   if (digit < a.shown) a.maps[l][digit * hidden_width + j] = on;
                               }
                           }
                   });
    for (std::size_t l = 0; l < hidden_layers; ++l)
        a.silent[l] = static_cast<std::size_t>(std::count(fired[l].begin(), fired[l].end(), 0));
    return a;
}

std::array<float, class_count> classify(const MnistNetwork& network, const float* image) {
    for (std::size_t k = 0; k < input_width; ++k)
        if (!(image[k] >= 0.0f && image[k] <= 1.0f))
            throw NonFiniteError("pixel " + std::to_string(k) + " of the drawn digit is " + format_number(image[k]) +
                                 "; pixels run from 0 to 1");
    const MnistResponse r = network.infer(image, 1);
    std::array<float, class_count> p{};
    std::copy(r.probabilities.begin(), r.probabilities.end(), p.begin());
    return p;
}

} // namespace normlab::mnist
