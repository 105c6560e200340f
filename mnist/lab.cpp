#include "mnist/lab.hpp"

#include <cstdio>
#include <memory>
#include <string>

#include "core/errors.hpp"

namespace normlab::mnist {
namespace {

std::unique_ptr<DigitSet>& held() {
    static std::unique_ptr<DigitSet> digits;
    return digits;
}

} // namespace

DigitsLoaded load_digits(const std::vector<std::uint8_t>& bytes) {
    auto d = std::make_unique<DigitSet>(read_digits(bytes.data(), bytes.size()));
    const DigitsLoaded loaded{d->count, d->training_count, d->held_out_count(), fnv1a32(bytes.data(), bytes.size())};
    held() = std::move(d);
    return loaded;
}

const DigitSet& loaded_digits() {
    if (!held()) throw DataError("no digits are loaded yet: hand the asset to mnistLoadDigits first");
    return *held();
}

ArrangementFacts describe(Arrangement arrangement) {
    return {arrangement, MnistNetwork::initial(arrangement, 0).parameter_count(),
            MnistNetwork::state_size(arrangement)};
}

StartingNetwork starting_network(Arrangement arrangement, std::uint64_t seed) {
    const MnistNetwork net = MnistNetwork::initial(arrangement, seed);
    return {net.state(), net.parameter_count()};
}

BatchesRun train_part_of_epoch(const MnistNetwork& network, const TrainingOptions& options, std::size_t epoch,
                               std::size_t first, std::size_t count) {
    const DigitSet& digits = loaded_digits();
    require_options(options, digits.training_count);
    const std::size_t total = batches_per_epoch(digits.training_count, options.batch_size);
    if (first > total || count > total - first)
        throw ShapeError("batches " + std::to_string(first) + " to " +
                         std::to_string(static_cast<unsigned long long>(first) + count) + " run past the epoch's " +
                         std::to_string(total));
    const std::vector<std::uint32_t> order = epoch_order(digits.training_count, options.seed, epoch);
    std::vector<BatchRecord> records;
    TrainingWorkspace workspace;
    BatchesRun run;
    run.network = train_batches(network, digits, order, options, first, count, workspace, &records);
    double loss_sum = 0;
    for (const BatchRecord& r : records) {
        run.losses.push_back(r.loss);
        run.accuracies.push_back(static_cast<double>(r.correct) / static_cast<double>(r.rows));
        loss_sum += r.loss;
    }
    run.mean_loss = records.empty() ? 0.0 : loss_sum / static_cast<double>(records.size());
    run.batches_per_epoch = total;
    return run;
}

DigitPart digit_part_named(const std::string& name) {
    if (name == "heldOut") return DigitPart::HeldOut;
    if (name == "training") return DigitPart::Training;
    throw OptionError("the part '" + name + "' is not one of heldOut, training");
}

std::vector<SweepEntry> sweep_plan(std::size_t digits, double base_rate) {
    return batch_size_plan(digits, base_rate, loaded_digits().training_count);
}

Evaluation sweep_trial(Arrangement arrangement, std::size_t batch_size, std::size_t digits, double base_rate,
                       std::uint64_t seed) {
    return batch_size_trial(arrangement, batch_size, digits, base_rate, seed, loaded_digits());
}

Evaluation evaluate_part(const MnistNetwork& network, DigitPart part) {
    const DigitSet& d = loaded_digits();
    return part == DigitPart::Training ? evaluate(network, d, 0, d.training_count) : evaluate_held_out(network, d);
}

HeldOutDigit held_out_digit(std::size_t index) {
    const DigitSet& d = loaded_digits();
    if (index >= d.held_out_count())
        throw ShapeError("held-out digit " + std::to_string(index) + " does not exist; there are " +
                         std::to_string(d.held_out_count()));
    HeldOutDigit digit{d.labels[d.training_count + index], std::vector<float>(digit_pixels)};
    d.image(d.training_count + index, digit.pixels.data());
    return digit;
}

std::array<float, class_count> classify_drawn(const MnistNetwork& network, const std::vector<float>& pixels) {
    require_same(pixels.size(), digit_pixels, "drawn digit's pixel count", "28 x 28 pad's");
    return classify(network, pixels.data());
}

std::string digest_after_first_digits(Arrangement arrangement, std::size_t count) {
    const MnistNetwork net = train_on_first_digits(arrangement, loaded_digits(), count, TrainingOptions{});
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", state_digest(net));
    return hex;
}

} // namespace normlab::mnist
