#include "json_check.hpp"

#include <cctype>

namespace normlab::fuzz {
namespace {

class Reader {
public:
    explicit Reader(const std::string& text) : s_(text) {}

    bool document() {
        space();
        if (!value(0)) return false;
        space();
        return at_ == s_.size();
    }

private:
    const std::string& s_;
    std::size_t at_ = 0;

    bool more() const { return at_ < s_.size(); }
    char peek() const { return more() ? s_[at_] : '\0'; }
    void space() {
        while (more() && (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t')) ++at_;
    }
    bool take(char c) {
        if (peek() != c || !more()) return false;
        ++at_;
        return true;
    }
    bool word(const char* w) {
        for (; *w; ++w)
            if (!take(*w)) return false;
        return true;
    }
    bool digits() {
        const std::size_t start = at_;
        while (more() && std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
        return at_ > start;
    }
    bool number() {
        take('-');
        if (!take('0') && !digits()) return false;
        if (take('.') && !digits()) return false;
        if (take('e') || take('E')) {
            if (!take('+')) take('-');
            if (!digits()) return false;
        }
        return true;
    }
    bool string() {
        if (!take('"')) return false;
        while (more()) {
            const unsigned char c = static_cast<unsigned char>(s_[at_++]);
            if (c == '"') return true;
            if (c < 0x20) return false;
            if (c != '\\') continue;
            if (!more()) return false;
            const char e = s_[at_++];
            if (e == 'u') {
                for (int k = 0; k < 4; ++k)
                    if (!more() || !std::isxdigit(static_cast<unsigned char>(s_[at_++]))) return false;
            } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
                return false;
            }
        }
        return false;
    }
    bool value(int depth) {
        if (depth > 512) return false;
        space();
        const char c = peek();
        if (c == '{') return object(depth);
        if (c == '[') return array(depth);
        if (c == '"') return string();
        if (c == 't') return word("true");
        if (c == 'f') return word("false");
        if (c == 'n') return word("null");
        return number();
    }
    bool array(int depth) {
        take('[');
        space();
        if (take(']')) return true;
        do {
            if (!value(depth + 1)) return false;
            space();
        } while (take(','));
        return take(']');
    }
    bool object(int depth) {
        take('{');
        space();
        if (take('}')) return true;
        do {
            space();
            if (!string()) return false;
            space();
            if (!take(':') || !value(depth + 1)) return false;
            space();
        } while (take(','));
        return take('}');
    }
};

} // namespace

bool is_json(const std::string& text) { return Reader(text).document(); }

} // namespace normlab::fuzz
