#include "transformer/parameter_list.hpp"

#include "core/errors.hpp"

namespace normlab {

const ParameterRun& ParameterLayout::run(const std::string& name) const {
    for (const ParameterRun& r : runs)
        if (r.name == name) return r;
    throw OptionError("no parameters named '" + name + "'");
}

void append(std::vector<double>& out, const Block& b) { out.insert(out.end(), b.data.begin(), b.data.end()); }
void append(std::vector<double>& out, const std::vector<double>& v) { out.insert(out.end(), v.begin(), v.end()); }

std::vector<double> ParameterReader::vector(std::size_t count) {
    if (count > values_.size() - at_)
        throw ShapeError("parameter list of " + std::to_string(values_.size()) + " values is too short");
    std::vector<double> v(values_.begin() + static_cast<std::ptrdiff_t>(at_),
                          values_.begin() + static_cast<std::ptrdiff_t>(at_ + count));
    at_ += count;
    return v;
}

Block ParameterReader::block(std::size_t rows, std::size_t cols) {
    return Block::from_flat(rows, cols, vector(rows * cols));
}

void describe(const Dense& layer, const std::string& name, ParameterLayout& layout) {
    layout.add(name + ".weights", layer.weights().size());
    layout.add(name + ".bias", layer.bias().size());
}
void append_parameters(std::vector<double>& out, const Dense& layer) {
    append(out, layer.weights());
    append(out, layer.bias());
}
void append_slopes(std::vector<double>& out, const DenseGradient& g) {
    append(out, g.dweights);
    append(out, g.dbias);
}
Dense read_dense(const Dense& like, ParameterReader& in) {
    Block w = in.block(like.inputs(), like.outputs());
    return Dense(std::move(w), in.vector(like.outputs()), like.activation());
}

void describe(const Normaliser& layer, const std::string& name, ParameterLayout& layout) {
    layout.add(name + ".scale", layer.features());
    if (layer.spec().learn_shift) layout.add(name + ".shift", layer.features());
}
void append_parameters(std::vector<double>& out, const Normaliser& layer) {
    append(out, layer.scale());
    if (layer.spec().learn_shift) append(out, layer.shift());
}
void append_slopes(std::vector<double>& out, const Normaliser& layer, const NormGradient& g) {
    append(out, g.dscale);
    if (layer.spec().learn_shift) append(out, g.dshift);
}
Normaliser read_normaliser(const Normaliser& like, ParameterReader& in) {
    std::vector<double> scale = in.vector(like.features());
    std::vector<double> shift = like.spec().learn_shift ? in.vector(like.features()) : like.shift();
    return like.with_scale_shift(std::move(scale), std::move(shift));
}

} // namespace normlab
