// The MNIST networks: single-precision 784-128-128-128-10 networks in the core's arrangements,
// their dense kernel, their training and evaluation, the digit reader, what the lab asks (lab.hpp)
// and the instruments over seeds (over_seeds.hpp). Built on core/.
#pragma once
#include "batch_size_sweep.hpp"
#include "dense_kernel.hpp"
#include "digits.hpp"
#include "lab.hpp"
#include "mnist_network.hpp"
#include "mnist_training.hpp"
#include "over_seeds.hpp"
