#include "over_seeds.hpp"

#include "core/errors.hpp"

namespace normlab::mnist {

std::vector<std::uint64_t> consecutive_seeds(std::uint64_t first, std::size_t count) {
    std::vector<std::uint64_t> seeds(count);
    for (std::size_t k = 0; k < count; ++k) seeds[k] = (first + k) & 0xffffffffu;
    return seeds;
}

std::vector<Evaluation> lab_trial(Arrangement arrangement, const TrainingOptions& options, std::size_t epochs,
                                  const DigitSet& digits) {
    require_options(options, digits.training_count);
    if (epochs < 1) throw OptionError("the number of epochs is 0; train at least one");
    TrainingWorkspace workspace;
    MnistNetwork net = MnistNetwork::initial(arrangement, options.seed);
    std::vector<Evaluation> after;
    for (std::size_t epoch = 0; epoch < epochs; ++epoch) {
        net = train_epoch(net, digits, options, epoch, workspace);
        after.push_back(evaluate_held_out(net, digits));
    }
    return after;
}

} // namespace normlab::mnist
