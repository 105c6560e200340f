// The reference figures the two builds are compared by: complete, finite, and the core's own numbers.
#include "helpers.hpp"
#include "json.hpp"

using namespace normlab;
using namespace normlab::testing;

namespace {
const Json& figures() {
    static const Json j = JsonReader(reference_figures_json()).read();
    return j;
}
} // namespace

TEST_CASE("the reference figures hold the seeds' blocks through the core, number for number", "[reference]") {
    const Normaliser bn(2, batch_norm());
    const NormResponse r = bn.train(whole_number_four());
    const Json& batch = figures()["whole_number_four"]["batch"];
    CHECK(batch["output"].numbers() == r.output.data);
    CHECK(batch["deviation"].numbers() == r.deviation);
    CHECK(batch["dx"].numbers() == bn.backward(r, counting_slope(4, 2)).dx.data);
    const Json& table = figures()["tutorial_table"]["layer"];
    CHECK(table["output"].numbers() == Normaliser(3, layer_norm()).train(tutorial_table()).output.data);
    const RunningTrace t = trace_running_figures(bn, whole_number_four(), 100);
    CHECK(figures()["whole_number_four"]["widest_gap"].numbers() == t.widest_gap);
}

TEST_CASE("every finite-difference check in the reference figures agrees", "[reference][gradient]") {
    std::size_t checks = 0;
    for (const auto& group : {"whole_number_four", "tutorial_table", "random"})
        for (const auto& member : figures()[group].object)
            if (member.second.object.count("check"))
                for (const auto& slope : member.second["check"].object) {
                    INFO(group << " " << member.first << " " << slope.first);
                    CHECK(slope.second.kind == Json::Kind::Number);
                    CHECK(slope.second.number < 1e-7);
                    ++checks;
                }
    CHECK(checks == 3 * 3 + 3 * 3 + 4 * 3 + 4);
}

TEST_CASE("the reference figures hold views, elementary functions, and no null", "[reference]") {
    for (const char* key :
         {"batch-four", "layer-three", "layer-four", "two_numbers", "weight_norm", "behaviours", "checklist"})
        CHECK(figures()["views"].object.count(key) == 1);
    CHECK(figures()["elementary"]["exp"].array.size() == 801);
    CHECK(reference_figures_json().find("null") == std::string::npos);
}
