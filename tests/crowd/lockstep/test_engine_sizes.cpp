// The lockstep engine against the layer values on crowds larger than the essay's 25 people: the
// backward passes take the rows in pieces of 32, so 33 (a piece and one row), 64 (two whole
// pieces), 65 and 2,000 (many pieces) reach every path of the piecewise sums.
#include "helpers.hpp"

using namespace normlab;

namespace {

// A crowd of the given size drawn from a seeded generator, in its own standard units: heights and
// weights around those of the essay's crowd, adults the taller ones, with some noise.
struct DrawnCrowd {
    Block x;
    std::vector<double> labels;
};

DrawnCrowd drawn_crowd(std::size_t people) {
    Random rng(0xC0FFEE + people);
    Crowd crowd{Block(people, 2), std::vector<double>(people)};
    for (std::size_t i = 0; i < people; ++i) {
        const double height = 150.0 + 15.0 * rng.normal();
        crowd.measurements.at(i, 0) = height;
        crowd.measurements.at(i, 1) = 0.9 * height - 90.0 + 8.0 * rng.normal();
        crowd.labels[i] = height + 5.0 * rng.normal() > 150.0 ? 1.0 : 0.0;
    }
    return {standard_units_of(crowd.measurements).infer(crowd.measurements), crowd.labels};
}

bool same_records(const std::vector<EpochRecord>& got, const std::vector<EpochRecord>& want) {
    if (got.size() != want.size()) return false;
    for (std::size_t e = 0; e < want.size(); ++e)
        if (got[e].loss != want[e].loss || got[e].predicted_accuracy != want[e].predicted_accuracy ||
            got[e].batch_accuracy != want[e].batch_accuracy || got[e].unit_mean != want[e].unit_mean ||
            got[e].unit_deviation != want[e].unit_deviation || got[e].shift != want[e].shift)
            return false;
    return true;
}

} // namespace

TEST_CASE("the lockstep engine gives the layer values' figures bit for bit on crowds of 33, 64, 65 and 2,000",
          "[lockstep][values][pieces]") {
    for (std::size_t people : {33, 64, 65, 2000}) {
        const DrawnCrowd crowd = drawn_crowd(people);
        const std::size_t epochs = people > 100 ? 12 : 60;
        for (Arrangement a : all_arrangements)
            // One register (two trainings), three registers (five), and every epoch recorded.
            for (const auto& [count, recording] :
                 {std::pair{std::size_t{2}, Recording::FinalLoss}, std::pair{std::size_t{5}, Recording::FinalLoss},
                  std::pair{std::size_t{3}, Recording::Everything}}) {
                INFO(people << " people, " << arrangement_name(a) << ", " << count << " trainings"
                            << (recording == Recording::Everything ? ", recording everything" : ""));
                std::vector<CrowdTraining> trainings;
                for (std::size_t k = 0; k < count; ++k) {
                    Random rng = initial_weights_generator(k, 0);
                    trainings.push_back({CrowdNetwork::initial(a, rng), crowd.x, crowd.labels});
                }
                const auto runs = train_in_lockstep(trainings, epochs, recording);
                for (std::size_t k = 0; k < count; ++k) {
                    REQUIRE(runs[k].has_value());
                    const TrainingRun want =
                        train_crowd_network(trainings[k].start, crowd.x, crowd.labels, epochs, recording);
                    CHECK(runs[k]->network.parameters() == want.network.parameters());
                    CHECK(runs[k]->network.norm() == want.network.norm());
                    CHECK(runs[k]->final_loss == want.final_loss);
                    CHECK(runs[k]->losses == want.losses);
                    CHECK(same_records(runs[k]->records, want.records));
                }
            }
    }
}

TEST_CASE("train_crowd_networks gives each training's layer-values run, side by side or not",
          "[lockstep][values][dispatch]") {
    const DrawnCrowd crowd = drawn_crowd(65);
    const DrawnCrowd other = drawn_crowd(33);
    Random rng_a = initial_weights_generator(0, 0), rng_b = initial_weights_generator(1, 0);
    const CrowdNetwork a = CrowdNetwork::initial(Arrangement::Batch, rng_a);
    const CrowdNetwork b = CrowdNetwork::initial(Arrangement::Batch, rng_b);
    // Equal row counts train in lockstep; unequal ones by the layer values, one at a time.
    for (const std::vector<CrowdTraining>& trainings :
         {std::vector<CrowdTraining>{{a, crowd.x, crowd.labels}, {b, crowd.x, crowd.labels}},
          std::vector<CrowdTraining>{{a, crowd.x, crowd.labels}, {b, other.x, other.labels}}}) {
        const std::vector<TrainingRun> runs = train_crowd_networks(trainings, 20, Recording::Losses);
        REQUIRE(runs.size() == 2);
        for (std::size_t k = 0; k < 2; ++k) {
            const TrainingRun want =
                train_crowd_network(trainings[k].start, trainings[k].x, trainings[k].labels, 20, Recording::Losses);
            CHECK(runs[k].network.parameters() == want.network.parameters());
            CHECK(runs[k].losses == want.losses);
        }
    }
}
