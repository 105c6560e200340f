#include "running_average.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "options.hpp"

namespace normlab {

RunningAverage running_average(const RunningAverageSettings& s) {
    require_count(s.batch_means.size(), 1, 64, "number of batches given");
    require_same(s.batch_variances.size(), s.batch_means.size(), "number of batch variances", "number of batch means");
    require_finite(s.batch_means, "batch means");
    require_finite(s.batch_variances, "batch variances");
    for (double v : s.batch_variances)
        if (v < 0) throw OptionError("the batch variance " + format_number(v) + " is below 0");
    require_count(s.batch_size, 2, 1024, "batch size");
    if (s.batch_size % 2 != 0)
        throw OptionError("the batch size is " + std::to_string(s.batch_size) + " but must be even");
    require_count(s.batches, 1, 1000, "number of batches");

    NormSpec spec = s.rate.convention == RunningRate::Convention::Keep ? batch_norm().with_keep(s.rate.value)
                                                                       : batch_norm().with_momentum(s.rate.value);
    Normaliser layer(1, spec.with_unbiased_running(s.unbiased_running));
    RunningAverage a;
    a.start_mean = layer.running_mean()[0];
    a.start_variance = layer.running_variance()[0];
    a.keep = spec.rate.keep();
    a.momentum = spec.rate.momentum();
    for (std::size_t k = 0; k < s.batch_means.size(); ++k) {
        a.target_mean += s.batch_means[k];
        a.target_variance += s.batch_variances[k];
    }
    a.target_mean /= static_cast<double>(s.batch_means.size());
    a.target_variance /= static_cast<double>(s.batch_means.size());

    const Block zero_slope(s.batch_size, 1, 0.0);
    for (std::size_t k = 0; k < s.batches; ++k) {
        const double m = s.batch_means[k % s.batch_means.size()];
        const double sd = std::sqrt(s.batch_variances[k % s.batch_means.size()]);
        Block batch(s.batch_size, 1);
        for (std::size_t i = 0; i < s.batch_size; ++i) batch.data[i] = i % 2 == 0 ? m - sd : m + sd;
        const NormResponse r = layer.train(batch);
        // A zero arriving slope leaves scale and shift where they are; the step folds in the figures.
        layer = layer.step(layer.backward(r, zero_slope), 1.0);
        a.steps.push_back({r.mean[0], r.variance[0], layer.running_mean()[0], layer.running_variance()[0]});
    }
    return a;
}

} // namespace normlab
