// What a crowd training takes and writes down, shared by the layer values' training
// (training.hpp) and its fast twin, the lockstep engine (lockstep/engine.hpp): the settings every
// training uses, a training's start and data, and what a run records.
#pragma once
#include <cstddef>
#include <vector>

#include "core/block.hpp"
#include "crowd_network.hpp"

namespace normlab {

constexpr std::size_t crowd_epochs = 400;
constexpr double crowd_learning_rate = 1.0;
// At most this many trainings train side by side in one call of the lockstep engine.
constexpr std::size_t lockstep_lanes = 5;

// What a training run writes down at each epoch (the forward pass that epoch's step follows).
struct EpochRecord {
    double loss = 0;                    // as the backward pass measured it
    double predicted_accuracy = 0;      // the network asked properly (predicting)
    double batch_accuracy = 0;          // asked by the batch's own statistics (training)
    std::vector<double> unit_mean;      // (16) mean over the rows of the block the output layer reads
    std::vector<double> unit_deviation; // (16) its biased deviation
    std::vector<double> shift;          // (16) the normaliser's shift, if there is one
};

// What a training run writes down as it goes.
enum class Recording {
    FinalLoss, // the loss of the last epoch only (the comparison's trainings)
    Losses,    // the loss of every epoch
    Everything // the loss and an EpochRecord of every epoch (the whole-crowd runs)
};

struct TrainingRun {
    CrowdNetwork network;             // after the last step
    double final_loss = 0;            // the loss the last backward pass measured
    std::vector<double> losses;       // per epoch, unless only the final loss was asked for
    std::vector<EpochRecord> records; // per epoch, when everything was asked for
};

// One training of several trained together: a starting network and its data.
struct CrowdTraining {
    CrowdNetwork start; // a network as CrowdNetwork::initial made it
    Block x;            // (N, 2), finite
    std::vector<double> labels;
};

} // namespace normlab
