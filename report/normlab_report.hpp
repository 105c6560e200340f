// Output shaped for readers of numbers: the widgets' views, the JSON writer, the measurements as
// JSON and the reference figures the two builds are compared by. Built on core/ and crowd/.
#pragma once
#include "experiment_json.hpp"
#include "json_writer.hpp"
#include "reference_figures.hpp"
#include "whole_crowd_figures.hpp"
#include "widget_views.hpp"
