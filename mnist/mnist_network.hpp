// The MNIST networks: 784 inputs -> three hidden dense layers of 128 (each followed by the
// arrangement's normaliser, then ReLU) -> a dense output of 10 -> softmax cross-entropy, in
// single precision. The arrangements: plain (no normaliser), batch (training by batch statistics, predicting by
// running figures, keep 0.9), layer, group (8 groups of 16); eps 1e-5 throughout.
//
// Legend: N digits a batch; (N, 784) the input, (N, 128) a hidden block, (N, 10) the logits.
// Dense weights are stored (in, out), row-major: y = x W + b.
//
// A network is a value with the core's verbs: train(x) -> response (standardised by the batch's
// own statistics), infer(x) -> response (the batch arrangement by its running figures),
// backward(response, labels) -> gradient, step(gradient, learning rate) -> the next network.
// The *_into forms write into caller storage (and backward's scratch into a workspace) so a
// training loop allocates nothing.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/arrangement.hpp"

namespace normlab::mnist {

// The arrangements of the MNIST networks, in the core's vocabulary (core/arrangement.hpp).
using normlab::Arrangement;
using normlab::arrangement_name;
constexpr std::array<Arrangement, 4> mnist_arrangements{Arrangement::Plain, Arrangement::Batch, Arrangement::Layer,
                                                        Arrangement::Group};
// requires: one of mnist_arrangements (else OptionError).
void require_mnist_arrangement(Arrangement a);
// The MNIST arrangement of that name; else OptionError.
Arrangement mnist_arrangement_named(const std::string& name);

constexpr std::size_t input_width = 784;
constexpr std::size_t hidden_width = 128;
constexpr std::size_t hidden_layers = 3;
constexpr std::size_t class_count = 10;
constexpr std::size_t group_count = 8;
constexpr std::size_t dense_size = hidden_layers + 1; // dense layers
constexpr float norm_eps = 1e-5f;
constexpr float running_keep = 0.9f;     // PyTorch's momentum 0.1
constexpr float running_momentum = 0.1f; // the share of the batch figures folded in

struct DenseParameters {
    std::size_t in = 0, out = 0;
    std::vector<float> weight; // (in, out)
    std::vector<float> bias;   // (out)
};

struct NormParameters {
    std::vector<float> scale, shift;                   // (128) each, starting at 1 and 0
    std::vector<float> running_mean, running_variance; // (128) each for batch, else empty
};

// What a forward pass keeps for backward, per hidden layer.
struct HiddenResponse {
    std::vector<float> pre;                                   // (N, 128) the dense layer's answer
    std::vector<float> standardised;                          // (N, 128) z (training with a normaliser)
    std::vector<float> out;                                   // (N, 128) after the normaliser and ReLU
    std::vector<float> mean, correction, variance, deviation; // per set
};

struct MnistResponse {
    std::size_t rows = 0;
    std::vector<float> input; // (N, 784)
    std::array<HiddenResponse, hidden_layers> hidden;
    std::vector<float> logits;        // (N, 10)
    std::vector<float> probabilities; // (N, 10), softmax of the logits
};

struct MnistGradient {
    std::size_t rows = 0;
    double loss = 0;                                      // mean cross-entropy of the batch
    std::size_t correct = 0;                              // digits whose largest logit is their label
    std::array<DenseParameters, hidden_layers + 1> dense; // dweight, dbias
    std::array<NormParameters, hidden_layers> norm;       // dscale, dshift; batch mean and variance for the step
};

// What a backward pass writes and reads on its way down, kept between calls so that a training
// loop allocates nothing; no figure of it outlives the call.
struct MnistWorkspace {
    std::vector<float> dlogits, dout, dpre, transposed, sum_d, sum_dz;
};

// Everything a network is, as one flat list: per dense layer its weight then bias, then per
// normaliser its scale, shift and (batch) running mean and variance.
struct MnistState {
    Arrangement arrangement = Arrangement::Plain;
    std::vector<float> values;
};

class MnistNetwork {
public:
    // PyTorch's default initialisation of a linear layer: weights and biases uniform in
    // +-1 / sqrt(fan in), drawn in PyTorch's (out, in) order from Random(seed).
    static MnistNetwork initial(Arrangement arrangement, std::uint64_t seed);
    // requires: values of state_size(arrangement), finite, running variances >= 0.
    static MnistNetwork from_state(const MnistState& state);
    MnistState state() const;
    static std::size_t state_size(Arrangement arrangement); // requires: an MNIST arrangement

    Arrangement arrangement() const { return arrangement_; }
    const std::array<DenseParameters, hidden_layers + 1>& dense() const { return dense_; }
    const std::array<NormParameters, hidden_layers>& norm() const { return norm_; }
    std::size_t parameter_count() const; // learned numbers: weights, biases, scales, shifts

    // requires: x (rows, 784), rows > 0, finite (checked at the boundary, not here).
    // ensures: the response for backward, every normaliser standardising by the batch's own
    // statistics. The network is unchanged.
    MnistResponse train(const float* x, std::size_t rows) const;
    void train_into(const float* x, std::size_t rows, MnistResponse& r) const;
    // requires: as train. ensures: the response predicting: the batch arrangement standardises
    // by its running figures, the others as training does. The network is unchanged.
    MnistResponse infer(const float* x, std::size_t rows) const;
    void infer_into(const float* x, std::size_t rows, MnistResponse& r) const;

    // requires: a training response of this network; labels (rows), each 0-9.
    // ensures: the slopes of the mean cross-entropy, the loss and the count correct.
    MnistGradient backward(const MnistResponse& r, const std::uint8_t* labels) const;
    void backward_into(const MnistResponse& r, const std::uint8_t* labels, MnistGradient& g,
                       MnistWorkspace& work) const;

    // ensures: a new network, every parameter moved by -learning_rate * slope (plain SGD), the
    // batch arrangement's running figures folded toward the batch's (keep 0.9, biased variance).
    MnistNetwork step(const MnistGradient& g, float learning_rate) const;
    void step_into(const MnistGradient& g, float learning_rate, MnistNetwork& next) const; // next may be *this

    bool operator==(const MnistNetwork& o) const;

private:
    static MnistNetwork shaped(Arrangement arrangement); // zero weights, scale 1, running variance 1
    void forward_into(const float* x, std::size_t rows, bool by_running, MnistResponse& r) const;
    Arrangement arrangement_ = Arrangement::Plain;
    std::array<DenseParameters, hidden_layers + 1> dense_;
    std::array<NormParameters, hidden_layers> norm_;
};

} // namespace normlab::mnist
