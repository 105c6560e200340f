#include "batch_size_sweep.hpp"

#include <algorithm>
#include <string>

#include "core/errors.hpp"

namespace normlab::mnist {

std::vector<SweepEntry> batch_size_plan(std::size_t digits, double base_rate, std::size_t training_count) {
    if (digits < sweep_reference_batch || digits > training_count || digits % sweep_reference_batch != 0)
        throw OptionError("the number of digits is " + std::to_string(digits) + "; it must be a multiple of " +
                          std::to_string(sweep_reference_batch) + " from " + std::to_string(sweep_reference_batch) +
                          " to the " + std::to_string(training_count) + " training digits");
    require_learning_rate(base_rate);
    if (!(base_rate > 0 && base_rate <= 10))
        throw LearningRateError("the learning rate is " + format_number(base_rate) +
                                "; the sweep takes one above 0 and at most 10");
    std::vector<SweepEntry> plan;
    for (std::size_t b : sweep_batch_sizes)
        plan.push_back({b, base_rate * double(b) / double(sweep_reference_batch), digits / b});
    return plan;
}

Evaluation batch_size_trial(Arrangement arrangement, std::size_t batch_size, std::size_t digits, double base_rate,
                            std::uint64_t seed, const DigitSet& set) {
    const std::vector<SweepEntry> plan = batch_size_plan(digits, base_rate, set.training_count);
    const auto entry =
        std::find_if(plan.begin(), plan.end(), [&](const SweepEntry& e) { return e.batch_size == batch_size; });
    if (entry == plan.end())
        throw OptionError("the batch size is " + std::to_string(batch_size) +
                          "; the sweep's are 2, 4, 8, 16, 32 and 64");
    const TrainingOptions options{entry->learning_rate, batch_size, seed};
    require_options(options, set.training_count);
    TrainingWorkspace workspace;
    const MnistNetwork net =
        train_batches(MnistNetwork::initial(arrangement, seed), set, epoch_order(set.training_count, seed, 0), options,
                      0, entry->batches, workspace);
    return evaluate_held_out(net, set);
}

} // namespace normlab::mnist
