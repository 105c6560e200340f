#include "transformer/token_batch.hpp"

#include <string>

#include "core/block.hpp"
#include "core/errors.hpp"

namespace normlab {

void require_tokens(const TokenBatch& tokens, std::size_t vocabulary, std::size_t context, const char* what,
                    bool allow_no_target) {
    const std::string name(what);
    require_nonempty(tokens.sequences, tokens.length, name);
    if (tokens.length > context)
        throw SizeError(name + ": sequences of " + std::to_string(tokens.length) + " tokens exceed the context of " +
                        std::to_string(context));
    require_same(tokens.ids.size(), require_cells(tokens.sequences, tokens.length, name), name + " ids",
                 "sequences * length");
    for (std::size_t k = 0; k < tokens.ids.size(); ++k) {
        const std::size_t id = tokens.ids[k];
        if (id < vocabulary || (allow_no_target && id == no_target)) continue;
        throw DataError(name + ": token " + std::to_string(id) + " (sequence " + std::to_string(k / tokens.length) +
                        ", position " + std::to_string(k % tokens.length) + ") is beyond the vocabulary of " +
                        std::to_string(vocabulary));
    }
}

} // namespace normlab
