// A reader's own crowd, written as CSV text: the rows the page accepts in place of the essay's
// crowd, read strictly, with every line that cannot be read named at once.
//
// The format: one person per line, "height,weight,label" (label 1 adult, 0 not; height and weight
// any finite decimal numbers, in any units). An optional first line of three column names (each
// starting with a letter, in double quotes or not), blank lines and lines starting with '#' are
// skipped; fields may carry spaces around them; a byte-order mark and CRLF or CR line ends are
// read as their plain forms.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "crowd.hpp"

namespace normlab {

constexpr std::size_t crowd_csv_max_bytes = 64 * 1024; // 65,536 bytes of text
constexpr std::size_t crowd_csv_max_people = 2000;

// One line the reader refused, and why.
struct RefusedLine {
    std::size_t line = 0; // 1-based, counting every line of the text
    std::string reason;   // e.g. "weight 'abc' is not a number"
};

// A DataError whose message lists every refused line; `lines` holds them one by one.
struct CrowdCsvError : DataError {
    explicit CrowdCsvError(std::vector<RefusedLine> refused);
    std::vector<RefusedLine> lines;
};

// requires: bytes <= crowd_csv_max_bytes; else SizeError naming both ("at least bytes" when the
// count is a lower bound, as a JavaScript string's length is of its UTF-8 bytes).
void require_crowd_csv_size(std::size_t bytes, bool at_least = false);

// The checks every reader's crowd passes, however it arrives (CSV text or a crowd value):
// requires: a crowd as require_crowd says; at most crowd_csv_max_people people (else SizeError);
// at least crowd_folds (so each of the comparison's folds holds someone out), both labels among
// them (a network cannot learn to tell one label apart), and a finite variance of heights and of
// weights (the trainings read the crowd in standard units); else DataError.
void require_trainable_crowd(const Crowd& crowd);

// The crowd the text writes.
// requires: text within crowd_csv_max_bytes and at most crowd_csv_max_people rows after the
// header, readable or not (else SizeError); every line readable (else CrowdCsvError naming every refused line); a crowd
// require_trainable_crowd accepts (else DataError).
// ensures: a crowd require_crowd accepts, people in the order of their lines.
Crowd read_crowd_csv(const std::string& text);

} // namespace normlab
