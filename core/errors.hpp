// The refusals of the core. Every public entry point checks its input and throws one of these;
// each message names the offending value. Inner loops check nothing.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "number_text.hpp" // format_number, which every message uses

namespace normlab {

// Base of every refusal. name() is the type's name, shared with the JavaScript Error subclass.
class NormError : public std::runtime_error {
public:
    NormError(const char* name, const std::string& message) : std::runtime_error(message), name_(name) {}
    const char* name() const { return name_; }

private:
    const char* name_;
};

#define NORMLAB_ERROR(Type)                                          \
    struct Type : NormError {                                        \
        explicit Type(const std::string& m) : NormError(#Type, m) {} \
    }
NORMLAB_ERROR(EmptyBlockError);    // a block with 0 rows or 0 features
NORMLAB_ERROR(ShapeError);         // shapes that do not fit together
NORMLAB_ERROR(NonFiniteError);     // NaN or an infinity where a number is needed
NORMLAB_ERROR(EpsilonError);       // eps <= 0 or not finite
NORMLAB_ERROR(KeepError);          // keep (or momentum) outside [0, 1]
NORMLAB_ERROR(LearningRateError);  // a learning rate that is not finite
NORMLAB_ERROR(GroupError);         // a group count that does not divide the features
NORMLAB_ERROR(ZeroDirectionError); // a weight-normalised neuron whose direction has length 0
NORMLAB_ERROR(OptionError);        // an option that names nothing the core knows, or contradicts another
NORMLAB_ERROR(DataError);          // a data file that does not read as the data it should be
NORMLAB_ERROR(SizeError);          // a shape beyond max_block_cells, or an allocation that failed
#undef NORMLAB_ERROR

// The single checking helper family used at the entry points (a block's own checks are in block.hpp).
void require_nonempty(std::size_t rows, std::size_t cols, const std::string& what);
void require_same(std::size_t got, std::size_t want, const std::string& what, const std::string& against);
void require_finite(const std::vector<double>& v, const std::string& what);
void require_finite(double v, const std::string& what);
void require_eps(double eps);
void require_learning_rate(double learning_rate);
// ensures: every number of an answer computed from finite inputs is finite; an answer beyond the
// largest double is refused with NonFiniteError rather than returned as Infinity or NaN.
void require_answer_finite(const std::vector<double>& v, const char* what);
// The refusal of such an answer: `where` ("entry 3") of the `what` came out v.
[[noreturn]] void refuse_overflow(const std::string& where, double v, const char* what);

} // namespace normlab
