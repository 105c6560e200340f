// Scratch for the allocation-free *_into verbs: storage a training loop owns and hands to every
// call, so the public responses and gradients hold only the maths. One workspace serves every
// layer of a loop in turn (dscore only grows, so layers of different widths neither reallocate
// nor clear it); what it holds between calls means nothing.
#pragma once
#include <vector>

namespace normlab {

struct Workspace {
    std::vector<double> correction; // normaliser, per set: what rounding lost from the mean's first pass
    std::vector<double> sum_d;      // normaliser backward, per set: sum of d = dy * scale
    std::vector<double> sum_dz;     // normaliser backward, per set: sum of d * z
    std::vector<double> dscore;     // dense backward, at least N * O: dy * act'(score), row-major
    std::vector<double> transposed; // dense backward, at least I * O: the weights transposed (O, I)
};

} // namespace normlab
