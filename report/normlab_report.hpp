// Output shaped for readers of numbers: the widgets' views (written with core/json_writer.hpp),
// the measurements as JSON and the reference figures the two builds are compared by. Built on
// core/, crowd/ and transformer/.
#pragma once
#include "experiment_json.hpp"
#include "reference_figures.hpp"
#include "transformer_views.hpp"
#include "whole_crowd_figures.hpp"
#include "widget_views.hpp"
