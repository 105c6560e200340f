// A small JSON writer, so the native command and the WebAssembly build print their figures
// through the same code, byte for byte. Numbers print in their shortest round-trip form.
#pragma once
#include <string>
#include <vector>

namespace normlab {

class JsonWriter {
public:
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(const std::string& k);
    JsonWriter& value(double v); // non-finite numbers print as null
    JsonWriter& value(const std::string& s);
    JsonWriter& value(const char* s) { return value(std::string(s)); }
    JsonWriter& value(bool b);
    JsonWriter& value(int v) { return value(static_cast<double>(v)); }
    JsonWriter& value(std::size_t v) { return value(static_cast<double>(v)); }
    JsonWriter& value(const std::vector<double>& v);
    // Inserts text that is already JSON (another writer's output) as one value.
    JsonWriter& raw(const std::string& json);
    template <class T>
    JsonWriter& field(const std::string& k, const T& v) {
        return key(k).value(v);
    }
    const std::string& str() const { return out_; }

private:
    std::string out_;
    std::vector<bool> first_; // per open container: no element written yet
    bool after_key_ = false;
    void separate();
};

} // namespace normlab
