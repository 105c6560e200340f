// Parity with PyTorch 1.13 in float64 (fixtures made by scripts/make-torch-fixtures.py):
// relative agreement to 1e-12, or to the per-case tolerance written beside the case (where
// PyTorch's own answer is measurably off the 60-digit one). Ours is always held to 1e-12 of the
// 60-digit answer.
#include "helpers.hpp"
#include "json.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

const Json& fixtures() {
    static const Json j = JsonReader::file(std::string(NORMLAB_FIXTURES) + "/torch_parity.json");
    return j;
}

NormSpec spec_for(const Json& c) {
    const std::string kind = c["kind"].string;
    NormSpec s = kind == "batch"   ? batch_norm()
                 : kind == "layer" ? layer_norm()
                 : kind == "rms"   ? rms_norm()
                                   : group_norm(static_cast<std::size_t>(c["groups"].number));
    return s.with_eps(c["eps"].number);
}

} // namespace

TEST_CASE("forward and backward match PyTorch for every normaliser case", "[torch][parity]") {
    for (const Json& c : fixtures()["normalisers"].array) {
        INFO(c["name"].string << " (tolerance " << c["tolerance"].number << ") " << c["why"].string);
        const Block x = Block::from_rows(c["x"].rows());
        const Normaliser layer =
            Normaliser(x.cols, spec_for(c)).with_scale_shift(c["scale"].numbers(), c["shift"].numbers());
        const NormResponse r = layer.train(x);
        const NormGradient g = layer.backward(r, Block::from_rows(c["dy"].rows()));
        const double tol = c["tolerance"].number;
        CHECK(relative_gap(r.output.data, Block::from_rows(c["y_exact"].rows()).data) <= 1e-12);
        CHECK(relative_gap(g.dx.data, Block::from_rows(c["dx_exact"].rows()).data) <= 1e-12);
        CHECK(relative_gap(r.output.data, Block::from_rows(c["y"].rows()).data) <= tol);
        CHECK(relative_gap(g.dx.data, Block::from_rows(c["dx"].rows()).data) <= tol);
        CHECK(relative_gap(g.dscale, c["dscale"].numbers()) <= tol);
        CHECK(relative_gap(g.dshift, c["dshift"].numbers()) <= tol);
    }
}

TEST_CASE("running figures match PyTorch's momentum 0.1 with the unbiased option", "[torch][parity][running]") {
    const Json& run = fixtures()["running"];
    Normaliser layer(3, batch_norm().with_momentum(run["momentum"].number).with_unbiased_running(true));
    for (std::size_t b = 0; b < run["batches"].array.size(); ++b) {
        const Block x = Block::from_rows(run["batches"][b].rows());
        layer = layer.step(layer.backward(layer.train(x), Block(x.rows, x.cols, 0.0)), 0.0);
        CHECK(relative_gap(layer.running_mean(), run["after"][b]["mean"].numbers()) <= 1e-12);
        CHECK(relative_gap(layer.running_variance(), run["after"][b]["variance"].numbers()) <= 1e-12);
    }
}

TEST_CASE("weight-normalised slopes match PyTorch's weight_norm", "[torch][parity][weight_norm]") {
    const Json& w = fixtures()["weight_norm"];
    const WeightNormDense layer(Block::from_rows(w["direction"].rows()), w["magnitude"].numbers(), w["bias"].numbers(),
                                Activation::Tanh);
    const DenseResponse r = layer.train(Block::from_rows(w["x"].rows()));
    const WeightNormGradient g = layer.backward(r, Block::from_rows(w["dy"].rows()));
    CHECK(relative_gap(r.output.data, Block::from_rows(w["y"].rows()).data) <= 1e-12);
    CHECK(relative_gap(g.dx.data, Block::from_rows(w["dx"].rows()).data) <= 1e-12);
    CHECK(relative_gap(g.ddirection.data, Block::from_rows(w["ddirection"].rows()).data) <= 1e-12);
    CHECK(relative_gap(g.dmagnitude, w["dmagnitude"].numbers()) <= 1e-12);
    CHECK(relative_gap(g.dbias, w["dbias"].numbers()) <= 1e-12);
}
