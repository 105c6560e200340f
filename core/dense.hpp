// A dense layer with its neurons' activation: output = act(x W + b).
// Legend: x is (N, I), W is (I, O) (column k holds neuron k's weights), b is (O).
#pragma once
#include <string>
#include <vector>

#include "block.hpp"
#include "workspace.hpp"

namespace normlab {

enum class Activation { Identity, Relu, Tanh, Sigmoid };
constexpr Activation all_activations[] = {Activation::Identity, Activation::Relu, Activation::Tanh,
                                          Activation::Sigmoid};
const char* activation_name(Activation a);            // "identity", "relu", "tanh", "sigmoid"
Activation activation_named(const std::string& name); // throws OptionError
// ensures: a is one of all_activations (a value cast from another number is an OptionError).
void require_activation(Activation a);

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

    // requires: x is (N, I), finite, N > 0. ensures: every score and answer finite (an answer
    // beyond the largest double is refused with NonFiniteError).
    Block infer(const Block& x) const;
    DenseResponse train(const Block& x) const;
    // requires: a response of this layer (input (N, I), score and output (N, O), finite) and dy
    // (N, O), finite; else ShapeError or NonFiniteError.
    DenseGradient backward(const DenseResponse& response, const Block& dy) const;
    // requires: learning rate finite; dweights (I, O) and dbias (O), finite.
    // ensures: a new layer with W - learning_rate * dW and b - learning_rate * db; this one unchanged.
    Dense step(const DenseGradient& gradient, double learning_rate) const;

    // The same verbs writing into storage the caller keeps, for training loops that must not
    // allocate. They check nothing: the caller has checked the shapes and values once.
    // backward_into skips the passed-down block when pass_down is false (nothing below to take it).
    void train_into(const Block& x, DenseResponse& r) const;
    void backward_into(const DenseResponse& r, const Block& dy, DenseGradient& g, Workspace& work,
                       bool pass_down = true) const;
    // next may be this layer itself (an in-place step).
    void step_into(const DenseGradient& gradient, double learning_rate, Dense& next) const;
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
void check_dense_answer(const DenseResponse& r);
void check_dense_response(const Block& weights, const DenseResponse& r, const Block& dy);
void dense_train_into(const Block& weights, const std::vector<double>& bias, Activation a, const Block& x,
                      DenseResponse& r);
// Writes the passed-down block (when pass_down), the weight slope and the bias slope.
void dense_backward_into(const Block& weights, Activation a, const DenseResponse& r, const Block& dy, Block& dx,
                         Block& dweights, std::vector<double>& dbias, Workspace& work, bool pass_down);

} // namespace normlab
