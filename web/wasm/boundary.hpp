// The boundary rule, for every Embind declaration file (*_bindings.cpp):
//   - values cross as declared value_objects (crossing<S> below): plain JS objects in and out,
//     vectors as fresh typed-array copies;
//   - views shaped for readers cross as the JSON text the CLI prints (report/, tutorial/);
//   - nothing is assembled by hand with val::set, and a binding holds no state and checks no
//     domain: stores and checks live in the library, which throws the typed refusal that
//     answer() turns into the declared value {error: {name, message}}.
// Types are registered once, where they are declared; this header says how a refusal, a vector
// of numbers, a typed array and a list cross.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"

namespace normlab::boundary {

using emscripten::val;

// {error: {name, message}}: a refusal as a value (declared in boundary.cpp, which every module
// links), which web/src/normlab.js throws as the Error subclass of that name.
struct RefusalDetail {
    std::string name, message;
};
struct Refusal {
    RefusalDetail error;
};
inline val refusal(const char* name, const std::string& message) { return val(Refusal{{name, message}}); }

// The refusal for the exception being handled; called only from a catch block. Out of line, so
// each bound function carries one small handler rather than a copy of this.
[[gnu::noinline]] inline val refused() {
    try {
        throw;
    } catch (const NormError& e) {
        return refusal(e.name(), e.what());
    } catch (const std::bad_alloc&) {
        return refusal("SizeError", "the core could not allocate what this call needs (the wasm memory holds " +
                                        std::to_string(__builtin_wasm_memory_size(0) * 65536ull) + " bytes)");
    } catch (const std::length_error& e) {
        return refusal("SizeError", std::string("a size beyond what the core can hold: ") + e.what());
    } catch (const std::exception& e) {
        return refusal("NormError", e.what());
    } catch (...) {
        return refusal("NormError", "the core failed in a way it does not name");
    }
}

// ensures: body()'s result as a JS value (its type registered), or a refusal. No exception leaves,
// so no JavaScript exception unwinds through C++ frames and nothing the body allocated leaks.
template <class F>
val answer(F&& body) {
    try {
        return val(body());
    } catch (...) {
        return refused();
    }
}

// The copies, in boundary.cpp: each crosses once (a Float64Array out, a typed array's numbers in).
extern "C" emscripten::EM_VAL normlab_numbers_out(const double* data, std::size_t count);
extern "C" std::size_t normlab_numbers_length(emscripten::EM_VAL v);
extern "C" void normlab_numbers_in(emscripten::EM_VAL v, double* data);

// A typed array of numbers (the wrapper hands a fresh Float64Array) as a vector, and back.
inline std::vector<double> numbers(const val& v) {
    std::vector<double> out(normlab_numbers_length(v.as_handle()));
    normlab_numbers_in(v.as_handle(), out.data());
    return out;
}
inline val numbers_value(const std::vector<double>& v) {
    return val::take_ownership(normlab_numbers_out(v.data(), v.size()));
}

// A vector of T as a fresh typed array of the JS type named (Float32Array, Uint8Array), and a
// typed array's elements as a vector of T.
template <class T>
val typed_array(const char* type, const std::vector<T>& v) {
    return val::global(type).new_(emscripten::typed_memory_view(v.size(), v.data()));
}
template <class T>
std::vector<T> typed_vector(const val& array) {
    std::vector<T> v(array["length"].as<std::size_t>());
    val(emscripten::typed_memory_view(v.size(), v.data())).call<void>("set", array);
    return v;
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
template <auto Member>
val get_floats(const typename member_of<decltype(Member)>::type& s) {
    return typed_array("Float32Array", s.*Member);
}
template <auto Member>
void set_floats(typename member_of<decltype(Member)>::type& s, val v) {
    s.*Member = typed_vector<float>(v);
}
template <class S>
void read_only(S&, val) {}
template <auto Member>
val get_list(const typename member_of<decltype(Member)>::type& s) {
    return list(s.*Member);
}
// (epochs, units) rows as one flat Float64Array, epoch after epoch: one typed array crosses
// instead of one per row.
template <auto Member>
val get_flat(const typename member_of<decltype(Member)>::type& s) {
    std::vector<double> all;
    for (const std::vector<double>& row : s.*Member) all.insert(all.end(), row.begin(), row.end());
    return numbers_value(all);
}
// An enum field crossing as the core's name for it; NameOf and Named are the core's two directions.
template <auto Member, auto NameOf, auto Named>
std::string get_name(const typename member_of<decltype(Member)>::type& s) {
    return NameOf(s.*Member);
}
template <auto Member, auto NameOf, auto Named>
void set_name(typename member_of<decltype(Member)>::type& s, std::string name) {
    s.*Member = Named(name);
}

// A bound check of a name: the core's own name for it, or the core's refusal (OptionError).
template <auto Named, auto NameOf>
val checked_name(std::string name) {
    return answer([&] { return NameOf(Named(name)); });
}

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
    // A vector<float> field as a Float32Array copy.
    template <auto Member>
    crossing& floats(const char* name) {
        base::field(name, &get_floats<Member>, &set_floats<Member>);
        return *this;
    }
    // requires: the wrapper hands only names the core has accepted (Named may throw otherwise).
    template <auto Member, auto NameOf, auto Named>
    crossing& named(const char* name) {
        base::field(name, &get_name<Member, NameOf, Named>, &set_name<Member, NameOf, Named>);
        return *this;
    }
    template <auto Member>
    crossing& list(const char* name) {
        return readout(name, &get_list<Member>);
    }
    template <auto Member>
    crossing& flat(const char* name) {
        return readout(name, &get_flat<Member>);
    }
    template <class Getter>
    crossing& readout(const char* name, Getter getter) {
        base::field(name, getter, &read_only<S>);
        return *this;
    }
};

} // namespace normlab::boundary
