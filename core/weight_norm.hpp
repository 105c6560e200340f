// A weight-normalised dense layer: each neuron stores a direction v and a magnitude g, and its
// effective weights are w = g * v / |v|. The forward pass is a dense layer's with those weights,
// value for value.
//
// Checklist answers:
// - magnitude slope: w_slope . u, the part of the dense slope along the unit direction u.
// - direction slope: (g / |v|) (w_slope - (w_slope . u) u), the radial part projected out, so a
//   step of the direction cannot change its length to first order.
// - a zero direction has no direction to take: it is refused with ZeroDirectionError.
// Legend: x is (N, I); v is (I, O), column k is neuron k's direction; g and b are (O).
#pragma once
#include <vector>

#include "block.hpp"
#include "dense.hpp"

namespace normlab {

struct WeightNormGradient {
    Block dx;                       // (N, I)
    Block ddirection;               // (I, O), projected
    std::vector<double> dmagnitude; // (O)
    std::vector<double> dbias;      // (O)
    Block dweights;                 // (I, O), the dense slope w_slope the two are made from
};

// Everything a weight-normalised layer is, as plain data (the effective weights are derived).
struct WeightNormState {
    Block direction;                     // (I, O)
    std::vector<double> magnitude, bias; // (O) each
    Activation activation = Activation::Identity;
};

class WeightNormDense {
public:
    // requires: direction non-empty, finite, no zero column; magnitude and bias of length O.
    WeightNormDense(Block direction, std::vector<double> magnitude, std::vector<double> bias, Activation a);
    // The weight-normalised form of a dense layer: directions as given, magnitudes their lengths.
    static WeightNormDense from_dense(const Dense& dense);

    // requires and ensures: as the constructor; state() gives back what from_state was handed.
    static WeightNormDense from_state(const WeightNormState& s) {
        return WeightNormDense(s.direction, s.magnitude, s.bias, s.activation);
    }
    WeightNormState state() const { return {direction_, magnitude_, bias_, activation_}; }

    const Block& direction() const { return direction_; }
    const std::vector<double>& magnitude() const { return magnitude_; }
    const std::vector<double>& bias() const { return bias_; }
    Activation activation() const { return activation_; }
    std::vector<double> direction_lengths() const; // |v| per neuron, exact for any finite v
    Block effective_weights() const;               // g * v / |v|
    Dense as_dense() const;                        // the dense layer with the effective weights

    // requires and ensures: as Dense's verbs.
    Block infer(const Block& x) const;
    DenseResponse train(const Block& x) const;
    WeightNormGradient backward(const DenseResponse& response, const Block& dy) const;
    // requires: learning rate finite; ddirection (I, O), dmagnitude and dbias (O), all finite.
    // ensures: a new layer with v - learning_rate * dv, g - learning_rate * dg, b - learning_rate * db.
    WeightNormDense step(const WeightNormGradient& gradient, double learning_rate) const;

    // The same verbs into caller storage, checking nothing (see Dense). step_into refuses a
    // direction that reaches length 0, as the constructor does.
    void train_into(const Block& x, DenseResponse& r) const;
    void backward_into(const DenseResponse& r, const Block& dy, WeightNormGradient& g, Workspace& work,
                       bool pass_down = true) const;
    void step_into(const WeightNormGradient& gradient, double learning_rate, WeightNormDense& next) const;
    std::size_t parameter_count() const { return direction_.size() + magnitude_.size() + bias_.size(); }

    bool operator==(const WeightNormDense& o) const {
        return direction_ == o.direction_ && magnitude_ == o.magnitude_ && bias_ == o.bias_ &&
               activation_ == o.activation_;
    }

private:
    Block direction_;
    std::vector<double> magnitude_, bias_;
    Activation activation_;
    Block weights_;               // effective weights, derived from the direction and magnitude
    Block units_;                 // v / |v| per neuron, precise even when |v| is below the normal doubles
    std::vector<double> lengths_; // |v| per neuron
    void derive();                // lengths_, units_ and weights_ from direction_ and magnitude_
};

// The length of column k of v, without overflow or underflow: the plain sum of squares, or, when
// that leaves the range of normal doubles, the same sum over the column scaled by a power of two.
// requires: k < v.cols (else ShapeError).
double column_length(const Block& v, std::size_t k);

// The tempting wrong direction slope, (g / |v|) w_slope, with the radial part left in. For the
// page's comparison only; never used in training. An answer beyond the largest double is refused
// (NonFiniteError).
Block unprojected_direction_slope(const WeightNormDense& layer, const Block& dweights);

} // namespace normlab
