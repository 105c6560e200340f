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

// The CSV reader's refusal: {error: {name, message, lines: [{line, reason}]}}.
struct CsvRefusalDetail {
    std::string name, message;
    std::vector<RefusedLine> lines;
};
struct CsvRefusal {
    CsvRefusalDetail error;
};

val crowd_from_csv(std::string text) {
    try {
        return val(read_crowd_csv(text));
    } catch (const CrowdCsvError& e) {
        return val(CsvRefusal{{e.name(), e.what(), e.lines}});
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
    using normlab::boundary::crossing;
    crossing<RefusedLine>("RefusedLine").field("line", &RefusedLine::line).field("reason", &RefusedLine::reason);
    crossing<CsvRefusalDetail>("CsvRefusalDetail")
        .field("name", &CsvRefusalDetail::name)
        .field("message", &CsvRefusalDetail::message)
        .list<&CsvRefusalDetail::lines>("lines");
    crossing<CsvRefusal>("CsvRefusal").field("error", &CsvRefusal::error);
    function("crowdFromCsv", &crowd_from_csv);
    function("crowdCsvCheckSize", &check_size);
    function("crowdCsvMaxBytes", emscripten::optional_override([] { return crowd_csv_max_bytes; }));
    function("crowdCsvMaxPeople", emscripten::optional_override([] { return crowd_csv_max_people; }));
    function("crowdCsvMinPeople", emscripten::optional_override([] { return crowd_folds; }));
}
