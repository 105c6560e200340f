// The fuzz driver over the core's public C++ entry points: one byte string becomes a short
// program of calls on a few pools of values (blocks, layers, responses, gradients, networks),
// with responses and gradients edited or handed to layers they do not belong to.
//
// ensures: every refusal the core makes is a NormError and is absorbed here; anything else
// that escapes (another exception type) is a finding, and so is a crash or a sanitizer report.
#pragma once
#include <cstddef>
#include <cstdint>

namespace normlab::fuzz {

// Runs the program the bytes spell. Throws whatever non-NormError exception a call let escape.
void run_core_program(const std::uint8_t* data, std::size_t size);

// Calls into the core made so far by this process (one per entry-point call, refused or not).
std::uint64_t core_calls();

// The calls that take no input, once: the views that print fixed figures.
void run_fixed_views();

} // namespace normlab::fuzz
