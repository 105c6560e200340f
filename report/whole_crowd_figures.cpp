#include "whole_crowd_figures.hpp"

#include <utility>

namespace normlab {

WholeCrowdFigures whole_crowd_figures(WholeCrowdRuns runs) {
    WholeCrowdFigures f{std::move(runs), {}, {}, {}};
    f.two_ways = asked_two_ways(f.runs.batch);
    f.plain_shift = covariate_shift(f.runs.plain);
    f.batch_shift = covariate_shift(f.runs.batch);
    return f;
}

} // namespace normlab
