#include <array>

#include <catch2/catch.hpp>
#include "core/errors.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;

TEST_CASE("the digit asset has the checksum the preparing script printed", "[mnist][data]") {
    const std::vector<std::uint8_t> bytes = mnist_asset_bytes();
    CHECK(bytes.size() == 24 + 10000 * 785);
    CHECK(fnv1a32(bytes.data(), bytes.size()) == 0x3bd85d2du);
}

TEST_CASE("the digit asset splits 8,000 for training and 2,000 held out, every class in both", "[mnist][data]") {
    const DigitSet& d = mnist_digits();
    CHECK(d.count == 10000);
    CHECK(d.training_count == 8000);
    CHECK(d.held_out_count() == 2000);
    // The package's class sizes, whatever the order.
    const std::array<std::size_t, 10> package{1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978};
    std::array<std::size_t, 10> all{}, held{};
    for (std::size_t i = 0; i < d.count; ++i) {
        ++all[d.labels[i]];
        if (i >= d.training_count) ++held[d.labels[i]];
    }
    CHECK(all == package);
    for (std::size_t k = 0; k < 10; ++k) {
        INFO("class " << k << ": " << held[k] << " held out of " << all[k]);
        CHECK(held[k] > all[k] / 10);
        CHECK(held[k] < all[k] * 3 / 10);
    }
    // Shuffled: the first hundred digits are not one class.
    std::array<std::size_t, 10> first{};
    for (std::size_t i = 0; i < 100; ++i) ++first[d.labels[i]];
    for (std::size_t k = 0; k < 10; ++k) CHECK(first[k] < 30);
}

TEST_CASE("a digit reads as 784 pixels in [0, 1] with ink and paper", "[mnist][data]") {
    const DigitSet& d = mnist_digits();
    std::vector<float> image(digit_pixels);
    d.image(0, image.data());
    std::size_t ink = 0, paper = 0;
    for (float v : image) {
        REQUIRE(v >= 0.0f);
        REQUIRE(v <= 1.0f);
        ink += v > 0.5f;
        paper += v == 0.0f;
    }
    CHECK(ink > 20);
    CHECK(paper > 400);
    CHECK(paper < 784);
}

TEST_CASE("a damaged digit asset is refused by name", "[mnist][data][errors]") {
    std::vector<std::uint8_t> bytes = mnist_asset_bytes();
    std::vector<std::uint8_t> short_file(bytes.begin(), bytes.end() - 1);
    CHECK_THROWS_AS(read_digits(short_file.data(), short_file.size()), DataError);
    std::vector<std::uint8_t> header = bytes;
    header[0] = 'X';
    CHECK_THROWS_WITH(read_digits(header.data(), header.size()), Catch::Contains("NLDIGITS"));
    std::vector<std::uint8_t> label = bytes;
    label[24 + 7] = 10;
    CHECK_THROWS_WITH(read_digits(label.data(), label.size()), Catch::Contains("digit 7 has the label 10"));
    CHECK_THROWS_AS(read_digits(bytes.data(), 3), DataError);
    CHECK_THROWS_AS(read_digits_file("no such asset"), DataError);
}
