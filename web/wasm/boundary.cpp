// The copies of numbers across the boundary, one JavaScript call each (see boundary.hpp), the
// Block value every module takes and gives, and the largest block the core takes, which every
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
    normlab::boundary::crossing<normlab::Block>("Block")
        .field("rows", &normlab::Block::rows)
        .field("cols", &normlab::Block::cols)
        .numbers<&normlab::Block::data>("data");
    emscripten::function(
        "maxBlockCells", +[] { return normlab::max_block_cells; });
}
