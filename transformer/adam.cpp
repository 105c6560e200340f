#include "transformer/adam.hpp"

#include <cmath>

#include "core/block.hpp"
#include "core/errors.hpp"

namespace normlab {

void require_adam_settings(const AdamSettings& s) {
    require_learning_rate(s.learning_rate);
    if (!(s.learning_rate >= 0))
        throw LearningRateError("Adam's learning rate " + format_number(s.learning_rate) + " is negative");
    if (!(s.beta1 >= 0 && s.beta1 < 1)) throw KeepError("beta1 " + format_number(s.beta1) + " is outside [0, 1)");
    if (!(s.beta2 >= 0 && s.beta2 < 1)) throw KeepError("beta2 " + format_number(s.beta2) + " is outside [0, 1)");
    if (!(s.eps > 0 && std::isfinite(s.eps)))
        throw EpsilonError("Adam's eps " + format_number(s.eps) + " is not a positive number");
}

Adam::Adam(AdamSettings settings, std::size_t count)
    : settings_(settings),
      m_(filled(count, 0.0, "Adam's first moment")),
      v_(filled(count, 0.0, "Adam's second moment")) {
    require_adam_settings(settings_);
}

Adam Adam::resumed(AdamSettings settings, std::vector<double> first_moment, std::vector<double> second_moment,
                   std::size_t steps) {
    Adam adam(settings, 0);
    require_same(second_moment.size(), first_moment.size(), "Adam's second moment", "its first moment");
    require_finite(first_moment, "Adam's first moment");
    require_finite(second_moment, "Adam's second moment");
    adam.m_ = std::move(first_moment);
    adam.v_ = std::move(second_moment);
    adam.steps_ = steps;
    for (std::size_t t = 0; t < steps; ++t) { // the same products step() took
        adam.beta1_power_ *= settings.beta1;
        adam.beta2_power_ *= settings.beta2;
    }
    return adam;
}

double Adam::rate_at(std::size_t t) const {
    const std::size_t w = settings_.warmup_steps;
    if (w == 0 || t >= w) return settings_.learning_rate;
    return settings_.learning_rate * static_cast<double>(t) / static_cast<double>(w);
}

// The order of operations here is a contract: fast::adam_move mirrors it (transformer/fast/kernels.hpp),
// and tests/transformer/test_fast_twin.cpp compares them bit for bit.
Adam::Move Adam::step(const std::vector<double>& parameters, const std::vector<double>& slopes) const {
    require_same(parameters.size(), m_.size(), "parameters", "Adam's moments");
    require_same(slopes.size(), m_.size(), "slopes", "Adam's moments");
    require_finite(parameters, "parameters");
    require_finite(slopes, "slopes");
    Move move{parameters, *this};
    Adam& next = move.next;
    const std::size_t t = ++next.steps_;
    const double b1 = settings_.beta1, b2 = settings_.beta2;
    next.beta1_power_ *= b1; // beta^t by products, not pow: the same bits in every build
    next.beta2_power_ *= b2;
    const double correction1 = 1.0 - next.beta1_power_;
    const double correction2_root = std::sqrt(1.0 - next.beta2_power_);
    const double stride = rate_at(t) / correction1;
    for (std::size_t k = 0; k < parameters.size(); ++k) {
        const double g = slopes[k];
        next.m_[k] = next.m_[k] * b1 + g * (1.0 - b1);
        next.v_[k] = next.v_[k] * b2 + g * g * (1.0 - b2);
        const double denominator = std::sqrt(next.v_[k]) / correction2_root + settings_.eps;
        move.parameters[k] += -stride * (next.m_[k] / denominator);
    }
    require_answer_finite(move.parameters, "Adam's step");
    return move;
}

} // namespace normlab
