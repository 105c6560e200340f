// A fixed set of figures, printed by the native `normlab figures --json` and computed by the
// WebAssembly build, so a test can compare the two builds number for number: the essay's worked
// figures, the finite-difference agreements, seeded random blocks through every layer forward
// and backward, and the elementary functions on a grid.
#pragma once
#include <string>

namespace normlab {

std::string reference_figures_json();

} // namespace normlab
