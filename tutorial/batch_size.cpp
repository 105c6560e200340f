#include "batch_size.hpp"

#include <algorithm>
#include <cmath>

#include "core/block.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "histogram.hpp"
#include "options.hpp"

namespace normlab {

std::vector<double> bell_curve_numbers(const BatchSizeSettings& s) {
    require_count(s.count, 2, 100000, "count of numbers");
    require_within(s.mean, -1e6, 1e6, "mean");
    require_within(s.spread, 1e-9, 1e6, "spread");
    Random rng(s.seed);
    std::vector<double> numbers(s.count);
    for (double& v : numbers) v = s.mean + s.spread * rng.normal();
    return numbers;
}

BatchSizeProblem batch_size_problem(const BatchSizeSettings& s) {
    const std::vector<double> numbers = bell_curve_numbers(s);
    require_count(s.batch_size, 2, s.count / 2, "batch size");
    require_count(s.wobble_batches, 2, 10000, "number of batches for the wobble");
    BatchSizeProblem p;
    p.population_mean = mean_of(numbers);
    p.population_deviation = deviation_of(numbers);
    p.batch_count = s.count / s.batch_size;

    // Batch k is column k: the batch normaliser's statistics run down each column.
    Block batches(s.batch_size, p.batch_count);
    for (std::size_t k = 0; k < p.batch_count; ++k)
        for (std::size_t i = 0; i < s.batch_size; ++i) batches.at(i, k) = numbers[k * s.batch_size + i];
    const NormResponse r = Normaliser(p.batch_count, batch_norm()).train(batches);
    std::vector<double> deviation(p.batch_count);
    for (std::size_t k = 0; k < p.batch_count; ++k) deviation[k] = std::sqrt(r.variance[k]);

    const std::size_t first = std::min<std::size_t>(10, p.batch_count);
    p.first_means.assign(r.mean.begin(), r.mean.begin() + first);
    p.first_deviations.assign(deviation.begin(), deviation.begin() + first);
    p.first_means_low = *std::min_element(p.first_means.begin(), p.first_means.end());
    p.first_means_high = *std::max_element(p.first_means.begin(), p.first_means.end());
    p.smallest_first_deviation = *std::min_element(p.first_deviations.begin(), p.first_deviations.end());
    p.blow_up = 1 / p.smallest_first_deviation;
    p.smallest_deviation = *std::min_element(deviation.begin(), deviation.end());
    p.largest_blow_up = 1 / p.smallest_deviation;

    p.wobble_count = std::min(s.wobble_batches, p.batch_count);
    p.wobble =
        p.wobble_count >= 2 ? deviation_of(std::vector<double>(r.mean.begin(), r.mean.begin() + p.wobble_count)) : 0.0;
    p.rule = p.population_deviation / std::sqrt(static_cast<double>(s.batch_size));
    return p;
}

} // namespace normlab
