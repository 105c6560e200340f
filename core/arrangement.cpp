#include "arrangement.hpp"

#include "errors.hpp"

namespace normlab {

const char* arrangement_name(Arrangement a) {
    switch (a) {
        case Arrangement::Plain:
            return "plain";
        case Arrangement::Batch:
            return "batch";
        case Arrangement::Layer:
            return "layer";
        case Arrangement::Rms:
            return "rms";
        case Arrangement::WeightNorm:
            return "weightNorm";
        case Arrangement::Group:
            return "group";
    }
    return "plain";
}

Arrangement arrangement_named(const std::string& name) {
    for (Arrangement a : all_arrangements)
        if (name == arrangement_name(a)) return a;
    throw OptionError("the arrangement '" + name + "' is not one of plain, batch, layer, rms, weightNorm, group");
}

} // namespace normlab
