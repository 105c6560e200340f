#include "block.hpp"

#include <cmath>

#include "errors.hpp"

namespace normlab {

Block Block::from_rows(const std::vector<std::vector<double>>& rows) {
    require_nonempty(rows.size(), rows.empty() ? 0 : rows.front().size(), "block");
    Block b(rows.size(), rows.front().size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        require_same(rows[i].size(), b.cols, "length of row " + std::to_string(i + 1), "length of row 1");
        for (std::size_t j = 0; j < b.cols; ++j) b.at(i, j) = rows[i][j];
    }
    return b;
}

Block Block::from_flat(std::size_t rows, std::size_t cols, std::vector<double> data) {
    require_nonempty(rows, cols, "block");
    require_same(data.size(), rows * cols, "number of values", "rows * cols");
    Block b;
    b.rows = rows;
    b.cols = cols;
    b.data = std::move(data);
    return b;
}

std::vector<double> Block::row(std::size_t i) const {
    return std::vector<double>(data.begin() + i * cols, data.begin() + (i + 1) * cols);
}

std::vector<double> Block::column(std::size_t j) const {
    std::vector<double> c(rows);
    for (std::size_t i = 0; i < rows; ++i) c[i] = at(i, j);
    return c;
}

Block Block::transposed() const {
    Block t(cols, rows);
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) t.at(j, i) = at(i, j);
    return t;
}

double largest_gap(const std::vector<double>& a, const std::vector<double>& b) {
    require_same(a.size(), b.size(), "length", "length of the other");
    double gap = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) gap = std::fmax(gap, std::fabs(a[k] - b[k]));
    return gap;
}

double largest_gap(const Block& a, const Block& b) {
    require_shape(b, a.rows, a.cols, "block");
    return largest_gap(a.data, b.data);
}

double largest_magnitude(const Block& a) {
    double m = 0.0;
    for (double v : a.data) m = std::fmax(m, std::fabs(v));
    return m;
}

std::vector<double> column_sums(const Block& a) {
    std::vector<double> s(a.cols, 0.0);
    for (std::size_t i = 0; i < a.rows; ++i)
        for (std::size_t j = 0; j < a.cols; ++j) s[j] += a.at(i, j);
    return s;
}

std::vector<double> row_sums(const Block& a) {
    std::vector<double> s(a.rows, 0.0);
    for (std::size_t i = 0; i < a.rows; ++i)
        for (std::size_t j = 0; j < a.cols; ++j) s[i] += a.at(i, j);
    return s;
}

} // namespace normlab
