// One normaliser, parameterised by the axis its sums run over: batch, layer, RMS and group
// normalisation are four settings of NormSpec, not four classes.
//
// Legend: (N, D) is a block of N rows by D features. A "set" is one index set the statistics
// run over: a column (batch axis, D sets of N cells) or a contiguous group of a row (features
// axis, N * groups sets of D / groups cells; one group is the whole row).
//
// The checklist of a complete layer, answered:
// - axis: batch runs down each column over the rows; layer and RMS along each row; group along
//   contiguous groups of a row (groups must divide D; one group is layer norm).
// - variance: biased (divides by the count of the set), computed in two passes.
// - eps: inside the square root, deviation = sqrt(variance + eps), default 1e-5.
// - scale and shift: one of each per feature, starting at 1 and 0. RMS keeps a shift that stays
//   at 0 unless learn_shift is set, so the conventional RMSNorm is the default exactly.
// - purposes: training (batch statistics) and predicting (running figures). The default purpose
//   is training, as a fresh PyTorch module is. Only the batch axis has running figures; the
//   other members answer the same for both purposes.
// - running figures: start at mean 0 and variance 1; move only in step(), toward the batch
//   figures the gradient carries: running = keep * running + (1 - keep) * batch, keep 0.9
//   (PyTorch's momentum 0.1 names the same rule by 1 - keep). A forward pass moves nothing.
// - running variance: the biased batch variance by default; unbiased_running gives PyTorch's
//   n / (n - 1) form.
// - backward: three routes (direct, through the mean, through the variance); RMS has no mean
//   route. Parameter slopes: dscale = sum over rows of dy * z, dshift = sum over rows of dy.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "block.hpp"
#include "workspace.hpp"

namespace normlab {

enum class Axis { Batch, Features };

// The four members of the family. The kind fixes the axis and whether the mean is taken away;
// groups, eps and the running rate are the other settings.
enum class NormKind { Batch, Layer, Rms, Group };
constexpr NormKind all_norm_kinds[] = {NormKind::Batch, NormKind::Layer, NormKind::Rms, NormKind::Group};
const char* norm_kind_name(NormKind kind);         // "batch", "layer", "rms", "group"
NormKind norm_kind_named(const std::string& name); // throws OptionError

// The running rate: one number, written in either convention. keep() is the share of the
// running figures kept at each step, momentum() the share of the batch figures folded in
// (PyTorch's name); each is 1 minus the other, and the one given is used exactly.
struct RunningRate {
    enum class Convention { Keep, Momentum };
    double value = 0.1;
    Convention convention = Convention::Momentum;
    double keep() const { return convention == Convention::Keep ? value : 1.0 - value; }
    double momentum() const { return convention == Convention::Momentum ? value : 1.0 - value; }
    bool operator==(const RunningRate& o) const { return value == o.value && convention == o.convention; }
};

struct NormSpec {
    NormKind kind = NormKind::Batch;
    std::size_t groups = 1;        // group kind: contiguous groups per row (1 for the others)
    double eps = 1e-5;             // added to the variance inside the square root
    RunningRate rate;              // keep 0.9, momentum 0.1
    bool unbiased_running = false; // running variance takes n / (n - 1) times the batch variance
    bool learn_shift = true;       // step moves the shift (RMS: false by default)

    Axis axis() const { return kind == NormKind::Batch ? Axis::Batch : Axis::Features; }
    bool centre() const { return kind != NormKind::Rms; } // subtract the mean (RMS does not)

    NormSpec with_eps(double e) const;
    NormSpec with_keep(double k) const;     // keep convention: 0.9 keeps nine tenths
    NormSpec with_momentum(double m) const; // PyTorch convention: momentum 0.1 is keep 0.9
    NormSpec with_unbiased_running(bool u) const;
    NormSpec with_learned_shift(bool l) const;
    bool operator==(const NormSpec& o) const;
};

NormSpec batch_norm();
NormSpec layer_norm();
NormSpec rms_norm();
NormSpec group_norm(std::size_t groups);
// The factory's spec of a kind: batch_norm(), layer_norm(), rms_norm() or group_norm(1).
NormSpec norm_spec(NormKind kind);

// What a training pass hands back: the answer and everything backward needs.
struct NormResponse {
    NormKind kind = NormKind::Batch; // the kind and groups of the layer that answered: the sets the
    std::size_t groups = 1;          // statistics below run over, checked by backward
    Block output;                    // (N, D) scale * standardised + shift
    Block standardised;              // (N, D) z
    std::vector<double> mean;        // per set (0 when not centring)
    std::vector<double> variance;    // per set, biased (mean square when not centring); Infinity when
                                     // the spread's square is beyond a double (the rest stays exact)
    std::vector<double> deviation;   // per set, sqrt(variance + eps)
};

// What the backward pass hands back: the passed-down block, the parameter slopes, and the
// batch statistics the step folds into the running figures.
struct NormGradient {
    NormKind kind = NormKind::Batch; // as the response's: checked by step
    std::size_t groups = 1;
    Block dx;                     // (N, D)
    std::vector<double> dscale;   // (D)
    std::vector<double> dshift;   // (D)
    std::vector<double> mean;     // per set, as in the response
    std::vector<double> variance; // per set, as in the response
    std::size_t rows = 0;         // N, for the unbiased running variance
};

// Everything a normaliser is, as plain data: what crosses to JavaScript and comes back.
struct NormaliserState {
    NormSpec spec;
    std::vector<double> scale, shift;                   // (D) each
    std::vector<double> running_mean, running_variance; // (D) each on the batch axis, else empty
};

class Normaliser {
public:
    // requires: 0 < features <= max_block_cells; eps finite and > 0; the running rate in [0, 1];
    // groups divide features.
    Normaliser(std::size_t features, NormSpec spec);

    // requires: every check of the constructor, scale and shift of length D and finite, running
    // figures of length D (batch kind; empty otherwise), finite, variances >= 0.
    // ensures: the layer whose state() is the one given; anything else is refused by name.
    static Normaliser from_state(const NormaliserState& state);
    NormaliserState state() const;

    const NormSpec& spec() const { return spec_; }
    std::size_t features() const { return scale_.size(); }
    const std::vector<double>& scale() const { return scale_; }
    const std::vector<double>& shift() const { return shift_; }
    const std::vector<double>& running_mean() const { return running_mean_; } // empty off the batch axis
    const std::vector<double>& running_variance() const { return running_var_; }
    bool has_running() const { return spec_.axis() == Axis::Batch; }

    // A copy with other scale and shift (each of length D, finite).
    Normaliser with_scale_shift(std::vector<double> scale, std::vector<double> shift) const;
    // A copy with other running figures (batch axis only; variance >= 0).
    Normaliser with_running(std::vector<double> mean, std::vector<double> variance) const;

    // Predicting: the batch axis standardises by the running figures; the others as in training.
    // requires: x is (N, D), finite, N > 0.
    // ensures: every answer finite; an answer beyond the largest double is refused (NonFiniteError).
    Block infer(const Block& x) const;
    // Training: standardises by the block's own statistics. Changes nothing. Inputs of any finite
    // size are answered exactly (a set whose sums would overflow is rescaled by a power of two).
    NormResponse train(const Block& x) const;

    // requires: a response of this layer: of its kind and groups (else ShapeError), standardised (N, D), finite; mean,
    // variance and deviation one per set, the deviations finite and > 0; dy (N, D), finite. Else ShapeError or
    // NonFiniteError. ensures: dx is the slope of sum(dy * output) with respect to the input, all three routes.
    NormGradient backward(const NormResponse& response, const Block& dy) const;

    // requires: learning rate finite; a gradient of a layer of this kind and groups (else ShapeError); slopes of length
    // D, finite; on the batch axis the batch mean and variance of length D, finite, variances >= 0, rows > 0 (> 1 for
    // the unbiased running variance). ensures: a new layer; scale and shift moved by -learning_rate * slope (the shift
    // only when learned); on the batch axis the running figures folded toward the gradient's batch figures. The layer
    // stepped from is unchanged.
    Normaliser step(const NormGradient& gradient, double learning_rate) const;

    // The same verbs into caller storage, checking nothing (the caller checked once), for
    // training loops that must not allocate. next may be this layer itself.
    void train_into(const Block& x, NormResponse& r, Workspace& work) const;
    void backward_into(const NormResponse& response, const Block& dy, NormGradient& g, Workspace& work) const;
    void step_into(const NormGradient& gradient, double learning_rate, Normaliser& next) const;

    std::size_t parameter_count() const; // scale, and shift when learned
    std::size_t buffer_count() const;    // running mean and variance

    bool operator==(const Normaliser& o) const;

private:
    NormSpec spec_;
    std::vector<double> scale_, shift_, running_mean_, running_var_;
    void check_input(const Block& x) const;
    void check_response(const NormResponse& response, const Block& dy) const;
    friend Block naive_backward(const Normaliser& layer, const NormResponse& response, const Block& dy);
};

// The tempting wrong backward pass, d / s: the direct route alone. For the page's comparison
// only; never used in training. requires: as Normaliser::backward.
Block naive_backward(const Normaliser& layer, const NormResponse& response, const Block& dy);

} // namespace normlab
