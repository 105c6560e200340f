// Scratch for the allocation-free *_into verbs: storage a training loop owns and hands to every
// call, so the public responses and gradients hold only the maths. One workspace serves every
// layer of a loop in turn (its vectors keep their capacity when they shrink); what it holds
// between calls means nothing.
#pragma once
#include <vector>

#include "block.hpp"

namespace normlab {

struct Workspace {
    std::vector<double> correction; // normaliser, per set: what rounding lost from the mean's first pass
    std::vector<double> sum_d;      // normaliser backward, per set: sum of d = dy * scale
    std::vector<double> sum_dz;     // normaliser backward, per set: sum of d * z
    Block dscore;                   // dense backward, (N, O): dy * act'(score)
};

} // namespace normlab
