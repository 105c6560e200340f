// A strict JSON syntax check for the fuzz driver: the core's JSON text is read by JSON.parse on
// the page, so text that is not JSON (a raw control character in a string, a bare NaN) is a finding.
#pragma once
#include <cstddef>
#include <string>

namespace normlab::fuzz {

// ensures: true exactly when text is one JSON value (RFC 8259) with optional white space around it.
bool is_json(const std::string& text);

} // namespace normlab::fuzz
