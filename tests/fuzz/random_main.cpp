// The fuzz driver without libFuzzer: seeded random byte strings, so it runs with any compiler.
//   normlab_fuzz_random [--seconds S] [--runs N] [--seed N] [--max-len N] [--iteration I] [FILE...]
// Programme k of seed s is the same bytes on every machine; --iteration I runs that one alone,
// and FILEs (libFuzzer's crash files, say) are run as they are. Exits 1 if anything was found.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "core_fuzz.hpp"

#if defined(__has_include)
#if __has_include(<sanitizer/common_interface_defs.h>)
#include <sanitizer/common_interface_defs.h>
#define NORMLAB_HAS_SANITIZER_INTERFACE 1
#endif
#endif

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Programme `iteration` of `seed`: up to max_len bytes, its length drawn first.
std::vector<std::uint8_t> programme_bytes(std::uint64_t seed, std::uint64_t iteration, std::size_t max_len) {
    std::uint64_t state = seed ^ (iteration * 0xD1B54A32D192ED03ull);
    std::vector<std::uint8_t> bytes(splitmix64(state) % (max_len + 1));
    for (std::uint8_t& b : bytes) b = static_cast<std::uint8_t>(splitmix64(state) >> 56);
    return bytes;
}

std::uint64_t current_seed = 0, current_iteration = 0;
std::string current_file;

void say_where() {
    if (!current_file.empty())
        std::fprintf(stderr, "core fuzz: the finding above came from the file %s\n", current_file.c_str());
    else
        std::fprintf(stderr, "core fuzz: the finding above came from --seed %llu --iteration %llu\n",
                     static_cast<unsigned long long>(current_seed), static_cast<unsigned long long>(current_iteration));
}

struct Options {
    double seconds = 10;
    std::uint64_t runs = 0; // 0: as many as the time allows
    std::uint64_t seed = 1;
    std::size_t max_len = 512;
    bool one_iteration = false;
    std::uint64_t iteration = 0;
    std::vector<std::string> files;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        const bool has_value = k + 1 < argc;
        if (a == "--seconds" && has_value)
            o.seconds = std::strtod(argv[++k], nullptr);
        else if (a == "--runs" && has_value)
            o.runs = std::strtoull(argv[++k], nullptr, 10);
        else if (a == "--seed" && has_value)
            o.seed = std::strtoull(argv[++k], nullptr, 10);
        else if (a == "--max-len" && has_value)
            o.max_len = std::strtoull(argv[++k], nullptr, 10);
        else if (a == "--iteration" && has_value) {
            o.one_iteration = true;
            o.iteration = std::strtoull(argv[++k], nullptr, 10);
        } else if (!a.empty() && a[0] != '-')
            o.files.push_back(a);
        else {
            std::fprintf(stderr,
                         "usage: %s [--seconds S] [--runs N] [--seed N] [--max-len N] [--iteration I] [FILE...]\n",
                         argv[0]);
            std::exit(2);
        }
    }
    return o;
}

} // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
#ifdef NORMLAB_HAS_SANITIZER_INTERFACE
    __sanitizer_set_death_callback(say_where);
#endif
    std::set<std::string> findings;
    std::uint64_t programmes = 0, failed = 0;
    auto run = [&](const std::vector<std::uint8_t>& bytes) {
        ++programmes;
        try {
            normlab::fuzz::run_core_program(bytes.data(), bytes.size());
        } catch (const std::exception& e) {
            ++failed;
            if (findings.insert(e.what()).second) {
                std::fprintf(stderr, "core fuzz: FINDING %s\n", e.what());
                say_where();
            }
        }
    };

    current_file = "";
    normlab::fuzz::run_fixed_views();
    if (!o.files.empty()) {
        for (const std::string& f : o.files) {
            std::ifstream file(f, std::ios::binary);
            current_file = f;
            run(std::vector<std::uint8_t>(std::istreambuf_iterator<char>(file), {}));
        }
    } else if (o.one_iteration) {
        current_seed = o.seed;
        current_iteration = o.iteration;
        run(programme_bytes(o.seed, o.iteration, o.max_len));
    } else {
        const auto start = std::chrono::steady_clock::now();
        current_seed = o.seed;
        for (std::uint64_t k = 0; o.runs == 0 || k < o.runs; ++k) {
            if (o.runs == 0 && (k & 15) == 0 &&
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= o.seconds)
                break;
            current_iteration = k;
            run(programme_bytes(o.seed, k, o.max_len));
        }
    }
    std::printf(
        "core fuzz (seeded random, seed %llu): %llu programmes, %llu calls, %llu failing programmes, "
        "%zu distinct findings\n",
        static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(programmes),
        static_cast<unsigned long long>(normlab::fuzz::core_calls()), static_cast<unsigned long long>(failed),
        findings.size());
    return findings.empty() ? 0 : 1;
}
