// The digit asset the build writes (web/generated/mnist-digits.bin), read once per test run.
#pragma once
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "mnist/digits.hpp"

inline std::string mnist_asset_path() {
    return std::string(NORMLAB_FIXTURES) + "/../../web/generated/mnist-digits.bin";
}

inline std::vector<std::uint8_t> mnist_asset_bytes() {
    std::ifstream in(mnist_asset_path(), std::ios::binary);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline const normlab::mnist::DigitSet& mnist_digits() {
    static const normlab::mnist::DigitSet d = normlab::mnist::read_digits_file(mnist_asset_path());
    return d;
}
