#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

#include "core/random.hpp"
#include "mnist/dense_kernel.hpp"

using namespace normlab;
using namespace normlab::mnist;

namespace {

// Scalar reference in the kernel's promised order: start, then each nonzero term left to right.
std::vector<float> reference(std::size_t m, std::size_t k, std::size_t n, MatrixView a, const std::vector<float>& b,
                             const float* start) {
    std::vector<float> c(m * n);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            float acc = start ? start[j] : 0.0f;
            for (std::size_t p = 0; p < k; ++p)
                if (a.at(i, p) != 0.0f) acc = acc + a.at(i, p) * b[p * n + j];
            c[i * n + j] = acc;
        }
    return c;
}

std::vector<float> draw(Random& r, std::size_t size, double zeros) {
    std::vector<float> v(size);
    for (float& x : v) x = r.uniform() < zeros ? 0.0f : static_cast<float>(r.normal());
    return v;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

TEST_CASE("the lane kernel adds every output's terms in index order, whatever the shape", "[mnist][kernel]") {
    Random r(7);
    const std::size_t shapes[][3] = {{1, 1, 1}, {4, 784, 128}, {64, 128, 10}, {7, 33, 37}, {9, 5, 40}, {128, 64, 128}};
    for (const auto& s : shapes)
        for (double zeros : {0.0, 0.5, 0.9}) {
            const std::size_t m = s[0], k = s[1], n = s[2];
            INFO(m << " x " << k << " x " << n << ", zeros " << zeros);
            const std::vector<float> a = draw(r, m * k, zeros), b = draw(r, k * n, 0.0), start = draw(r, n, 0.0);
            std::vector<float> c(m * n);
            multiply(m, k, n, {a.data(), k, 1}, b.data(), start.data(), c.data());
            CHECK(same_bits(c, reference(m, k, n, {a.data(), k, 1}, b, start.data())));
            // The transposed view: c (k, n) = a^T (k, m) b' (m, n).
            const std::vector<float> b2 = draw(r, m * n, 0.0);
            std::vector<float> c2(k * n);
            multiply(k, m, n, {a.data(), 1, k}, b2.data(), nullptr, c2.data());
            CHECK(same_bits(c2, reference(k, m, n, {a.data(), 1, k}, b2, nullptr)));
        }
}

TEST_CASE("transpose and column sums", "[mnist][kernel]") {
    const std::vector<float> x{1, 2, 3, 4, 5, 6};
    std::vector<float> t(6), sums(3);
    transpose(2, 3, x.data(), t.data());
    CHECK(t == std::vector<float>{1, 4, 2, 5, 3, 6});
    column_sums(2, 3, x.data(), sums.data());
    CHECK(sums == std::vector<float>{5, 7, 9});
}
