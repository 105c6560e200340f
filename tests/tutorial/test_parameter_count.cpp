// Counting parameters: learned numbers against buffers.
#include "helpers.hpp"
#include "tutorial/normlab_tutorial.hpp"

using namespace normlab;

TEST_CASE("at width 3: batch 6, layer 6, RMS 3 learned; batch norm's 6 running figures are buffers",
          "[tutorial][parameters][seed][T44]") {
    const std::vector<ParameterCount> c = parameter_counts(3);
    REQUIRE(c.size() == 3);
    CHECK(c[0].kind == "batch");
    CHECK(c[0].learned == 6);
    CHECK(c[0].buffers == 6);
    CHECK(c[1].learned == 6);
    CHECK(c[1].buffers == 0);
    CHECK(c[2].kind == "rms");
    CHECK(c[2].learned == 3);
    CHECK(c[2].buffers == 0);
}

TEST_CASE("a layer norm at width 768 has 1,536 parameters", "[tutorial][parameters][seed]") {
    CHECK(parameter_counts(768)[1].learned == 1536);
    CHECK_THROWS_AS(parameter_counts(0), OptionError);
}
