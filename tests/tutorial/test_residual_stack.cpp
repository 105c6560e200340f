// Pre-norm against post-norm: what reaches each block at initialisation.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("post-norm keeps the main path at spread 1; pre-norm's main path grows with depth",
          "[tutorial][residual][T42]") {
    ResidualStackSettings s;
    s.depth = 24;
    const ResidualStacks r = residual_stacks(s);
    for (double v : r.post.spread) CHECK_NEAR(v, 1, 1e-4);
    CHECK(r.pre.spread.back() > 2 * r.pre.spread.front());
}

TEST_CASE("pre-norm's slope changes smoothly along the highway; post-norm's is bumpy and larger near the output",
          "[tutorial][residual][T40]") {
    // At the instrument's opening depth (24) and at 48, seeds 1 to 5.
    for (std::size_t depth : {24, 48})
        for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
            ResidualStackSettings s;
            s.seed = seed;
            s.depth = depth;
            const ResidualStacks r = residual_stacks(s);
            INFO("depth " << depth << ", seed " << seed << ": post-norm's slope rises " << r.post.slope_rises
                          << " times");
            CHECK(r.pre.slope_rises == 0);
            CHECK(r.post.slope_rises >= 3); // pre-norm never rises; post-norm rises again and again
            CHECK(r.post.input_slope.back() > 2 * r.pre.input_slope.back());
        }
}

TEST_CASE(
    "over seeds 1 to 5, at 24 blocks and at 48, pre-norm's slope never jumps up again; post-norm's does at 3 or "
    "more blocks",
    "[tutorial][residual][T40]") {
    for (std::size_t depth : {24, 48}) {
        ResidualStackSettings s;
        s.depth = depth;
        const ResidualOverSeeds o = residual_over_seeds(s, {1, 2, 3, 4, 5});
        INFO("depth " << depth << ": post-norm jumps up again at " << o.post_fewest_rises << " to " << o.post_most_rises
                      << " blocks");
        CHECK(tally_text(o.pre_smooth) == "5 of 5 seeds");
        CHECK(tally_text(o.post_bumpy) == "5 of 5 seeds");
        CHECK(o.post_fewest_rises >= 3);
        CHECK(o.post_most_rises >= o.post_fewest_rises);
        CHECK(o.settings.seed == 1);
    }
    // Each seed's count is its own stacks' (seed 1 at 24 blocks alone).
    ResidualStackSettings one;
    one.depth = 24;
    const std::size_t rises = residual_stacks(one).post.slope_rises;
    const ResidualOverSeeds alone = residual_over_seeds(one, {1});
    CHECK(alone.post_fewest_rises == rises);
    CHECK(alone.post_most_rises == rises);
    CHECK_THROWS_AS(residual_over_seeds(one, {}), SizeError);
}

TEST_CASE("the slope at the last block shrinks with depth under pre-norm and not under post-norm",
          "[tutorial][residual]") {
    ResidualStackSettings shallow, deep;
    shallow.depth = 4;
    deep.depth = 48;
    const ResidualStacks a = residual_stacks(shallow), b = residual_stacks(deep);
    CHECK(b.pre.input_slope.back() < 0.5 * a.pre.input_slope.back());
    CHECK(b.post.input_slope.back() > 0.5 * a.post.input_slope.back());
    CHECK(b.post.input_slope.back() < 2 * a.post.input_slope.back());
}

TEST_CASE("the slope at the stack's input agrees with central differences of the loss, both placements",
          "[tutorial][residual]") {
    ResidualStackSettings s;
    s.depth = 3;
    s.examples = 4;
    s.width = 4;
    const ResidualStack stack = residual_stack(s);
    for (NormPlacement placement : {NormPlacement::Post, NormPlacement::Pre}) {
        const ResidualStackPass pass = residual_pass(stack, placement);
        const double h = 1e-6;
        double largest = 0;
        for (std::size_t k = 0; k < stack.input.size(); ++k) {
            ResidualStack up = stack, down = stack;
            up.input.data[k] += h;
            down.input.data[k] -= h;
            const double numeric = (residual_pass(up, placement).loss - residual_pass(down, placement).loss) / (2 * h);
            largest = std::fmax(largest, std::fabs(numeric - pass.dinput.data[k]));
        }
        CHECK(largest < 1e-7);
    }
}

TEST_CASE("a stack whose layers do not pair up is refused", "[tutorial][residual][errors]") {
    ResidualStack stack = residual_stack(ResidualStackSettings{});
    stack.down.pop_back();
    CHECK_THROWS_AS(residual_pass(stack, NormPlacement::Pre), ShapeError);
}

TEST_CASE("the stack refuses a depth outside 1 to 64", "[tutorial][residual][errors]") {
    ResidualStackSettings s;
    s.depth = 0;
    CHECK_THROWS_AS(residual_stacks(s), OptionError);
    s.depth = 65;
    CHECK_THROWS_AS(residual_stacks(s), OptionError);
}
