// The copies of numbers across the boundary, one JavaScript call each (see boundary.hpp), the
// values every module takes and gives (a Block, a refusal), and the largest block the core takes, which every
// module's callers check before copying.
#include <emscripten/bind.h>
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>

#include "boundary.hpp"
#include "core/block.hpp"

// clang-format off
EM_JS(emscripten::EM_VAL, normlab_numbers_out, (const double* data, std::size_t count), {
    return Emval.toHandle(HEAPF64.slice(data >>> 3, (data >>> 3) + count));
});
EM_JS(std::size_t, normlab_numbers_length, (emscripten::EM_VAL v), {
    return Emval.toValue(v).length;
});
EM_JS(void, normlab_numbers_in, (emscripten::EM_VAL v, double* data), {
    HEAPF64.set(Emval.toValue(v), data >>> 3);
});
// clang-format on

// Declared once, here, since every module links this file: a Block crosses as
// {rows, cols, data: Float64Array}.
EMSCRIPTEN_BINDINGS(normlab_boundary) {
    using normlab::boundary::Refusal;
    using normlab::boundary::RefusalDetail;
    normlab::boundary::crossing<RefusalDetail>("RefusalDetail")
        .field("name", &RefusalDetail::name)
        .field("message", &RefusalDetail::message);
    normlab::boundary::crossing<Refusal>("Refusal").field("error", &Refusal::error);
    normlab::boundary::crossing<normlab::Block>("Block")
        .field("rows", &normlab::Block::rows)
        .field("cols", &normlab::Block::cols)
        .numbers<&normlab::Block::data>("data");
    emscripten::function(
        "maxBlockCells", +[] { return normlab::max_block_cells; });
}
