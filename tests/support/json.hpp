// A minimal JSON reader for the test fixtures: objects, arrays, numbers, strings, booleans, null.
#pragma once
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace normlab::testing {

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<Json> array;
    std::map<std::string, Json> object;

    const Json& operator[](const std::string& key) const {
        auto it = object.find(key);
        if (it == object.end()) throw std::runtime_error("fixture has no key " + key);
        return it->second;
    }
    const Json& operator[](std::size_t k) const { return array.at(k); }
    std::vector<double> numbers() const {
        std::vector<double> v;
        for (const Json& j : array) v.push_back(j.number);
        return v;
    }
    std::vector<std::vector<double>> rows() const {
        std::vector<std::vector<double>> v;
        for (const Json& j : array) v.push_back(j.numbers());
        return v;
    }
};

class JsonReader {
public:
    explicit JsonReader(std::string text) : s_(std::move(text)) {}
    Json read() {
        Json j = value();
        space();
        if (p_ != s_.size()) fail("trailing text");
        return j;
    }
    static Json file(const std::string& path) {
        std::ifstream in(path);
        if (!in) throw std::runtime_error("cannot read " + path);
        std::stringstream ss;
        ss << in.rdbuf();
        return JsonReader(ss.str()).read();
    }

private:
    std::string s_;
    std::size_t p_ = 0;
    [[noreturn]] void fail(const std::string& why) {
        throw std::runtime_error("JSON: " + why + " at " + std::to_string(p_));
    }
    void space() {
        while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
    }
    bool eat(char c) {
        space();
        if (p_ < s_.size() && s_[p_] == c) {
            ++p_;
            return true;
        }
        return false;
    }
    Json value() {
        space();
        if (p_ >= s_.size()) fail("unexpected end");
        Json j;
        const char c = s_[p_];
        if (c == '{') {
            ++p_;
            j.kind = Json::Kind::Object;
            if (eat('}')) return j;
            do {
                space();
                std::string key = str();
                if (!eat(':')) fail("expected :");
                j.object[key] = value();
            } while (eat(','));
            if (!eat('}')) fail("expected }");
        } else if (c == '[') {
            ++p_;
            j.kind = Json::Kind::Array;
            if (eat(']')) return j;
            do j.array.push_back(value());
            while (eat(','));
            if (!eat(']')) fail("expected ]");
        } else if (c == '"') {
            j.kind = Json::Kind::String;
            j.string = str();
        } else if (s_.compare(p_, 4, "true") == 0) {
            p_ += 4;
            j.kind = Json::Kind::Bool;
            j.boolean = true;
        } else if (s_.compare(p_, 5, "false") == 0) {
            p_ += 5;
            j.kind = Json::Kind::Bool;
        } else if (s_.compare(p_, 4, "null") == 0) {
            p_ += 4;
        } else {
            char* end = nullptr;
            j.kind = Json::Kind::Number;
            j.number = std::strtod(s_.c_str() + p_, &end);
            if (end == s_.c_str() + p_) fail("bad value");
            p_ = static_cast<std::size_t>(end - s_.c_str());
        }
        return j;
    }
    std::string str() {
        if (p_ >= s_.size() || s_[p_] != '"') fail("expected string");
        ++p_;
        std::string out;
        while (p_ < s_.size() && s_[p_] != '"') {
            if (s_[p_] == '\\') {
                ++p_;
                out += s_[p_] == 'n' ? '\n' : s_[p_];
            } else
                out += s_[p_];
            ++p_;
        }
        ++p_;
        return out;
    }
};

} // namespace normlab::testing
