#include "crowd.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/errors.hpp"

namespace normlab {

extern const char* const crowd_csv_text; // generated from data/crowd.csv by CMake

void require_crowd(const Crowd& crowd) {
    require_well_formed(crowd.measurements, "crowd's measurement block");
    require_same(crowd.measurements.cols, 2, "crowd's measurement count", "two (height and weight)");
    require_same(crowd.measurements.rows, crowd.labels.size(), "crowd's row count", "crowd's label count");
    require_finite(crowd.measurements, "crowd's measurement block");
    require_labels(crowd.labels);
}

void require_labels(const std::vector<double>& labels) {
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] != 0 && labels[i] != 1)
            throw DataError("person " + std::to_string(i + 1) + " is labelled " + format_number(labels[i]) +
                            "; the label is 0 or 1");
}

Crowd Crowd::subset(const std::vector<std::size_t>& people) const {
    require_crowd(*this);
    for (std::size_t k = 0; k < people.size(); ++k)
        if (people[k] >= size())
            throw OptionError("index " + std::to_string(people[k]) + " (entry " + std::to_string(k + 1) +
                              ") names no one: the crowd has " + std::to_string(size()) + " people, indexed from 0");
    Crowd c{Block(people.size(), measurements.cols), {}};
    for (std::size_t k = 0; k < people.size(); ++k) {
        for (std::size_t j = 0; j < measurements.cols; ++j) c.measurements.at(k, j) = measurements.at(people[k], j);
        c.labels.push_back(labels[people[k]]);
    }
    return c;
}

Crowd parse_crowd_csv(const std::string& text) {
    std::vector<double> values, labels;
    bool header_seen = false;
    std::size_t number = 0;
    // Line by line without a stream: <sstream> would pull the locale machinery into the wasm.
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t newline = std::min(text.find('\n', start), text.size());
        std::string line = text.substr(start, newline - start);
        start = newline + 1;
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (!header_seen) {
            if (line != "height_cm,weight_kg,adult")
                throw DataError("line " + std::to_string(number) +
                                " should be the header height_cm,weight_kg,adult but is '" + line + "'");
            header_seen = true;
            continue;
        }
        double field[3];
        const char* p = line.c_str();
        for (int f = 0; f < 3; ++f) {
            char* end = nullptr;
            field[f] = std::strtod(p, &end);
            const char want = f < 2 ? ',' : '\0';
            if (end == p || *end != want || !std::isfinite(field[f]))
                throw DataError("line " + std::to_string(number) + " ('" + line +
                                "') is not three numbers: height,weight,adult");
            p = end + (f < 2 ? 1 : 0);
        }
        if (field[2] != 0 && field[2] != 1)
            throw DataError("line " + std::to_string(number) + " labels a person " + format_number(field[2]) +
                            "; the label is 0 or 1");
        values.push_back(field[0]);
        values.push_back(field[1]);
        labels.push_back(field[2]);
    }
    if (labels.empty()) throw DataError("the crowd file has no people in it");
    return Crowd{Block::from_flat(labels.size(), 2, std::move(values)), std::move(labels)};
}

const Crowd& the_crowd() {
    static const Crowd crowd = parse_crowd_csv(crowd_csv_text);
    return crowd;
}

} // namespace normlab
