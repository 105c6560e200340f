// A block of numbers: n rows (people, examples) by d features, row-major, double precision.
// Shapes in comments are written (N, D): N rows, D features.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace normlab {

// The size limit: a block (and every layer's parameter block or vector) holds at most 2^26 cells,
// 67,108,864 numbers or 512 MiB. At that limit rows * cols and the byte count, 2^29, still fit in
// a 32-bit size_t, so no shape arithmetic can wrap in the WebAssembly build; a larger shape is
// refused with SizeError before anything is allocated.
constexpr std::size_t max_block_cells = std::size_t(1) << 26;

// Whether rows * cols, computed without wrapping, is at most max_block_cells.
inline bool within_cell_limit(std::size_t rows, std::size_t cols) {
    return rows <= max_block_cells && cols <= max_block_cells &&
           static_cast<unsigned long long>(rows) * cols <= max_block_cells;
}

struct Block {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<double> data; // rows * cols values, row after row

    Block() = default;
    // requires: row_count * col_count <= max_block_cells (else SizeError, as for a failed allocation).
    Block(std::size_t row_count, std::size_t col_count, double fill = 0.0);
    // Builds a block from rows of equal length; refuses ragged or empty input.
    static Block from_rows(const std::vector<std::vector<double>>& rows);
    // Builds a block from flat row-major values; refuses a length that is not rows * cols.
    static Block from_flat(std::size_t rows, std::size_t cols, std::vector<double> data);

    // Gives the block a shape, reusing its storage: no allocation when the size is unchanged.
    // Values are left as they were (new cells are 0); callers overwrite every cell.
    // requires: r * c <= max_block_cells (else SizeError; the block is left as it was).
    void reshape(std::size_t r, std::size_t c) {
        if (!within_cell_limit(r, c) || r * c != data.size()) resize_for(r, c);
        rows = r;
        cols = c;
    }

    double& at(std::size_t i, std::size_t j) { return data[i * cols + j]; }
    double at(std::size_t i, std::size_t j) const { return data[i * cols + j]; }
    std::size_t size() const { return data.size(); }
    std::vector<double> row(std::size_t i) const;
    std::vector<double> column(std::size_t j) const;
    Block transposed() const;

    // reshape's storage: the limit checked, then r * c cells (SizeError if memory runs out).
    void resize_for(std::size_t r, std::size_t c);

    bool operator==(const Block& other) const { return rows == other.rows && cols == other.cols && data == other.data; }
    bool operator!=(const Block& other) const { return !(*this == other); }
};

// A block's checks at the core's entry points (errors.hpp has the rest of the family; `what`
// names the block in the message).
// ensures: rows * cols, computed without wrapping, is at most max_block_cells; else SizeError.
std::size_t require_cells(std::size_t rows, std::size_t cols, const std::string& what);
// ensures: the block's rows * cols is within the limit and equals its number of values.
void require_well_formed(const Block& b, const std::string& what);
void require_shape(const Block& b, std::size_t rows, std::size_t cols, const std::string& what);
void require_finite(const Block& b, const std::string& what);
// ensures: every number of an answer computed from finite inputs is finite (require_answer_finite
// of errors.hpp, for a block).
void require_answer_finite(const Block& b, const char* what);

// count copies of fill, refused with SizeError beyond max_block_cells or when memory runs out;
// what names the vector in the message.
std::vector<double> filled(std::size_t count, double fill, const std::string& what);

// The larger of a and b, NaN if either is NaN (std::fmax drops a NaN, hiding it).
inline double larger(double a, double b) { return a != a || b != b ? a + b : (a > b ? a : b); }

// Largest absolute difference between two blocks of the same shape (NaN if either holds a NaN;
// NonFiniteError when two finite entries are further apart than the largest double).
double largest_gap(const Block& a, const Block& b);
// Largest absolute difference between two vectors of the same length (NaN if either holds a NaN).
double largest_gap(const std::vector<double>& a, const std::vector<double>& b);
// Largest absolute value in a block (NaN if it holds a NaN).
double largest_magnitude(const Block& a);
// Sum down each column, (N, D) -> (D).
std::vector<double> column_sums(const Block& a);
// Sum along each row, (N, D) -> (N).
std::vector<double> row_sums(const Block& a);

} // namespace normlab
