// Training the crowd network: full-batch gradient descent by the layer values
// (train_crowd_network), and the one dispatch that trains several networks side by side in the
// lockstep engine where it takes them and by the layer values where it does not
// (train_crowd_networks). Both give the same figures bit for bit.
#pragma once
#include <cstddef>
#include <vector>

#include "core/block.hpp"
#include "crowd_network.hpp"
#include "training_run.hpp"

namespace normlab {

// Full-batch gradient descent at learning rate 1 for `epochs` epochs on (x, labels). The loss's value
// never steers training (only its slope does), so what is recorded changes no figure.
// requires: x (N, 2) finite with N > 0, N labels; a training that stays within the doubles
// (a parameter that is not finite after some epoch, or an answer beyond the largest double, is a
// NonFiniteError naming where, whatever is recorded).
TrainingRun train_crowd_network(CrowdNetwork start, const Block& x, const std::vector<double>& labels,
                                std::size_t epochs = crowd_epochs, Recording recording = Recording::Losses);

// requires: what train_in_lockstep (crowd/lockstep/engine.hpp) requires of trainings with the
// same row count; trainings of unequal row counts need only what train_crowd_network does.
// ensures: per training, train_crowd_network(start, x, labels, epochs, recording), bit for bit:
// side by side in the lockstep engine when the row counts agree and the engine keeps within the
// ordinary range of doubles, else by the layer values.
std::vector<TrainingRun> train_crowd_networks(const std::vector<CrowdTraining>& trainings,
                                              std::size_t epochs = crowd_epochs,
                                              Recording recording = Recording::FinalLoss);

} // namespace normlab
