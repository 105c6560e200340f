// The spread over seeds across the boundary, in every page module: a list's summary and a band
// over curves cross as declared values, a yes/no tally as its counts, its seeds and its words
// (and the tally of curves that rise, over an ensemble's draws).
// Declarations and adapters only; a refusal crosses as {error: {name, message}}.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "core/seed_tally.hpp"
#include "core/spread.hpp"

using emscripten::val;
using normlab::boundary::answer;
using normlab::boundary::numbers;
using namespace normlab;

namespace {

// The tally as JavaScript sees it: the core's tally and its words.
struct TallyView {
    SeedTally tally;
    std::string text;
};

std::vector<double> seed_numbers(const std::vector<std::uint64_t>& seeds) {
    return std::vector<double>(seeds.begin(), seeds.end());
}
val holding_of(const TallyView& v) { return boundary::numbers_value(seed_numbers(v.tally.holding)); }
val failing_of(const TallyView& v) { return boundary::numbers_value(seed_numbers(v.tally.failing)); }
std::size_t holds_of(const TallyView& v) { return v.tally.holds; }
std::size_t count_of(const TallyView& v) { return v.tally.count; }
std::string text_of(const TallyView& v) { return v.text; }

val spread_js(val values) {
    return answer([&] { return spread_of(numbers(values)); });
}
// band_of checks the block's shape itself.
val band_js(val curves) {
    return answer([&] { return band_of(curves.as<Block>()); });
}
// seeds: whole numbers (a Float64Array, checked by the wrapper); holds: a Uint8Array of 0 and 1.
val tally_js(val seeds, val holds) {
    return answer([&] {
        const std::vector<double> given = numbers(seeds);
        const std::vector<std::uint8_t> answers = boundary::typed_vector<std::uint8_t>(holds);
        const SeedTally t = tally_of(std::vector<std::uint64_t>(given.begin(), given.end()),
                                     std::vector<bool>(answers.begin(), answers.end()));
        return TallyView{t, tally_text(t)};
    });
}

// numbers: each curve's draw number (whole, checked by the wrapper); curves: a Block, one per row.
val rising_js(val numbers, val curves) {
    return answer([&] {
        const std::vector<double> given = boundary::numbers(numbers);
        const SeedTally t = rising_tally(std::vector<std::uint64_t>(given.begin(), given.end()), curves.as<Block>());
        return TallyView{t, tally_text(t, TallyUnit::Draws)};
    });
}

} // namespace

EMSCRIPTEN_BINDINGS(spread) {
    using boundary::crossing;
    using emscripten::function;
    crossing<Spread>("Spread")
        .field("count", &Spread::count)
        .field("mean", &Spread::mean)
        .field("min", &Spread::min)
        .field("max", &Spread::max)
        .field("median", &Spread::median)
        .field("low", &Spread::low)
        .field("high", &Spread::high);
    crossing<Band>("Band")
        .field("count", &Band::count)
        .numbers<&Band::mean>("mean")
        .numbers<&Band::min>("min")
        .numbers<&Band::max>("max")
        .numbers<&Band::median>("median")
        .numbers<&Band::low>("low")
        .numbers<&Band::high>("high");
    crossing<TallyView>("SeedTally")
        .readout("holds", &holds_of)
        .readout("count", &count_of)
        .readout("holding", &holding_of)
        .readout("failing", &failing_of)
        .readout("text", &text_of);

    function("spreadOf", &spread_js);
    function("bandOf", &band_js);
    function("tallyOf", &tally_js);
    function("risingTally", &rising_js);
}
