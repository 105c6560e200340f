// Adam over a flat parameter list, with an optional linear warm-up of the learning rate, in
// torch.optim.Adam's order of operations (no weight decay, no amsgrad). At step t (from 1):
//   m = beta1 m + (1 - beta1) g;   v = beta2 v + (1 - beta2) g^2
//   rate = learning_rate * min(1, t / warmup_steps)        (warmup_steps 0: no warm-up)
//   p -= (rate / (1 - beta1^t)) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
#pragma once
#include <cstddef>
#include <vector>

namespace normlab {

struct AdamSettings {
    double learning_rate = 1e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    std::size_t warmup_steps = 0;
};

// requires: learning rate finite and >= 0 (else LearningRateError), betas in [0, 1) (else
// KeepError), eps finite and > 0 (else EpsilonError).
void require_adam_settings(const AdamSettings& settings);

class Adam {
public:
    // requires: as require_adam_settings. The moments start at 0 for count parameters.
    Adam(AdamSettings settings, std::size_t count);
    // An optimiser that has taken `steps` steps and holds these moments (a run continued after a
    // pause). requires: as above; the moments of one length and finite (else ShapeError,
    // NonFiniteError; a negative second moment is refused by the next step's NaN check).
    // ensures: the same bits as the optimiser that took those steps.
    static Adam resumed(AdamSettings settings, std::vector<double> first_moment, std::vector<double> second_moment,
                        std::size_t steps);

    const AdamSettings& settings() const { return settings_; }
    std::size_t steps() const { return steps_; }
    const std::vector<double>& first_moment() const { return m_; }
    const std::vector<double>& second_moment() const { return v_; }
    // The learning rate of step t (counted from 1), warm-up applied.
    double rate_at(std::size_t t) const;

    struct Move;
    // requires: parameters and slopes as long as the moments (else ShapeError), finite.
    // ensures: the moved parameters and the optimiser after this step; this one unchanged.
    Move step(const std::vector<double>& parameters, const std::vector<double>& slopes) const;

private:
    AdamSettings settings_;
    std::size_t steps_ = 0;
    double beta1_power_ = 1.0, beta2_power_ = 1.0; // beta1^t, beta2^t
    std::vector<double> m_, v_;
};

struct Adam::Move {
    std::vector<double> parameters;
    Adam next;
};

} // namespace normlab
