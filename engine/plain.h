// SPDX-License-Identifier: MIT
// Plain: every visible word (Gottron, seed 000 section 5: the baseline that
// returns the document unchanged, so recall is perfect and precision poor).
//
// Formula: keep(t) = 1 for every word token t.
// Parameters: none. State: none.
// Memory bound: 0 bytes beyond the engine. Output delay: 0 tokens.
#pragma once

#include <memory>

#include "engine/algorithm.h"
#include "engine/memory_budget.h"

namespace winnow {

class Plain final : public Algorithm {
 public:
  void on_token(const Token& token, std::string_view text, const TokenStream&,
                ContentWriter& out) override {
    if (token.is_word()) out.write_word(token, text);
  }
  void finish(ContentWriter&) override {}
};

std::unique_ptr<Algorithm> create_plain(MemoryBudget& budget);

}  // namespace winnow
