// Where normalisation enters a network: one vocabulary for the crowd's networks and the MNIST
// ones, in C++ and in the names that cross to JavaScript.
#pragma once
#include <string>

namespace normlab {

enum class Arrangement { Plain, Batch, Layer, Rms, WeightNorm, Group };
constexpr Arrangement all_arrangements[] = {Arrangement::Plain, Arrangement::Batch,      Arrangement::Layer,
                                            Arrangement::Rms,   Arrangement::WeightNorm, Arrangement::Group};

const char* arrangement_name(Arrangement a);            // "plain", "batch", "layer", "rms", "weightNorm", "group"
Arrangement arrangement_named(const std::string& name); // throws OptionError

} // namespace normlab
