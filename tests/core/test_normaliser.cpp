// The essay's Parts 2 to 5 and the tutorial's worked tables, at the precision they print.
#include <limits>

#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
Normaliser batch_layer(std::size_t d) { return Normaliser(d, batch_norm()); }
} // namespace

TEST_CASE("the second column of the whole-number four has mean 6, variance 9, deviation 3.0000017",
          "[batch][seed][E7]") {
    const NormResponse r = batch_layer(2).train(whole_number_four());
    CHECK(r.mean[1] == 6.0);
    CHECK(r.variance[1] == 9.0);
    CHECK_PRINTS(r.deviation[1], "3.0000017", 7);
    CHECK_PRINTS(r.standardised.at(0, 1), "0.3333", 4);
    CHECK_PRINTS(r.standardised.at(1, 1), "0.9999994", 7);
    CHECK_PRINTS(r.standardised.at(2, 1), "-1.6667", 4);
    CHECK_PRINTS(r.standardised.at(3, 1), "0.3333", 4);
    CHECK_PRINTS(r.output.at(0, 0), "-0.7778", 4);
    CHECK_PRINTS(r.output.at(0, 1), "0.3333", 4);
}

TEST_CASE("the standardised column's variance is v / (v + eps), a little below one", "[batch][seed][E9]") {
    const NormResponse r = batch_layer(2).train(whole_number_four());
    const NormResponse stats = batch_layer(2).train(r.standardised); // the standardised block's own statistics
    CHECK_NEAR(stats.variance[1], 9.0 / (9.0 + 1e-5), 1e-14);
    CHECK_PRINTS(stats.variance[1], "0.9999989", 7);
}

TEST_CASE("undo exactly: scale sqrt(v + eps) and shift m give the raw block back", "[batch][seed]") {
    const Block x = whole_number_four();
    const NormResponse r = batch_layer(2).train(x);
    const Normaliser undo = batch_layer(2).with_scale_shift(r.deviation, r.mean);
    CHECK(undo.scale()[1] == r.deviation[1]);
    const Block back = undo.train(x).output;
    CHECK(largest_gap(back, x) < 1e-14);
    CHECK_PRINTS(largest_gap(back, x), "8.9e-16", 17);           // the essay's gap, a last-bit rounding
    CHECK(format_number(back.at(0, 0)) == "0.9999999999999991"); // the essay's first row
}

TEST_CASE("keeping two rows, the first row answers 0 and -1", "[batch][seed][E13][T20]") {
    const Block two = Block::from_rows({{1, 7}, {1, 9}});
    const Block y = batch_layer(2).train(two).output;
    CHECK_PRINTS(y.at(0, 0), "0.0000", 4);
    CHECK_PRINTS(y.at(0, 1), "-1.0000", 4);
}

TEST_CASE("one row while training answers zeros; a constant column answers zeros",
          "[batch][seed][behaviour][E8][E10][E14][T14]") {
    const Block one = Block::from_rows({{1, 7}});
    const Block y = batch_layer(2).train(one).output;
    CHECK(y.at(0, 0) == 0.0);
    CHECK(y.at(0, 1) == 0.0);
    const Block constant = Block::from_rows({{5, 7}, {5, 9}, {5, 1}, {5, 7}});
    const Block c = batch_layer(2).train(constant).output;
    for (std::size_t i = 0; i < 4; ++i) CHECK(c.at(i, 0) == 0.0);
}

TEST_CASE("a fresh layer predicting answers the row itself to within eps: 0.999995 and 6.999965",
          "[batch][running][seed][E15]") {
    const Normaliser fresh = batch_layer(2);
    CHECK(fresh.running_mean() == std::vector<double>{0, 0});
    CHECK(fresh.running_variance() == std::vector<double>{1, 1});
    const Block y = fresh.infer(Block::from_rows({{1, 7}}));
    CHECK_PRINTS(y.at(0, 0), "0.999995", 6);
    CHECK_PRINTS(y.at(0, 1), "6.999965", 6);
}

TEST_CASE("after one step the running figures are 0.6 and 1.8, and 7 predicts as 4.7702651", "[batch][running][seed]") {
    const Block x = whole_number_four();
    const RunningTrace t = trace_running_figures(batch_layer(2), x, 1);
    CHECK_NEAR(t.running_mean[0][1], 0.6, 1e-15);
    CHECK_NEAR(t.running_variance[0][1], 1.8, 1e-15);
    CHECK_PRINTS(std::sqrt(t.running_variance[0][1] + 1e-5), "1.3416445", 7);
    CHECK_PRINTS(t.predicted[0].at(0, 1), "4.7702651", 7);
}

TEST_CASE("the widest gap between predicting and training: 5.7333, 1.0433, 0.0238, step 53, step 75, 6.5e-05",
          "[batch][running][seed][E16]") {
    const RunningTrace t = trace_running_figures(batch_layer(2), whole_number_four(), 100);
    CHECK_PRINTS(t.widest_gap[0], "5.7333", 4);
    CHECK_PRINTS(t.widest_gap[9], "1.0433", 4);
    CHECK_PRINTS(t.widest_gap[43], "0.0238", 4);
    CHECK(t.first_step_under(0.01) == 53);
    CHECK(t.first_step_under(0.001) == 75);
    CHECK_PRINTS(t.widest_gap[99], "6.5e-05", 6);
    // 5.7333 is row 4, feature 1 after one step.
    CHECK(std::fabs(t.predicted[0].at(3, 0) - t.trained.at(3, 0)) == t.widest_gap[0]);
}

TEST_CASE("after 100 steps the first row predicts -0.7778 and 0.3334", "[batch][running][seed]") {
    const RunningTrace t = trace_running_figures(batch_layer(2), whole_number_four(), 100);
    const Block y = Normaliser::from_state(t.final_state).infer(Block::from_rows({{1, 7}}));
    CHECK_PRINTS(y.at(0, 0), "-0.7778", 4);
    CHECK_PRINTS(y.at(0, 1), "0.3334", 4);
}

TEST_CASE("a forward pass moves nothing; the step moves the running figures", "[batch][running][values][E20][E63]") {
    const Normaliser layer = batch_layer(2);
    const Normaliser copy = layer;
    const NormResponse r = layer.train(whole_number_four());
    const Block dy = counting_slope(4, 2);
    const NormGradient g = layer.backward(r, dy);
    (void)layer.infer(whole_number_four());
    CHECK(layer == copy); // bit-identical after train, backward and infer
    CHECK(g.mean == r.mean);
    CHECK(g.variance == r.variance);
    const Normaliser next = layer.step(g, 0.1);
    CHECK(layer == copy); // the layer stepped from is unchanged
    CHECK_FALSE(next == layer);
    CHECK_NEAR(next.scale()[0], 1.0 - 0.1 * g.dscale[0], 0);
    CHECK_NEAR(next.shift()[1], -0.1 * 20.0, 1e-15);
    CHECK_NEAR(next.running_mean()[1], 0.6, 1e-15);
}

TEST_CASE("keep 0.9 and momentum 0.1 name the same rule", "[batch][running][E17]") {
    const NormSpec a = batch_norm().with_keep(0.9), b = batch_norm().with_momentum(0.1);
    CHECK(a.rate.keep() == b.rate.keep());
    CHECK_NEAR(a.rate.momentum(), b.rate.momentum(), 1e-16);
    CHECK(batch_norm().rate.keep() == 0.9);
    CHECK(batch_norm().rate.momentum() == 0.1);
}

TEST_CASE("tutorial: momentum 0.1 over batch means 3, 5, 4 and variances 1, 4, 2", "[batch][running][tutorial]") {
    Normaliser layer(1, batch_norm().with_momentum(0.1));
    const std::vector<Block> batches = {Block::from_rows({{2}, {4}}), Block::from_rows({{3}, {7}}),
                                        Block::from_rows({{4 - std::sqrt(2.0)}, {4 + std::sqrt(2.0)}})};
    const std::vector<std::string> means = {"0.3", "0.77", "1.093"}, vars = {"1.0", "1.3", "1.37"};
    for (std::size_t b = 0; b < 3; ++b) {
        const NormResponse r = layer.train(batches[b]);
        layer = layer.step(layer.backward(r, Block(2, 1, 0.0)), 1.0);
        CHECK_PRINTS(layer.running_mean()[0], means[b], means[b].size() - 2);
        CHECK_PRINTS(layer.running_variance()[0], vars[b], vars[b].size() - 2);
    }
}

TEST_CASE("the unbiased option folds n / (n - 1) times the batch variance in", "[batch][running]") {
    const Normaliser layer(2, batch_norm().with_unbiased_running(true));
    const NormResponse r = layer.train(whole_number_four());
    const Normaliser next = layer.step(layer.backward(r, Block(4, 2, 0.0)), 1.0);
    CHECK_NEAR(next.running_variance()[1], 0.9 * 1.0 + 0.1 * 12.0, 1e-14); // 36 / 3 = 12
    CHECK_THROWS_AS(layer.step(layer.backward(layer.train(Block::from_rows({{1, 2}})), Block(1, 2, 0.0)), 1.0),
                    ShapeError);
}

TEST_CASE("backward under the slope counting 1..8: the three routes", "[batch][backward][seed]") {
    const Normaliser layer = batch_layer(2);
    const NormResponse r = layer.train(whole_number_four());
    const Block dy = counting_slope(4, 2);
    const NormGradient g = layer.backward(r, dy);
    CHECK_PRINTS(g.dx.at(0, 1), "-0.9259", 4);
    CHECK_PRINTS(g.dx.at(1, 1), "-0.1111", 4);
    CHECK_PRINTS(g.dx.at(2, 1), "-0.0370", 4);
    CHECK_PRINTS(g.dx.at(3, 1), "1.0741", 4);
    CHECK_PRINTS(g.dscale[0], "8.0", 1);
    CHECK_PRINTS(g.dscale[1], "-2.6667", 4);
    CHECK(g.dshift[0] == 16.0);
    CHECK(g.dshift[1] == 20.0);
    for (double s : column_sums(g.dx)) CHECK(std::fabs(s) < 1e-14);

    const Block naive = naive_backward(layer, r, dy);
    const std::vector<double> naive_sums = column_sums(naive);
    CHECK_PRINTS(naive_sums[0], "1.7778", 4);
    CHECK_PRINTS(naive_sums[1], "6.6667", 4);
    CHECK_PRINTS(naive.at(0, 1), "0.6667", 4);
    CHECK_PRINTS(naive.at(3, 1), "2.6667", 4);

    const GradientCheck check = check_gradient(layer, whole_number_four(), dy);
    const SlopeCheck& input = check.slope("input");
    CHECK(input.largest_gap < 1e-8);
    CHECK_PRINTS(input.largest_gap, "2.1e-10", 11);    // the essay's agreement, step 1e-5
    CHECK_PRINTS(column_sums(g.dx)[1], "2.2e-16", 17); // the essay's column sum
    CHECK_PRINTS(largest_gap(naive.data, input.numeric), "2.0370", 4);
    CHECK_PRINTS(input.largest_slope, "1.0741", 4);
    CHECK(naive.at(0, 0) * input.numeric[0] < 0); // the naive block has the wrong sign where it matters
    CHECK(naive.at(0, 1) * input.numeric[1] < 0);
    for (double s : column_sums(g.dx)) CHECK(std::fabs(s) <= 2.3e-16); // the essay saw 2.2e-16
    CHECK(check.slope("scale").largest_gap < 1e-8);
    CHECK(check.slope("shift").largest_gap < 1e-8);
}

TEST_CASE("layer norm: the row (1, 7) answers -0.9999994 and 0.9999994", "[layer][seed]") {
    const Normaliser layer(2, layer_norm());
    const Block y = layer.train(whole_number_four()).output;
    CHECK_PRINTS(y.at(0, 0), "-0.9999994", 7);
    CHECK_PRINTS(y.at(0, 1), "0.9999994", 7);
    CHECK(layer.infer(whole_number_four()) == y); // one answer for both purposes
}

TEST_CASE("layer norm on two-number rows passes down zero; rows always sum to zero", "[layer][backward][seed]") {
    const Normaliser two(2, layer_norm());
    const Block dy = counting_slope(4, 2);
    const NormGradient g = two.backward(two.train(whole_number_four()), dy);
    // Zero to the essay's four places; what is left is eps's doing: (d1 - d2)(1 - z^2) / 2s with
    // 1 - z^2 = eps / (v + eps), and with a vanishing eps the block is zero to the last bit.
    CHECK_PRINTS(largest_magnitude(g.dx), "0.0000", 4);
    CHECK_NEAR(g.dx.at(0, 0), -1.0 * (1e-5 / (9 + 1e-5)) / (2 * std::sqrt(9 + 1e-5)), 1e-16);
    const Normaliser exact(2, layer_norm().with_eps(1e-300));
    CHECK(largest_magnitude(exact.backward(exact.train(whole_number_four()), dy).dx) < 1e-15);
    const Block naive = naive_backward(two, two.train(whole_number_four()), dy);
    CHECK_PRINTS(largest_gap(naive, g.dx), "2.0", 1);

    const Normaliser three(3, layer_norm());
    const NormGradient g3 = three.backward(three.train(tutorial_table()), counting_slope(4, 3));
    for (double s : row_sums(g3.dx)) CHECK(std::fabs(s) < 1e-15);
    CHECK(check_gradient(three, tutorial_table(), counting_slope(4, 3)).largest_gap() < 1e-8);
}

TEST_CASE("RMS on (1, 7): root mean square 5.000001, answers 0.2000 and 1.4000", "[rms][seed]") {
    const Normaliser rms(2, rms_norm());
    const NormResponse r = rms.train(Block::from_rows({{1, 7}}));
    CHECK(r.variance[0] == 25.0);
    CHECK_PRINTS(r.deviation[0], "5.000001", 6);
    CHECK_PRINTS(r.output.at(0, 0), "0.2000", 4);
    CHECK_PRINTS(r.output.at(0, 1), "1.4000", 4);
}

TEST_CASE("tutorial: the 4x3 table under batch, layer and RMS", "[tutorial][seed]") {
    const Block x = tutorial_table();
    const std::vector<std::vector<std::string>> batch = {
        {"-1", "-1", "-1"}, {"1", "-0.33", "1"}, {"-1", "-0.33", "-1"}, {"1", "1.67", "1"}};
    const std::vector<std::vector<std::string>> layer = {
        {"-0.65", "-0.76", "1.41"}, {"-0.69", "-0.73", "1.41"}, {"-0.77", "-0.65", "1.41"}, {"-0.80", "-0.61", "1.41"}};
    const std::vector<std::vector<std::string>> rms = {
        {"0.17", "0.09", "1.72"}, {"0.12", "0.09", "1.73"}, {"0.17", "0.26", "1.70"}, {"0.11", "0.26", "1.71"}};
    const Block yb = Normaliser(3, batch_norm()).train(x).output;
    const NormResponse rl = Normaliser(3, layer_norm()).train(x);
    const Block yr = Normaliser(3, rms_norm()).train(x).output;
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
            CHECK_PRINTS(yb.at(i, j), batch[i][j], 2);
            CHECK_PRINTS(rl.output.at(i, j), layer[i][j], 2);
            CHECK_PRINTS(yr.at(i, j), rms[i][j], 2);
        }
    const std::vector<std::string> means = {"7.67", "22.33", "8.33", "24.33"},
                                   devs = {"8.73", "26.64", "8.26", "25.30"};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK_PRINTS(rl.mean[i], means[i], 2);
        CHECK_PRINTS(std::sqrt(rl.variance[i]), devs[i], 2);
    }
    const NormResponse rb = Normaliser(3, batch_norm()).train(x);
    CHECK(rb.mean[1] == 4.0);
    CHECK(rb.variance[1] == 9.0);
}

TEST_CASE("tutorial: scale 2 and shift 1 on feature 1 give -1, 3, -1, 3", "[tutorial][seed]") {
    const Normaliser layer = Normaliser(3, batch_norm()).with_scale_shift({2, 1, 1}, {1, 0, 0});
    const Block y = layer.train(tutorial_table()).output;
    const std::vector<std::string> want = {"-1", "3", "-1", "3"};
    for (std::size_t i = 0; i < 4; ++i) CHECK_PRINTS(y.at(i, 0), want[i], 4);
}

TEST_CASE("tutorial: doubling feature 3 leaves its standardised column unchanged", "[tutorial][seed]") {
    Block doubled = tutorial_table();
    for (std::size_t i = 0; i < 4; ++i) doubled.at(i, 2) *= 2;
    const NormResponse r = Normaliser(3, batch_norm()).train(doubled);
    CHECK(r.mean[2] == 80.0);
    CHECK_PRINTS(std::sqrt(r.variance[2]), "40", 4);
    // Unchanged up to eps: with variance 400 against 1600, eps moves the answer by about eps / (2 * 400).
    CHECK(largest_gap(r.standardised.column(2),
                      Normaliser(3, batch_norm()).train(tutorial_table()).standardised.column(2)) < 1e-7);
    const Normaliser exact(3, batch_norm().with_eps(1e-300));
    CHECK(largest_gap(exact.train(doubled).standardised.column(2),
                      exact.train(tutorial_table()).standardised.column(2)) == 0.0);
}

TEST_CASE(
    "tutorial: (3, 4, 5) has mean 4, variance 0.667, deviation 0.816, outputs -1.22, 0, 1.22; "
    "(3, 4, 50) has mean 19 and deviation 21.9",
    "[tutorial][seed]") {
    const Normaliser hand(1, batch_norm().with_eps(1e-300)); // the tutorial works by hand with eps 0
    const NormResponse r = hand.train(Block::from_rows({{3}, {4}, {5}}));
    CHECK(r.mean[0] == 4.0);
    CHECK_PRINTS(r.variance[0], "0.667", 3);
    CHECK_PRINTS(r.deviation[0], "0.816", 3);
    CHECK_PRINTS(r.output.at(0, 0), "-1.22", 2);
    CHECK(r.output.at(1, 0) == 0.0);
    CHECK_PRINTS(r.output.at(2, 0), "1.22", 2);
    const NormResponse big = hand.train(Block::from_rows({{3}, {4}, {50}}));
    CHECK(big.mean[0] == 19.0);
    CHECK_PRINTS(std::sqrt(big.variance[0]), "21.9", 1);
}

TEST_CASE("tutorial: parameter counts 6, 6, 3 for three features; running figures are buffers", "[tutorial][seed]") {
    CHECK(Normaliser(3, batch_norm()).parameter_count() == 6);
    CHECK(Normaliser(3, layer_norm()).parameter_count() == 6);
    CHECK(Normaliser(3, rms_norm()).parameter_count() == 3);
    CHECK(Normaliser(3, rms_norm().with_learned_shift(true)).parameter_count() == 6);
    CHECK(Normaliser(3, batch_norm()).buffer_count() == 6);
    CHECK(Normaliser(3, layer_norm()).buffer_count() == 0);
}

TEST_CASE("RMS keeps a shift that stays at zero unless it is learned", "[rms]") {
    const Normaliser rms(2, rms_norm());
    const NormGradient g = rms.backward(rms.train(whole_number_four()), counting_slope(4, 2));
    const Normaliser next = rms.step(g, 0.5);
    CHECK(next.shift() == std::vector<double>{0, 0});
    CHECK(next.scale() != rms.scale());
    const Normaliser learned(2, rms_norm().with_learned_shift(true));
    CHECK(learned.step(g, 0.5).shift() != std::vector<double>{0, 0});
}

TEST_CASE("statistics are computed stably: 1e8 + {1, 2, 3, 4} standardises like {1, 2, 3, 4}", "[batch][stability]") {
    const Block small = Block::from_rows({{1}, {2}, {3}, {4}});
    const Block big = Block::from_rows({{1e8 + 1}, {1e8 + 2}, {1e8 + 3}, {1e8 + 4}});
    const Normaliser layer(1, batch_norm());
    CHECK(largest_gap(layer.train(small).output, layer.train(big).output) < 1e-12);
    const Normaliser row(4, layer_norm());
    CHECK(largest_gap(row.train(small.transposed()).output, row.train(big.transposed()).output) < 1e-12);
}

TEST_CASE("every member starts at scale 1 and shift 0 for each feature, so a fresh layer only standardises",
          "[family][E11]") {
    Random rng(11);
    for (NormKind kind : all_norm_kinds)
        for (std::size_t d : {std::size_t{1}, std::size_t{4}, std::size_t{8}}) {
            INFO(norm_kind_name(kind) << ", " << d << " features");
            const Normaliser fresh(d, kind == NormKind::Group && d % 2 == 0 ? group_norm(2) : norm_spec(kind));
            CHECK(fresh.scale() == std::vector<double>(d, 1.0));
            CHECK(fresh.shift() == std::vector<double>(d, 0.0));
            const NormResponse r = fresh.train(random_block(rng, 5, d, 1.0, 2.0));
            CHECK(r.output.data == r.standardised.data); // 1 * z + 0 is z, bit for bit
        }
}

TEST_CASE("the row members answer a row the same alone, among others and predicting; batch norm does not",
          "[family][E28][T30]") {
    Random rng(28);
    const Block x = random_block(rng, 6, 4, 1.0, 2.0);
    const auto row = [&](std::size_t i) {
        return Block::from_flat(1, 4, std::vector<double>(x.data.begin() + 4 * i, x.data.begin() + 4 * (i + 1)));
    };
    for (const NormSpec& spec : {layer_norm(), rms_norm(), group_norm(2)}) {
        INFO(norm_kind_name(spec.kind));
        const Normaliser layer(4, spec);
        CHECK_FALSE(layer.has_running());
        CHECK(layer.buffer_count() == 0);
        const Block together = layer.train(x).output;
        CHECK(layer.infer(x).data == together.data);
        for (std::size_t i = 0; i < x.rows; ++i) {
            const Block alone = layer.train(row(i)).output; // a batch of one
            CHECK(largest_magnitude(alone) > 0.5);
            for (std::size_t j = 0; j < 4; ++j) CHECK(alone.at(0, j) == together.at(i, j));
        }
    }
    // The batch layer: a row alone answers zeros, and predicting is not training.
    const Normaliser batch(4, batch_norm());
    CHECK(largest_magnitude(batch.train(row(0)).output) == 0.0);
    CHECK(largest_gap(batch.infer(x), batch.train(x).output) > 0.1);
}

TEST_CASE("one recipe, one choice changed: the axis parts batch from layer norm, the centring layer from RMS",
          "[family][T46]") {
    Random rng(46);
    const Block x = random_block(rng, 5, 6, 2.0, 3.0);
    const Normaliser layer(6, layer_norm()), rms(6, rms_norm());
    // The axis: batch norm down the columns of the transpose is layer norm along the rows.
    CHECK(largest_gap(Normaliser(5, batch_norm()).train(x.transposed()).output.transposed(), layer.train(x).output) ==
          0.0);
    // The centring: on rows whose mean is already 0, RMS and layer norm are the same sums.
    Block centred = x;
    for (std::size_t i = 0; i < x.rows; ++i) {
        double mean = 0;
        for (std::size_t j = 0; j < 6; ++j) mean += x.at(i, j) / 6;
        for (std::size_t j = 0; j < 6; ++j) centred.data[i * 6 + j] = x.at(i, j) - mean;
    }
    CHECK(largest_gap(rms.train(centred).output, layer.train(centred).output) < 1e-14);
    CHECK(largest_gap(rms.train(x).output, layer.train(x).output) > 0.1); // off centre, the choice shows
}

TEST_CASE("the thesis: batch norm of X-transposed is the transpose of layer norm of X", "[thesis][E29]") {
    Random rng(7);
    const Block x = random_block(rng, 5, 6, 2.0, 3.0);
    const Block by_rows = Normaliser(6, layer_norm()).train(x).output;
    const Block by_columns = Normaliser(5, batch_norm()).train(x.transposed()).output;
    CHECK(largest_gap(by_columns.transposed(), by_rows) == 0.0);
}

TEST_CASE("group norm with one group is layer norm; with D groups of one it answers zeros", "[group]") {
    Random rng(8);
    const Block x = random_block(rng, 4, 6);
    const Block dy = random_block(rng, 4, 6);
    const Normaliser g1(6, group_norm(1)), ln(6, layer_norm());
    CHECK(g1.train(x).output == ln.train(x).output);
    CHECK(g1.backward(g1.train(x), dy).dx == ln.backward(ln.train(x), dy).dx);
    const Normaliser g3(6, group_norm(3));
    const NormResponse r = g3.train(x);
    CHECK(r.mean.size() == 12);
    const Block first_group = Block::from_rows({{x.at(0, 0), x.at(0, 1)}});
    const Block alone = Normaliser(2, layer_norm()).train(first_group).output;
    CHECK(r.output.at(0, 0) == alone.at(0, 0));
    CHECK(r.output.at(0, 1) == alone.at(0, 1));
}

TEST_CASE("large finite inputs answer exactly: layer norm of (1e200, -1e200) is (1, -1)", "[layer][large]") {
    const NormResponse r = Normaliser(2, layer_norm()).train(Block::from_rows({{1e200, -1e200}, {1, 7}}));
    CHECK(r.output.row(0) == std::vector<double>{1, -1});
    CHECK(r.deviation[0] == 1e200);
    CHECK(r.mean[0] == 0);
    CHECK(std::isinf(r.variance[0]));                // 1e400 is beyond a double; the deviation and answer are exact
    CHECK_PRINTS(r.output.at(1, 1), "0.9999994", 7); // the ordinary row in the same block is untouched
    const Block rms = Normaliser(2, rms_norm()).train(Block::from_rows({{3e200, 4e200}})).output;
    CHECK_NEAR(rms.at(0, 0), 3 / std::sqrt(12.5), 1e-15);
    CHECK_NEAR(rms.at(0, 1), 4 / std::sqrt(12.5), 1e-15);
}

TEST_CASE("large finite inputs answer exactly: batch norm of 1.5e308 pairs", "[batch][large]") {
    const Normaliser bn(2, batch_norm());
    const NormResponse r = bn.train(Block::from_rows({{1.5e308, 1.5e308}, {-1.5e308, 1.5e308}}));
    CHECK(r.output.column(0) == std::vector<double>{1, -1});
    CHECK(r.output.column(1) == std::vector<double>{0, 0});
    CHECK(r.mean == std::vector<double>{0, 1.5e308});
    CHECK(r.deviation[0] == 1.5e308);
    CHECK(r.variance[1] == 0);
    // The gradient carries an infinite variance; the running figures cannot hold it, so the step is refused.
    const NormGradient g = bn.backward(r, counting_slope(2, 2));
    check_refusal<NonFiniteError>([&] { bn.step(g, 0.1); }, "gradient's batch variance is Infinity");
    // Predicting: x - mean overflows though the answer does not.
    const Normaliser far = bn.with_running({-1e308, 0}, {1e308, 1});
    const Block y = far.infer(Block::from_rows({{1.7e308, 0}}));
    CHECK_NEAR(y.at(0, 0), 2.7e154, 1e140);
    check_refusal<NonFiniteError>(
        [&] {
            bn.with_running({-1e308, 0}, {1, 1}).infer(Block::from_rows({{1.7e308, 0}}));
        },
        "predicting answer comes out Infinity");
}

TEST_CASE("a response that is not this layer's is refused, never read past", "[backward][errors]") {
    const Normaliser bn(2, batch_norm()), ln(2, layer_norm()), wide(3, batch_norm());
    const NormResponse r = bn.train(whole_number_four());
    const Block dy = counting_slope(4, 2);
    check_refusal<ShapeError>([&] { wide.backward(r, counting_slope(4, 3)); }, "response's feature count is 2");
    check_refusal<ShapeError>([&] { ln.backward(r, dy); }, "response's mean count is 2 but the layer's set count");
    check_refusal<ShapeError>([&] { naive_backward(ln, r, dy); }, "response's mean count is 2");
    NormResponse short_stats = r;
    short_stats.variance.pop_back();
    check_refusal<ShapeError>([&] { bn.backward(short_stats, dy); }, "response's variance count is 1");
    NormResponse flat = r;
    flat.deviation[1] = 0;
    check_refusal<NonFiniteError>([&] { bn.backward(flat, dy); }, "entry 2 of the response's deviation is 0");
    check_refusal<NonFiniteError>([&] { naive_backward(bn, flat, dy); }, "deviation is 0");
    flat.deviation[1] = std::numeric_limits<double>::quiet_NaN();
    check_refusal<NonFiniteError>([&] { bn.backward(flat, dy); }, "deviation is NaN");
    NormResponse torn = r;
    torn.standardised.data.resize(3);
    check_refusal<ShapeError>([&] { bn.backward(torn, dy); }, "number of values is 3");
    NormResponse none;
    check_refusal<EmptyBlockError>([&] { bn.backward(none, dy); }, "0 rows");
}

TEST_CASE("a gradient that is not this layer's, or holds non-finite slopes, is refused by step", "[running][errors]") {
    const Normaliser bn(2, batch_norm()), wide(3, batch_norm());
    const NormGradient g = bn.backward(bn.train(whole_number_four()), counting_slope(4, 2));
    check_refusal<ShapeError>([&] { wide.step(g, 0.1); }, "scale slope length is 2");
    NormGradient short_variance = g;
    short_variance.variance.pop_back();
    check_refusal<ShapeError>([&] { bn.step(short_variance, 0.1); }, "batch variance length is 1");
    NormGradient negative = g;
    negative.variance[0] = -1;
    check_refusal<NonFiniteError>([&] { bn.step(negative, 0.1); }, "batch variance is -1");
    NormGradient nan_slope = g;
    nan_slope.dscale[1] = std::numeric_limits<double>::quiet_NaN();
    check_refusal<NonFiniteError>([&] { bn.step(nan_slope, 0.1); }, "entry 2 of the gradient's scale slope is NaN");
    NormGradient nan_mean = g;
    nan_mean.mean[0] = std::numeric_limits<double>::infinity();
    check_refusal<NonFiniteError>([&] { bn.step(nan_mean, 0.1); }, "batch mean is Infinity");
    NormGradient no_rows = g;
    no_rows.rows = 0;
    check_refusal<ShapeError>([&] { bn.step(no_rows, 0.1); }, "row count is 0");
    NormGradient huge = g;
    huge.dscale[0] = -1e308;
    check_refusal<NonFiniteError>([&] { bn.step(huge, 10.0); }, "stepped scale comes out Infinity");
    // A layer-norm gradient (statistics per row) steps a layer-norm layer; its statistics are not read.
    const Normaliser ln(2, layer_norm());
    CHECK_NOTHROW(ln.step(ln.backward(ln.train(whole_number_four()), counting_slope(4, 2)), 0.1));
}

TEST_CASE("a kind or a running-rate convention that names nothing (a number cast to the enum) is refused",
          "[normaliser][errors]") {
    NormSpec kind = batch_norm();
    kind.kind = static_cast<NormKind>(7);
    check_refusal<OptionError>([&] { Normaliser(2, kind); }, "kind numbered 7");
    NormSpec rate = batch_norm();
    rate.rate.convention = static_cast<RunningRate::Convention>(5);
    check_refusal<OptionError>([&] { Normaliser(2, rate); }, "convention numbered 5");
}

TEST_CASE("a response or gradient of another kind whose counts happen to fit is refused, not misread",
          "[normaliser][errors]") {
    // A square block: the batch kind's 2 column sets and the layer kind's 2 row sets have one count.
    const Block x = Block::from_rows({{1, 7}, {3, 2}});
    const Normaliser batch(2, batch_norm()), layer(2, layer_norm()), rms(2, rms_norm());
    const NormResponse by_columns = batch.train(x);
    check_refusal<ShapeError>([&] { layer.backward(by_columns, x); }, "comes from a batch normaliser");
    check_refusal<ShapeError>([&] { naive_backward(layer, by_columns, x); }, "comes from a batch normaliser");
    check_refusal<ShapeError>([&] { rms.backward(layer.train(x), x); }, "comes from a layer normaliser");
    const NormGradient by_rows = layer.backward(layer.train(x), x);
    check_refusal<ShapeError>([&] { batch.step(by_rows, 0.1); }, "comes from a layer normaliser");
    // Its own response and gradient still go through.
    CHECK(batch.step(batch.backward(by_columns, x), 0.1).running_mean().size() == 2);
}
