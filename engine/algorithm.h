// SPDX-License-Identifier: MIT
// The one interface every extraction algorithm implements (boilerpipe's
// filter idea, made streaming): it sees each token once, in order, and writes
// the words it keeps to the ContentWriter as soon as it has decided them.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <utility>

#include "engine/budget_buffer.h"
#include "engine/content_writer.h"
#include "engine/token.h"
#include "engine/token_stream.h"

namespace winnow {

// How far back into the token stream an algorithm reads.
struct StreamWindow {
  std::size_t tokens = 1;
  std::size_t text_bytes = 0;
};

// Algorithms are BudgetAllocated: the factories create them with
// make_algorithm(), in the budget's memory (the caller's arena when there is
// one).
class Algorithm : public BudgetAllocated {
 public:
  virtual ~Algorithm() = default;
  virtual StreamWindow window() const { return {}; }
  // text is the word's text (empty for tags).
  virtual void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                        ContentWriter& out) = 0;
  // End of the document (or of the part examined before the budget ran out):
  // write everything still undecided.
  virtual void finish(ContentWriter& out) = 0;
};

// Creates T in the budget's memory; nullptr when there is no room.
template <typename T, typename... Args>
std::unique_ptr<T> make_algorithm(MemoryBudget& budget, Args&&... args) {
  return std::unique_ptr<T>(new (budget) T(std::forward<Args>(args)...));
}

}  // namespace winnow
