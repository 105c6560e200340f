// One epoch over the 8,000 training digits at batch 64, natively, for each arrangement: the
// median of five timed epochs after one warm-up, in wall-clock time and in this process's CPU
// time (which a busy shared machine inflates less), and the held-out accuracy reached.
// Usage: normlab_bench_mnist [--json]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

#include "mnist/mnist_training.hpp"

using namespace normlab::mnist;

int main(int argc, char** argv) {
    const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
    const DigitSet digits = read_digits_file(NORMLAB_MNIST_ASSET);
    TrainingOptions options;
    TrainingWorkspace workspace;
    if (json) std::printf("{");
    for (Arrangement a : mnist_arrangements) {
        MnistNetwork net = MnistNetwork::initial(a, options.seed);
        std::vector<double> seconds, cpu;
        for (std::size_t epoch = 0; epoch < 6; ++epoch) {
            const auto t0 = std::chrono::steady_clock::now();
            const std::clock_t c0 = std::clock();
            net = train_epoch(net, digits, options, epoch, workspace);
            const std::clock_t c1 = std::clock();
            const auto t1 = std::chrono::steady_clock::now();
            if (epoch > 0) {
                seconds.push_back(std::chrono::duration<double>(t1 - t0).count());
                cpu.push_back(static_cast<double>(c1 - c0) / CLOCKS_PER_SEC);
            }
        }
        std::sort(seconds.begin(), seconds.end());
        std::sort(cpu.begin(), cpu.end());
        const double median = seconds[seconds.size() / 2], cpu_median = cpu[cpu.size() / 2];
        const double accuracy = evaluate_held_out(net, digits).accuracy();
        if (json)
            std::printf("%s\"%s\":{\"epochSeconds\":%.4f,\"epochCpuSeconds\":%.4f,\"heldOutAccuracyAfter6\":%.4f}",
                        a == Arrangement::Plain ? "" : ",", arrangement_name(a), median, cpu_median, accuracy);
        else
            std::printf("native %-5s  epoch %.3f s (CPU %.3f s)  held-out accuracy after 6 epochs %.4f\n",
                        arrangement_name(a), median, cpu_median, accuracy);
    }
    if (json) std::printf("}\n");
}
