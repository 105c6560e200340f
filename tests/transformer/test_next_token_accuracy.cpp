// Next tokens right: a counted position is right when its largest logit is its target.
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

TEST_CASE("a position is right when its largest logit, the first of equal ones, is its target",
          "[transformer][accuracy]") {
    // Rows: largest at 2 (target 2: right); at 0 (target 1: wrong); a tie of 0 and 1 (the first
    // wins, target 0: right); not asked.
    const Block logits = Block::from_rows({{0.1, 0.2, 0.9}, {3, 1, 2}, {5, 5, 1}, {0, 9, 0}});
    const TokenBatch targets{1, 4, {2, 1, 0, no_target}};
    const TokensRight count = next_tokens_right(logits, targets);
    CHECK(count.right == 2);
    CHECK(count.asked == 3);
    check_refusal<ShapeError>(
        [&] {
            next_tokens_right(logits, TokenBatch{1, 3, {2, 1, 0}});
        },
        "logits' number of rows is 4 but the number of targets is 3");
}
