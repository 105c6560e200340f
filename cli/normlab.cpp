// The native command: prints the core's figures as tables or, with --json, as JSON.
//   normlab figures --json    the fixed reference set the wasm build is compared against
#include <cstdio>
#include <cstring>
#include <string>

#include "normlab.hpp"

namespace {

int usage() {
    std::fprintf(stderr,
                 "usage: normlab COMMAND [--json]\n"
                 "commands:\n"
                 "  figures   the reference figures (worked examples, gradient checks, seeded blocks)\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::string command = argv[1];
    try {
        if (command == "figures") {
            std::puts(normlab::reference_figures_json().c_str());
            return 0;
        }
    } catch (const normlab::NormError& e) {
        std::fprintf(stderr, "%s: %s\n", e.name(), e.what());
        return 1;
    }
    return usage();
}
