// Parameters as one flat list: how a stack is read and written by Adam and by the gradient
// checker. Every layer appends its parameters (and its gradient the slopes) in one fixed order,
// names each run of them, and is rebuilt from a list read in the same order.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/block.hpp"
#include "core/dense.hpp"
#include "core/normaliser.hpp"

namespace normlab {

// One named run of a flat parameter list: "block1.feed_forward.expand.weights" at offset, count long.
struct ParameterRun {
    std::string name;
    std::size_t offset = 0;
    std::size_t count = 0;
};

struct ParameterLayout {
    std::vector<ParameterRun> runs;
    std::size_t size() const { return runs.empty() ? 0 : runs.back().offset + runs.back().count; }
    void add(const std::string& name, std::size_t count) { runs.push_back({name, size(), count}); }
    const ParameterRun& run(const std::string& name) const; // throws OptionError for an unknown name
};

void append(std::vector<double>& out, const Block& b);
void append(std::vector<double>& out, const std::vector<double>& v);

// Reads a flat list front to back. requires: the list as long as the layout it was written by
// (checked once by the stack; a short list is refused with ShapeError).
class ParameterReader {
public:
    explicit ParameterReader(const std::vector<double>& values) : values_(values) {}
    Block block(std::size_t rows, std::size_t cols);
    std::vector<double> vector(std::size_t count);
    std::size_t position() const { return at_; }

private:
    const std::vector<double>& values_;
    std::size_t at_ = 0;
};

// The core's layers in the list: a dense layer is weights (I, O) then bias (O); a normaliser is
// its scale, then its shift when the shift is learned (RMS leaves it out).
void describe(const Dense& layer, const std::string& name, ParameterLayout& layout);
void append_parameters(std::vector<double>& out, const Dense& layer);
void append_slopes(std::vector<double>& out, const DenseGradient& g);
Dense read_dense(const Dense& like, ParameterReader& in);

void describe(const Normaliser& layer, const std::string& name, ParameterLayout& layout);
void append_parameters(std::vector<double>& out, const Normaliser& layer);
void append_slopes(std::vector<double>& out, const Normaliser& layer, const NormGradient& g);
Normaliser read_normaliser(const Normaliser& like, ParameterReader& in);

} // namespace normlab
