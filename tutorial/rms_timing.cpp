#include "rms_timing.hpp"

#include <algorithm>
#include <chrono>

#include "core/errors.hpp"
#include "core/json_writer.hpp"
#include "core/normaliser.hpp"
#include "core/random.hpp"
#include "core/workspace.hpp"
#include "options.hpp"

namespace normlab {
namespace {

using Clock = std::chrono::steady_clock;

// Seconds for `repeats` forward and backward passes of one normaliser, into storage made once,
// so that only the arithmetic is timed (no allocation, no checks).
double seconds_for(const Normaliser& layer, const Block& x, const Block& dy, std::size_t repeats, double& sink) {
    NormResponse r = layer.train(x);
    NormGradient g = layer.backward(r, dy);
    Workspace work;
    const Clock::time_point start = Clock::now();
    for (std::size_t k = 0; k < repeats; ++k) {
        layer.train_into(x, r, work);
        layer.backward_into(r, dy, g, work);
        sink += g.dx.data[k % g.dx.data.size()];
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

double median_of(std::vector<double> values) {
    require_nonempty(values.size(), 1, "list of timings");
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

RmsTiming time_layer_and_rms(std::size_t width, std::size_t rounds, std::uint64_t seed) {
    require_count(width, 2, rms_timing_widest, "width");
    require_count(rounds, 1, rms_timing_most_rounds, "number of rounds");
    RmsTiming t;
    t.width = width;
    t.rounds = rounds;
    t.repeats = std::max<std::size_t>(1, rms_timing_cells_per_round / (t.rows * width));
    Random rng(seed);
    Block x(t.rows, width), dy(t.rows, width);
    for (double& v : x.data) v = rng.normal();
    for (double& v : dy.data) v = rng.normal();
    const Normaliser layer(width, layer_norm()), rms(width, rms_norm());
    double sink = 0;
    seconds_for(layer, x, dy, t.repeats, sink); // the uncounted round
    seconds_for(rms, x, dy, t.repeats, sink);
    for (std::size_t round = 0; round < rounds; ++round) {
        const bool layer_first = round % 2 == 0;
        double first = seconds_for(layer_first ? layer : rms, x, dy, t.repeats, sink);
        double second = seconds_for(layer_first ? rms : layer, x, dy, t.repeats, sink);
        if (!layer_first) std::swap(first, second);
        t.layer_seconds.push_back(first / double(t.repeats));
        t.rms_seconds.push_back(second / double(t.repeats));
        const double layer_each = t.layer_seconds.back(), rms_each = t.rms_seconds.back();
        t.saved_percents.push_back(layer_each > 0 ? 100.0 * (1.0 - rms_each / layer_each) : 0.0);
    }
    // The sink keeps every pass's answer in use; it is finite for finite inputs.
    require_answer_finite(std::vector<double>{sink}, "timing sink");
    t.layer_median = median_of(t.layer_seconds);
    t.rms_median = median_of(t.rms_seconds);
    t.saved_percent = median_of(t.saved_percents);
    return t;
}

std::string rms_timing_view(std::size_t width, std::size_t rounds, std::uint64_t seed) {
    const RmsTiming t = time_layer_and_rms(width, rounds, seed);
    JsonWriter j;
    j.begin_object().field("width", t.width).field("rows", t.rows).field("repeats", t.repeats);
    j.field("rounds", t.rounds).field("layerSeconds", t.layer_seconds).field("rmsSeconds", t.rms_seconds);
    j.field("savedPercents", t.saved_percents);
    j.field("layerMedian", t.layer_median).field("rmsMedian", t.rms_median);
    j.field("savedPercent", t.saved_percent).end_object();
    return j.str();
}

std::string rms_saving_summary_view(const std::vector<double>& widths, const std::vector<double>& saved_percents) {
    require_nonempty(widths.size(), 1, "list of widths");
    require_same(saved_percents.size(), widths.size(), "number of savings", "number of widths");
    require_finite(widths, "list of widths");
    require_finite(saved_percents, "list of savings");
    std::size_t least = 0, most = 0, below = 0, within = 0, above = 0;
    for (std::size_t k = 0; k < widths.size(); ++k) {
        const double s = saved_percents[k];
        if (s < saved_percents[least]) least = k;
        if (s > saved_percents[most]) most = k;
        if (s < rms_paper_saving_low)
            ++below;
        else if (s > rms_paper_saving_high)
            ++above;
        else
            ++within;
    }
    JsonWriter j;
    j.begin_object().field("paperLow", rms_paper_saving_low).field("paperHigh", rms_paper_saving_high);
    j.field("widths", widths.size());
    j.key("least").begin_object().field("width", widths[least]).field("savedPercent", saved_percents[least]);
    j.end_object();
    j.key("most").begin_object().field("width", widths[most]).field("savedPercent", saved_percents[most]);
    j.end_object();
    j.field("belowPaper", below).field("withinPaper", within).field("abovePaper", above).end_object();
    return j.str();
}

} // namespace normlab
