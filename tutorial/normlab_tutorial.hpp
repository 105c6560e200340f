// The tutorial's instruments: everything the tutorial chapter's widgets compute.
#pragma once
#include "batch_size.hpp"
#include "bowl.hpp"
#include "drift.hpp"
#include "histogram.hpp"
#include "mean_and_spread.hpp"
#include "options.hpp"
#include "parameter_count.hpp"
#include "residual_stack.hpp"
#include "rms_timing.hpp"
#include "running_average.hpp"
#include "tutorial_views.hpp"
#include "worked_table.hpp"
