#include "helpers.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {

// The folds of one seed as run_comparison prepares them: standard units of the training rows.
std::vector<CrowdTraining> fold_trainings(Arrangement a, std::size_t seed, std::size_t count) {
    const Crowd& crowd = the_crowd();
    const auto folds = crowd_folds_for(seed, crowd.size());
    std::vector<CrowdTraining> out;
    for (std::size_t fold = 0; fold < count; ++fold) {
        std::vector<std::size_t> rows;
        for (std::size_t f = 0; f < folds.size(); ++f)
            if (f != fold) rows.insert(rows.end(), folds[f].begin(), folds[f].end());
        const Crowd train = crowd.subset(rows);
        Random rng = initial_weights_generator(seed, fold);
        out.push_back({CrowdNetwork::initial(a, rng), standard_units_of(train.measurements).infer(train.measurements),
                       train.labels});
    }
    return out;
}

void check_same_network(const CrowdNetwork& got, const CrowdNetwork& want) {
    CHECK(got.arrangement() == want.arrangement());
    CHECK(got.hidden() == want.hidden());
    CHECK(got.norm() == want.norm());
    CHECK(got.output() == want.output());
    CHECK(got.parameters() == want.parameters());
}

} // namespace

TEST_CASE("trainings in lockstep give the layer values' networks and losses bit for bit, for every arrangement",
          "[lockstep][values]") {
    for (Arrangement a : all_arrangements) {
        for (std::size_t count = 1; count <= lockstep_lanes; ++count) {
            INFO(arrangement_name(a) << ", " << count << " trainings side by side");
            const std::vector<CrowdTraining> trainings = fold_trainings(a, 1, count);
            const auto runs = train_in_lockstep(trainings, crowd_epochs);
            REQUIRE(runs.size() == count);
            for (std::size_t k = 0; k < count; ++k) {
                const CrowdTraining& t = trainings[k];
                REQUIRE(runs[k].has_value());
                const TrainingRun want =
                    train_crowd_network(t.start, t.x, t.labels, crowd_epochs, Recording::FinalLoss);
                CHECK(runs[k]->final_loss == want.final_loss);
                check_same_network(runs[k]->network, want.network);
                CHECK(runs[k]->network.infer(t.x) == want.network.infer(t.x));
            }
        }
    }
}

TEST_CASE("lockstep runs that record every epoch write down what the layer values' run does, bit for bit",
          "[lockstep][values]") {
    const Crowd& crowd = the_crowd();
    const Block x = standard_units_of(crowd.measurements).infer(crowd.measurements);
    for (Arrangement a : all_arrangements)
        for (Recording recording : {Recording::Losses, Recording::Everything}) {
            INFO(arrangement_name(a) << (recording == Recording::Losses ? ", losses" : ", everything"));
            std::vector<CrowdTraining> trainings;
            for (std::size_t seed = 0; seed < 3; ++seed) {
                Random rng = initial_weights_generator(seed, crowd_folds);
                trainings.push_back({CrowdNetwork::initial(a, rng), x, crowd.labels});
            }
            const auto runs = train_in_lockstep(trainings, 120, recording);
            for (std::size_t k = 0; k < trainings.size(); ++k) {
                REQUIRE(runs[k].has_value());
                const TrainingRun want = train_crowd_network(trainings[k].start, x, crowd.labels, 120, recording);
                check_same_network(runs[k]->network, want.network);
                CHECK(runs[k]->final_loss == want.final_loss);
                CHECK(runs[k]->losses == want.losses);
                REQUIRE(runs[k]->records.size() == want.records.size());
                std::size_t differing = 0;
                for (std::size_t e = 0; e < want.records.size(); ++e) {
                    const EpochRecord& got = runs[k]->records[e];
                    const EpochRecord& w = want.records[e];
                    differing += got.loss != w.loss || got.predicted_accuracy != w.predicted_accuracy ||
                                 got.batch_accuracy != w.batch_accuracy || got.unit_mean != w.unit_mean ||
                                 got.unit_deviation != w.unit_deviation || got.shift != w.shift;
                }
                CHECK(differing == 0);
            }
        }
}

TEST_CASE("plain beside weightNorm and layer beside RMS train in lockstep as each does alone, bit for bit",
          "[lockstep][values]") {
    const Crowd& crowd = the_crowd();
    const Block x = standard_units_of(crowd.measurements).infer(crowd.measurements);
    const std::vector<std::vector<Arrangement>> pairs = {{Arrangement::Plain, Arrangement::WeightNorm},
                                                         {Arrangement::WeightNorm, Arrangement::Plain},
                                                         {Arrangement::Layer, Arrangement::Rms},
                                                         {Arrangement::Rms, Arrangement::Layer},
                                                         {Arrangement::Rms, Arrangement::Layer, Arrangement::Rms}};
    for (const auto& arrangements : pairs)
        for (Recording recording : {Recording::FinalLoss, Recording::Everything}) {
            std::vector<CrowdTraining> trainings;
            for (std::size_t k = 0; k < arrangements.size(); ++k) {
                Random rng = initial_weights_generator(k, crowd_folds);
                trainings.push_back({CrowdNetwork::initial(arrangements[k], rng), x, crowd.labels});
            }
            const auto runs = train_in_lockstep(trainings, 150, recording);
            for (std::size_t k = 0; k < trainings.size(); ++k) {
                INFO(arrangement_name(arrangements[k])
                     << " in lane " << k << " beside " << arrangement_name(arrangements[1 - k % 2]));
                REQUIRE(runs[k].has_value());
                const TrainingRun want = train_crowd_network(trainings[k].start, x, crowd.labels, 150, recording);
                check_same_network(runs[k]->network, want.network);
                CHECK(runs[k]->final_loss == want.final_loss);
                CHECK(runs[k]->losses == want.losses);
                REQUIRE(runs[k]->records.size() == want.records.size());
                for (std::size_t e = 0; e < want.records.size(); ++e) {
                    const EpochRecord& got = runs[k]->records[e];
                    const EpochRecord& w = want.records[e];
                    CHECK((got.loss == w.loss && got.predicted_accuracy == w.predicted_accuracy &&
                           got.batch_accuracy == w.batch_accuracy && got.unit_mean == w.unit_mean &&
                           got.unit_deviation == w.unit_deviation && got.shift == w.shift));
                }
            }
        }
}

TEST_CASE("a lockstep run of no epochs hands back the starting networks", "[lockstep][values]") {
    const std::vector<CrowdTraining> trainings = fold_trainings(Arrangement::WeightNorm, 0, 3);
    const auto runs = train_in_lockstep(trainings, 0);
    for (std::size_t k = 0; k < trainings.size(); ++k) {
        REQUIRE(runs[k].has_value());
        CHECK(runs[k]->final_loss == 0.0);
        check_same_network(runs[k]->network, trainings[k].start);
    }
}

TEST_CASE("a variance beyond a double leaves the lockstep run to the layer values' careful path", "[lockstep]") {
    std::vector<CrowdTraining> trainings = fold_trainings(Arrangement::Batch, 0, 2);
    for (double& v : trainings[1].x.data) v *= 1e300;
    const auto runs = train_in_lockstep(trainings, 3);
    REQUIRE(runs.size() == 2);
    CHECK_FALSE(runs[0].has_value());
    CHECK_FALSE(runs[1].has_value());
}

TEST_CASE("a network that diverges is left to the layer values' loop, which refuses it, whatever is recorded",
          "[lockstep]") {
    // Inputs far outside standard units: the plain network's figures overflow to NaN.
    const Block x = Block::from_flat(4, 2, {1e300, 1, -1e300, 2, 5e299, 3, -2e299, 4});
    const std::vector<double> labels = {1, 0, 1, 0};
    Random rng(7);
    const CrowdNetwork start = CrowdNetwork::initial(Arrangement::Plain, rng);
    for (Recording recording : {Recording::FinalLoss, Recording::Losses, Recording::Everything}) {
        std::vector<std::optional<TrainingRun>> runs;
        REQUIRE_NOTHROW(runs = train_in_lockstep({{start, x, labels}, {start, x, labels}}, crowd_epochs, recording));
        CHECK_FALSE(runs[0].has_value());
        CHECK_FALSE(runs[1].has_value());
    }
    for (Recording recording : {Recording::FinalLoss, Recording::Losses, Recording::Everything})
        CHECK_THROWS_AS(train_crowd_network(start, x, labels, crowd_epochs, recording), NonFiniteError);
}

TEST_CASE("lockstep training refuses trainings it cannot run side by side", "[lockstep][errors]") {
    CHECK_THROWS_AS(train_in_lockstep({}), OptionError);
    std::vector<CrowdTraining> six = fold_trainings(Arrangement::Plain, 0, 5);
    six.push_back(six.front());
    CHECK_THROWS_AS(train_in_lockstep(six), OptionError);
    std::vector<CrowdTraining> mixed = fold_trainings(Arrangement::Plain, 0, 1);
    mixed.push_back(fold_trainings(Arrangement::Layer, 0, 1).front());
    CHECK_THROWS_AS(train_in_lockstep(mixed), OptionError);
    std::vector<CrowdTraining> batch_and_layer = fold_trainings(Arrangement::Batch, 0, 1);
    batch_and_layer.push_back(fold_trainings(Arrangement::Layer, 0, 1).front());
    CHECK_THROWS_AS(train_in_lockstep(batch_and_layer), OptionError);
    std::vector<CrowdTraining> layer_and_group = fold_trainings(Arrangement::Layer, 0, 1);
    layer_and_group.push_back(fold_trainings(Arrangement::Group, 0, 1).front());
    CHECK_THROWS_AS(train_in_lockstep(layer_and_group), OptionError);
    std::vector<CrowdTraining> ragged = fold_trainings(Arrangement::Plain, 0, 2);
    ragged[1].x = Block(19, 2);
    ragged[1].labels.resize(19);
    CHECK_THROWS_AS(train_in_lockstep(ragged), ShapeError);
    for (double label : {-1.0, 2.0, 0.5}) {
        std::vector<CrowdTraining> mislabelled = fold_trainings(Arrangement::Batch, 0, 2);
        mislabelled[1].labels[1] = label;
        CHECK_THROWS_AS(train_in_lockstep(mislabelled, 3, Recording::Everything), DataError);
        CHECK_THROWS_AS(train_crowd_network(mislabelled[1].start, mislabelled[1].x, mislabelled[1].labels, 3,
                                            Recording::Everything),
                        DataError);
    }
    std::vector<CrowdTraining> unlabelled = fold_trainings(Arrangement::Plain, 0, 1);
    unlabelled[0].labels.pop_back();
    CHECK_THROWS_AS(train_in_lockstep(unlabelled), ShapeError);
}

TEST_CASE("a network assembled from layers refuses layers of another arrangement", "[network][errors]") {
    Random rng(7);
    const CrowdNetwork plain = CrowdNetwork::initial(Arrangement::Plain, rng);
    const CrowdNetwork batch = CrowdNetwork::initial(Arrangement::Batch, rng);
    const CrowdNetwork weight_norm = CrowdNetwork::initial(Arrangement::WeightNorm, rng);
    CHECK_THROWS_AS(CrowdNetwork::assembled(Arrangement::WeightNorm, plain.hidden(), std::nullopt, plain.output()),
                    OptionError);
    CHECK_THROWS_AS(CrowdNetwork::assembled(Arrangement::Plain, weight_norm.hidden(), std::nullopt, plain.output()),
                    OptionError);
    CHECK_THROWS_AS(CrowdNetwork::assembled(Arrangement::Plain, plain.hidden(), batch.norm(), plain.output()),
                    OptionError);
    CHECK_THROWS_AS(CrowdNetwork::assembled(Arrangement::Batch, batch.hidden(), std::nullopt, batch.output()),
                    OptionError);
    const CrowdNetwork again =
        CrowdNetwork::assembled(Arrangement::Batch, batch.hidden(), batch.norm(), batch.output());
    CHECK(again.parameters() == batch.parameters());
}
