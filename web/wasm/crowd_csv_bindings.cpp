// A reader's own crowd across the boundary: its CSV text read by the core (the comparison, the
// whole-crowd runs and the row of two numbers take it as their optional crowd, crowd_bindings.cpp). A text with
// unreadable lines is refused as {error: {name: 'DataError', message, lines: [{line, reason}]}}, every line named at
// once.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <string>

#include "boundary.hpp"
#include "crowd/crowd_csv.hpp"
#include "crowd/normlab_crowd.hpp"
#include "report/normlab_report.hpp"

using emscripten::val;
using normlab::boundary::answer;
using namespace normlab;

namespace {

val crowd_from_csv(std::string text) {
    try {
        return val(read_crowd_csv(text));
    } catch (const CrowdCsvError& e) {
        val refused = normlab::boundary::refusal(e.name(), e.what());
        val lines = val::array();
        for (const RefusedLine& r : e.lines) {
            val line = val::object();
            line.set("line", val(r.line));
            line.set("reason", val(r.reason));
            lines.call<void>("push", line);
        }
        refused["error"].set("lines", lines);
        return refused;
    } catch (...) {
        return normlab::boundary::refused();
    }
}

val check_size(std::size_t bytes, bool at_least) {
    return answer([&] {
        require_crowd_csv_size(bytes, at_least);
        return bytes;
    });
}

} // namespace

EMSCRIPTEN_BINDINGS(crowd_csv) {
    using emscripten::function;
    function("crowdFromCsv", &crowd_from_csv);
    function("crowdCsvCheckSize", &check_size);
    function("crowdCsvMaxBytes", emscripten::optional_override([] { return crowd_csv_max_bytes; }));
    function("crowdCsvMaxPeople", emscripten::optional_override([] { return crowd_csv_max_people; }));
    function("crowdCsvMinPeople", emscripten::optional_override([] { return crowd_folds; }));
}
