// The native side of the native = WebAssembly check: for each arrangement, the digest of the
// network state after one epoch on the first 512 training digits (seed 1, batch 64, learning
// rate 0.1), as JSON {"plain": "xxxxxxxx", ...}.
#include <cstdio>

#include "mnist/mnist_training.hpp"

using namespace normlab::mnist;

int main() {
    const DigitSet digits = read_digits_file(NORMLAB_MNIST_ASSET);
    std::printf("{");
    for (Arrangement a : mnist_arrangements) {
        const MnistNetwork net = train_on_first_digits(a, digits, 512, TrainingOptions{});
        std::printf("%s\"%s\": \"%08x\"", a == Arrangement::Plain ? "" : ", ", arrangement_name(a), state_digest(net));
    }
    std::printf("}\n");
}
