#include "training.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "core/errors.hpp"
#include "core/normaliser.hpp"
#include "lockstep/engine.hpp"

namespace normlab {
namespace {

// The order of operations here is a contract: lockstep::record_lane (crowd/lockstep/engine.cpp)
// mirrors it, and tests/crowd/lockstep/test_engine*.cpp compare them bit for bit.
EpochRecord record_epoch(const CrowdNetwork& net, const NetworkResponse& r, const Block& x,
                         const std::vector<double>& labels, double loss) {
    EpochRecord e;
    e.loss = loss;
    e.predicted_accuracy = accuracy(net.infer(x), labels);
    e.batch_accuracy = accuracy(r.logits(), labels);
    // The block's mean and deviation per unit, by the batch layer's own statistics.
    const NormResponse stats = Normaliser(r.read_by_output().cols, batch_norm()).train(r.read_by_output());
    e.unit_mean = stats.mean;
    e.unit_deviation.resize(stats.variance.size());
    for (std::size_t j = 0; j < stats.variance.size(); ++j) e.unit_deviation[j] = std::sqrt(stats.variance[j]);
    if (net.norm()) e.shift = net.norm()->shift();
    return e;
}

// requires: every parameter finite after the given epoch's step (else NonFiniteError: inputs far
// outside standard units can make the network diverge).
void require_trained_finite(const CrowdNetwork& net, std::size_t epoch) {
    const std::vector<double> p = net.parameters();
    for (std::size_t k = 0; k < p.size(); ++k)
        if (!std::isfinite(p[k]))
            throw NonFiniteError("the training diverged: after epoch " + std::to_string(epoch) + " parameter " +
                                 std::to_string(k + 1) + " of the network is " + format_number(p[k]) +
                                 "; inputs far outside standard units can do that");
}

} // namespace

// The reference the lockstep engine (crowd/lockstep/) mirrors: the order of operations here and
// in the layers' train_into, backward_into and step_into is a contract, held by
// tests/crowd/lockstep/test_engine.cpp ("bit for bit").
TrainingRun train_crowd_network(CrowdNetwork net, const Block& x, const std::vector<double>& labels, std::size_t epochs,
                                Recording recording) {
    require_nonempty(x.rows, x.cols, "input block");
    require_same(x.cols, 2, "input's feature count", "network's input count");
    require_finite(x, "input block");
    require_same(labels.size(), x.rows, "label count", "row count");
    TrainingRun run{net, 0, {}, {}};
    if (recording != Recording::FinalLoss) run.losses.reserve(epochs);
    // Storage kept across epochs: the network and the one it steps into, the response, the
    // gradient and the loss. After the first epoch nothing is allocated.
    CrowdNetwork nets[2] = {net, net}; // this epoch's network and the one it steps into
    std::size_t now = 0;
    NetworkResponse r;
    NetworkGradient g;
    Loss loss;
    Workspace work;
    for (std::size_t e = 0; e < epochs; ++e) {
        const CrowdNetwork& current = nets[now];
        current.train_into(x, r, work);
        const bool last = e + 1 == epochs;
        binary_cross_entropy_into(r.logits(), labels, loss, last || recording != Recording::FinalLoss);
        if (last) run.final_loss = loss.value;
        if (recording != Recording::FinalLoss) run.losses.push_back(loss.value);
        if (recording == Recording::Everything) run.records.push_back(record_epoch(current, r, x, labels, loss.value));
        current.backward_into(r, loss.dlogits, g, work);
        current.step_into(g, crowd_learning_rate, nets[1 - now]);
        now = 1 - now;
        require_trained_finite(nets[now], e + 1);
    }
    run.network = std::move(nets[now]);
    return run;
}

std::vector<TrainingRun> train_crowd_networks(const std::vector<CrowdTraining>& trainings, std::size_t epochs,
                                              Recording recording) {
    bool same_rows = true;
    for (const CrowdTraining& t : trainings) same_rows = same_rows && t.x.rows == trainings.front().x.rows;
    std::vector<std::optional<TrainingRun>> fast(trainings.size());
    if (same_rows && !trainings.empty()) fast = train_in_lockstep(trainings, epochs, recording);
    std::vector<TrainingRun> runs;
    runs.reserve(trainings.size());
    for (std::size_t k = 0; k < trainings.size(); ++k) {
        const CrowdTraining& t = trainings[k];
        runs.push_back(fast[k] ? std::move(*fast[k]) : train_crowd_network(t.start, t.x, t.labels, epochs, recording));
    }
    return runs;
}

} // namespace normlab
