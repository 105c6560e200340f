// The crowd: 25 people's height (cm) and weight (kg), and whether each is an adult. The data
// live in data/crowd.csv; the build embeds that file, so native and WebAssembly read the same text.
#pragma once
#include <string>
#include <vector>

#include "core/block.hpp"

namespace normlab {

struct Crowd {
    Block measurements;         // (25, 2): height_cm, weight_kg
    std::vector<double> labels; // (25): 1 adult, 0 not
    std::size_t size() const { return labels.size(); }
    // The people at the given indices, in that order. requires: every index < size() (else OptionError).
    Crowd subset(const std::vector<std::size_t>& people) const;
};

// requires of a crowd handed in: measurements (N, 2), well formed, finite; N labels, each 0 or 1.
// Else ShapeError, NonFiniteError or DataError.
void require_crowd(const Crowd& crowd);
// Every label is 0 or 1 (else DataError naming the person, counted from 1).
void require_labels(const std::vector<double>& labels);

// Reads the CSV text: '#' comment lines, a header line, then height,weight,label rows.
// Refuses anything else with DataError naming the line.
Crowd parse_crowd_csv(const std::string& text);

// The crowd as committed in data/crowd.csv.
const Crowd& the_crowd();

} // namespace normlab
