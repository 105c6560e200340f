// The whole core in one include.
#pragma once
#include "block.hpp"
#include "dense.hpp"
#include "elementary.hpp"
#include "errors.hpp"
#include "gradient_check.hpp"
#include "normaliser.hpp"
#include "random.hpp"
#include "running_trace.hpp"
#include "weight_norm.hpp"
