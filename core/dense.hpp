// A dense layer with its neurons' activation: output = act(x W + b).
// Legend: x is (N, I), W is (I, O) (column k holds neuron k's weights), b is (O).
#pragma once
#include <string>
#include <vector>

#include "block.hpp"

namespace normlab {

enum class Activation { Identity, Relu, Tanh, Sigmoid };
const char* activation_name(Activation a);            // "identity", "relu", "tanh", "sigmoid"
Activation activation_named(const std::string& name); // throws OptionError

// The activation applied to one score, and its slope given the score and the answer.
double activate(Activation a, double score);
double activation_slope(Activation a, double score, double answer);

struct DenseResponse {
    Block input;  // (N, I)
    Block score;  // (N, O) x W + b
    Block output; // (N, O) act(score)
};

struct DenseGradient {
    Block dx;                  // (N, I)
    Block dweights;            // (I, O)
    std::vector<double> dbias; // (O)
    Block dscore;              // (N, O) dy * act'(score): the slope at the scores
};

// Everything a dense layer is, as plain data: what crosses to JavaScript and comes back.
struct DenseState {
    Block weights;            // (I, O)
    std::vector<double> bias; // (O)
    Activation activation = Activation::Identity;
};

class Dense {
public:
    // requires: weights non-empty and finite; bias of length O, finite.
    Dense(Block weights, std::vector<double> bias, Activation activation);

    // requires and ensures: as the constructor; state() gives back what from_state was handed.
    static Dense from_state(const DenseState& state) { return Dense(state.weights, state.bias, state.activation); }
    DenseState state() const { return {weights_, bias_, activation_}; }

    const Block& weights() const { return weights_; }
    const std::vector<double>& bias() const { return bias_; }
    Activation activation() const { return activation_; }
    std::size_t inputs() const { return weights_.rows; }
    std::size_t outputs() const { return weights_.cols; }

    Block infer(const Block& x) const;
    DenseResponse train(const Block& x) const;
    DenseGradient backward(const DenseResponse& response, const Block& dy) const;
    // ensures: a new layer with W - stride * dW and b - stride * db; this one unchanged.
    Dense step(const DenseGradient& gradient, double stride) const;

    // The same verbs writing into storage the caller keeps, for training loops that must not
    // allocate. They check nothing: the caller has checked the shapes and values once.
    // backward_into skips the passed-down block when pass_down is false (nothing below to take it).
    void train_into(const Block& x, DenseResponse& r) const;
    void backward_into(const DenseResponse& r, const Block& dy, DenseGradient& g, bool pass_down = true) const;
    // next may be this layer itself (an in-place step).
    void step_into(const DenseGradient& gradient, double stride, Dense& next) const;
    std::size_t parameter_count() const { return weights_.size() + bias_.size(); }

    bool operator==(const Dense& o) const {
        return weights_ == o.weights_ && bias_ == o.bias_ && activation_ == o.activation_;
    }

private:
    Block weights_;
    std::vector<double> bias_;
    Activation activation_;
};

// Shared pieces for layers whose forward pass is a dense one (the weight-normalised layer).
// The checked forms validate; the _into forms do the arithmetic into caller storage.
void check_dense_input(const Block& weights, const Block& x);
void check_dense_slope(const DenseResponse& r, const Block& dy);
void dense_train_into(const Block& weights, const std::vector<double>& bias, Activation a, const Block& x,
                      DenseResponse& r);
void dense_backward_into(const Block& weights, Activation a, const DenseResponse& r, const Block& dy, DenseGradient& g,
                         bool pass_down);

} // namespace normlab
