// The crowd network: dense 2 -> 16 with ReLU, then the arrangement's normaliser (if any) on the
// 16 values, then dense 16 -> 1 whose score goes through a sigmoid into binary cross-entropy.
// It is an aggregate of layer values with the same four verbs as a layer.
//
// Legend: x is (N, 2) in standard units; the hidden block is (N, 16); logits are (N, 1).
#pragma once
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/arrangement.hpp"
#include "core/block.hpp"
#include "core/dense.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "core/weight_norm.hpp"
#include "core/workspace.hpp"

namespace normlab {

// The crowd network takes every arrangement (core/arrangement.hpp); the first five are the
// essay's comparison.
constexpr Arrangement compared_arrangements[] = {Arrangement::Plain, Arrangement::Batch, Arrangement::Layer,
                                                 Arrangement::Rms, Arrangement::WeightNorm};
constexpr std::size_t hidden_units = 16;

using HiddenLayer = std::variant<Dense, WeightNormDense>;
using HiddenGradient = std::variant<DenseGradient, WeightNormGradient>;

struct NetworkResponse {
    DenseResponse hidden;
    std::optional<NormResponse> norm;
    DenseResponse output;
    const Block& logits() const { return output.output; }
    const Block& read_by_output() const { return norm ? norm->output : hidden.output; } // (N, 16)
};

struct NetworkGradient {
    HiddenGradient hidden;
    std::optional<NormGradient> norm;
    DenseGradient output;
};

class CrowdNetwork {
public:
    // Fresh weights from the generator: hidden weights N(0, 1) (He for two inputs), output
    // weights N(0, 1/16), biases 0. The weight-normalised arrangement stores the same draws as
    // directions with magnitudes equal to their lengths, so it starts as the identical function.
    static CrowdNetwork initial(Arrangement arrangement, Random& rng);
    // A network of the given layers.
    // requires: the arrangement's kinds of layer: a weight-normalised hidden layer exactly for
    // WeightNorm, a normaliser exactly when the arrangement has one (else OptionError).
    static CrowdNetwork assembled(Arrangement arrangement, HiddenLayer hidden, std::optional<Normaliser> norm,
                                  Dense output);

    Arrangement arrangement() const { return arrangement_; }
    const HiddenLayer& hidden() const { return hidden_; }
    const std::optional<Normaliser>& norm() const { return norm_; }
    const Dense& output() const { return output_; }

    Block infer(const Block& x) const; // logits, predicting purpose
    NetworkResponse train(const Block& x) const;
    // requires: a response of this network's arrangement (a normaliser's response exactly when
    // the network has a normaliser, else OptionError) whose parts fit its layers (else ShapeError).
    NetworkGradient backward(const NetworkResponse& response, const Block& dlogits) const;
    // requires: a gradient of this network's arrangement (the hidden layer's kind of gradient, a
    // normaliser's gradient exactly when it has one: else OptionError); each part as its layer's step.
    CrowdNetwork step(const NetworkGradient& gradient, double learning_rate) const;
    std::size_t parameter_count() const;

    // The same verbs into storage a training loop keeps, so an epoch allocates nothing. They
    // check nothing: train_crowd_network checks the data once. The hidden layer's passed-down
    // block is not computed (no layer below needs it). next may not be this network.
    void train_into(const Block& x, NetworkResponse& r, Workspace& work) const;
    void backward_into(const NetworkResponse& r, const Block& dlogits, NetworkGradient& g, Workspace& work) const;
    void step_into(const NetworkGradient& g, double learning_rate, CrowdNetwork& next) const;

    // Every parameter in one list (hidden, normaliser, output), and a network with them replaced:
    // what a finite-difference check of the whole network perturbs.
    std::vector<double> parameters() const;
    CrowdNetwork with_parameters(const std::vector<double>& values) const;

private:
    CrowdNetwork(Arrangement a, HiddenLayer hidden, std::optional<Normaliser> norm, Dense output)
        : arrangement_(a), hidden_(std::move(hidden)), norm_(std::move(norm)), output_(std::move(output)) {}
    Arrangement arrangement_;
    HiddenLayer hidden_;
    std::optional<Normaliser> norm_;
    Dense output_;
};

// Binary cross-entropy of sigmoid(logits) against 0/1 labels, averaged over the rows, computed
// stably from the logits; dlogits = (sigmoid(logit) - label) / N.
// requires: logits (N, 1) with N > 0 (else EmptyBlockError), finite; N labels, finite.
struct Loss {
    double value = 0;
    Block dlogits;
};
Loss binary_cross_entropy(const Block& logits, const std::vector<double>& labels);
// want_value false: the slope alone (loss.value is left at 0), which is all a step needs.
void binary_cross_entropy_into(const Block& logits, const std::vector<double>& labels, Loss& loss,
                               bool want_value = true);
// Share of rows whose logit falls on the label's side of zero (sigmoid 0.5).
// requires: logits (N, 1), N > 0; one label per row (else ShapeError), each 0 or 1 (else DataError).
double accuracy(const Block& logits, const std::vector<double>& labels);
std::size_t correct_count(const Block& logits, const std::vector<double>& labels);

// The slopes of a gradient in the order of CrowdNetwork::parameters().
std::vector<double> flatten(const NetworkGradient& gradient);

} // namespace normlab
