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

// Rounds with a saving above 0: those in which RMSNorm took less time than layer norm.
std::size_t rounds_saved(const std::vector<double>& saved_percents) {
    return std::size_t(std::count_if(saved_percents.begin(), saved_percents.end(), [](double p) { return p > 0; }));
}

// The spread as a JSON object: {count, mean, min, max, median, low, high}.
void write_spread(JsonWriter& j, const Spread& s) {
    j.begin_object().field("count", s.count).field("mean", s.mean).field("min", s.min).field("max", s.max);
    j.field("median", s.median).field("low", s.low).field("high", s.high).end_object();
}

} // namespace

RmsTiming rms_timing_of(std::size_t width, std::size_t repeats, std::vector<double> layer_seconds,
                        std::vector<double> rms_seconds) {
    require_same(rms_seconds.size(), layer_seconds.size(), "number of RMSNorm timings", "number of layer-norm timings");
    require_count(layer_seconds.size(), 1, rms_timing_most_rounds, "number of rounds");
    require_finite(layer_seconds, "layer-norm timings");
    require_finite(rms_seconds, "RMSNorm timings");
    for (std::size_t k = 0; k < layer_seconds.size(); ++k)
        if (!(layer_seconds[k] > 0 && rms_seconds[k] > 0))
            throw OptionError("round " + std::to_string(k + 1) + " took " + format_number(layer_seconds[k]) +
                              " s for layer norm and " + format_number(rms_seconds[k]) +
                              " s for RMSNorm; a timing is above 0");
    RmsTiming t;
    t.width = width;
    t.repeats = repeats;
    t.rounds = layer_seconds.size();
    for (std::size_t k = 0; k < t.rounds; ++k)
        t.saved_percents.push_back(100.0 * (1.0 - rms_seconds[k] / layer_seconds[k]));
    t.rms_faster = rounds_saved(t.saved_percents);
    t.layer = spread_of(layer_seconds);
    t.rms = spread_of(rms_seconds);
    t.saved = spread_of(t.saved_percents);
    t.layer_seconds = std::move(layer_seconds);
    t.rms_seconds = std::move(rms_seconds);
    return t;
}

RmsTiming time_layer_and_rms(std::size_t width, std::size_t rounds, std::uint64_t seed) {
    require_count(width, 2, rms_timing_widest, "width");
    require_count(rounds, 1, rms_timing_most_rounds, "number of rounds");
    const std::size_t repeats = std::max<std::size_t>(1, rms_timing_cells_per_round / (rms_timing_rows * width));
    Random rng(seed);
    Block x(rms_timing_rows, width), dy(rms_timing_rows, width);
    for (double& v : x.data) v = rng.normal();
    for (double& v : dy.data) v = rng.normal();
    const Normaliser layer(width, layer_norm()), rms(width, rms_norm());
    double sink = 0;
    seconds_for(layer, x, dy, repeats, sink); // the uncounted round
    seconds_for(rms, x, dy, repeats, sink);
    std::vector<double> layer_seconds, rms_seconds;
    for (std::size_t round = 0; round < rounds; ++round) {
        // A pair, back to back, the first of it alternating: whichever goes first pays any cost
        // of starting a round in half the rounds.
        const bool layer_first = round % 2 == 0;
        double first = seconds_for(layer_first ? layer : rms, x, dy, repeats, sink);
        double second = seconds_for(layer_first ? rms : layer, x, dy, repeats, sink);
        if (!layer_first) std::swap(first, second);
        layer_seconds.push_back(first / double(repeats));
        rms_seconds.push_back(second / double(repeats));
    }
    // The sink keeps every pass's answer in use; it is finite for finite inputs.
    require_answer_finite(std::vector<double>{sink}, "timing sink");
    return rms_timing_of(width, repeats, std::move(layer_seconds), std::move(rms_seconds));
}

std::string rms_timing_view(const RmsTiming& t) {
    JsonWriter j;
    j.begin_object().field("width", t.width).field("rows", t.rows).field("repeats", t.repeats);
    j.field("rounds", t.rounds).field("layerSeconds", t.layer_seconds).field("rmsSeconds", t.rms_seconds);
    j.field("savedPercents", t.saved_percents);
    j.field("layerMedian", t.layer.median).field("rmsMedian", t.rms.median);
    j.key("saved");
    write_spread(j, t.saved);
    j.field("rmsFaster", t.rms_faster).end_object();
    return j.str();
}

std::string rms_timing_view(std::size_t width, std::size_t rounds, std::uint64_t seed) {
    return rms_timing_view(time_layer_and_rms(width, rounds, seed));
}

RmsSavingSummary rms_saving_summary(const std::vector<double>& widths, const Block& savings) {
    require_well_formed(savings, "savings");
    require_nonempty(savings.rows, savings.cols, "savings");
    require_same(savings.rows, widths.size(), "number of widths saved at", "number of widths");
    require_finite(widths, "list of widths");
    require_finite(savings, "savings");
    RmsSavingSummary s;
    s.widths = widths.size();
    s.rounds = savings.cols;
    for (std::size_t k = 0; k < widths.size(); ++k) {
        const std::vector<double> row = savings.row(k);
        const Spread saved = spread_of(row);
        const std::size_t faster = rounds_saved(row);
        const double w = widths[k];
        if (k == 0 || saved.median < s.least_saved) {
            s.least_width = w;
            s.least_saved = saved.median;
        }
        if (k == 0 || saved.median > s.most_saved) {
            s.most_width = w;
            s.most_saved = saved.median;
        }
        if (saved.median < rms_paper_saving_low)
            ++s.below_paper;
        else if (saved.median > rms_paper_saving_high)
            ++s.above_paper;
        else
            ++s.within_paper;
        (faster == s.rounds ? s.every_round : 2 * faster > s.rounds ? s.most_rounds : s.half_or_fewer).push_back(w);
        (saved.low > 0 ? s.band_above_zero : saved.high < 0 ? s.band_below_zero : s.band_across_zero).push_back(w);
    }
    return s;
}

std::string rms_saving_summary_view(const std::vector<double>& widths, const Block& savings) {
    const RmsSavingSummary s = rms_saving_summary(widths, savings);
    JsonWriter j;
    j.begin_object().field("paperLow", rms_paper_saving_low).field("paperHigh", rms_paper_saving_high);
    j.field("widths", s.widths).field("rounds", s.rounds);
    j.key("least").begin_object().field("width", s.least_width).field("savedPercent", s.least_saved).end_object();
    j.key("most").begin_object().field("width", s.most_width).field("savedPercent", s.most_saved).end_object();
    j.field("belowPaper", s.below_paper).field("withinPaper", s.within_paper).field("abovePaper", s.above_paper);
    j.field("everyRound", s.every_round).field("mostRounds", s.most_rounds).field("halfOrFewer", s.half_or_fewer);
    j.field("bandAboveZero", s.band_above_zero).field("bandAcrossZero", s.band_across_zero);
    j.field("bandBelowZero", s.band_below_zero).end_object();
    return j.str();
}

} // namespace normlab
