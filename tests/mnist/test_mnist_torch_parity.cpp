// One training step of each arrangement against PyTorch float32 (fixture made by
// scripts/make-mnist-torch-fixture.py from the same initial weights and the first 8 digits):
// the loss, every parameter block's slopes at fixed positions and its largest slope, and the
// batch arrangement's running figures, within float32 rounding (relative to the block's largest
// slope, since sums in a different order differ by a few units in the last place of their
// largest terms).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "json.hpp"
#include "mnist/mnist_network.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;
using normlab::testing::Json;
using normlab::testing::JsonReader;

namespace {

constexpr double slope_tolerance = 1e-5; // of the block's largest slope

std::vector<const std::vector<float>*> slope_blocks(const MnistGradient& g, Arrangement a) {
    std::vector<const std::vector<float>*> blocks;
    for (const DenseParameters& d : g.dense) {
        blocks.push_back(&d.weight);
        blocks.push_back(&d.bias);
    }
    if (a != Arrangement::Plain)
        for (const NormParameters& n : g.norm) {
            blocks.push_back(&n.scale);
            blocks.push_back(&n.shift);
        }
    return blocks;
}

} // namespace

TEST_CASE("one training step of each arrangement matches PyTorch float32", "[mnist][torch][parity][M1]") {
    const Json fixture = JsonReader::file(std::string(NORMLAB_FIXTURES) + "/mnist_torch_step.json");
    const std::size_t rows = static_cast<std::size_t>(fixture["digits"].number);
    std::vector<float> x(rows * input_width);
    for (std::size_t i = 0; i < rows; ++i) mnist_digits().image(i, x.data() + i * input_width);
    for (const Json& c : fixture["cases"].array) {
        const Arrangement a = mnist_arrangement_named(c["arrangement"].string);
        INFO(arrangement_name(a));
        const MnistNetwork net = MnistNetwork::initial(a, static_cast<std::uint64_t>(fixture["seed"].number));
        const MnistGradient g = net.backward(net.train(x.data(), rows), mnist_digits().labels.data());
        CHECK(std::fabs(g.loss - c["loss"].number) <= 1e-6 * c["loss"].number);
        const auto blocks = slope_blocks(g, a);
        REQUIRE(blocks.size() == c["blocks"].array.size());
        double worst = 0;
        for (std::size_t b = 0; b < blocks.size(); ++b) {
            const Json& theirs = c["blocks"].array[b];
            const std::vector<float>& ours = *blocks[b];
            REQUIRE(ours.size() == static_cast<std::size_t>(theirs["size"].number));
            const double largest = theirs["largestSlope"].number;
            double our_largest = 0;
            for (float v : ours) our_largest = std::max(our_largest, double(std::fabs(v)));
            if (largest < 1e-6) {
                // The batch arrangement's dense biases below a normaliser: the mean takes them
                // away, so their slope is 0 in exact arithmetic and rounding noise in both.
                INFO("block " << b << " (" << theirs["name"].string << ") is zero up to rounding");
                CHECK(our_largest < 1e-6);
                continue;
            }
            CHECK(std::fabs(our_largest - largest) <= slope_tolerance * largest);
            const std::vector<double> positions = theirs["positions"].numbers(), slopes = theirs["slopes"].numbers();
            for (std::size_t k = 0; k < positions.size(); ++k) {
                const double gap = std::fabs(ours[static_cast<std::size_t>(positions[k])] - slopes[k]) / largest;
                worst = std::max(worst, gap);
                INFO("block " << b << " (" << theirs["name"].string << ") position " << positions[k]);
                CHECK(gap <= slope_tolerance);
            }
        }
        INFO("largest gap " << worst << " of the block's largest slope");
        CHECK(worst <= slope_tolerance);
        if (a == Arrangement::Batch) {
            const MnistNetwork next = net.step(g, static_cast<float>(fixture["learningRate"].number));
            for (std::size_t l = 0; l < hidden_layers; ++l) {
                const std::vector<double> mean = c["runningMean"].array[l].numbers();
                const std::vector<double> variance = c["runningVariance"].array[l].numbers();
                for (std::size_t j = 0; j < mean.size(); ++j) {
                    CHECK(std::fabs(next.norm()[l].running_mean[j] - mean[j]) <= 1e-6 * (1 + std::fabs(mean[j])));
                    CHECK(std::fabs(next.norm()[l].running_variance[j] - variance[j]) <= 1e-6 * variance[j]);
                }
            }
        }
    }
}
