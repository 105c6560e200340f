// Training the crowd network: full-batch gradient descent by the layer values
// (train_crowd_network), and the one dispatch that trains several networks side by side in the
// lockstep engine where it takes them and by the layer values where it does not
// (train_crowd_networks). Both give the same figures bit for bit.
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

// Full-batch gradient descent at learning rate 1 for `epochs` epochs on (x, labels). The loss's value
// never steers training (only its slope does), so what is recorded changes no figure.
// requires: x (N, 2) finite with N > 0, N labels; a training that stays within the doubles
// (a parameter that is not finite after some epoch, or an answer beyond the largest double, is a
// NonFiniteError naming where, whatever is recorded).
TrainingRun train_crowd_network(CrowdNetwork start, const Block& x, const std::vector<double>& labels,
                                std::size_t epochs = crowd_epochs, Recording recording = Recording::Losses);

// One training of several trained together: a starting network and its data.
struct CrowdTraining {
    CrowdNetwork start; // a network as CrowdNetwork::initial made it
    Block x;            // (N, 2), finite
    std::vector<double> labels;
};

// requires: what train_in_lockstep (crowd/lockstep/engine.hpp) requires of trainings with the
// same row count; trainings of unequal row counts need only what train_crowd_network does.
// ensures: per training, train_crowd_network(start, x, labels, epochs, recording), bit for bit:
// side by side in the lockstep engine when the row counts agree and the engine keeps within the
// ordinary range of doubles, else by the layer values.
std::vector<TrainingRun> train_crowd_networks(const std::vector<CrowdTraining>& trainings,
                                              std::size_t epochs = crowd_epochs,
                                              Recording recording = Recording::FinalLoss);

} // namespace normlab
