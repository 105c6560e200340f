// The native side of the batch-size sweep's native = WebAssembly check: each arrangement trained
// on the first 512 digits of epoch 0 (seed 1, learning rate 0.1 at batch 64, scaled with the
// batch) at batch sizes 2 and 64, as JSON {"plain": {"2": correct, "64": correct}, ...} of the
// 2,000 held-out digits.
#include <cstdio>

#include "mnist/batch_size_sweep.hpp"

using namespace normlab::mnist;

int main() {
    const DigitSet digits = read_digits_file(NORMLAB_MNIST_ASSET);
    std::printf("{");
    for (Arrangement a : mnist_arrangements) {
        std::printf("%s\"%s\": {", a == Arrangement::Plain ? "" : ", ", arrangement_name(a));
        for (std::size_t b : {2, 64}) {
            const Evaluation e = batch_size_trial(a, b, 512, 0.1, 1, digits);
            std::printf("%s\"%zu\": %zu", b == 2 ? "" : ", ", b, e.correct);
        }
        std::printf("}");
    }
    std::printf("}\n");
}
