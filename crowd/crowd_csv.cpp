#include "crowd_csv.hpp"

#include <cmath>
#include <cstdlib>
#include <string_view>

#include "crowd_experiments.hpp"

namespace normlab {

namespace {

const char* const field_names[] = {"height", "weight", "label"};
constexpr std::size_t field_count = 3;
constexpr std::size_t quoted_length = 24; // a refused field is quoted up to this many bytes

std::string_view trimmed(std::string_view s) {
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
}

// The field in quotes, cut at a character boundary when long; control characters (a NUL would end
// the message where it crosses as C text) written as \xNN.
std::string quoted(std::string_view field) {
    std::size_t cut = field.size();
    if (cut > quoted_length) {
        cut = quoted_length;
        while (cut > 0 && (static_cast<unsigned char>(field[cut]) & 0xC0) == 0x80) --cut;
    }
    std::string out = "'";
    for (char c : field.substr(0, cut)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F) {
            const char hex[] = "0123456789ABCDEF";
            out += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
        } else
            out += c;
    }
    return out + (cut < field.size() ? "...'" : "'");
}

bool digit(char c) { return c >= '0' && c <= '9'; }

// Whether s is a plain decimal: [+-] digits [. digits] or [+-] . digits, then [eE [+-] digits].
bool decimal(std::string_view s) {
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t digits = 0;
    while (i < s.size() && digit(s[i])) ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && digit(s[i])) ++i, ++digits;
    }
    if (digits == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        std::size_t exponent = 0;
        while (i < s.size() && digit(s[i])) ++i, ++exponent;
        if (exponent == 0) return false;
    }
    return i == s.size();
}

// Whether s spells an infinity or NaN the way programs print them (inf, -Infinity, NaN, ...).
bool spelled_non_finite(std::string_view s) {
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
    std::string lower;
    for (char c : s) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower == "inf" || lower == "infinity" || lower == "nan";
}

// A field read as a number, or the reason it is not one.
struct FieldReading {
    double value = 0;
    std::string problem;
};

FieldReading read_field(std::string_view field, std::size_t k) {
    const std::string name = field_names[k];
    if (field.empty()) return {0, name + " is empty"};
    if (spelled_non_finite(field)) return {0, name + " " + quoted(field) + " is not finite"};
    if (!decimal(field)) return {0, name + " " + quoted(field) + " is not a number"};
    const double v = std::strtod(std::string(field).c_str(), nullptr);
    if (!std::isfinite(v)) return {0, name + " " + quoted(field) + " is not finite: it is beyond the largest double"};
    if (k == 2 && v != 0 && v != 1) return {0, "label " + quoted(field) + " is not 0 or 1"};
    return {v, ""};
}

std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(trimmed(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
        if (comma == std::string_view::npos) return fields;
        start = comma + 1;
    }
}

// The lines of the text, each without its end ("\n", "\r\n" or "\r").
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n' || text[i] == '\r') {
            lines.push_back(text.substr(start, i - start));
            if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            start = i + 1;
        }
    if (start < text.size()) lines.push_back(text.substr(start));
    return lines;
}

bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Whether a line is a header: three column names, each starting with a letter (in double quotes
// or not) and none spelling a number. So a data row written otherwise ("172","68","1" or 172;68;1)
// is read as a row, and refused by its line number, not skipped as a header.
bool header_line(const std::vector<std::string_view>& fields) {
    if (fields.size() != field_count) return false;
    for (std::string_view f : fields) {
        if (f.size() >= 2 && f.front() == '"' && f.back() == '"') f = f.substr(1, f.size() - 2);
        if (f.empty() || !letter(f.front()) || spelled_non_finite(f)) return false;
    }
    return true;
}

std::string count_of(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string listing(const std::vector<RefusedLine>& refused) {
    std::string m = count_of(refused.size(), "line", "lines") + " of the crowd " +
                    (refused.size() == 1 ? "is" : "are") + " refused (a row is height,weight,label):";
    for (const RefusedLine& r : refused) m += " line " + std::to_string(r.line) + ": " + r.reason + ";";
    m.back() = '.';
    return m;
}

} // namespace

CrowdCsvError::CrowdCsvError(std::vector<RefusedLine> refused)
    : DataError(listing(refused)), lines(std::move(refused)) {}

void require_crowd_csv_size(std::size_t bytes, bool at_least) {
    if (bytes > crowd_csv_max_bytes)
        throw SizeError("the crowd's text is " + std::string(at_least ? "at least " : "") + std::to_string(bytes) +
                        " bytes; the limit is " + std::to_string(crowd_csv_max_bytes) + " bytes (at most " +
                        std::to_string(crowd_csv_max_people) + " people)");
}

void require_trainable_crowd(const Crowd& crowd) {
    require_crowd(crowd);
    const std::size_t n = crowd.size();
    if (n > crowd_csv_max_people)
        throw SizeError("the crowd has " + std::to_string(n) + " people; the limit is " +
                        std::to_string(crowd_csv_max_people));
    if (n < crowd_folds)
        throw DataError("the crowd has " + count_of(n, "person", "people") + "; the comparison's " +
                        std::to_string(crowd_folds) + " folds each hold someone out, so it needs at least " +
                        std::to_string(crowd_folds));
    std::size_t adults = 0;
    for (double label : crowd.labels) adults += label == 1;
    if (adults == 0 || adults == n)
        throw DataError("every one of the " + std::to_string(n) + " people is labelled " + (adults == 0 ? "0" : "1") +
                        "; the network learns to tell the two labels apart, so the crowd needs people labelled 0 "
                        "and people labelled 1");
    // The training reads the crowd in standard units, which needs each column's variance.
    const NormResponse spread = Normaliser(2, batch_norm()).train(crowd.measurements);
    for (std::size_t j = 0; j < 2; ++j)
        if (!std::isfinite(spread.variance[j]))
            throw DataError(std::string("the ") + field_names[j] +
                            "s spread too widely to put in standard units: their variance is beyond the largest "
                            "double");
}

Crowd read_crowd_csv(const std::string& text) {
    require_crowd_csv_size(text.size());
    std::string_view body(text);
    if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3); // a byte-order mark
    const std::vector<std::string_view> lines = split_lines(body);

    std::vector<RefusedLine> refused;
    std::vector<double> values, labels;
    std::size_t header_at = 0, people = 0;
    std::string header;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        const std::string_view line = trimmed(lines[k]);
        if (line.empty() || line[0] == '#') continue;
        const std::vector<std::string_view> fields = split_fields(line);
        if (header_at == 0 && people == 0 && header_line(fields)) {
            header_at = k + 1;
            header = std::string(line);
            continue;
        }
        if (++people > crowd_csv_max_people)
            throw SizeError("the crowd's text holds more than " + std::to_string(crowd_csv_max_people) +
                            " rows of people (line " + std::to_string(k + 1) + " is row " + std::to_string(people) +
                            "); the limit is " + std::to_string(crowd_csv_max_people));
        if (header_at != 0 && line == header) {
            refused.push_back({k + 1, "repeats the header of line " + std::to_string(header_at)});
            continue;
        }
        if (fields.size() != field_count) {
            std::string reason = "has " + count_of(fields.size(), "field", "fields") + ", not 3";
            if (fields.size() == 1 && (line.find(';') != line.npos || line.find('\t') != line.npos))
                reason += " (fields are separated by commas)";
            refused.push_back({k + 1, reason});
            continue;
        }
        std::string reasons;
        double row[field_count];
        for (std::size_t f = 0; f < field_count; ++f) {
            const FieldReading r = read_field(fields[f], f);
            row[f] = r.value;
            if (!r.problem.empty()) reasons += (reasons.empty() ? "" : "; ") + r.problem;
        }
        if (!reasons.empty()) {
            refused.push_back({k + 1, reasons});
            continue;
        }
        values.push_back(row[0]);
        values.push_back(row[1]);
        labels.push_back(row[2]);
    }
    if (!refused.empty()) throw CrowdCsvError(std::move(refused));
    if (labels.empty()) throw DataError("the crowd holds no people: write one person per line as height,weight,label");
    const std::size_t n = labels.size();
    Crowd crowd{Block::from_flat(n, 2, std::move(values)), std::move(labels)};
    require_trainable_crowd(crowd);
    return crowd;
}

} // namespace normlab
