#include "block.hpp"

#include <cmath>
#include <new>
#include <stdexcept>
#include <string>

#include "errors.hpp"

namespace normlab {

std::size_t require_cells(std::size_t rows, std::size_t cols, const std::string& what) {
    if (!within_cell_limit(rows, cols))
        throw SizeError("the " + what + " of " + std::to_string(rows) + " by " + std::to_string(cols) +
                        " is beyond the limit of " + std::to_string(max_block_cells) + " numbers");
    return rows * cols;
}

void require_well_formed(const Block& b, const std::string& what) {
    require_same(b.data.size(), require_cells(b.rows, b.cols, what), what + "'s number of values",
                 what + "'s rows * features");
}

void require_shape(const Block& b, std::size_t rows, std::size_t cols, const std::string& what) {
    if (b.rows != rows || b.cols != cols)
        throw ShapeError("the " + what + " is " + std::to_string(b.rows) + " by " + std::to_string(b.cols) +
                         " but it must be " + std::to_string(rows) + " by " + std::to_string(cols));
    require_well_formed(b, what);
}

void require_finite(const Block& b, const std::string& what) {
    require_well_formed(b, what);
    for (std::size_t k = 0; k < b.data.size(); ++k)
        if (!std::isfinite(b.data[k]))
            throw NonFiniteError("row " + std::to_string(k / b.cols + 1) + ", feature " +
                                 std::to_string(k % b.cols + 1) + " of the " + what + " is " +
                                 format_number(b.data[k]) + "; every value must be a finite number");
}

void require_answer_finite(const Block& b, const char* what) {
    for (std::size_t k = 0; k < b.data.size(); ++k)
        if (!std::isfinite(b.data[k]))
            refuse_overflow("row " + std::to_string(k / b.cols + 1) + ", feature " + std::to_string(k % b.cols + 1),
                            b.data[k], what);
}

std::vector<double> filled(std::size_t count, double fill, const std::string& what) {
    require_cells(count, 1, what);
    try {
        return std::vector<double>(count, fill);
    } catch (const std::bad_alloc&) {
        throw SizeError("the " + what + " needs " + std::to_string(count) + " numbers and there is no memory for them");
    } catch (const std::length_error&) {
        throw SizeError("the " + what + " needs " + std::to_string(count) + " numbers and there is no memory for them");
    }
}

Block::Block(std::size_t row_count, std::size_t col_count, double fill)
    : rows(row_count), cols(col_count), data(filled(require_cells(row_count, col_count, "block"), fill, "block")) {}

void Block::resize_for(std::size_t r, std::size_t c) {
    const std::size_t cells = require_cells(r, c, "block");
    try {
        data.resize(cells);
    } catch (const std::bad_alloc&) {
        throw SizeError("the block of " + std::to_string(r) + " by " + std::to_string(c) +
                        " needs more memory than there is");
    } catch (const std::length_error&) {
        throw SizeError("the block of " + std::to_string(r) + " by " + std::to_string(c) +
                        " needs more memory than there is");
    }
}

Block Block::from_rows(const std::vector<std::vector<double>>& rows) {
    require_nonempty(rows.size(), rows.empty() ? 0 : rows.front().size(), "block");
    require_cells(rows.size(), rows.front().size(), "block");
    Block b(rows.size(), rows.front().size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        require_same(rows[i].size(), b.cols, "length of row " + std::to_string(i + 1), "length of row 1");
        for (std::size_t j = 0; j < b.cols; ++j) b.at(i, j) = rows[i][j];
    }
    return b;
}

Block Block::from_flat(std::size_t rows, std::size_t cols, std::vector<double> data) {
    require_nonempty(rows, cols, "block");
    require_same(data.size(), require_cells(rows, cols, "block"), "number of values", "rows * cols");
    Block b;
    b.rows = rows;
    b.cols = cols;
    b.data = std::move(data);
    return b;
}

std::vector<double> Block::row(std::size_t i) const {
    require_well_formed(*this, "block");
    if (i >= rows)
        throw ShapeError("row " + std::to_string(i + 1) + " was asked of a block of " + std::to_string(rows));
    return std::vector<double>(data.begin() + i * cols, data.begin() + (i + 1) * cols);
}

std::vector<double> Block::column(std::size_t j) const {
    require_well_formed(*this, "block");
    if (j >= cols)
        throw ShapeError("feature " + std::to_string(j + 1) + " was asked of a block of " + std::to_string(cols));
    std::vector<double> c(rows);
    for (std::size_t i = 0; i < rows; ++i) c[i] = at(i, j);
    return c;
}

Block Block::transposed() const {
    require_well_formed(*this, "block");
    Block t(cols, rows);
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) t.at(j, i) = at(i, j);
    return t;
}

double largest_gap(const std::vector<double>& a, const std::vector<double>& b) {
    require_same(a.size(), b.size(), "length", "length of the other");
    double gap = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double d = std::fabs(a[k] - b[k]);
        if (std::isinf(d) && std::isfinite(a[k]) && std::isfinite(b[k]))
            throw NonFiniteError("the gap at entry " + std::to_string(k + 1) + " between " + format_number(a[k]) +
                                 " and " + format_number(b[k]) + " is beyond the largest double");
        gap = larger(gap, d);
    }
    return gap;
}

double largest_gap(const Block& a, const Block& b) {
    require_well_formed(a, "block");
    require_shape(b, a.rows, a.cols, "other block");
    return largest_gap(a.data, b.data);
}

double largest_magnitude(const Block& a) {
    double m = 0.0;
    for (double v : a.data) m = larger(m, std::fabs(v));
    return m;
}

std::vector<double> column_sums(const Block& a) {
    require_well_formed(a, "block");
    std::vector<double> s(a.cols, 0.0);
    for (std::size_t i = 0; i < a.rows; ++i)
        for (std::size_t j = 0; j < a.cols; ++j) s[j] += a.at(i, j);
    return s;
}

std::vector<double> row_sums(const Block& a) {
    require_well_formed(a, "block");
    std::vector<double> s(a.rows, 0.0);
    for (std::size_t i = 0; i < a.rows; ++i)
        for (std::size_t j = 0; j < a.cols; ++j) s[i] += a.at(i, j);
    return s;
}

} // namespace normlab
