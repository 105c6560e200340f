// How values cross between the core and JavaScript, shared by every Embind declaration file
// (bindings.cpp and each capability's *_bindings.cpp). Types are registered once, where they are
// declared; this header only says how a refusal, a vector of numbers and a list cross.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"

namespace normlab::boundary {

using emscripten::val;

// {error: {name, message}}: a refusal as a value, which web/src/normlab.js throws as the Error
// subclass of that name.
inline val refusal(const char* name, const std::string& message) {
    val error = val::object();
    error.set("name", val(name));
    error.set("message", val(message));
    val o = val::object();
    o.set("error", error);
    return o;
}

// ensures: body()'s result as a JS value (its type registered), or a refusal. No exception leaves,
// so no JavaScript exception unwinds through C++ frames and nothing the body allocated leaks.
template <class F>
val answer(F&& body) {
    try {
        return val(body());
    } catch (const NormError& e) {
        return refusal(e.name(), e.what());
    } catch (const std::bad_alloc&) {
        return refusal("SizeError", "the core could not allocate what this call needs (the wasm memory holds " +
                                        std::to_string(__builtin_wasm_memory_size(0) * 65536ull) + " bytes)");
    } catch (const std::length_error& e) {
        return refusal("SizeError", std::string("a size beyond what the core can hold: ") + e.what());
    } catch (const std::exception& e) {
        return refusal("NormError", e.what());
    }
}

// A JS array-like of numbers (the wrapper hands a fresh Float64Array) as a vector, and back.
inline std::vector<double> numbers(const val& v) { return emscripten::convertJSArrayToNumberVector<double>(v); }
inline val numbers_value(const std::vector<double>& v) {
    return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

// A vector of values as a JS array (vectors of numbers as Float64Arrays).
template <class T>
val list(const std::vector<T>& items) {
    val a = val::array();
    for (const T& item : items) {
        if constexpr (std::is_same_v<T, std::vector<double>>)
            a.call<void>("push", numbers_value(item));
        else
            a.call<void>("push", val(item));
    }
    return a;
}

template <class M>
struct member_of;
template <class S, class F>
struct member_of<F S::*> {
    using type = S;
};

template <auto Member>
val get_numbers(const typename member_of<decltype(Member)>::type& s) {
    return numbers_value(s.*Member);
}
template <auto Member>
void set_numbers(typename member_of<decltype(Member)>::type& s, val v) {
    s.*Member = numbers(v);
}
template <class S>
void read_only(S&, val) {}

// A value_object that also declares vector fields as Float64Array copies (no register_vector,
// whose handles leak) and read-outs that only travel out.
template <class S>
class crossing : public emscripten::value_object<S> {
    using base = emscripten::value_object<S>;

public:
    explicit crossing(const char* name) : base(name) {}
    template <class... A>
    crossing& field(const char* name, A... access) {
        base::field(name, access...);
        return *this;
    }
    template <auto Member>
    crossing& numbers(const char* name) {
        base::field(name, &get_numbers<Member>, &set_numbers<Member>);
        return *this;
    }
    template <class Getter>
    crossing& readout(const char* name, Getter getter) {
        base::field(name, getter, &read_only<S>);
        return *this;
    }
};

} // namespace normlab::boundary
