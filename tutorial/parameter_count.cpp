#include "parameter_count.hpp"

#include "core/normaliser.hpp"
#include "options.hpp"

namespace normlab {

std::vector<ParameterCount> parameter_counts(std::size_t width) {
    require_count(width, 1, 100000, "width");
    std::vector<ParameterCount> counts;
    for (const NormSpec& spec : {batch_norm(), layer_norm(), rms_norm()}) {
        const Normaliser n(width, spec);
        counts.push_back({norm_kind_name(spec.kind), width, n.parameter_count(), n.buffer_count()});
    }
    return counts;
}

} // namespace normlab
