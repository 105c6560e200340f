// The whole core in one include.
#pragma once
#include "block.hpp"
#include "dense.hpp"
#include "elementary.hpp"
#include "errors.hpp"
#include "gradient_check.hpp"
#include "json_writer.hpp"
#include "normaliser.hpp"
#include "random.hpp"
#include "reference_figures.hpp"
#include "running_trace.hpp"
#include "weight_norm.hpp"
