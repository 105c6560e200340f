// The lockstep engine: the fast twin of train_crowd_network (crowd/training.hpp). Up to five
// crowd networks of one arrangement (or of plain and weightNorm, or of layer and RMS, whose loops
// differ only lane by lane) trained side by side: every array holds the same figure of each
// training next to each other, two trainings to a SIMD register, one register or three (spare
// lanes hold copies of the first training, whose results are dropped), so every loop runs across
// the trainings. Each training's arithmetic is the layer values', operation for operation and in
// the same order, so its network, losses and records are the same bit for bit; only the storage
// differs. state.hpp holds the storage, epoch.hpp the named kernels of one epoch, each naming the
// reference function it mirrors; tests/crowd/lockstep/test_engine.cpp compares them bit for bit.
#pragma once
#include <optional>
#include <vector>

#include "crowd/training_run.hpp"

namespace normlab {

// requires: 1 to lockstep_lanes trainings of one arrangement, or of plain and weightNorm, or of
// layer and rms (normaliser settings alike but for centring); all with the same row count N > 0
// and N labels each (else OptionError / ShapeError); recording every epoch, labels of 0 or 1
// (else DataError, as train_crowd_network's record refuses them).
// ensures: per training, what train_crowd_network(start, x, labels, epochs, recording) gives; or,
// when any of them leaves the ordinary range of doubles (a variance or a direction's squared
// length that is not a finite normal number, a recorded figure or a trained parameter that is not
// finite), nothing for every one of them: there the layer values' own careful paths take over, and
// the caller runs train_crowd_network instead (train_crowd_networks does). It throws only for the
// requirements above.
std::vector<std::optional<TrainingRun>> train_in_lockstep(const std::vector<CrowdTraining>& trainings,
                                                          std::size_t epochs = crowd_epochs,
                                                          Recording recording = Recording::FinalLoss);

} // namespace normlab
