#include "mnist/digits.hpp"

#include <array>
#include <cstring>
#include <fstream>
#include <iterator>

#include "core/errors.hpp"

namespace normlab::mnist {

namespace {

constexpr std::size_t header_size = 24;

std::uint32_t read_u32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

} // namespace

void DigitSet::image(std::size_t i, float* out) const {
    static const std::array<float, 256> scaled = [] {
        std::array<float, 256> t{};
        for (std::size_t v = 0; v < 256; ++v) t[v] = static_cast<float>(v) / 255.0f;
        return t;
    }();
    const std::uint8_t* p = pixels.data() + i * digit_pixels;
    for (std::size_t k = 0; k < digit_pixels; ++k) out[k] = scaled[p[k]];
}

DigitSet read_digits(const std::uint8_t* bytes, std::size_t size) {
    if (size < header_size || std::memcmp(bytes, "NLDIGITS", 8) != 0)
        throw DataError("the digit asset does not start with the header NLDIGITS (" + std::to_string(size) + " bytes)");
    DigitSet d;
    d.count = read_u32(bytes + 8);
    d.training_count = read_u32(bytes + 12);
    const std::size_t rows = read_u32(bytes + 16), cols = read_u32(bytes + 20);
    if (rows != digit_side || cols != digit_side)
        throw DataError("the digit asset's digits are " + std::to_string(rows) + " x " + std::to_string(cols) +
                        ", not 28 x 28");
    if (d.count == 0 || d.training_count == 0 || d.training_count >= d.count)
        throw DataError("the digit asset holds " + std::to_string(d.count) + " digits with " +
                        std::to_string(d.training_count) + " for training; both parts must be nonempty");
    // count < 2^32, so count * 785 fits in 64 bits; compared before anything is allocated.
    const std::uint64_t want = header_size + std::uint64_t(d.count) * (1 + digit_pixels);
    if (want != size)
        throw DataError("the digit asset is " + std::to_string(size) + " bytes; " + std::to_string(d.count) +
                        " digits take " + std::to_string(want));
    d.labels.assign(bytes + header_size, bytes + header_size + d.count);
    for (std::size_t i = 0; i < d.count; ++i)
        if (d.labels[i] >= digit_classes)
            throw DataError("digit " + std::to_string(i) + " has the label " + std::to_string(d.labels[i]) +
                            "; labels run from 0 to 9");
    d.pixels.assign(bytes + header_size + d.count, bytes + size);
    return d;
}

DigitSet read_digits_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DataError("cannot open the digit asset " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return read_digits(bytes.data(), bytes.size());
}

std::uint32_t fnv1a32(const std::uint8_t* bytes, std::size_t size) {
    std::uint32_t h = 0x811c9dc5u;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 0x01000193u;
    return h;
}

} // namespace normlab::mnist
