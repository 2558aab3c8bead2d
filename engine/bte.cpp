// SPDX-License-Identifier: MIT
#include "engine/bte.h"

namespace winnow {

void Bte::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) {
  segment_.take(token, text, token.is_word() ? 1 : -1);
}

void Bte::finish(ContentWriter& out) { segment_.write(out); }

std::unique_ptr<Algorithm> create_bte(MemoryBudget& budget) { return make_algorithm<Bte>(budget, budget); }

}  // namespace winnow
