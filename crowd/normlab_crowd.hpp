// The essay's experiments: the crowd, its network, its training (with lockstep/, the training's
// fast twin), and what the comparison, the loss curves, the two ways of asking and the
// covariate-shift chart measure. Built on core/.
#pragma once
#include "crowd.hpp"
#include "crowd_experiments.hpp"
#include "crowd_network.hpp"
#include "lockstep/engine.hpp"
#include "training.hpp"
#include "training_run.hpp"
