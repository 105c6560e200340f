// What the lab asks of the MNIST library: the held digits and the domain checks the bindings
// no longer make.
#include <catch2/catch.hpp>

#include "core/errors.hpp"
#include "mnist/lab.hpp"
#include "mnist_asset.hpp"

using namespace normlab;
using namespace normlab::mnist;

TEST_CASE("the lab holds the digits it was handed and refuses what its calls cannot take", "[mnist][lab]") {
    // A bad asset is refused, and leaves whatever was held before.
    CHECK_THROWS_AS(load_digits({1, 2, 3}), DataError);
    const std::vector<std::uint8_t> bytes = mnist_asset_bytes();
    const DigitsLoaded loaded = load_digits(bytes);
    CHECK(loaded.count == mnist_digits().count);
    CHECK(loaded.training_count == mnist_digits().training_count);
    CHECK(loaded.held_out_count == mnist_digits().held_out_count());
    CHECK(loaded.checksum == fnv1a32(bytes.data(), bytes.size()));
    CHECK(&loaded_digits() != &mnist_digits());

    const MnistNetwork net = MnistNetwork::initial(Arrangement::Layer, 1);
    const TrainingOptions options;
    const std::size_t total = batches_per_epoch(loaded.training_count, options.batch_size);
    const BatchesRun run = train_part_of_epoch(net, options, 0, total - 2, 2);
    CHECK(run.losses.size() == 2);
    CHECK(run.accuracies.size() == 2);
    CHECK(run.mean_loss == (run.losses[0] + run.losses[1]) / 2.0);
    CHECK(run.batches_per_epoch == total);
    CHECK_THROWS_AS(train_part_of_epoch(net, options, 0, total - 1, 2), ShapeError);
    CHECK_THROWS_AS(train_part_of_epoch(net, options, 0, total + 1, 0), ShapeError);

    CHECK(digit_part_named("heldOut") == DigitPart::HeldOut);
    CHECK(digit_part_named("training") == DigitPart::Training);
    CHECK_THROWS_AS(digit_part_named("test"), OptionError);
    CHECK(evaluate_part(net, DigitPart::HeldOut).count == loaded.held_out_count);
    CHECK(evaluate_part(net, DigitPart::Training).count == loaded.training_count);

    const HeldOutDigit first = held_out_digit(0);
    CHECK(first.label == mnist_digits().labels[loaded.training_count]);
    CHECK(first.pixels.size() == digit_pixels);
    CHECK_THROWS_AS(held_out_digit(loaded.held_out_count), ShapeError);
    CHECK_THROWS_AS(classify_drawn(net, std::vector<float>(100, 0.0f)), ShapeError);
    CHECK(classify_drawn(net, first.pixels) == classify(net, first.pixels.data()));

    CHECK(describe(Arrangement::Batch).state_size == MnistNetwork::state_size(Arrangement::Batch));
    CHECK_THROWS_AS(describe(Arrangement::Rms), OptionError);
    CHECK(starting_network(Arrangement::Group, 3).parameter_count ==
          MnistNetwork::initial(Arrangement::Group, 3).parameter_count());
    CHECK(digest_after_first_digits(Arrangement::Plain, 64).size() == 8);
}
