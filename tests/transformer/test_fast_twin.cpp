// The fast twin (transformer/fast/) against the reference, bit for bit: the digit-reversal
// training in pieces (continue_reversal_training) and one draw of the starting slopes (the layer
// values' draw as starting_slopes.cpp takes it), over every path of the twin's kernels: both
// placements, layer and RMS norm, shapes whose rows, columns and head features leave remainders
// (odd widths, odd head widths, a batch of five), warm-up, pieces, given batches shorter than the
// context, steps whose figures overflow (the twin hands them to the reference), and refusals.
#include <cmath>
#include <typeinfo>

#include "transformer/fast/fast_transformer.hpp"
#include "transformer/fast/kernels.hpp"
#include "transformer/fast/stack_pass.hpp"
#include "transformer_fixtures.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

DigitReversalSettings run_of(Placement placement, NormKind kind, std::size_t width, std::size_t heads,
                             std::size_t hidden) {
    DigitReversalSettings s;
    s.digits = 3;
    s.width = width;
    s.heads = heads;
    s.hidden = hidden;
    s.depth = 2;
    s.placement = placement;
    s.kind = kind;
    s.adam.learning_rate = 1e-2;
    s.adam.warmup_steps = 4;
    s.steps = 7;
    s.batch = 5;
    s.seed = 9;
    return s;
}

void check_same(const ReversalPiece& fast, const ReversalPiece& reference) {
    CHECK(fast.losses == reference.losses);
    CHECK(fast.training.parameters == reference.training.parameters);
    CHECK(fast.training.first_moment == reference.training.first_moment);
    CHECK(fast.training.second_moment == reference.training.second_moment);
    CHECK(fast.training.steps == reference.training.steps);
}

// The reference's draw of the starting slopes, as starting_slopes.cpp takes it with the layer values.
std::vector<double> reference_draw(const TransformerShape& shape, Placement placement, NormKind kind,
                                   std::uint64_t seed, std::size_t sequences) {
    Random random(seed);
    const TransformerStack stack = initialised_stack(shape, placement, kind, random);
    TokenBatch tokens{sequences, shape.context, std::vector<std::size_t>(sequences * shape.context)};
    for (std::size_t& id : tokens.ids) id = static_cast<std::size_t>(random.below(shape.vocabulary));
    const TransformerResponse r = stack.train(tokens);
    const NextTokenLoss loss = next_token_loss(r.logits(), next_tokens(tokens));
    return feed_forward_slope_sizes(stack.backward(r, loss.dlogits));
}

ParameterLayout layout_of(const DigitReversalSettings& s) {
    Random random(s.seed);
    const TransformerShape shape{reversal_vocabulary, 2 * s.digits, s.width, s.heads, s.hidden, s.depth};
    return initialised_stack(shape, s.placement, s.kind, random).layout();
}

// The refusal a call makes: its type's name and its message ("" when it makes none).
template <class F>
std::string refusal_of(F&& call) {
    try {
        call();
    } catch (const std::exception& e) {
        return std::string(typeid(e).name()) + ": " + e.what();
    }
    return "";
}

} // namespace

TEST_CASE("the fast twin trains as the reference, bit for bit, in every placement, norm and shape",
          "[transformer][fast]") {
    struct Shape {
        std::size_t width, heads, hidden;
    };
    // E = 4 and F = 12 fill the registers; E = 5, F = 7 and D = 15 leave one column over; E = 1.
    for (const Shape shape : {Shape{8, 2, 12}, Shape{15, 3, 7}, Shape{6, 6, 10}})
        for (Placement placement : {Placement::Post, Placement::Pre})
            for (NormKind kind : {NormKind::Layer, NormKind::Rms}) {
                const DigitReversalSettings s = run_of(placement, kind, shape.width, shape.heads, shape.hidden);
                INFO(placement_name(placement) << ", " << norm_kind_name(kind) << ", width " << s.width << ", "
                                               << s.heads << " heads, hidden " << s.hidden);
                const ReversalTraining start = start_reversal_training(s);
                const ReversalPiece reference = continue_reversal_training(s, start, s.steps);
                check_same(fast::continue_reversal_training(s, start, s.steps), reference);
                // In pieces: the warm-up and Adam's bias corrections count from the run's first step.
                const ReversalPiece first = fast::continue_reversal_training(s, start, 3);
                const ReversalPiece second = fast::continue_reversal_training(s, first.training, 4);
                std::vector<double> losses = first.losses;
                losses.insert(losses.end(), second.losses.begin(), second.losses.end());
                CHECK(losses == reference.losses);
                CHECK(second.training.parameters == reference.training.parameters);
                CHECK(second.training.second_moment == reference.training.second_moment);
            }
}

TEST_CASE("the fast twin trains the warm-up instrument's opening stacks as the reference, bit for bit",
          "[transformer][fast]") {
    for (Placement placement : {Placement::Post, Placement::Pre}) {
        INFO(placement_name(placement));
        DigitReversalSettings s; // 4 digits, batches of 16
        s.width = 32;
        s.heads = 4;
        s.hidden = 128;
        s.depth = 6;
        s.placement = placement;
        s.adam.learning_rate = 0.01;
        s.adam.warmup_steps = 50;
        s.steps = 200;
        const ReversalTraining start = start_reversal_training(s);
        check_same(fast::continue_reversal_training(s, start, 12), continue_reversal_training(s, start, 12));
    }
}

TEST_CASE("the fast twin trains on given batches as the reference, shorter ones included", "[transformer][fast]") {
    const DigitReversalSettings s = run_of(Placement::Pre, NormKind::Layer, 8, 2, 12);
    const ReversalTraining start = start_reversal_training(s);
    Random rng(3);
    std::vector<ReversalBatch> batches{reversal_batch(5, 3, rng), reversal_batch(2, 2, rng), reversal_batch(7, 1, rng)};
    check_same(fast::continue_reversal_training(s, start, batches), continue_reversal_training(s, start, batches));
}

// Pre-norm with token embeddings of 1e160: the normalisers' squares overflow, the reference takes
// those rows again in scaled units and trains on with finite figures; the twin hands every such
// step to the reference. Post-norm's attention scores overflow instead, and both refuse the step.
TEST_CASE("the fast twin hands a step whose figures overflow to the reference", "[transformer][fast][errors]") {
    for (Placement placement : {Placement::Pre, Placement::Post}) {
        INFO(placement_name(placement));
        const DigitReversalSettings s = run_of(placement, NormKind::Layer, 8, 2, 12);
        ReversalTraining start = start_reversal_training(s);
        const ParameterRun tokens = layout_of(s).run("embedding.tokens");
        for (std::size_t k = tokens.offset; k < tokens.offset + tokens.count; ++k) start.parameters[k] *= 1e160;
        const std::string refused = refusal_of([&] { continue_reversal_training(s, start, 3); });
        CHECK(refusal_of([&] { fast::continue_reversal_training(s, start, 3); }) == refused);
        if (placement == Placement::Pre) {
            REQUIRE(refused.empty()); // the rescaled rows train on
            check_same(fast::continue_reversal_training(s, start, 3), continue_reversal_training(s, start, 3));
        } else {
            CHECK_THAT(refused, Catch::Contains("NonFiniteError"));
        }
    }
}

TEST_CASE("the fast twin refuses what the reference refuses, with the same words", "[transformer][fast][errors]") {
    const DigitReversalSettings s = run_of(Placement::Post, NormKind::Layer, 8, 2, 12);
    const ReversalTraining start = start_reversal_training(s);
    const auto same = [](auto&& fast_call, auto&& reference_call) {
        const std::string refused = refusal_of(reference_call);
        CHECK(!refused.empty());
        CHECK(refusal_of(fast_call) == refused);
    };
    DigitReversalSettings bad = s;
    bad.batch = 0;
    same([&] { fast::continue_reversal_training(bad, start, 1); }, [&] { continue_reversal_training(bad, start, 1); });
    same([&] { fast::continue_reversal_training(s, start, 8); }, [&] { continue_reversal_training(s, start, 8); });
    ReversalTraining broken = start;
    broken.parameters.pop_back();
    same([&] { fast::continue_reversal_training(s, broken, 1); }, [&] { continue_reversal_training(s, broken, 1); });
    broken = start;
    broken.parameters[3] = NAN;
    same([&] { fast::continue_reversal_training(s, broken, 1); }, [&] { continue_reversal_training(s, broken, 1); });
    broken = start;
    broken.second_moment[2] = INFINITY;
    same([&] { fast::continue_reversal_training(s, broken, 1); }, [&] { continue_reversal_training(s, broken, 1); });
    broken = start;
    broken.first_moment.pop_back();
    same([&] { fast::continue_reversal_training(s, broken, 1); }, [&] { continue_reversal_training(s, broken, 1); });
    ReversalBatch beyond = reversal_batch_of(1, 3, {1, 2, 3});
    beyond.input.ids[1] = reversal_vocabulary; // a token beyond the vocabulary
    same([&] { fast::continue_reversal_training(s, start, {beyond}); },
         [&] { continue_reversal_training(s, start, {beyond}); });
    ReversalBatch aimless = reversal_batch_of(1, 3, {1, 2, 3});
    aimless.targets.ids.pop_back(); // fewer targets than logit rows
    same([&] { fast::continue_reversal_training(s, start, {aimless}); },
         [&] { continue_reversal_training(s, start, {aimless}); });
    ReversalBatch long_batch = reversal_batch_of(1, 4, {1, 2, 3, 4}); // 8 tokens in a context of 6
    same([&] { fast::continue_reversal_training(s, start, {long_batch}); },
         [&] { continue_reversal_training(s, start, {long_batch}); });
}

TEST_CASE("the fast twin checks a trained stack as the reference, bit for bit, and refuses as it does",
          "[transformer][fast]") {
    for (Placement placement : {Placement::Post, Placement::Pre})
        for (NormKind kind : {NormKind::Layer, NormKind::Rms}) {
            INFO(placement_name(placement) << ", " << norm_kind_name(kind));
            const DigitReversalSettings s = run_of(placement, kind, 15, 3, 7);
            const ReversalTraining trained =
                continue_reversal_training(s, start_reversal_training(s), s.steps).training;
            const ReversalCheck check = fast::reversal_check(s, trained);
            const ReversalCheck reference = reversal_check(s, trained);
            CHECK(check.loss == reference.loss);
            CHECK(check.accuracy == reference.accuracy);
            const ReversalCheck unseen = fast::reversal_unseen_check(s, trained);
            const ReversalCheck reference_unseen = reversal_unseen_check(s, trained);
            CHECK(unseen.loss == reference_unseen.loss);
            CHECK(unseen.accuracy == reference_unseen.accuracy);
            CHECK(std::isfinite(unseen.loss));
        }
    const DigitReversalSettings s = run_of(Placement::Post, NormKind::Layer, 8, 2, 12);
    ReversalTraining broken = start_reversal_training(s);
    broken.parameters.pop_back();
    const std::string short_list = refusal_of([&] { reversal_check(s, broken); });
    CHECK(!short_list.empty());
    CHECK(refusal_of([&] { fast::reversal_check(s, broken); }) == short_list);
    CHECK(refusal_of([&] { fast::reversal_unseen_check(s, broken); }) ==
          refusal_of([&] { reversal_unseen_check(s, broken); }));
    broken = start_reversal_training(s);
    broken.parameters[3] = NAN;
    const std::string not_finite = refusal_of([&] { reversal_unseen_check(s, broken); });
    CHECK(!not_finite.empty());
    CHECK(refusal_of([&] { fast::reversal_unseen_check(s, broken); }) == not_finite);
    // Embeddings of 1e160: post-norm's attention scores overflow, and both refuse the check.
    ReversalTraining huge = start_reversal_training(s);
    const ParameterRun tokens = layout_of(s).run("embedding.tokens");
    for (std::size_t k = tokens.offset; k < tokens.offset + tokens.count; ++k) huge.parameters[k] *= 1e160;
    CHECK(refusal_of([&] { fast::reversal_check(s, huge); }) == refusal_of([&] { reversal_check(s, huge); }));
}

TEST_CASE("the fast twin draws the starting slopes as the reference, bit for bit", "[transformer][fast][slopes]") {
    // The instrument's opening stack (6 blocks of width 64), and one whose sizes leave remainders.
    for (const TransformerShape shape : {TransformerShape{11, 16, 64, 4, 256, 6}, TransformerShape{7, 5, 15, 3, 9, 3}})
        for (Placement placement : {Placement::Post, Placement::Pre})
            for (NormKind kind : {NormKind::Layer, NormKind::Rms})
                for (std::uint64_t seed : {1u, 2u}) {
                    INFO(placement_name(placement)
                         << ", " << norm_kind_name(kind) << ", width " << shape.width << ", seed " << seed);
                    const std::size_t sequences = shape.width == 64 ? 8 : 3;
                    const std::vector<double> sizes =
                        fast::starting_slope_sizes(shape, placement, kind, seed, sequences);
                    CHECK(sizes == reference_draw(shape, placement, kind, seed, sequences));
                    CHECK(sizes.size() == shape.depth);
                }
}

TEST_CASE("the twin reads every parameter where the stack's layout puts it", "[transformer][fast]") {
    Random rng(2);
    for (Placement placement : {Placement::Post, Placement::Pre})
        for (NormKind kind : {NormKind::Layer, NormKind::Rms}) {
            const TransformerStack stack = initialised_stack(small_shape(), placement, kind, rng);
            const ParameterLayout layout = stack.layout();
            const fast::StackAt at = fast::stack_at(small_shape(), placement, kind);
            CHECK(at.size == layout.size());
            CHECK(at.tokens == layout.run("embedding.tokens").offset);
            CHECK(at.positions == layout.run("embedding.positions").offset);
            const auto dense = [&](const fast::DenseAt& d, const std::string& name) {
                CHECK(d.weights == layout.run(name + ".weights").offset);
                CHECK(d.bias == layout.run(name + ".bias").offset);
                CHECK(d.inputs * d.outputs == layout.run(name + ".weights").count);
            };
            const auto norm = [&](const fast::NormAt& n, const std::string& name) {
                CHECK(n.scale == layout.run(name + ".scale").offset);
                CHECK(n.learned_shift == (kind == NormKind::Layer));
                if (n.learned_shift) CHECK(n.shift == layout.run(name + ".shift").offset);
            };
            REQUIRE(at.blocks.size() == small_shape().depth);
            for (std::size_t l = 0; l < at.blocks.size(); ++l) {
                const std::string name = "block" + std::to_string(l);
                norm(at.blocks[l].first, name + ".first");
                dense(at.blocks[l].projection, name + ".attention.projection");
                dense(at.blocks[l].mix, name + ".attention.mix");
                norm(at.blocks[l].second, name + ".second");
                dense(at.blocks[l].expand, name + ".feed_forward.expand");
                dense(at.blocks[l].contract, name + ".feed_forward.contract");
            }
            if (placement == Placement::Pre) norm(at.final, "final");
            dense(at.readout, "readout");
        }
}

TEST_CASE("the twin's sums and Adam move keep every lane's order", "[transformer][fast]") {
    Random rng(5);
    // c = start + a b with a read transposed, against the sums written out, for sizes that fill
    // four-row tiles and leave rows and columns over.
    for (std::size_t m : {1u, 4u, 7u})
        for (std::size_t n : {1u, 2u, 5u, 8u}) {
            const std::size_t k = 6;
            std::vector<double> a(k * m), b(k * n), start(n), c(m * n);
            for (std::vector<double>* v : {&a, &b, &start})
                for (double& x : *v) x = rng.normal();
            fast::multiply(m, k, n, a.data(), 1, m, b.data(), start.data(), c.data()); // a stored (K, M)
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t j = 0; j < n; ++j) {
                    double want = start[j];
                    for (std::size_t p = 0; p < k; ++p) want = want + a[p * m + i] * b[p * n + j];
                    CHECK(c[i * n + j] == want);
                }
        }
    // Adam's move for an odd count (the last parameter outside the registers) is Adam::step's.
    AdamSettings settings;
    settings.learning_rate = 0.03;
    std::vector<double> p(5), g(5), m(5), v(5);
    for (std::size_t q = 0; q < 5; ++q) {
        p[q] = rng.normal();
        g[q] = rng.normal();
    }
    const Adam::Move want = Adam(settings, 5).step(p, g);
    std::vector<double> got(5), m1(5), v1(5);
    const fast::AdamMove move{settings.beta1, settings.beta2, settings.eps, 0.03 / (1.0 - settings.beta1),
                              std::sqrt(1.0 - settings.beta2)};
    fast::adam_move(move, 5, p.data(), g.data(), m.data(), v.data(), got.data(), m1.data(), v1.data());
    CHECK(got == want.parameters);
    CHECK(m1 == want.next.first_moment());
    CHECK(v1 == want.next.second_moment());
    // A ReLU's slope lets through exactly where the score is above 0 (NaN and -0 not).
    const std::vector<double> score{1.0, -0.0, NAN, 2.0, -1.0}, dy{3.0, 4.0, 5.0, -6.0, 7.0};
    std::vector<double> d(5);
    fast::relu_slopes(5, score.data(), dy.data(), d.data());
    CHECK(d == std::vector<double>{3.0, 0.0, 0.0, -6.0, 0.0});
    CHECK_FALSE(fast::all_finite(score.size(), score.data()));
    CHECK(fast::all_finite(dy.size(), dy.data()));
}

TEST_CASE("at the warm-up's opening setting the fast twin's 200 steps are the reference's, bit for bit",
          "[transformer][fast][slow]") {
    for (Placement placement : {Placement::Post, Placement::Pre}) {
        INFO(placement_name(placement));
        DigitReversalSettings s; // 4 digits, batches of 16, seed 1
        s.width = 32;
        s.heads = 4;
        s.hidden = 128;
        s.depth = 6;
        s.placement = placement;
        s.adam.learning_rate = 0.01;
        s.steps = 200;
        const ReversalTraining start = start_reversal_training(s);
        check_same(fast::continue_reversal_training(s, start, s.steps), continue_reversal_training(s, start, s.steps));
    }
}
