// The slopes a stack starts with: one draw's figures, reproducibility, refusals.
#include <cmath>

#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
StartingSlopesSettings small_settings() {
    StartingSlopesSettings s;
    s.shape = {11, 8, 16, 2, 32, 3};
    s.sequences = 4;
    s.draws = 2;
    s.seed = 9;
    return s;
}
} // namespace

TEST_CASE("starting slopes are each block's feed-forward weight slope norms, averaged", "[transformer][slopes]") {
    const StartingSlopesSettings s = small_settings();
    const StartingSlopes slopes = starting_slopes(s);
    REQUIRE(slopes.post.size() == 3);
    REQUIRE(slopes.pre.size() == 3);
    // By hand: the same draws, the same stacks, the same tokens.
    Random seeds(s.seed);
    std::vector<double> post(3, 0.0), pre(3, 0.0);
    for (std::size_t k = 0; k < s.draws; ++k) {
        const std::uint64_t seed = seeds.next_u64();
        for (Placement placement : {Placement::Post, Placement::Pre}) {
            Random rng(seed);
            const TransformerStack stack = initialised_stack(s.shape, placement, s.kind, rng);
            const TokenBatch tokens = random_tokens(rng, s.sequences, s.shape.context, s.shape.vocabulary);
            const TransformerResponse r = stack.train(tokens);
            const TransformerGradient g = stack.backward(r, next_token_loss(r.logits(), next_tokens(tokens)).dlogits);
            for (std::size_t l = 0; l < 3; ++l) {
                const auto& ff = g.dblocks[l].dfeed_forward;
                double square = 0;
                for (double v : ff.dexpand.dweights.data) square += v * v;
                for (double v : ff.dcontract.dweights.data) square += v * v;
                (placement == Placement::Post ? post : pre)[l] += std::sqrt(square) / 2;
            }
        }
    }
    for (std::size_t l = 0; l < 3; ++l) {
        CHECK_NEAR(slopes.post[l], post[l], 1e-15 * post[l]);
        CHECK_NEAR(slopes.pre[l], pre[l], 1e-15 * pre[l]);
        CHECK(slopes.post[l] > 0);
        CHECK(slopes.pre[l] > 0);
    }
    CHECK(starting_slopes(s).post == slopes.post); // a seed names the figure
}

TEST_CASE("starting slopes refuse draws and sequences beyond their limits", "[transformer][slopes][errors]") {
    StartingSlopesSettings s = small_settings();
    s.draws = 0;
    check_refusal<SizeError>([&] { starting_slopes(s); }, "draws 0");
    s = small_settings();
    s.sequences = 257;
    check_refusal<SizeError>([&] { starting_slopes(s); }, "sequences 257");
    s = small_settings();
    s.kind = NormKind::Group;
    check_refusal<OptionError>([&] { starting_slopes(s); }, "group norm");
}

TEST_CASE("the view prints the stated setting's slopes per block", "[transformer][slopes][view]") {
    StartingSlopesSettings s = small_settings();
    const std::string json = starting_slopes_view(s);
    CHECK_THAT(json, Catch::Contains("\"depth\":3"));
    CHECK_THAT(json, Catch::Contains("\"norm\":\"layer\""));
    CHECK_THAT(json, Catch::Contains("\"post\":["));
    CHECK_THAT(json, Catch::Contains("\"pre\":["));
    const StartingSlopesSettings d = default_starting_slopes_settings();
    CHECK(d.shape == TransformerShape{11, 16, 64, 4, 256, 6});
}

TEST_CASE("at depth 6, width 64 post-norm's slopes rise to the last blocks and pre-norm's fall",
          "[transformer][slopes][figure][T38]") {
    const StartingSlopes s = starting_slopes(default_starting_slopes_settings());
    CHECK(s.post.back() > 1.1 * s.post.front()); // 2.35 against 2.01
    for (std::size_t l = 1; l < 6; ++l) CHECK(s.pre[l] < s.pre[l - 1]);
    CHECK(s.pre.back() < 0.5 * s.pre.front()); // 1.31 against 3.16
    CHECK(s.post.back() > s.pre.back());
}

TEST_CASE("across depths, each figure is the last block of that depth's slopes, beside the expectations",
          "[transformer][slopes]") {
    const StartingSlopesSettings s = small_settings();
    const SlopesAcrossDepths across = slopes_across_depths(s, {1, 2, 4});
    REQUIRE(across.depths == std::vector<std::size_t>{1, 2, 4});
    for (std::size_t k = 0; k < 3; ++k) {
        StartingSlopesSettings at = s;
        at.shape.depth = across.depths[k];
        const StartingSlopes slopes = starting_slopes(at);
        CHECK(across.post[k] == slopes.post.back());
        CHECK(across.pre[k] == slopes.pre.back());
        CHECK(across.post_expected[k] == across.post[0]);
    }
    CHECK(across.pre_expected[0] == across.pre[0]);
    CHECK_NEAR(across.pre_expected[2], across.pre[0] / 2, 1e-15 * across.pre[0]); // 1 / sqrt(4)
}

TEST_CASE("across depths refuses an empty, long, unordered or too deep list", "[transformer][slopes][errors]") {
    const StartingSlopesSettings s = small_settings();
    check_refusal<SizeError>([&] { slopes_across_depths(s, {}); }, "0 depths");
    check_refusal<SizeError>([&] { slopes_across_depths(s, std::vector<std::size_t>(17, 1)); }, "17 depths");
    check_refusal<OptionError>([&] { slopes_across_depths(s, {2, 2}); }, "depth 2 does not come after depth 2");
    check_refusal<SizeError>([&] { slopes_across_depths(s, {1, 49}); }, "depth 49");
}

TEST_CASE("the last figure over the first, and the expectations through the first depth's figures",
          "[transformer][slopes]") {
    CHECK(last_over_first({2.0, 5.0, 3.0}) == 1.5);
    CHECK(last_over_first({4.0}) == 1.0);
    const SlopesExpectations e = slopes_expectations({1, 4, 9}, 3.0, 6.0);
    CHECK(e.post == std::vector<double>{3.0, 3.0, 3.0});
    CHECK(e.pre == std::vector<double>{6.0, 3.0, 2.0});
    // Through a first depth other than 1: pre-norm's figure at depth 8 is half of depth 2's.
    CHECK(slopes_expectations({2, 8}, 1.0, 5.0).pre[1] == 2.5);
}

TEST_CASE("the ratio and the expectations refuse what names no figure", "[transformer][slopes][errors]") {
    check_refusal<SizeError>([] { last_over_first({}); }, "0 figures");
    check_refusal<NonFiniteError>([] { last_over_first({1.0, std::nan("")}); }, "the figures");
    check_refusal<NonFiniteError>([] { last_over_first({0.0, 1.0}); }, "the ratio of the last figure to the first");
    check_refusal<OptionError>([] { slopes_expectations({3, 2}, 1.0, 1.0); }, "depth 2 does not come after depth 3");
    check_refusal<NonFiniteError>([] { slopes_expectations({1, 2}, 1.0, HUGE_VAL); }, "pre-norm figure");
}

TEST_CASE("the reader's settings: 4 heads, hidden 4 x width, the normaliser by name", "[transformer][slopes][view]") {
    const StartingSlopesSettings s = starting_slopes_settings(3, 32, "rms", 7);
    CHECK(s.shape == TransformerShape{11, 16, 32, 4, 128, 3});
    CHECK(s.kind == NormKind::Rms);
    CHECK(s.seed == 7);
    check_refusal<OptionError>([&] { starting_slopes_settings(3, 32, "batchy", 7); }, "batchy");
    CHECK(starting_slopes_view(starting_slopes_settings(6, 64, "layer", 1)) ==
          starting_slopes_view(default_starting_slopes_settings()));
    const std::string json = slopes_across_depths_view(starting_slopes_settings(1, 16, "layer", 2), {1, 2});
    CHECK_THAT(json, Catch::Contains("\"depths\":[1,2]"));
    CHECK_THAT(json, Catch::Contains("\"preExpected\":["));
}

TEST_CASE("the ensemble holds each draw's slopes; its bands' means are the starting slopes bit for bit",
          "[transformer][slopes][ensemble]") {
    const StartingSlopesSettings s = small_settings();
    const StartingSlopesEnsemble e = starting_slopes_ensemble(s);
    REQUIRE(e.post.rows == s.draws);
    REQUIRE(e.post.cols == 3);
    REQUIRE(e.pre.rows == s.draws);
    // Draw k by hand: the k-th seed of the settings' generator, the same weights and tokens for both.
    Random seeds(s.seed);
    for (std::size_t k = 0; k < s.draws; ++k) {
        const std::uint64_t seed = seeds.next_u64();
        for (Placement placement : {Placement::Post, Placement::Pre}) {
            Random rng(seed);
            const TransformerStack stack = initialised_stack(s.shape, placement, s.kind, rng);
            const TokenBatch tokens = random_tokens(rng, s.sequences, s.shape.context, s.shape.vocabulary);
            const TransformerResponse r = stack.train(tokens);
            const std::vector<double> sizes =
                feed_forward_slope_sizes(stack.backward(r, next_token_loss(r.logits(), next_tokens(tokens)).dlogits));
            CHECK((placement == Placement::Post ? e.post : e.pre).row(k) == sizes);
        }
    }
    const Band post = band_of(e.post);
    CHECK(e.post_band.median == post.median);
    CHECK(e.post_band.high == post.high);
    const StartingSlopes means = starting_slopes(s);
    CHECK(e.post_band.mean == means.post);
    CHECK(e.pre_band.mean == means.pre);
    for (std::size_t l = 0; l < 3; ++l) {
        CHECK(e.post_band.min[l] <= e.post_band.median[l]);
        CHECK(e.post_band.median[l] <= e.post_band.max[l]);
    }
}

TEST_CASE("across depths, draw k's figure at each depth is the last block of draw k at that depth",
          "[transformer][slopes][ensemble]") {
    const StartingSlopesSettings s = small_settings();
    const SlopesAcrossDepthsEnsemble e = slopes_across_depths_ensemble(s, {1, 2, 4});
    REQUIRE(e.at_depth.size() == 3);
    REQUIRE(e.post.rows == s.draws);
    REQUIRE(e.post.cols == 3);
    for (std::size_t d = 0; d < 3; ++d) {
        StartingSlopesSettings at = s;
        at.shape.depth = e.depths[d];
        const StartingSlopesEnsemble alone = starting_slopes_ensemble(at);
        CHECK(e.at_depth[d].post == alone.post);
        for (std::size_t k = 0; k < s.draws; ++k) {
            CHECK(e.post.at(k, d) == alone.post.at(k, e.depths[d] - 1));
            CHECK(e.pre.at(k, d) == alone.pre.at(k, e.depths[d] - 1));
        }
    }
    CHECK(e.post_band.mean == band_of(e.post).mean);
    const SlopesAcrossDepths means = slopes_across_depths(s, {1, 2, 4});
    CHECK(slopes_across_depths_of(e).post == means.post);
    CHECK(slopes_across_depths_of(e).pre_expected == means.pre_expected);
    check_refusal<OptionError>([&] { slopes_across_depths_ensemble(s, {2, 1}); }, "depth 1 does not come after");
    StartingSlopesSettings many = s;
    many.draws = 65;
    check_refusal<SizeError>([&] { starting_slopes_ensemble(many); }, "draws 65");
}

TEST_CASE("the ensemble view prints each draw and each band; the bands' means are the single views' figures",
          "[transformer][slopes][ensemble][view]") {
    const StartingSlopesSettings s = small_settings();
    const Json j = JsonReader(starting_slopes_ensemble_view(s, {1, 3})).read();
    CHECK(j["draws"].number == 2);
    CHECK(j["lowQuantile"].number == 0.1);
    CHECK(j["highQuantile"].number == 0.9);
    const Json& block = j["perBlock"];
    CHECK(block["depth"].number == 3);
    const std::vector<std::vector<double>> per_draw = block["post"]["perDraw"].rows();
    REQUIRE(per_draw.size() == 2);
    CHECK(per_draw[1] == starting_slopes_ensemble(s).post.row(1)); // shortest round-trip text reads back exactly
    const Json single = JsonReader(starting_slopes_view(s)).read();
    CHECK(block["post"]["band"]["mean"].numbers() == single["post"].numbers());
    CHECK(block["pre"]["band"]["mean"].numbers() == single["pre"].numbers());
    CHECK(block["pre"]["band"]["count"].number == 2);
    const Json& across = j["acrossDepths"];
    CHECK(across["depths"].numbers() == std::vector<double>{1, 3});
    const Json single_across = JsonReader(slopes_across_depths_view(s, {1, 3})).read();
    CHECK(across["post"]["band"]["mean"].numbers() == single_across["post"].numbers());
    CHECK(across["preExpected"].numbers() == single_across["preExpected"].numbers());
    CHECK(across["post"]["perDraw"][1].numbers()[1] == block["post"]["perDraw"][1].numbers()[2]); // depth 3's last
    // A depth outside the list is measured on its own.
    StartingSlopesSettings two = s;
    two.shape.depth = 2;
    const Json other = JsonReader(starting_slopes_ensemble_view(two, {1, 3})).read();
    CHECK(other["perBlock"]["post"]["band"]["mean"].numbers() == starting_slopes(two).post);
}
