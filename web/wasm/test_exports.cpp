// Exports only the tests use, built into the test module (normlab_core_test) and never into the
// module the page downloads: the JSON the native command prints, for the byte-identical
// comparison, the allocator's bytes in use, for leak checks, and the block sums.
#include <emscripten/bind.h>
#include <malloc.h>

#include "boundary.hpp"
#include "core/normlab_core.hpp"
#include "report/normlab_report.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;
using boundary::answer;
using emscripten::function;

EMSCRIPTEN_BINDINGS(normlab_test) {
    function(
        "heapInUse", +[] { return static_cast<double>(mallinfo().uordblks); });
    function(
        "referenceFiguresJson", +[] { return reference_figures_json(); });
    function(
        "measurementsJson", +[] { return measurements_json(); });
    function(
        "wholeCrowdJson", +[] { return whole_crowd_json(); });
    function(
        "tutorialFiguresJson", +[] { return tutorial_figures_json(); });
    function(
        "columnSums", +[](const Block& a) { return answer([&] { return boundary::numbers_value(column_sums(a)); }); });
    function(
        "rowSums", +[](const Block& a) { return answer([&] { return boundary::numbers_value(row_sums(a)); }); });
}
