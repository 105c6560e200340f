// A block of numbers: n rows (people, examples) by d features, row-major, double precision.
// Shapes in comments are written (N, D): N rows, D features.
#pragma once
#include <cstddef>
#include <vector>

namespace normlab {

struct Block {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<double> data; // rows * cols values, row after row

    Block() = default;
    Block(std::size_t row_count, std::size_t col_count, double fill = 0.0)
        : rows(row_count), cols(col_count), data(row_count * col_count, fill) {}
    // Builds a block from rows of equal length; refuses ragged or empty input.
    static Block from_rows(const std::vector<std::vector<double>>& rows);
    // Builds a block from flat row-major values; refuses a length that is not rows * cols.
    static Block from_flat(std::size_t rows, std::size_t cols, std::vector<double> data);

    // Gives the block a shape, reusing its storage: no allocation when the size is unchanged.
    // Values are left as they were (new cells are 0); callers overwrite every cell.
    void reshape(std::size_t r, std::size_t c) {
        rows = r;
        cols = c;
        data.resize(r * c);
    }

    double& at(std::size_t i, std::size_t j) { return data[i * cols + j]; }
    double at(std::size_t i, std::size_t j) const { return data[i * cols + j]; }
    std::size_t size() const { return data.size(); }
    std::vector<double> row(std::size_t i) const;
    std::vector<double> column(std::size_t j) const;
    Block transposed() const;

    bool operator==(const Block& other) const { return rows == other.rows && cols == other.cols && data == other.data; }
    bool operator!=(const Block& other) const { return !(*this == other); }
};

// Largest absolute difference between two blocks of the same shape.
double largest_gap(const Block& a, const Block& b);
// Largest absolute difference between two vectors of the same length.
double largest_gap(const std::vector<double>& a, const std::vector<double>& b);
// Largest absolute value in a block.
double largest_magnitude(const Block& a);
// Sum down each column, (N, D) -> (D).
std::vector<double> column_sums(const Block& a);
// Sum along each row, (N, D) -> (N).
std::vector<double> row_sums(const Block& a);

} // namespace normlab
