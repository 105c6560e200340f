// The fuzz driver's source of choices: it reads a byte string front to back and turns it into
// sizes, numbers, blocks and texts, biased toward the values that break things (0, huge and
// wrapping sizes, NaN, infinities, numbers near the largest double). Past the end of the bytes
// every choice is 0, so any byte string is a complete, reproducible program.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/block.hpp"

namespace normlab::fuzz {

class FuzzInput {
public:
    FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    bool exhausted() const { return at_ >= size_; }

    std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
    std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int k = 0; k < 8; ++k) v = (v << 8) | byte();
        return v;
    }
    // One of n choices, 0 <= choice < n (n > 0).
    std::size_t choice(std::size_t n) { return byte() % n; }
    bool flip() { return byte() & 1; }

    // A count: mostly small, sometimes 0, just past the size limit, or sizes that wrap 32-bit
    // and 64-bit products. at_limit admits the limit itself (512 MiB when allocated), so only
    // counts that are checked before anything is allocated should take it.
    std::size_t count(std::size_t small = 6, bool at_limit = false) {
        const std::uint8_t b = byte();
        if (b < 200) return b % (small + 1);
        constexpr std::size_t max = std::numeric_limits<std::size_t>::max();
        const std::size_t edges[] = {0,
                                     1,
                                     at_limit ? max_block_cells : max_block_cells + 1,
                                     max_block_cells + 1,
                                     std::size_t(1) << 31,
                                     (std::size_t(1) << 32) + 2,
                                     std::size_t(1) << 32,
                                     65537,
                                     std::size_t(1) << 61,
                                     std::size_t(1) << 63,
                                     max,
                                     max / 2 + 1,
                                     static_cast<std::size_t>(u64())};
        return edges[b % (sizeof edges / sizeof edges[0])];
    }

    // A number: small whole numbers, exact fractions, the edges of the doubles, or any bit pattern.
    double number() {
        const std::uint8_t b = byte();
        if (b < 120) return static_cast<double>(static_cast<int>(b % 21) - 10);
        if (b < 170) return (static_cast<int>(byte()) - 128) / 16.0;
        constexpr double inf = std::numeric_limits<double>::infinity();
        const double edges[] = {0.0,
                                -0.0,
                                1e-5,
                                1e200,
                                -1e200,
                                1.5e308,
                                -1.5e308,
                                std::numeric_limits<double>::max(),
                                std::numeric_limits<double>::lowest(),
                                std::numeric_limits<double>::min(),
                                std::numeric_limits<double>::denorm_min(),
                                1e-300,
                                1e154,
                                inf,
                                -inf,
                                std::numeric_limits<double>::quiet_NaN(),
                                0.5,
                                0.9,
                                1.0 + 1e-16,
                                1e8};
        if (b < 240) return edges[b % (sizeof edges / sizeof edges[0])];
        const std::uint64_t bits = u64();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }

    // A vector of small length (or, rarely, a length from count()); values from number().
    std::vector<double> numbers(std::size_t small = 6) {
        std::size_t n = count(small);
        if (n > 64) n = byte() % 65; // the vectors a caller hands in stay small: shapes carry the size
        std::vector<double> v(n);
        for (double& x : v) x = number();
        return v;
    }

    // A block as a caller could hand one: mostly well formed (rows * cols values), sometimes with
    // a declared shape that disagrees with its data, huge or wrapping.
    Block block(std::size_t rows_hint = 0, std::size_t cols_hint = 0) {
        Block b;
        const std::uint8_t how = byte();
        if (how < 150 && rows_hint > 0 && cols_hint > 0) {
            b.rows = rows_hint;
            b.cols = cols_hint;
        } else {
            b.rows = count(5);
            b.cols = count(5);
        }
        const bool well_formed = how < 230 && b.rows <= 64 && b.cols <= 64;
        const std::size_t values = well_formed ? b.rows * b.cols : byte() % 9;
        b.data.resize(values);
        const bool plain = flip();
        for (double& x : b.data) x = plain ? static_cast<double>(static_cast<int>(byte() % 17) - 8) : number();
        return b;
    }

    // A short text: one of the given words, a word with a byte changed, or raw bytes.
    std::string text(const std::vector<std::string>& words) {
        const std::uint8_t b = byte();
        if (!words.empty() && b < 160) return words[b % words.size()];
        std::string s;
        if (!words.empty() && b < 200) {
            s = words[b % words.size()];
            if (!s.empty()) s[byte() % s.size()] = static_cast<char>(byte());
            return s;
        }
        const std::size_t n = byte() % 24;
        for (std::size_t k = 0; k < n; ++k) s.push_back(static_cast<char>(byte()));
        return s;
    }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

} // namespace normlab::fuzz
